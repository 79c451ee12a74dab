/** The table's scroll width: the columns' widths (those without one count as `flexible`), so hidden columns leave no stretched gap. */
export function scrollWidth(columns: readonly { width?: unknown }[], flexible = 160): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : flexible), 0);
}
