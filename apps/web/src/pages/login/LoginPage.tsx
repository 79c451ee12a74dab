import type { LoginResult } from '@medalliance/contract';
import { Suspense, lazy, useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LogoMark } from '../../app/shell/Logo.tsx';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { useUi } from '../../app/stores/uiStore.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { finishLogin } from './finishLogin.ts';
import { Icon, Mobile, Qrcode, SafetyCertificate, User } from './icons.tsx';
import { LanguageButtons } from './LanguageButtons.tsx';
import { LOGIN_MODES, isLoginMode, type LoginMode } from './loginRules.ts';
import { NS } from './messages.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { SmsForm } from './SmsForm.tsx';
import './login.css';

// Loaded on first use only: the QR encoder and antd (the statement is an antd Modal) are not needed to sign in.
const ScanPanel = lazy(() => import('./ScanPanel.tsx'));
const StatementDialog = lazy(async () => {
  const [statement] = await Promise.all([
    import('./LoginStatement.tsx'),
    import('../../i18n/antdLocale.ts').then((m) => m.loadAntdLocale(currentLanguage())),
  ]);
  return statement;
});

const MODE_ICONS: Record<LoginMode, ReactNode> = {
  password: <Icon glyph={User} />,
  sms: <Icon glyph={Mobile} />,
  scan: <Icon glyph={Qrcode} />,
};

/**
 * The sign-in page (spec §2.5): account and password, mobile verification
 * code, app scan code. Every mode ends the same way: token stored, layout
 * applied, off to the page the user wanted. `?mode=sms|scan` opens a mode.
 */
export default function LoginPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const copyright = useSettings((s) => s.sysConfig?.copyright);
  const statementOpen = useUi((s) => s.statementOpen);
  const [statementLoaded, setStatementLoaded] = useState(false);
  const [mode, setMode] = useState<LoginMode>(() => {
    const wanted = params.get('mode');
    return isLoginMode(wanted) ? wanted : 'password';
  });
  const tabs = useRef(new Map<LoginMode, HTMLButtonElement>());

  // One stable callback: the scan panel's polling must not restart when the page re-renders.
  const redirect = useRef(params.get('redirect'));
  redirect.current = params.get('redirect');
  const onLogin = useCallback((result: LoginResult) => finishLogin(result, redirect.current, navigate), [navigate]);

  /** Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LOGIN_MODES.indexOf(mode);
    const next =
      event.key === 'ArrowRight'
        ? LOGIN_MODES[(index + 1) % LOGIN_MODES.length]
        : event.key === 'ArrowLeft'
          ? LOGIN_MODES[(index + LOGIN_MODES.length - 1) % LOGIN_MODES.length]
          : event.key === 'Home'
            ? LOGIN_MODES[0]
            : event.key === 'End'
              ? LOGIN_MODES[LOGIN_MODES.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setMode(next);
    tabs.current.get(next)?.focus();
  };

  const panel = (which: LoginMode, children: ReactNode) => (
    <div role="tabpanel" id={`ma-login-panel-${which}`} aria-labelledby={`ma-login-tab-${which}`} hidden={mode !== which}>
      {children}
    </div>
  );

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
          <div className="ma-login-tabs" role="tablist" aria-label={t('modes')}>
            {LOGIN_MODES.map((which) => (
              <button
                key={which}
                ref={(el) => {
                  if (el) tabs.current.set(which, el);
                  else tabs.current.delete(which);
                }}
                type="button"
                role="tab"
                id={`ma-login-tab-${which}`}
                aria-selected={mode === which}
                aria-controls={`ma-login-panel-${which}`}
                tabIndex={mode === which ? 0 : -1}
                className={`ma-login-tab ${mode === which ? 'is-active' : ''}`}
                onClick={() => setMode(which)}
                onKeyDown={onTabKey}
              >
                {MODE_ICONS[which]}
                <span>{t(`mode.${which}`)}</span>
              </button>
            ))}
          </div>
          {/* Password and SMS stay mounted so a half-typed form or a running resend countdown survives a look at another mode. */}
          <div className="ma-login-panels">
            {panel('password', <PasswordForm onLogin={onLogin} autoFocus={mode === 'password'} />)}
            {panel('sms', <SmsForm onLogin={onLogin} />)}
            {panel(
              'scan',
              mode === 'scan' ? (
                <Suspense fallback={<div className="ma-login-scan" />}>
                  <ScanPanel onLogin={onLogin} />
                </Suspense>
              ) : null,
            )}
          </div>
          <footer className="ma-login-footer">
            <button
              type="button"
              className="ma-link-btn"
              onClick={() => {
                setStatementLoaded(true);
                useUi.getState().set({ statementOpen: true });
              }}
            >
              <Icon glyph={SafetyCertificate} /> {t('statement')}
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
