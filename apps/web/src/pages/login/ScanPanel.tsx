import type { LoginResult } from '@medalliance/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { toast } from '../../app/feedback.ts';
import { LoginButton } from './fields.tsx';
import { CheckCircleFilled, ClockCircle, Copy, Icon, Loading, Reload } from './icons.tsx';
import { createQrTicket, pollQrTicket, scanConfirmUrl } from './loginApi.ts';
import { NS } from './messages.ts';

/** Spec §2.5 app scan code: the page asks every two seconds whether the phone has scanned and confirmed. */
export const POLL_MS = 2000;

type ScanState =
  | { phase: 'loading' }
  | { phase: 'ready'; url: string; image: string; scanned: boolean }
  | { phase: 'expired' }
  | { phase: 'error' }
  | { phase: 'signingIn' };

async function qrImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#1f2329', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain http on a LAN address has no clipboard API: fall back to a selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * App scan code (spec §2.5): a QR code of a one-time ticket, encoding the
 * phone-side confirmation page. Polls every 2 s; shows 'scanned, confirm on
 * your phone', and 'expired' with a refresh. On confirmation the poll
 * answers the session and the page signs in by itself. Loaded only when this
 * mode is chosen (it brings the QR encoder).
 */
export default function ScanPanel({ onLogin }: { onLogin: (result: LoginResult) => void }) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState<ScanState>({ phase: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let alive = true;
    let timer: number | undefined;
    const controller = new AbortController();
    setState({ phase: 'loading' });

    const poll = async (ticket: string) => {
      try {
        const { data } = await pollQrTicket(ticket, controller.signal);
        if (!alive) return;
        if (data.status === 'confirmed' && data.login) {
          setState({ phase: 'signingIn' });
          onLogin(data.login);
          return;
        }
        if (data.status === 'expired' || data.status === 'used' || data.status === 'confirmed') {
          setState({ phase: 'expired' });
          return;
        }
        setState((prev) => (prev.phase === 'ready' ? { ...prev, scanned: data.status === 'scanned' } : prev));
      } catch (e) {
        if (!alive) return;
        // A ticket the server no longer knows has expired; a network hiccup is tried again.
        if (e instanceof HttpError && e.kind === 'code') {
          setState({ phase: 'expired' });
          return;
        }
      }
      timer = window.setTimeout(() => void poll(ticket), POLL_MS);
    };

    (async () => {
      try {
        const { data } = await createQrTicket();
        const url = scanConfirmUrl(data.ticket);
        const image = await qrImage(url);
        if (!alive) return;
        setState({ phase: 'ready', url, image, scanned: false });
        timer = window.setTimeout(() => void poll(data.ticket), POLL_MS);
      } catch {
        if (alive) setState({ phase: 'error' });
      }
    })();

    return () => {
      alive = false;
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [round, onLogin]);

  const refresh = () => setRound((r) => r + 1);
  const ready = state.phase === 'ready' ? state : null;

  return (
    <div className="ma-login-scan" data-phase={state.phase === 'ready' && state.scanned ? 'scanned' : state.phase}>
      <p className="ma-login-scan-title">{t('scan.title')}</p>
      <div className="ma-login-qr" data-url={ready?.url}>
        {ready ? <img src={ready.image} alt={t('scan.qrAlt')} width={200} height={200} /> : <div className="ma-login-qr-blank" />}
        {state.phase === 'loading' ? (
          <div className="ma-login-qr-mask" aria-live="polite">
            <Icon glyph={Loading} className="ma-login-qr-icon" spin />
            <span>{t('scan.loading')}</span>
          </div>
        ) : null}
        {state.phase === 'signingIn' ? (
          <div className="ma-login-qr-mask is-ok" aria-live="polite">
            <Icon glyph={Loading} className="ma-login-qr-icon" spin />
            <span>{t('scan.signingIn')}</span>
          </div>
        ) : null}
        {ready?.scanned ? (
          <div className="ma-login-qr-mask is-ok" aria-live="polite">
            <Icon glyph={CheckCircleFilled} className="ma-login-qr-icon" />
            <strong>{t('scan.scanned')}</strong>
            <span>{t('scan.scannedHint')}</span>
          </div>
        ) : null}
        {state.phase === 'expired' || state.phase === 'error' ? (
          <div className="ma-login-qr-mask" aria-live="polite">
            <Icon glyph={ClockCircle} className="ma-login-qr-icon is-muted" />
            <strong>{state.phase === 'expired' ? t('scan.expired') : t('scan.failed')}</strong>
            <LoginButton primary className="is-small" onClick={refresh}>
              <Icon glyph={Reload} />
              {t('scan.refresh')}
            </LoginButton>
          </div>
        ) : null}
      </div>
      <p className="ma-login-scan-hint">{t('scan.hint')}</p>
      {ready && !ready.scanned ? (
        <button
          type="button"
          className="ma-link-btn ma-login-scan-copy"
          onClick={() => void copyText(ready.url).then((ok) => ok && toast.success(t('scan.copied')))}
        >
          <Icon glyph={Copy} /> {t('scan.copy')}
        </button>
      ) : null}
    </div>
  );
}
