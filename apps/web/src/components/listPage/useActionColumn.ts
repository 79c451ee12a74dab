import { usePermission } from '../auth/usePermission.ts';

/**
 * The actions column shows only when the user holds one of its buttons
 * (spec §6: a refused button is removed, and so is a column left empty).
 */
export function useActionColumn(codes: readonly string[]) {
  const { hasBtn } = usePermission();
  const show = codes.some((c) => hasBtn(c));
  return <C extends { key?: unknown }>(columns: C[]): C[] => (show ? columns : columns.filter((c) => c.key !== 'actions'));
}
