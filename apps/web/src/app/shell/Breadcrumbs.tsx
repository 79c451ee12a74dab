import { Breadcrumb } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FIXED_VIEWS, HOME_PATH, resolveShellPath } from '../router/fixedViews.ts';
import { useUser } from '../stores/userStore.ts';
import { useActiveMenu } from './useActiveMenu.ts';
import { useNavIndex, useTitle } from './useNavActions.ts';

/** Home / directories / current page, for the side-navigation layouts. */
export function Breadcrumbs() {
  const title = useTitle();
  const index = useNavIndex();
  const table = useUser((s) => s.routeTable);
  const { path, ancestors } = useActiveMenu();

  const items = useMemo(() => {
    const home = FIXED_VIEWS[HOME_PATH]!;
    const list: { key: string; title: ReactNode }[] = [
      { key: 'home', title: path === HOME_PATH ? title(home.meta.title) : <Link to={HOME_PATH}>{title(home.meta.title)}</Link> },
    ];
    if (path === HOME_PATH) return list;
    for (const id of ancestors) {
      const dir = index.get(id);
      if (dir) list.push({ key: id, title: title(dir) });
    }
    const resolved = resolveShellPath(path, table);
    if (resolved.type === 'view' && !resolved.view.meta.noTag) list.push({ key: 'current', title: title(resolved.view.meta.title) });
    return list;
  }, [path, ancestors, index, table, title]);

  return <Breadcrumb className="ma-breadcrumb" items={items} />;
}
