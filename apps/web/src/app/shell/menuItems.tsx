import { ExportOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { NavItem } from '../router/menuRoutes.ts';
import { MenuIcon } from './MenuIcon.tsx';

export type MenuItems = NonNullable<MenuProps['items']>;

/**
 * antd menu items from the nav tree, keyed by menu id. First-level entries
 * always get an icon (a collapsed or plain sidebar shows nothing else);
 * deeper ones only when the menu defines one.
 */
export function toMenuItems(items: readonly NavItem[], title: (item: NavItem) => string, depth = 0): MenuItems {
  return items.map((item) => {
    const text = title(item);
    const icon = depth === 0 || item.icon ? <MenuIcon icon={item.icon} type={item.type} /> : undefined;
    // A plain string label keeps antd's own ellipsis for long titles.
    if (item.children) return { key: item.id, icon, label: text, children: toMenuItems(item.children, title, depth + 1) };
    return { key: item.id, icon, label: text, extra: item.href ? <ExportOutlined className="ma-menu-external" aria-hidden /> : undefined };
  });
}
