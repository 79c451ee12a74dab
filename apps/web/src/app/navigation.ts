/**
 * Lets code outside React (http client, session reset) navigate with the
 * data router without importing it (which would create an import cycle).
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentFullPath(): string {
  return window.location.pathname + window.location.search;
}

/** /login with the wanted path as redirect (spec §2.2), unless that path is login itself. */
export function loginUrl(wanted: string = currentFullPath()): string {
  const path = wanted.split('?')[0] ?? '';
  if (!wanted || path === '/' || isLoginPath(path) || path === '/lockScreen') return '/login';
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}

export function isLoginPath(path: string): boolean {
  return path === '/login' || path === '/login2';
}
