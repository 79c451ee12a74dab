import { create } from 'zustand';
import { browserStorage, readItem, removeItem, writeItem } from './storage.ts';

/**
 * The session of spec §4: a token, a lock flag and a login-loading flag. Token,
 * session id and lock flag are persisted so a reload keeps the user signed in
 * (and still locked out, if the screen was locked).
 */
interface SessionState {
  token: string;
  sid: string;
  isLock: boolean;
  loginLoading: boolean;
  setSession(token: string, sid: string): void;
  setLock(locked: boolean): void;
  setLoginLoading(loading: boolean): void;
  /** Forgets token, session id and lock flag, in memory and in storage. */
  clear(): void;
}

const storage = browserStorage();

export const useSession = create<SessionState>()((set) => ({
  token: readItem(storage, 'token', ''),
  sid: readItem(storage, 'sid', ''),
  isLock: readItem(storage, 'isLock', false),
  loginLoading: false,
  setSession(token, sid) {
    writeItem(storage, 'token', token);
    writeItem(storage, 'sid', sid);
    set({ token, sid });
  },
  setLock(locked) {
    writeItem(storage, 'isLock', locked);
    set({ isLock: locked });
  },
  setLoginLoading(loading) {
    set({ loginLoading: loading });
  },
  clear() {
    for (const key of ['token', 'sid', 'isLock']) removeItem(storage, key);
    set({ token: '', sid: '', isLock: false, loginLoading: false });
  },
}));

export const getToken = (): string => useSession.getState().token;
