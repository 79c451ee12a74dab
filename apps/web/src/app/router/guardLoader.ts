import { redirect, type LoaderFunctionArgs } from 'react-router';
import { toast } from '../feedback.ts';
import { loginUrl } from '../navigation.ts';
import { loadCurrentUser, resetSession } from '../session/session.ts';
import { useSession } from '../stores/sessionStore.ts';
import { useUser } from '../stores/userStore.ts';
import { LOCK_PATH, OPEN_PATHS, decide } from './guard.ts';
import { resolveShellPath } from './fixedViews.ts';

/** Paths rendered outside the shell layout. */
const OUTSIDE_SHELL: readonly string[] = [...OPEN_PATHS, LOCK_PATH, '/404', '/', '/scanConfirm'];

/**
 * The root route's loader: runs before every navigation (shouldRevalidate is
 * always true) and applies the guard of spec §2.2. Shell paths are resolved
 * here too, so a directory lands on its first page and an unknown path on
 * /404 before anything renders.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const fullPath = path + url.search;
  const state = () => ({
    path,
    fullPath,
    hasToken: !!useSession.getState().token,
    locked: useSession.getState().isLock,
    loaded: useUser.getState().loaded,
  });

  let decision = decide(state());
  if (decision.type === 'load') {
    try {
      await loadCurrentUser();
    } catch (error) {
      // Spec §8: the error text (or 'Has Error'), token reset, login with redirect.
      resetSession();
      toast.error(error instanceof Error ? error.message : String(error));
      throw redirect(loginUrl(fullPath));
    }
    decision = decide(state());
  }
  if (decision.type === 'redirect') throw redirect(decision.to);

  if (useSession.getState().token && !OUTSIDE_SHELL.includes(path)) {
    const resolved = resolveShellPath(path, useUser.getState().routeTable);
    if (resolved.type === 'redirect') throw redirect(resolved.to);
    if (resolved.type === 'notFound') throw redirect('/404');
  }
  return null;
}
