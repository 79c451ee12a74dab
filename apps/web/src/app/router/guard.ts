import { isLoginPath, loginUrl } from '../navigation.ts';

/** Paths open without a session (spec §2.2). */
export const OPEN_PATHS: readonly string[] = ['/login', '/login2', '/auth-redirect', '/jump'];

export const LOCK_PATH = '/lockScreen';

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'load' };

export interface GuardInput {
  path: string;
  /** Path plus query, used as the login redirect. */
  fullPath: string;
  hasToken: boolean;
  locked: boolean;
  /** CurrentUser (menus, permissions) already loaded for this session. */
  loaded: boolean;
}

/**
 * The navigation guard of spec §2.2 as a pure decision:
 * no token → only the open paths, else login with redirect;
 * token → /login goes to /; locked → the lock screen;
 * menus not loaded → load them, then decide again.
 */
export function decide({ path, fullPath, hasToken, locked, loaded }: GuardInput): GuardDecision {
  if (!hasToken) return OPEN_PATHS.includes(path) ? { type: 'allow' } : { type: 'redirect', to: loginUrl(fullPath) };
  if (isLoginPath(path)) return { type: 'redirect', to: '/' };
  if (OPEN_PATHS.includes(path)) return { type: 'allow' };
  if (locked && path !== LOCK_PATH) return { type: 'redirect', to: LOCK_PATH };
  if (!loaded) return { type: 'load' };
  return { type: 'allow' };
}
