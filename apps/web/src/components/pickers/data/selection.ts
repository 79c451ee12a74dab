/**
 * Selection rules of the popup pickers (spec §4): opening copies the value
 * into the checked choice; a row click sets it; confirm works only with a
 * choice. The table popover toggles rows in multiple mode, emits an empty
 * value in single mode with no choice, and resets a non-array value in
 * multiple mode to [] (with a warning).
 */

export type Key = string;

export const hasChoice = (checked: unknown): boolean =>
  Array.isArray(checked) ? checked.length > 0 : checked !== null && checked !== undefined && checked !== '';

/** The row's value field as a string key ('' when missing). */
export function rowKey(row: Record<string, unknown> | null | undefined, valueField: string): Key {
  const v = row?.[valueField];
  return v === null || v === undefined ? '' : String(v);
}

/** Popover rows: multiple mode toggles a key in or out; single mode replaces. */
export function toggleKey(selected: readonly Key[], key: Key, multiple: boolean): Key[] {
  if (!multiple) return [key];
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}

export interface Normalized {
  keys: Key[];
  /** True when a multiple picker got a non-array value and reset it. */
  reset: boolean;
}

/** A stored value as the list of selected keys. */
export function normalizeValue(value: unknown, multiple: boolean): Normalized {
  const empty = value === null || value === undefined || value === '';
  if (multiple) {
    if (empty) return { keys: [], reset: false };
    if (!Array.isArray(value)) return { keys: [], reset: true };
    return { keys: value.filter((v) => v !== null && v !== undefined && v !== '').map(String), reset: false };
  }
  if (empty) return { keys: [], reset: false };
  return { keys: [String(Array.isArray(value) ? value[0] ?? '' : value)].filter(Boolean), reset: false };
}

/** What confirm emits: the key list in multiple mode, the key (or '' with none) in single mode. */
export function confirmValue(keys: readonly Key[], multiple: boolean): Key | Key[] {
  return multiple ? [...keys] : (keys[0] ?? '');
}

/** Tag removal: the remaining keys (the picker re-confirms with them). */
export function removeKey(keys: readonly Key[], key: Key): Key[] {
  return keys.filter((k) => k !== key);
}

/** Keeps records for the keys, reusing known ones (records of earlier pages stay available for labels). */
export function recordsFor<R extends Record<string, unknown>>(keys: readonly Key[], known: ReadonlyMap<Key, R>): R[] {
  return keys.map((k) => known.get(k)).filter((r): r is R => !!r);
}

/** Shown text of a record: the label field, else the value. */
export function labelOf(row: Record<string, unknown> | undefined, labelField: string, valueField: string): string {
  if (!row) return '';
  const l = row[labelField];
  if (l !== null && l !== undefined && l !== '') return String(l);
  return rowKey(row, valueField);
}
