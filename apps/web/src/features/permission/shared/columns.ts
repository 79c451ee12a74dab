/**
 * Column authority on lists (spec §6): the server leaves out of every row the
 * columns the user may not see. A column whose field no row carries is hidden,
 * so the table never shows an empty column the user was refused. Columns with
 * no field (actions, computed) and lists without rows keep everything.
 */
export function honourColumns<C extends { dataIndex?: unknown; key?: unknown }>(
  columns: C[],
  rows: readonly object[],
  always: readonly string[] = [],
): C[] {
  if (!rows.length) return columns;
  const present = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row)) present.add(k);
  return columns.filter((c) => {
    const field = typeof c.dataIndex === 'string' ? c.dataIndex : null;
    if (!field || always.includes(field)) return true;
    return present.has(field);
  });
}

/** Shared with every list screen. */
export { scrollWidth } from '../../../components/listPage/columns.ts';
