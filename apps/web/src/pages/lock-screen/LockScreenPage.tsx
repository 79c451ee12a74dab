import { ArrowRightOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { unlockScreen } from '../../api/oauth.ts';
import { hashPassword } from '../../api/password.ts';
import { toast } from '../../app/feedback.ts';
import { useLanguage } from '../../i18n/index.ts';
import { htmlLangOf } from '../../i18n/language.ts';
import { logout } from '../../app/session/session.ts';
import { UserAvatar } from '../../app/shell/UserAvatar.tsx';
import { useSession } from '../../app/stores/sessionStore.ts';
import { useUser } from '../../app/stores/userStore.ts';
import './lock-screen.css';

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Lock screen (spec §4): the lock is a persisted client flag; unlocking checks
 * the password with the server (hashed, like the login) and clears it.
 */
export default function LockScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser((s) => s.userInfo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useClock();
  const locale = htmlLangOf(useLanguage());

  const unlock = async ({ password }: { password: string }) => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await unlockScreen(user.userAccount, hashPassword(password));
      useSession.getState().setLock(false);
      toast.success(t('lock.unlocked'));
      navigate('/', { replace: true });
    } catch (e) {
      if (e instanceof HttpError && e.kind === 'code') setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ma-lock">
      <div className="ma-lock-clock" aria-live="off">
        <time dateTime={now.toISOString()}>{now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false })}</time>
        <span>{now.toLocaleDateString(locale, { dateStyle: 'full' })}</span>
      </div>
      <div className="ma-lock-card">
        <UserAvatar user={user} size={72} />
        <div className="ma-lock-name">{user?.userName || user?.userAccount}</div>
        <div className="ma-lock-hint">
          <LockOutlined /> {t('lock.title')}
        </div>
        <Form layout="inline" className="ma-lock-form" onFinish={unlock} onValuesChange={() => setError(null)}>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('lock.passwordRequired') }]}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.Password placeholder={t('lock.password')} autoFocus autoComplete="current-password" aria-label={t('lock.password')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} icon={<ArrowRightOutlined />} aria-label={t('lock.unlock')} />
        </Form>
        <Button type="link" className="ma-lock-relogin" onClick={() => void logout()}>
          {t('lock.relogin')}
        </Button>
      </div>
    </div>
  );
}
