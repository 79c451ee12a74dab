import type { ReportColumn, ReportDefinition } from './definition.ts';
import type { ReportRow, ReportSubtotal } from './api.ts';

/**
 * How a run's answer is laid out, the same on the report page and in its
 * Excel export: which columns a table shows, where subtotal rows go, and the
 * two header rows of merged header groups.
 */

/** A grouped table shows its group fields and aggregated columns; a plain one every column. */
export function displayColumns(def: Pick<ReportDefinition, 'columns' | 'grouping'>): ReportColumn[] {
  const g = def.grouping.groupBy;
  if (!g.length) return def.columns;
  return def.columns.filter((c) => g.includes(c.field) || c.aggregate);
}

export type LaidRow = { kind: 'row'; row: ReportRow } | { kind: 'subtotal'; subtotal: ReportSubtotal };

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The page's rows with each subtotal placed after the last row of its group (deepest level first). */
export function interleaveSubtotals(rows: ReportRow[], subtotals: ReportSubtotal[], groupBy: string[]): LaidRow[] {
  const out: LaidRow[] = [];
  const find = (level: number, row: ReportRow) =>
    subtotals.find((s) => s.level === level && groupBy.slice(0, level).every((f) => same(s.keys[f], row[f])));
  rows.forEach((row, i) => {
    out.push({ kind: 'row', row });
    const next = rows[i + 1];
    const levels = [...new Set(subtotals.map((s) => s.level))].sort((a, b) => b - a);
    for (const level of levels) {
      const ends = !next || groupBy.slice(0, level).some((f) => !same(next[f], row[f]));
      if (!ends) continue;
      const s = find(level, row);
      if (s) out.push({ kind: 'subtotal', subtotal: s });
    }
  });
  return out;
}

export interface HeaderCell {
  title: string;
  /** First column index and how many columns it spans. */
  col: number;
  span: number;
  /** Spans both header rows (a column outside every group). */
  both: boolean;
}

/** The top header row when there are header groups: group cells over consecutive columns, other columns spanning both rows. */
export function headerRow(columns: ReportColumn[], groups: ReportDefinition['headerGroups']): HeaderCell[] | null {
  if (!groups.length) return null;
  const groupOf = new Map<string, number>();
  groups.forEach((g, i) => g.fields.forEach((f) => groupOf.has(f) || groupOf.set(f, i)));
  const cells: HeaderCell[] = [];
  columns.forEach((c, i) => {
    const g = groupOf.get(c.field);
    const last = cells.at(-1);
    if (g !== undefined && last && !last.both && last.title === groups[g]!.title && last.col + last.span === i) last.span++;
    else if (g !== undefined) cells.push({ title: groups[g]!.title, col: i, span: 1, both: false });
    else cells.push({ title: c.title, col: i, span: 1, both: true });
  });
  return cells.some((c) => !c.both) ? cells : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as the report shows it: names for dictionary and organisation ids, dates, fixed decimals. */
export function formatReportValue(column: ReportColumn, value: unknown, labels: Record<string, Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  switch (column.format) {
    case 'dictionary':
    case 'organization':
      return labels[column.field]?.[String(value)] ?? String(value);
    case 'date':
    case 'datetime': {
      if (!Number.isFinite(n)) return String(value);
      const d = new Date(n);
      const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      return column.format === 'date' ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }
    case 'number':
    case 'money':
      if (!Number.isFinite(n)) return String(value);
      return n.toLocaleString('en-US', {
        minimumFractionDigits: column.decimals ?? (column.format === 'money' ? 2 : 0),
        maximumFractionDigits: column.decimals ?? (column.format === 'money' ? 2 : 6),
      });
    case 'percent':
      if (!Number.isFinite(n)) return String(value);
      return `${(n * 100).toFixed(column.decimals ?? 1)}%`;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
