import { App as AntApp, Drawer } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Layout } from '@medalliance/contract';
import { ModalBridge } from '../shell/ModalBridge.tsx';
import { queryClient } from '../queryClient.ts';
import type { NavItem } from '../router/menuRoutes.ts';
import { AboutDialog } from '../shell/AboutDialog.tsx';
import { AppMain } from '../shell/AppMain.tsx';
import { Navbar } from '../shell/Navbar.tsx';
import { SettingsDrawer } from '../shell/SettingsDrawer.tsx';
import { Sidebar } from '../shell/Sidebar.tsx';
import { StatementDialog } from '../shell/StatementDialog.tsx';
import { TagsView } from '../shell/TagsView.tsx';
import { useActiveMenu } from '../shell/useActiveMenu.ts';
import { SIDEBAR_WIDTH } from '../stores/settings.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { useUi } from '../stores/uiStore.ts';
import { useUser } from '../stores/userStore.ts';
import { useDevice } from './useDevice.ts';
import { useRealtimeSocket } from '../../features/message/useRealtimeSocket.ts';
import '../../styles/shell.css';

/** The side column of each layout: all menus, the active top entry's children (blend), or none (functional). */
function useSideItems(layout: Layout, nav: readonly NavItem[]): readonly NavItem[] | null {
  const { menuId, ancestors } = useActiveMenu();
  return useMemo(() => {
    if (layout === 'functional') return null;
    if (layout !== 'blend') return nav;
    const top = nav.find((item) => item.id === (ancestors[0] ?? menuId));
    return top?.children?.length ? top.children : null;
  }, [layout, nav, menuId, ancestors]);
}

/**
 * The application shell (spec §2.5): four layouts sharing one top bar, tag
 * strip and main area. On narrow screens (< 992 px) the menu moves into a
 * drawer that closes on every navigation.
 */
export default function ShellLayout() {
  const { t } = useTranslation();
  const device = useDevice();
  const mobile = device === 'mobile';
  const layout = useSettings((s) => s.layoutType);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const dark = useSettings((s) => s.slideClass) === 'dark';
  const nav = useUser((s) => s.routeTable.nav);
  const mobileMenuOpen = useUi((s) => s.mobileMenuOpen);
  const setUi = useUi((s) => s.set);
  const { pathname } = useLocation();
  const columnRef = useRef<HTMLDivElement>(null);
  const sideItems = useSideItems(layout, nav);
  // Spec §4: the live socket while signed in (logout pushes, later notices and chat).
  useRealtimeSocket();

  // Spec §2.1: scroll resets to the top on navigation; spec §4: the mobile menu closes on route change.
  useEffect(() => {
    columnRef.current?.scrollTo({ top: 0 });
    setUi({ mobileMenuOpen: false });
  }, [pathname, setUi]);

  const desktopSidebar =
    !mobile && sideItems ? (
      <Sidebar items={sideItems} variant={layout === 'plain' ? 'plain' : layout === 'blend' ? 'blend' : 'classic'} />
    ) : null;

  return (
    <AntApp component={false}>
      <ModalBridge />
      <QueryClientProvider client={queryClient}>
        <div className={`ma-shell is-${layout} ${mobile ? 'is-mobile' : ''} ${dark ? 'is-dark-side' : 'is-light-side'}`}>
          {/* Keyboard users jump past the menus. */}
          <a className="ma-skip-link" href="#ma-main">
            {t('navbar.skipToContent')}
          </a>
          {desktopSidebar}
          {mobile ? (
            <Drawer
              placement="left"
              open={mobileMenuOpen}
              onClose={() => setUi({ mobileMenuOpen: false })}
              size={SIDEBAR_WIDTH}
              closable={false}
              styles={{ body: { padding: 0 } }}
              className={`ma-mobile-menu ${dark ? 'is-dark' : 'is-light'}`}
            >
              <Sidebar items={nav} variant="drawer" />
            </Drawer>
          ) : null}
          <div className="ma-column" ref={columnRef}>
            <header className={`ma-header ${fixedHeader ? 'is-fixed' : ''}`}>
              <Navbar layout={layout} mobile={mobile} nav={nav} />
              {tagsView ? <TagsView /> : null}
            </header>
            <AppMain />
          </div>
          <SettingsDrawer />
          <StatementDialog />
          <AboutDialog />
        </div>
      </QueryClientProvider>
    </AntApp>
  );
}
