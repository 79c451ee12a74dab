import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Layout } from '@medalliance/contract';
import type { NavItem } from '../router/menuRoutes.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { useUi } from '../stores/uiStore.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { TopMenu } from './TopMenu.tsx';
import { UserDropdown } from './UserDropdown.tsx';
import { MessageBell } from '../../features/message/MessageBell.tsx';
import { ChatButton } from '../../features/chat/ChatButton.tsx';

interface NavbarProps {
  layout: Layout;
  mobile: boolean;
  nav: readonly NavItem[];
}

/** Top bar (spec §2.5): collapse toggle, home, menu search, language, user menu, settings; the top menu in functional and blend. */
export function Navbar({ layout, mobile, nav }: NavbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const setUi = useUi((s) => s.set);
  const mobileMenuOpen = useUi((s) => s.mobileMenuOpen);
  const topNav = !mobile && (layout === 'functional' || layout === 'blend');
  const dark = topNav && settings.slideClass === 'dark';
  const showToggle = mobile || layout === 'classic' || layout === 'blend';
  const expanded = mobile ? mobileMenuOpen : settings.sidebarOpened;

  const toggle = () => (mobile ? setUi({ mobileMenuOpen: !mobileMenuOpen }) : settings.toggleSidebar());

  return (
    <div className={`ma-navbar ${dark ? 'is-dark' : ''} ${topNav ? 'is-top-nav' : ''}`}>
      {topNav ? <Logo className="ma-navbar-logo" /> : null}
      {showToggle ? (
        <Tooltip title={expanded ? t('navbar.collapse') : t('navbar.expand')} placement="bottom">
          <button
            type="button"
            className="ma-navbar-btn"
            aria-label={mobile ? t('navbar.openMenu') : expanded ? t('navbar.collapse') : t('navbar.expand')}
            aria-expanded={expanded}
            onClick={toggle}
          >
            {expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          </button>
        </Tooltip>
      ) : null}
      {topNav ? (
        <TopMenu items={nav} rootsOnly={layout === 'blend'} dark={dark} />
      ) : (
        <div className="ma-navbar-left">{mobile ? null : <Breadcrumbs />}</div>
      )}
      <div className="ma-navbar-right">
        {settings.showSearch ? <MenuSearch /> : null}
        <Tooltip title={t('navbar.home')} placement="bottom">
          <button type="button" className="ma-navbar-btn" aria-label={t('navbar.home')} onClick={() => navigate('/chardHome')}>
            <HomeOutlined />
          </button>
        </Tooltip>
        <ChatButton />
        <MessageBell />
        {settings.showLanguage ? <LanguageSwitch /> : null}
        <UserDropdown />
        {settings.showSettings ? (
          <Tooltip title={t('navbar.settings')} placement="bottomRight">
            <button type="button" className="ma-navbar-btn" aria-label={t('navbar.settings')} onClick={() => setUi({ settingsOpen: true })}>
              <SettingOutlined />
            </button>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}
