/**
 * Local storage with the layout of spec §3 "Local settings": every key carries
 * one fixed prefix, and every value is stored with a suffix naming its type
 * (`true|boolean`, `"classic"|string`, `210|number`, `{…}|object`). The suffix
 * lets a reader refuse a value of the wrong type (an old or hand-edited entry)
 * and fall back to the default instead of crashing the shell.
 */
export const STORAGE_PREFIX = 'medalliance_';

export type StoredKind = 'string' | 'number' | 'boolean' | 'object';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function kindOf(value: unknown): StoredKind | null {
  if (value === null || value === undefined) return null;
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  if (t === 'object') return 'object';
  return null;
}

export function encodeValue(value: unknown): string | null {
  const kind = kindOf(value);
  if (!kind) return null;
  return `${JSON.stringify(value)}|${kind}`;
}

export function decodeValue(raw: string | null): { kind: StoredKind; value: unknown } | null {
  if (raw == null) return null;
  const bar = raw.lastIndexOf('|');
  if (bar < 0) return null;
  const kind = raw.slice(bar + 1);
  if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && kind !== 'object') return null;
  try {
    const value: unknown = JSON.parse(raw.slice(0, bar));
    return kindOf(value) === kind ? { kind, value } : null;
  } catch {
    return null;
  }
}

/** Reads `name`; anything missing, malformed, of another type or refused by `accept` gives `fallback`. */
export function readItem<T>(storage: KeyValueStorage, name: string, fallback: T, accept?: (v: unknown) => boolean): T {
  let raw: string | null = null;
  try {
    raw = storage.getItem(STORAGE_PREFIX + name);
  } catch {
    return fallback;
  }
  const decoded = decodeValue(raw);
  if (!decoded) return fallback;
  if (decoded.kind !== kindOf(fallback) && fallback !== null) return fallback;
  if (accept && !accept(decoded.value)) return fallback;
  return decoded.value as T;
}

export function writeItem(storage: KeyValueStorage, name: string, value: unknown): void {
  const encoded = encodeValue(value);
  try {
    if (encoded === null) storage.removeItem(STORAGE_PREFIX + name);
    else storage.setItem(STORAGE_PREFIX + name, encoded);
  } catch {
    // Storage full or blocked (private mode): the setting still applies for this visit.
  }
}

export function removeItem(storage: KeyValueStorage, name: string): void {
  try {
    storage.removeItem(STORAGE_PREFIX + name);
  } catch {
    /* see writeItem */
  }
}

/** An in-memory stand-in used when localStorage is unavailable (and by tests). */
export function memoryStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}

let cached: KeyValueStorage | null = null;

/** window.localStorage when it works, otherwise memory (so the app still runs). */
export function browserStorage(): KeyValueStorage {
  if (cached) return cached;
  try {
    const probe = `${STORAGE_PREFIX}probe`;
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    cached = window.localStorage;
  } catch {
    cached = memoryStorage();
  }
  return cached;
}
