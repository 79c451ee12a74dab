import type { LoginResult } from '@medalliance/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, LoginButton, useFields } from './fields.tsx';
import { Mail, Mobile } from './icons.tsx';
import { loginBySms, sendSmsCode } from './loginApi.ts';
import { digitsOnly, isSmsAccount, maskPhone, secondsLeft } from './loginRules.ts';
import { NS } from './messages.ts';
import { SignInFrame } from './SignInFrame.tsx';
import { useSignInSubmit } from './useSignInSubmit.ts';

/** Seconds between two codes when the server does not say (spec §2.5 resend). */
const DEFAULT_COOLDOWN = 60;

const RULES = {
  mobile: (v: string) => (!v.trim() ? 'mobileRequired' : isSmsAccount(v) ? null : 'mobileInvalid'),
  code: (v: string) => (!v ? 'smsCodeRequired' : /^\d{6}$/.test(v) ? null : 'smsCodeInvalid'),
};

/** Ticks every quarter second while a countdown runs. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}

/**
 * Mobile verification code (spec §2.5, §5.2): a mobile number (or
 * phone@account for a phone shared by several accounts), 'get code' with a
 * resend countdown, then the six-digit code.
 */
export function SmsForm({ onLogin }: { onLogin: (result: LoginResult) => void }) {
  const { t } = useTranslation(NS);
  const { loading, error, setError, failureText, submitWith, clearError } = useSignInSubmit(onLogin);
  const form = useFields({ mobile: '', code: '' }, RULES, { normalize: { code: digitsOnly }, onChange: clearError });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ phone: string; minutes: number } | null>(null);
  const [until, setUntil] = useState(0);
  const left = useCountdown(until);
  const codeRef = useRef<HTMLInputElement>(null);

  const getCode = async () => {
    if (!form.validate(['mobile'])) return;
    const mobile = form.values.mobile.trim();
    setSending(true);
    setError(null);
    try {
      const { data } = await sendSmsCode(mobile);
      setUntil(Date.now() + (data.cooldown || DEFAULT_COOLDOWN) * 1000);
      setSent({ phone: maskPhone(mobile), minutes: Math.max(1, Math.round(data.expiresIn / 60)) });
      codeRef.current?.focus();
    } catch (e) {
      setSent(null);
      setError(failureText(e));
    } finally {
      setSending(false);
    }
  };

  const submit = submitWith(
    () => form.validate(['mobile', 'code']),
    () => loginBySms(form.values.mobile.trim(), form.values.code),
  );

  return (
    <SignInFrame onSubmit={submit} loading={loading} error={error}>
      <Field
        id="sms_mobile"
        {...form.bind('mobile')}
        icon={Mobile}
        extra={sent ? null : t('subAccountHint')}
        placeholder={t('mobilePlaceholder')}
        aria-label={t('mobile')}
        autoComplete="tel"
        inputMode="tel"
        maxLength={120}
      />
      <Field
        id="sms_code"
        {...form.bind('code')}
        icon={Mail}
        inputRef={codeRef}
        extra={sent ? <span className="ma-login-sent">{t('codeSent', sent)}</span> : null}
        placeholder={t('smsCodePlaceholder')}
        aria-label={t('smsCode')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        after={
          <LoginButton className="ma-login-getcode" onClick={() => void getCode()} loading={sending} disabled={left > 0 || loading}>
            {left > 0 ? t('resendIn', { seconds: left }) : sent ? t('resend') : t('getCode')}
          </LoginButton>
        }
      />
    </SignInFrame>
  );
}
