import type { UserGrants } from './grants.service.ts';

/**
 * Column and form-field authorization (server-contract §2, spec §6). A menu
 * with column authorization on registers its list columns; a user sees only the
 * registered columns granted to them (columns nobody registered stay visible).
 * Form fields work the same way for writes: a registered field the user was
 * not granted keeps its stored value on update and its default on create.
 * Administrators see and edit everything.
 */
export function hiddenColumnsOf(grants: UserGrants, menuEnCode: string): Set<string> {
  if (grants.isAdministrator) return new Set();
  return grants.hiddenColumns.get(menuEnCode) ?? new Set();
}

export function lockedFieldsOf(grants: UserGrants, menuEnCode: string): Set<string> {
  if (grants.isAdministrator) return new Set();
  return grants.lockedFormFields.get(menuEnCode) ?? new Set();
}

/**
 * Removes the hidden columns from each row (the id always stays). Copies the
 * kept keys in order rather than deleting from a copy: objects that lost keys
 * to `delete` turn into slow dictionaries, and serializing them costs more.
 */
export function dropColumns<T extends object>(rows: T[], hidden: Set<string>): T[] {
  if (!hidden.size) return rows;
  return rows.map((row) => {
    const copy: Record<string, unknown> = {};
    // Rows are plain records (no inherited keys), so for…in visits exactly their own, in order.
    for (const key in row) if (key === 'id' || !hidden.has(key)) copy[key] = row[key];
    return copy as T;
  });
}

/**
 * A write body with the locked fields replaced: by the stored values on update,
 * by the defaults on create. Answers the names of the fields it replaced.
 */
export function protectLockedFields<T extends object>(body: T, locked: Set<string>, fallback: Partial<T>): { body: T; ignored: string[] } {
  if (!locked.size) return { body, ignored: [] };
  const copy = { ...body } as Record<string, unknown>;
  const ignored: string[] = [];
  for (const key of locked) {
    if (!(key in copy)) continue;
    const before = (fallback as Record<string, unknown>)[key];
    if (JSON.stringify(copy[key]) !== JSON.stringify(before)) ignored.push(key);
    copy[key] = before;
  }
  return { body: copy as T, ignored };
}
