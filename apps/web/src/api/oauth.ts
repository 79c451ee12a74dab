import type { CurrentUser, LoginResult } from '@medalliance/contract';
import { http } from './http.ts';

/** Authentication and session calls of spec §7.1. */

export interface LoginForm {
  account: string;
  /** MD5 hex of the typed password; the plain password never leaves the browser. */
  password: string;
  origin?: 'password' | 'sms' | 'scan';
  code?: string;
  timestamp?: string;
}

/** Fixed client credentials of the original platform's password grant. */
const CLIENT = { grant_type: 'password', scope: 'all', client_id: 'admin', client_secret: '123456' } as const;

export function login(form: LoginForm) {
  return http.post<LoginResult>(
    '/api/oauth/Login',
    { origin: 'password', code: '', timestamp: '', ...form, ...CLIENT },
    // The login page shows its own error under the form.
    { form: true, silent: true },
  );
}

export function fetchCurrentUser() {
  return http.get<CurrentUser>('/api/oauth/CurrentUser', undefined, { silent: true });
}

export function logout() {
  return http.get<null>('/api/oauth/Logout', undefined, { silent: true });
}

export function unlockScreen(account: string, passwordMd5: string) {
  // The lock screen shows a wrong password under the field.
  return http.post<null>('/api/oauth/LockScreen', { account, password: passwordMd5 }, { silent: true });
}
