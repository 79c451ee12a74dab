import type { CurrentUser, Envelope } from '@medalliance/contract';
import dayjs from 'dayjs';
import { fetchCurrentUser, logout as logoutCall } from '../../api/oauth.ts';
import { HttpError, setSessionEndedHandler } from '../../api/http.ts';
import { t } from '../../i18n/index.ts';
import { toast } from '../feedback.ts';
import { isLoginPath, loginUrl, navigateTo } from '../navigation.ts';
import { isLayout } from '../stores/settings.ts';
import { getSettings } from '../stores/settingsStore.ts';
import { useSession } from '../stores/sessionStore.ts';
import { useTags } from '../stores/tagsStore.ts';
import { useUser } from '../stores/userStore.ts';
import { emitSessionReset } from './sessionEvents.ts';

/**
 * Token reset of spec §4: forgets the token, open tabs, menus, user info,
 * permissions and cached server data, and tells the socket and lookup caches.
 */
export function resetSession(): void {
  useSession.getState().clear();
  useTags.getState().reset();
  useUser.getState().clear();
  emitSessionReset();
}

/** 600/601/602 from any call (spec §8): reset and go to login unless already there. */
function onSessionEnded(_envelope: Envelope): void {
  const alreadyReset = !useSession.getState().token;
  resetSession();
  if (alreadyReset) return;
  if (!isLoginPath(window.location.pathname)) navigateTo(loginUrl(), { replace: true });
}
setSessionEndedHandler(onSessionEnded);

/** Why loading the user failed, in the words of spec §8. */
export class SessionLoadError extends Error {}

let inflight: Promise<CurrentUser> | null = null;
let freshLogin = false;

/** Called by the login page: the next user load is the first of this sign-in. */
export function markFreshLogin(): void {
  freshLogin = true;
}

/** Spec §2.5: after a sign-in, a 2000 ms toast names the previous sign-in when the server flags one. */
function announcePreviousLogin(user: CurrentUser['userInfo']): void {
  if (user.prevLogin !== 1 || !user.prevLoginTime) return;
  const time = dayjs(user.prevLoginTime).format('YYYY-MM-DD HH:mm');
  const place = user.prevLoginIPAddressName || user.prevLoginIPAddress || '—';
  toast.info(t('session.lastLogin', { time, place }), 2);
}

/**
 * Loads CurrentUser once per session (concurrent callers share the request)
 * and builds the routes from its menu list.
 */
export function loadCurrentUser(): Promise<CurrentUser> {
  inflight ??= (async () => {
    try {
      const { data } = await fetchCurrentUser();
      if (!data) throw new SessionLoadError(t('guard.verifyFailed'));
      if (!data.userInfo?.userId) throw new SessionLoadError(t('guard.loginExpired'));
      if (!data.menuList?.length) throw new SessionLoadError(t('guard.noPermission'));
      useUser.getState().setCurrentUser(data);
      const settings = getSettings();
      // The layout is saved on the server (spec §2.5): the account's choice wins over this browser's.
      if (isLayout(data.userInfo.theme) && data.userInfo.theme !== settings.layoutType) settings.set('layoutType', data.userInfo.theme);
      if (data.sysConfigInfo) settings.set('sysConfig', data.sysConfigInfo);
      if (freshLogin) announcePreviousLogin(data.userInfo);
      freshLogin = false;
      return data;
    } catch (error) {
      if (error instanceof SessionLoadError) throw error;
      if (error instanceof HttpError) throw new SessionLoadError(error.message || t('guard.hasError'));
      throw new SessionLoadError(error instanceof Error && error.message ? error.message : t('guard.hasError'));
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** Logout of spec §4 (confirmation is the caller's): tell the server, reset, go to login. */
export async function logout(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // The session ends locally whatever the server says.
  }
  resetSession();
  navigateTo('/login', { replace: true });
}
