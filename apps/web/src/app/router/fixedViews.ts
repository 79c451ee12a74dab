import type { MenuRouteTable } from './menuRoutes.ts';
import type { ViewRoute } from './routeMeta.ts';

/** Shell pages that exist for every user (spec §2.1), rendered inside the layout. */
export const HOME_PATH = '/home';
export const REDIRECT_PREFIX = '/redirect';

export const FIXED_VIEWS: Record<string, ViewRoute> = {
  '/home': { path: '/home', kind: 'page', meta: { title: { key: 'route.home' }, icon: 'home', affix: true } },
  '/dashboard': { path: '/dashboard', kind: 'page', meta: { title: { key: 'route.dashboard' }, icon: 'dashboard' } },
  '/chardHome': { path: '/chardHome', kind: 'page', meta: { title: { key: 'route.chardHome' }, icon: 'dashboard' } },
  '/profile': { path: '/profile', kind: 'page', meta: { title: { key: 'route.profile' }, icon: 'user' } },
  '/externalLink': { path: '/externalLink', kind: 'page', meta: { title: { key: 'route.externalLink' }, icon: 'link' } },
  '/messageRecord': { path: '/messageRecord', kind: 'page', meta: { title: { key: 'message:record.title' }, icon: 'message' } },
  '/menuMore': { path: '/menuMore', kind: 'page', meta: { title: { key: 'route.menuMore' }, icon: 'appstore' } },
  // A designer draft's preview: each draft is another query, so the view is not kept alive.
  '/previewModel': { path: '/previewModel', kind: 'page', meta: { title: { key: 'route.previewModel' }, icon: 'form', noCache: true } },
  '/workFlowDetail': { path: '/workFlowDetail', kind: 'page', meta: { title: { key: 'workflowDetail:title' }, noCache: true } },
};

/** Home pages are exempt from the leave-page warning (spec §2.2). */
// /scanConfirm is a one-tap phone page: closing it loses nothing.
export const LEAVE_WARNING_EXEMPT: readonly string[] = ['/home', '/chardHome', '/scanConfirm'];

export type Resolution = { type: 'view'; view: ViewRoute } | { type: 'redirect'; to: string } | { type: 'notFound' };

/** What a path inside the shell shows: a fixed page, a menu page, a directory's first page, or nothing. */
export function resolveShellPath(path: string, table: MenuRouteTable): Resolution {
  const fixed = FIXED_VIEWS[path];
  if (fixed) return { type: 'view', view: fixed };
  if (path === REDIRECT_PREFIX || path.startsWith(`${REDIRECT_PREFIX}/`)) {
    return { type: 'view', view: { path, kind: 'page', meta: { title: { key: 'route.redirect' }, noTag: true, noCache: true } } };
  }
  const route = table.routes[path];
  if (route) return { type: 'view', view: route };
  const to = table.redirects[path];
  if (to) return { type: 'redirect', to };
  return { type: 'notFound' };
}
