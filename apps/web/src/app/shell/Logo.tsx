import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../stores/settingsStore.ts';

/** The mark used when the server config names no logo. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--ma-primary, #409eff)" />
      <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
    </svg>
  );
}

/** Logo and product name; links home. */
export function Logo({ collapsed = false, className = '' }: { collapsed?: boolean; className?: string }) {
  const { t } = useTranslation();
  const logoIcon = useSettings((s) => s.sysConfig?.logoIcon);
  const name = t('app.logoText');
  const image = logoIcon && /^(https?:|\/|data:)/.test(logoIcon) ? logoIcon : null;
  return (
    <Link to="/home" className={`ma-logo ${collapsed ? 'is-collapsed' : ''} ${className}`} title={t('app.name')}>
      {image ? <img src={image} alt="" width={28} height={28} /> : <LogoMark />}
      {collapsed ? null : <span className="ma-logo-text">{name}</span>}
    </Link>
  );
}
