import type { LoginConfig, LoginResult } from '@medalliance/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { login } from '../../api/oauth.ts';
import { hashPassword } from '../../api/password.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { Field, useFields } from './fields.tsx';
import { Lock, Safety, User } from './icons.tsx';
import { captchaImageUrl, fetchLoginConfig, newCaptchaId } from './loginApi.ts';
import { NS } from './messages.ts';
import { SignInFrame } from './SignInFrame.tsx';
import { useSignInSubmit } from './useSignInSubmit.ts';

interface Captcha {
  length: number;
  /** The client-made id the server keys this image's answer by (the login's `timestamp`). */
  id: string;
}

const DEFAULT_CAPTCHA_LENGTH = 4;

const RULES = {
  account: (v: string) => (v.trim() ? null : 'accountRequired'),
  password: (v: string) => (v ? null : 'passwordRequired'),
  code: (v: string) => (v.trim() ? null : 'captchaRequired'),
};

/**
 * Account and password (spec §2.5, §7.1): the password is MD5-hashed in the
 * browser and sent form-encoded. The captcha appears when getConfig says this
 * account needs it, or when a refusal says so; every answer uses the image up,
 * so a failed attempt brings a new one. A click on the image changes it.
 */
export function PasswordForm({ onLogin, autoFocus }: { onLogin: (result: LoginResult) => void; autoFocus: boolean }) {
  const { t } = useTranslation(NS);
  const { loading, error, submitWith, clearError } = useSignInSubmit(onLogin);
  const form = useFields({ account: '', password: '', code: '' }, RULES, { onChange: clearError });
  const [captcha, setCaptcha] = useState<Captcha | null>(() =>
    useSettings.getState().loginNeedCode ? { length: DEFAULT_CAPTCHA_LENGTH, id: newCaptchaId() } : null,
  );
  const codeRef = useRef<HTMLInputElement>(null);
  const checkedAccount = useRef('');
  const focusCode = useRef(false);

  useEffect(() => {
    if (captcha && focusCode.current) {
      focusCode.current = false;
      codeRef.current?.focus();
    }
  }, [captcha]);

  /** Shows, renews or hides the captcha as the server asks; spec §3 keeps the flag as `loginNeedCode`. */
  const applyConfig = (config: Partial<LoginConfig> | null | undefined, renew: boolean) => {
    const needed = !!config?.enableVerificationCode;
    useSettings.getState().set('loginNeedCode', needed);
    const length = config?.verificationCodeNumber || DEFAULT_CAPTCHA_LENGTH;
    setCaptcha((current) => {
      if (!needed) return null;
      if (current && current.length === length && !renew) return current;
      return { length, id: newCaptchaId() };
    });
  };

  const refreshCaptcha = () => setCaptcha((current) => (current ? { ...current, id: newCaptchaId() } : current));

  /** When the account is known, ask whether it must answer a captcha before the user presses sign in. */
  const checkAccount = async () => {
    const account = form.values.account.trim();
    if (!account || account === checkedAccount.current) return;
    checkedAccount.current = account;
    try {
      const { data } = await fetchLoginConfig(account);
      applyConfig(data, false);
    } catch {
      // Not worth a message: the sign-in itself will say if a captcha is needed.
    }
  };

  const submit = submitWith(
    () => form.validate(captcha ? ['account', 'password', 'code'] : ['account', 'password']),
    () => {
      const { account, password, code } = form.values;
      return login({
        account: account.trim(),
        password: hashPassword(password),
        code: captcha ? code.trim() : '',
        timestamp: captcha ? captcha.id : '',
      });
    },
    (e) => {
      // A refusal may ask for a captcha; any answer uses the shown image up.
      const need = e instanceof HttpError ? (e.envelope?.data as Partial<LoginConfig> | null | undefined) : undefined;
      if (need?.enableVerificationCode) {
        focusCode.current = !captcha;
        applyConfig(need, true);
      } else if (captcha) {
        refreshCaptcha();
      }
      form.set('code', '');
    },
  );

  return (
    <SignInFrame onSubmit={submit} loading={loading} error={error}>
      <Field
        id="account"
        {...form.bind('account')}
        icon={User}
        placeholder={t('accountPlaceholder')}
        aria-label={t('account')}
        autoComplete="username"
        autoFocus={autoFocus}
        maxLength={100}
        onBlur={() => void checkAccount()}
      />
      <Field
        id="password"
        {...form.bind('password')}
        icon={Lock}
        reveal
        placeholder={t('passwordPlaceholder')}
        aria-label={t('password')}
        autoComplete="current-password"
        maxLength={64}
      />
      {captcha ? (
        <Field
          id="code"
          {...form.bind('code')}
          icon={Safety}
          inputRef={codeRef}
          extra={t('captchaNeeded')}
          placeholder={t('captchaPlaceholder')}
          aria-label={t('captcha')}
          autoComplete="off"
          maxLength={captcha.length}
          after={
            <button
              type="button"
              className="ma-login-captcha"
              title={t('captchaRefresh')}
              aria-label={t('captchaRefresh')}
              onClick={refreshCaptcha}
            >
              <img src={captchaImageUrl(captcha.length, captcha.id)} alt={t('captchaAlt')} width={120} height={40} draggable={false} />
            </button>
          }
        />
      ) : null}
    </SignInFrame>
  );
}
