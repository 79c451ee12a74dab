import type { PermissionEntry } from '@medalliance/contract';

/** The three checks of spec §6. */
export type PermissionKind = 'button' | 'column' | 'form';

/** Default button codes of spec §6. */
export const BUTTON_CODES = { add: 'btn_add', edit: 'btn_edit', remove: 'btn_remove' } as const;

/**
 * A check passes only when there is a modelId, the permission list has an
 * entry for it, and that entry's list of the given kind holds the enCode.
 * Without a modelId the answer is no.
 */
export function hasPermission(list: readonly PermissionEntry[], modelId: string | undefined, kind: PermissionKind, code: string): boolean {
  if (!modelId || !code) return false;
  const entry = list.find((e) => e.modelId === modelId);
  return !!entry?.[kind]?.some((item) => item.enCode === code);
}

/** All codes of one kind granted on a screen (to filter table columns or form fields in one pass). */
export function grantedCodes(list: readonly PermissionEntry[], modelId: string | undefined, kind: PermissionKind): Set<string> {
  if (!modelId) return new Set();
  const entry = list.find((e) => e.modelId === modelId);
  return new Set((entry?.[kind] ?? []).map((item) => item.enCode));
}
