import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { resolveShellPath } from '../router/fixedViews.ts';
import { useUser } from '../stores/userStore.ts';

/** The menu entry of the current path and the directories above it (for selection and open keys). */
export function useActiveMenu(): { path: string; menuId?: string; ancestors: string[] } {
  const { pathname } = useLocation();
  const table = useUser((s) => s.routeTable);
  return useMemo(() => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const resolved = resolveShellPath(path, table);
    const menuId = resolved.type === 'view' ? resolved.view.meta.modelId : undefined;
    return { path, menuId, ancestors: table.ancestors[path] ?? [] };
  }, [pathname, table]);
}
