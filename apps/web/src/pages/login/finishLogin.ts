import type { LoginResult } from '@medalliance/contract';
import { markFreshLogin } from '../../app/session/session.ts';
import { isLayout } from '../../app/stores/settings.ts';
import { useSession } from '../../app/stores/sessionStore.ts';
import { useSettings } from '../../app/stores/settingsStore.ts';
import { safeRedirect } from './safeRedirect.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * Where every sign-in mode ends (spec §4, §2.5): keep the token and session
 * id, apply the account's saved layout, and open the page the user wanted.
 * The shell's first user load then shows the last-login toast (2000 ms).
 */
export function finishLogin(result: LoginResult, redirect: string | null, navigate: Navigate): void {
  useSession.getState().setSession(result.token, result.sid);
  markFreshLogin();
  const settings = useSettings.getState();
  settings.set('layoutType', isLayout(result.theme) ? result.theme : 'classic');
  settings.set('loginNeedCode', false);
  void navigate(safeRedirect(redirect), { replace: true });
}
