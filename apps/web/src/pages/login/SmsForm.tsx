import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import type { LoginResult } from '@medalliance/contract';
import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { loginBySms, sendSmsCode } from './loginApi.ts';
import { digitsOnly, isSmsAccount, maskPhone, secondsLeft } from './loginRules.ts';
import { NS } from './messages.ts';

interface Fields {
  mobile: string;
  code: string;
}

/** Seconds between two codes when the server does not say (spec §2.5 resend). */
const DEFAULT_COOLDOWN = 60;

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
  const [form] = Form.useForm<Fields>();
  const loading = useSession((s) => s.loginLoading);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ phone: string; minutes: number } | null>(null);
  const [until, setUntil] = useState(0);
  const left = useCountdown(until);
  const codeRef = useRef<InputRef>(null);

  const getCode = async () => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { data } = await sendSmsCode(mobile.trim());
      setUntil(Date.now() + (data.cooldown || DEFAULT_COOLDOWN) * 1000);
      setSent({ phone: maskPhone(mobile), minutes: Math.max(1, Math.round(data.expiresIn / 60)) });
      codeRef.current?.focus();
    } catch (e) {
      setSent(null);
      setError(e instanceof HttpError && e.kind === 'code' ? e.message : t('failed'));
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ mobile, code }: Fields) => {
    const session = useSession.getState();
    session.setLoginLoading(true);
    setError(null);
    try {
      const { data } = await loginBySms(mobile.trim(), code);
      onLogin(data);
    } catch (e) {
      setError(e instanceof HttpError && e.kind === 'code' ? e.message : t('failed'));
    } finally {
      useSession.getState().setLoginLoading(false);
    }
  };

  return (
    <Form<Fields>
      form={form}
      name="sms"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => error && setError(null)}
      disabled={loading}
      className="ma-login-form"
    >
      {error ? <Alert type="error" showIcon title={error} className="ma-login-error" role="alert" /> : null}
      <Form.Item
        name="mobile"
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('mobileRequired') },
          {
            validator: async (_, value: string) => (isSmsAccount(value ?? '') ? undefined : Promise.reject(new Error(t('mobileInvalid')))),
          },
        ]}
        extra={sent ? null : t('subAccountHint')}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('mobilePlaceholder')}
          aria-label={t('mobile')}
          autoComplete="tel"
          inputMode="tel"
          maxLength={120}
        />
      </Form.Item>
      <Form.Item extra={sent ? <span className="ma-login-sent">{t('codeSent', sent)}</span> : null} className="ma-login-code-item">
        <div className="ma-login-inline">
          <Form.Item
            name="code"
            noStyle
            validateFirst
            normalize={(value: string) => digitsOnly(value ?? '')}
            rules={[
              { required: true, message: t('smsCodeRequired') },
              { pattern: /^\d{6}$/, message: t('smsCodeInvalid') },
            ]}
          >
            <Input
              ref={codeRef}
              prefix={<MailOutlined />}
              placeholder={t('smsCodePlaceholder')}
              aria-label={t('smsCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
            />
          </Form.Item>
          <Button className="ma-login-getcode" onClick={() => void getCode()} loading={sending} disabled={left > 0 || loading}>
            {left > 0 ? t('resendIn', { seconds: left }) : sent ? t('resend') : t('getCode')}
          </Button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} className="ma-login-submit">
        {loading ? t('submitting') : t('submit')}
      </Button>
    </Form>
  );
}
