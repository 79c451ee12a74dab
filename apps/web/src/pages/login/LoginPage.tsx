import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { login } from '../../api/oauth.ts';
import { hashPassword } from '../../api/password.ts';
import { markFreshLogin } from '../../app/session/session.ts';
import { LogoMark } from '../../app/shell/Logo.tsx';
import { isLayout } from '../../app/stores/settings.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { useUi } from '../../app/stores/uiStore.ts';
import { LanguageButtons } from './LanguageButtons.tsx';
import { NS } from './messages.ts';
import { safeRedirect } from './safeRedirect.ts';
import './login.css';

// Loaded on first click only: the dialog brings antd's Modal, which the form does not need.
const StatementDialog = lazy(() => import('../../app/shell/StatementDialog.tsx').then((m) => ({ default: m.StatementDialog })));

interface Fields {
  account: string;
  password: string;
}

/**
 * Account and password sign-in (spec §7.1): the password is MD5-hashed in the
 * browser and sent form-encoded; the token is stored and the user goes to the
 * page they wanted. The other sign-in modes come with the full login screen.
 */
export default function LoginPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loading = useSession((s) => s.loginLoading);
  const copyright = useSettings((s) => s.sysConfig?.copyright);
  const [error, setError] = useState<string | null>(null);
  const statementOpen = useUi((s) => s.statementOpen);
  const [statementLoaded, setStatementLoaded] = useState(false);

  const submit = async ({ account, password }: Fields) => {
    const session = useSession.getState();
    session.setLoginLoading(true);
    setError(null);
    try {
      const { data } = await login({ account: account.trim(), password: hashPassword(password) });
      session.setSession(data.token, data.sid);
      markFreshLogin();
      // The login answer carries the account's saved layout (spec §3 "Login response").
      useSettings.getState().set('layoutType', isLayout(data.theme) ? data.theme : 'classic');
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(e instanceof HttpError && e.kind === 'code' ? e.message : t('failed'));
    } finally {
      useSession.getState().setLoginLoading(false);
    }
  };

  return (
    <div className="ma-login">
      <LanguageButtons />
      <section className="ma-login-brand" aria-hidden>
        <div className="ma-login-brand-inner">
          <div className="ma-login-logo">
            <LogoMark size={44} />
            <span>{tc('app.name')}</span>
          </div>
          <p className="ma-login-subtitle">{t('subtitle')}</p>
          <p className="ma-login-tagline">{t('tagline')}</p>
          <ul>
            <li>{t('feature1')}</li>
            <li>{t('feature2')}</li>
            <li>{t('feature3')}</li>
          </ul>
        </div>
      </section>
      <main className="ma-login-panel">
        <div className="ma-login-card">
          <div className="ma-login-card-logo">
            <LogoMark size={36} />
          </div>
          <h1>{t('welcome')}</h1>
          <p className="ma-login-card-sub">{tc('app.name')}</p>
          {error ? <Alert type="error" showIcon title={error} className="ma-login-error" /> : null}
          <Form<Fields> layout="vertical" size="large" requiredMark={false} onFinish={submit} disabled={loading} autoComplete="on">
            <Form.Item name="account" label={t('account')} rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}>
              <Input prefix={<UserOutlined />} placeholder={t('accountPlaceholder')} autoComplete="username" autoFocus maxLength={100} />
            </Form.Item>
            <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('passwordPlaceholder')}
                autoComplete="current-password"
                maxLength={64}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} className="ma-login-submit">
              {loading ? t('submitting') : t('submit')}
            </Button>
          </Form>
          <footer className="ma-login-footer">
            <button
              type="button"
              className="ma-link-btn"
              onClick={() => {
                setStatementLoaded(true);
                useUi.getState().set({ statementOpen: true });
              }}
            >
              <SafetyCertificateOutlined /> {t('statement')}
            </button>
            {copyright ? <span>{copyright}</span> : null}
          </footer>
        </div>
      </main>
      {statementLoaded || statementOpen ? (
        <Suspense fallback={null}>
          <StatementDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
