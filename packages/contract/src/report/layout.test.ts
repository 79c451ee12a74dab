import { describe, expect, it } from 'vitest';
import { reportDefinition } from './definition.ts';
import { displayColumns, formatReportValue, headerRow, interleaveSubtotals } from './layout.ts';

const columns = [
  { field: 'org', title: '机构' },
  { field: 'kind', title: '类别' },
  { field: 'amount', title: '金额', aggregate: 'sum' as const },
  { field: 'qty', title: '数量', aggregate: 'avg' as const },
  { field: 'note', title: '备注' },
];

describe('report layout', () => {
  it('a grouped table shows its group fields and aggregated columns only', () => {
    expect(
      displayColumns({ columns, grouping: { groupBy: ['org', 'kind'], subtotals: true, grandTotal: true } }).map((c) => c.field),
    ).toEqual(['org', 'kind', 'amount', 'qty']);
    expect(displayColumns({ columns, grouping: { groupBy: [], subtotals: false, grandTotal: true } })).toHaveLength(5);
  });

  it('places each subtotal after the last row of its group, deepest level first', () => {
    const rows = [
      { org: 'A', kind: 'x', amount: 1 },
      { org: 'A', kind: 'y', amount: 2 },
      { org: 'B', kind: 'x', amount: 3 },
    ];
    const subtotals = [
      { level: 1, keys: { org: 'A' }, values: { amount: 3 }, count: 2 },
      { level: 1, keys: { org: 'B' }, values: { amount: 3 }, count: 1 },
    ];
    const laid = interleaveSubtotals(rows, subtotals, ['org', 'kind']);
    expect(laid.map((l) => (l.kind === 'row' ? `${l.row.org}${l.row.kind}` : `sub ${l.subtotal.keys.org}`))).toEqual([
      'Ax',
      'Ay',
      'sub A',
      'Bx',
      'sub B',
    ]);
  });

  it('merges header groups over consecutive columns; other columns span both rows', () => {
    const top = headerRow(columns.slice(0, 4), [{ title: '指标', fields: ['amount', 'qty'] }]);
    expect(top).toEqual([
      { title: '机构', col: 0, span: 1, both: true },
      { title: '类别', col: 1, span: 1, both: true },
      { title: '指标', col: 2, span: 2, both: false },
    ]);
    expect(headerRow(columns, [])).toBeNull();
  });

  it('formats values by the column format', () => {
    expect(formatReportValue({ field: 'm', title: 'm', format: 'money' }, 1234.5)).toBe('1,234.50');
    expect(formatReportValue({ field: 'p', title: 'p', format: 'percent' }, 0.125)).toBe('12.5%');
    expect(formatReportValue({ field: 'd', title: 'd', format: 'dictionary' }, 'id1', { d: { id1: '男' } })).toBe('男');
    expect(formatReportValue({ field: 'd', title: 'd', format: 'date' }, null)).toBe('');
  });

  it('the definition refuses names outside its columns and odd identifiers', () => {
    const base = { source: { kind: 'model', modelId: 'm' }, columns };
    expect(reportDefinition.safeParse(base).success).toBe(true);
    expect(reportDefinition.safeParse({ ...base, grouping: { groupBy: ['nope'] } }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, columns: [{ field: 'a"; drop', title: 'x' }] }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, charts: [{ kind: 'bar', category: 'org', values: ['ghost'] }] }).success).toBe(false);
  });
});
