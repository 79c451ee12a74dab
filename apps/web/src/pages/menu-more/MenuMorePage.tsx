import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../app/shell/MenuIcon.tsx';
import { firstLeaf } from '../../app/shell/menuModel.ts';
import { useOpenNavItem, useTitle } from '../../app/shell/useNavActions.ts';
import { useUser } from '../../app/stores/userStore.ts';

/**
 * /menuMore (spec §2.1): the entry behind the top menu's 'more'. Lists every
 * first-level menu with its pages, so the overflowed ones stay one click away.
 */
export default function MenuMorePage() {
  const { t } = useTranslation();
  const nav = useUser((s) => s.routeTable.nav);
  const title = useTitle();
  const open = useOpenNavItem();
  if (!nav.length) return <Empty description={t('menu.empty')} />;
  return (
    <div className="ma-page">
      <p className="ma-page-hint">{t('menuMore.hint')}</p>
      <div className="ma-menu-more-grid">
        {nav.map((item) => (
          <Card
            key={item.id}
            size="small"
            title={
              <span className="ma-menu-more-title">
                <MenuIcon icon={item.icon} type={item.type} /> {title(item)}
              </span>
            }
          >
            <ul className="ma-menu-more-list">
              {(item.children ?? [item]).map((child) => {
                const target = child.children ? firstLeaf(child) : child;
                return (
                  <li key={child.id}>
                    <button type="button" className="ma-link-btn" disabled={!target} onClick={() => target && open(target)}>
                      {title(child)}
                    </button>
                  </li>
                );
              })}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}
