/**
 * The address picker's rules (spec §2.6, §4, §9): the tree loads one level
 * per click from the root '-1'; nodes at the chosen depth (0 = province,
 * default 2 = district) are shown as leaves, and only those can be picked.
 * Single mode replaces the choice; multiple mode appends and ignores
 * duplicates. The value is the id path; the label is the name path joined by '/'.
 */

export const ADDRESS_ROOT = '-1';
export const DEFAULT_ADDRESS_DEPTH = 2;
export const ADDRESS_SEPARATOR = '/';

export interface AddressChoice {
  ids: string[];
  names: string[];
}

/** Whether a node at `nodeDepth` (0-based) is drawn as a leaf: the chosen depth ends the tree. */
export function isLeafAt(nodeDepth: number, depth: number, serverLeaf?: boolean): boolean {
  return nodeDepth >= depth || !!serverLeaf;
}

/** Only a node exactly at the chosen depth is picked. */
export function canPick(nodeDepth: number, depth: number): boolean {
  return nodeDepth === depth;
}

export const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Adds a choice: single mode replaces, multiple mode appends unless the same path is there already. */
export function addChoice(selected: readonly AddressChoice[], choice: AddressChoice, multiple: boolean): AddressChoice[] {
  if (!multiple) return [choice];
  return selected.some((s) => samePath(s.ids, choice.ids)) ? [...selected] : [...selected, choice];
}

export function removeChoice(selected: readonly AddressChoice[], index: number): AddressChoice[] {
  return selected.filter((_, i) => i !== index);
}

export const joinNames = (names: readonly string[]) => names.join(ADDRESS_SEPARATOR);

/** Id paths of a value: single mode holds one path (string[]), multiple mode a list of paths (string[][]). Anything else is empty. */
export function valuePaths(value: unknown, multiple: boolean): string[][] {
  if (!Array.isArray(value) || !value.length) return [];
  if (multiple) return value.filter((p): p is string[] => Array.isArray(p) && p.length > 0).map((p) => p.map(String));
  return value.every((x) => typeof x === 'string' || typeof x === 'number') ? [value.map(String)] : [];
}

/** The value to emit for the chosen paths. */
export function toValue(selected: readonly AddressChoice[], multiple: boolean): string[] | string[][] {
  if (multiple) return selected.map((s) => [...s.ids]);
  return selected[0] ? [...selected[0].ids] : [];
}
