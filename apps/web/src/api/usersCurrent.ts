import type { Language, Layout } from '@medalliance/contract';
import { http } from './http.ts';

/** Personal settings under /api/permission/Users/Current (spec §7.3). */
const BASE = '/api/permission/Users/Current';

export function saveSystemTheme(theme: Layout) {
  return http.put<null>(`${BASE}/SystemTheme`, { theme });
}

export function saveSystemLanguage(language: Language) {
  // Best effort: the language already applies locally, so a failure is not worth a toast.
  return http.put<null>(`${BASE}/SystemLanguage`, { language }, { silent: true });
}

/** Switches the user's current system (spec §7.3 "PUT major", majorType System). */
export function switchMajorSystem(majorId: string) {
  return http.put<null>(`${BASE}/major`, { majorId, majorType: 'System' });
}
