import { AppstoreOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NavItem } from '../router/menuRoutes.ts';
import { MenuIcon } from './MenuIcon.tsx';
import { firstLeaf, topMenuFit } from './menuModel.ts';
import { toMenuItems, type MenuItems } from './menuItems.tsx';
import { useActiveMenu } from './useActiveMenu.ts';
import { useElementWidth } from './useElementWidth.ts';
import { useNavIndex, useOpenNavItem, useTitle } from './useNavActions.ts';

const MORE_KEY = 'ma-menu-more';

interface TopMenuProps {
  items: readonly NavItem[];
  /** Blend layout: only first-level entries; a directory opens its first page and fills the side menu. */
  rootsOnly?: boolean;
  dark: boolean;
}

/**
 * Horizontal menu of the functional and blend layouts. Each entry is 116 px
 * wide (spec §2.5); what does not fit goes under 'more', whose title opens
 * /menuMore.
 */
export function TopMenu({ items, rootsOnly = false, dark }: TopMenuProps) {
  const { t } = useTranslation();
  const title = useTitle();
  const open = useOpenNavItem();
  const navigate = useNavigate();
  const index = useNavIndex();
  const { menuId, ancestors } = useActiveMenu();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const fit = width ? topMenuFit(items.length, width) : items.length;

  const menuItems = useMemo<MenuItems>(() => {
    const entries = (list: readonly NavItem[]): MenuItems =>
      rootsOnly
        ? list.map((item) => ({
            key: item.id,
            icon: <MenuIcon icon={item.icon} type={item.type} />,
            label: title(item),
          }))
        : toMenuItems(list, title);
    const visible = entries(items.slice(0, fit));
    const rest = items.slice(fit);
    if (!rest.length) return visible;
    return [
      ...visible,
      {
        key: MORE_KEY,
        icon: <AppstoreOutlined />,
        label: t('menu.more'),
        children: entries(rest),
        onTitleClick: () => navigate('/menuMore'),
      },
    ];
  }, [items, fit, rootsOnly, title, t, navigate]);

  const activeTop = ancestors[0] ?? menuId;
  const selected = [menuId, ...ancestors].filter((k): k is string => !!k);
  if (activeTop && items.findIndex((i) => i.id === activeTop) >= fit) selected.push(MORE_KEY);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = index.get(String(key));
    if (!item) return;
    const target = rootsOnly && item.children ? firstLeaf(item) : item;
    if (target) open(target);
  };

  return (
    <div className="ma-top-menu-wrap" ref={ref}>
      <Menu
        className="ma-top-menu"
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        disabledOverflow
        items={menuItems}
        selectedKeys={selected}
        onClick={onClick}
      />
    </div>
  );
}
