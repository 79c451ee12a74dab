import {
  CheckCircleFilled,
  CloseCircleFilled,
  DesktopOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
  MobileOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { LogoMark } from '../../app/shell/Logo.tsx';
import { useUser } from '../../app/stores/userStore.ts';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { NS } from './messages.ts';
import { TICKET_PATTERN, advanceTicket } from './scanApi.ts';
import './scan-confirm.css';

/** The server's words for an expired or used ticket; null for a network failure. */
const reasonOf = (e: unknown): string | null => (e instanceof HttpError && e.kind === 'code' ? e.message : null);

type Phase = 'checking' | 'ask' | 'confirming' | 'cancelling' | 'confirmed' | 'cancelled' | 'invalid' | 'failed';

/**
 * The phone side of the app scan-code sign-in (spec §2.5): the QR code on the
 * login page opens /scanConfirm?ticket=… here. Opening it tells the computer
 * 'scanned'; the user then confirms (the computer signs in as them) or
 * cancels. Without a session the guard sends the user to sign in first and
 * back here afterwards.
 */
export default function ScanConfirmPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const user = useUser((s) => s.userInfo);
  const [phase, setPhase] = useState<Phase>(() => (TICKET_PATTERN.test(ticket) ? 'checking' : 'invalid'));
  const [reason, setReason] = useState<string | null>(null);

  const fail = (e: unknown) => {
    setReason(reasonOf(e));
    setPhase('failed');
  };

  useEffect(() => {
    if (!TICKET_PATTERN.test(ticket)) return;
    let alive = true;
    advanceTicket(ticket, 'scan').then(
      () => {
        if (alive) setPhase('ask');
      },
      (e: unknown) => {
        if (!alive) return;
        setReason(reasonOf(e));
        setPhase('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, [ticket]);

  const step = async (which: 'confirm' | 'cancel') => {
    setPhase(which === 'confirm' ? 'confirming' : 'cancelling');
    try {
      await advanceTicket(ticket, which);
      setPhase(which === 'confirm' ? 'confirmed' : 'cancelled');
    } catch (e) {
      fail(e);
    }
  };

  const name = user?.userName || user?.userAccount || '';
  const busy = phase === 'confirming' || phase === 'cancelling';
  const home = (
    <Button size="large" block onClick={() => navigate('/', { replace: true })}>
      {t('home')}
    </Button>
  );

  let body: ReactNode;
  if (phase === 'checking') {
    body = (
      <div className="ma-scan-state" aria-live="polite">
        <LoadingOutlined className="ma-scan-state-icon" spin />
        <p>{t('checking')}</p>
      </div>
    );
  } else if (phase === 'ask' || busy) {
    body = (
      <>
        <div className="ma-scan-devices" aria-hidden>
          <span className="ma-scan-device">
            <DesktopOutlined />
            <small>{t('otherDevice')}</small>
          </span>
          <SwapOutlined className="ma-scan-arrow" />
          <span className="ma-scan-device is-me">
            <MobileOutlined />
            <small>{t('thisDevice')}</small>
          </span>
        </div>
        <div className="ma-scan-user">
          <UserAvatar user={user} size={56} />
          <div>
            <strong>{name}</strong>
            <span>{[user?.userAccount, user?.organizeName].filter(Boolean).join(' · ')}</span>
          </div>
        </div>
        <h1 className="ma-scan-question">{t('question', { name })}</h1>
        <p className="ma-scan-warning">{t('warning')}</p>
        <div className="ma-scan-actions">
          <Button type="primary" size="large" block loading={phase === 'confirming'} disabled={busy} onClick={() => void step('confirm')}>
            {t('confirm')}
          </Button>
          <Button size="large" block loading={phase === 'cancelling'} disabled={busy} onClick={() => void step('cancel')}>
            {t('cancel')}
          </Button>
        </div>
      </>
    );
  } else {
    const outcome = {
      confirmed: { icon: <CheckCircleFilled className="ma-scan-state-icon is-ok" />, title: t('confirmed'), hint: t('confirmedHint') },
      cancelled: { icon: <CloseCircleFilled className="ma-scan-state-icon is-muted" />, title: t('cancelled'), hint: t('cancelledHint') },
      invalid: { icon: <ExclamationCircleFilled className="ma-scan-state-icon is-warn" />, title: t('invalid'), hint: t('invalidHint') },
      failed: {
        icon: <ExclamationCircleFilled className="ma-scan-state-icon is-warn" />,
        title: t('failed'),
        hint: reason ?? t('failedHint'),
      },
    }[phase];
    body = (
      <div className="ma-scan-state" role="status" data-outcome={phase}>
        {outcome.icon}
        <h1>{outcome.title}</h1>
        <p>{outcome.hint}</p>
        <div className="ma-scan-actions">{home}</div>
      </div>
    );
  }

  return (
    <div className="ma-scan" data-phase={phase}>
      <header className="ma-scan-head">
        <LogoMark size={28} />
        <span>{t('title')}</span>
      </header>
      <main className="ma-scan-card">{body}</main>
    </div>
  );
}
