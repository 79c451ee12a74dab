import type { ShortcutsWidget as Shortcuts } from '@medalliance/contract';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../../app/router/menuRoutes.ts';
import { MenuIcon } from '../../../app/shell/MenuIcon.tsx';
import { useNavIndex, useOpenNavItem, useTitle } from '../../../app/shell/useNavActions.ts';
import { NS } from '../messages.ts';
import { useSettled } from './settle.ts';
import { WidgetCard } from './WidgetCard.tsx';

/** Entries to menus: only those in the caller's own menu list are shown. */
export function ShortcutsWidget({ widget }: { widget: Shortcuts }) {
  const { t } = useTranslation(NS);
  const index = useNavIndex();
  const open = useOpenNavItem();
  const title = useTitle();
  const items = widget.menuIds.map((id) => index.get(id)).filter((i): i is NavItem => !!i && !!(i.to || i.href));
  useSettled(widget.id, true);
  return (
    <WidgetCard widget={widget} state={items.length ? 'ready' : 'empty'} emptyText={t('w.shortcutsEmpty')}>
      <div className="ma-portal-shortcuts">
        {items.map((item) => (
          <button key={item.id} type="button" className="ma-portal-shortcut" onClick={() => open(item)} data-menu-id={item.id}>
            <MenuIcon icon={item.icon} type={item.type} />
            <span>{title(item)}</span>
          </button>
        ))}
      </div>
    </WidgetCard>
  );
}
