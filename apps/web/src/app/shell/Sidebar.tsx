import type { NavItem } from '../router/menuRoutes.ts';
import { PLAIN_SIDEBAR_WIDTH, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../stores/settings.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';

export type SidebarVariant = 'classic' | 'blend' | 'plain' | 'drawer';

/** The left column: logo (except in blend, where it sits in the top bar) and the side menu. */
export function Sidebar({ items, variant }: { items: readonly NavItem[]; variant: SidebarVariant }) {
  const opened = useSettings((s) => s.sidebarOpened);
  const dark = useSettings((s) => s.slideClass) === 'dark';
  const showLogo = useSettings((s) => s.sidebarLogo);
  const plain = variant === 'plain';
  const collapsed = (variant === 'classic' || variant === 'blend') && !opened;
  const width = variant === 'drawer' ? '100%' : plain ? PLAIN_SIDEBAR_WIDTH : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <aside className={`ma-sidebar ${dark ? 'is-dark' : 'is-light'} is-${variant}`} style={{ width }}>
      {showLogo && variant !== 'blend' ? <Logo collapsed={collapsed || plain} /> : null}
      <nav className="ma-sidebar-scroll" aria-label="menu">
        <SideMenu items={items} collapsed={collapsed} plain={plain} />
      </nav>
    </aside>
  );
}
