import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginConfig, LoginResult } from '@medalliance/contract';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { login } from '../../api/oauth.ts';
import { hashPassword } from '../../api/password.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { captchaImageUrl, fetchLoginConfig, newCaptchaId } from './loginApi.ts';
import { NS } from './messages.ts';

interface Fields {
  account: string;
  password: string;
  code?: string;
}

interface Captcha {
  length: number;
  /** The client-made id the server keys this image's answer by (the login's `timestamp`). */
  id: string;
}

const DEFAULT_CAPTCHA_LENGTH = 4;

/**
 * Account and password (spec §2.5, §7.1): the password is MD5-hashed in the
 * browser and sent form-encoded. The captcha appears when getConfig says this
 * account needs it, or when a refusal says so; every answer uses the image up,
 * so a failed attempt brings a new one. A click on the image changes it.
 */
export function PasswordForm({ onLogin, autoFocus }: { onLogin: (result: LoginResult) => void; autoFocus: boolean }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<Fields>();
  const loading = useSession((s) => s.loginLoading);
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(() =>
    useSettings.getState().loginNeedCode ? { length: DEFAULT_CAPTCHA_LENGTH, id: newCaptchaId() } : null,
  );
  const codeRef = useRef<InputRef>(null);
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
    const account = String(form.getFieldValue('account') ?? '').trim();
    if (!account || account === checkedAccount.current) return;
    checkedAccount.current = account;
    try {
      const { data } = await fetchLoginConfig(account);
      applyConfig(data, false);
    } catch {
      // Not worth a message: the sign-in itself will say if a captcha is needed.
    }
  };

  const submit = async ({ account, password, code }: Fields) => {
    const session = useSession.getState();
    session.setLoginLoading(true);
    setError(null);
    try {
      const { data } = await login({
        account: account.trim(),
        password: hashPassword(password),
        code: captcha ? (code ?? '').trim() : '',
        timestamp: captcha ? captcha.id : '',
      });
      onLogin(data);
    } catch (e) {
      setError(e instanceof HttpError && e.kind === 'code' ? e.message : t('failed'));
      const need = e instanceof HttpError ? (e.envelope?.data as Partial<LoginConfig> | null | undefined) : undefined;
      if (need?.enableVerificationCode) {
        focusCode.current = !captcha;
        applyConfig(need, true);
      } else if (captcha) {
        refreshCaptcha();
      }
      form.setFieldValue('code', '');
    } finally {
      useSession.getState().setLoginLoading(false);
    }
  };

  return (
    <Form<Fields>
      form={form}
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => error && setError(null)}
      disabled={loading}
      autoComplete="on"
      className="ma-login-form"
    >
      {error ? <Alert type="error" showIcon title={error} className="ma-login-error" role="alert" /> : null}
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('accountPlaceholder')}
          aria-label={t('account')}
          autoComplete="username"
          autoFocus={autoFocus}
          maxLength={100}
          onBlur={() => void checkAccount()}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          aria-label={t('password')}
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      {captcha ? (
        <Form.Item className="ma-login-captcha-item" extra={t('captchaNeeded')}>
          <div className="ma-login-inline">
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('captchaRequired') }]}>
              <Input
                ref={codeRef}
                prefix={<SafetyOutlined />}
                placeholder={t('captchaPlaceholder')}
                aria-label={t('captcha')}
                autoComplete="off"
                maxLength={captcha.length}
                className="ma-login-captcha-input"
              />
            </Form.Item>
            <button
              type="button"
              className="ma-login-captcha"
              title={t('captchaRefresh')}
              aria-label={t('captchaRefresh')}
              onClick={refreshCaptcha}
            >
              <img src={captchaImageUrl(captcha.length, captcha.id)} alt={t('captchaAlt')} width={120} height={40} draggable={false} />
            </button>
          </div>
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={loading} className="ma-login-submit">
        {loading ? t('submitting') : t('submit')}
      </Button>
    </Form>
  );
}
