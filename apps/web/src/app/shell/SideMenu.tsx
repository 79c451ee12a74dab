import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../router/menuRoutes.ts';
import { useSettings } from '../stores/settingsStore.ts';
import { toMenuItems } from './menuItems.tsx';
import { useActiveMenu } from './useActiveMenu.ts';
import { useNavIndex, useOpenNavItem, useTitle } from './useNavActions.ts';

interface SideMenuProps {
  items: readonly NavItem[];
  /** Icon-only sidebar with fly-out submenus. */
  collapsed?: boolean;
  /** The plain layout's narrow sidebar: icon above a short label, fly-out submenus. */
  plain?: boolean;
}

/** The vertical menu of the classic, blend and plain layouts and of the mobile drawer. */
export function SideMenu({ items, collapsed = false, plain = false }: SideMenuProps) {
  const { t } = useTranslation();
  const title = useTitle();
  const open = useOpenNavItem();
  const index = useNavIndex();
  const dark = useSettings((s) => s.slideClass) === 'dark';
  const { menuId, ancestors } = useActiveMenu();
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);

  // Reveal the active entry when the route changes, keeping what the user opened.
  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestors])));
  }, [ancestors]);

  const menuItems = useMemo(() => toMenuItems(items, title), [items, title]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = index.get(String(key));
    if (item) open(item);
  };

  if (!items.length) return <div className="ma-menu-empty">{t('menu.empty')}</div>;

  // Open keys are controlled only for the inline tree; fly-outs manage themselves.
  const controlled = !plain && !collapsed;
  return (
    <Menu
      className={plain ? 'ma-side-menu ma-plain-menu' : 'ma-side-menu'}
      theme={dark ? 'dark' : 'light'}
      mode={plain ? 'vertical' : 'inline'}
      {...(plain ? {} : { inlineCollapsed: collapsed })}
      inlineIndent={20}
      items={menuItems}
      selectedKeys={menuId ? [menuId] : []}
      {...(controlled ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
    />
  );
}
