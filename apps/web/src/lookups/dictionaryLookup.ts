import type { DictionaryAllEntry, DictionaryDataNode } from '@medalliance/contract';

/** Pure reads over the cached dictionary list (no React, no network). */

/** The type with this id or enCode, or undefined. */
export function findDictionary(
  list: readonly DictionaryAllEntry[] | undefined,
  typeIdOrCode: string | undefined,
): DictionaryAllEntry | undefined {
  if (!list || !typeIdOrCode) return undefined;
  return list.find((e) => e.id === typeIdOrCode) ?? list.find((e) => e.enCode === typeIdOrCode);
}

/** Item name by id or enCode within a type (for showing stored values); the value itself when unknown. */
export function dictionaryLabel(lookup: { flat: readonly DictionaryDataNode[] }, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const v = String(value);
  return (lookup.flat.find((d) => d.id === v) ?? lookup.flat.find((d) => d.enCode === v))?.fullName ?? v;
}
