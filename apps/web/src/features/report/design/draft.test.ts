import { describe, expect, it } from 'vitest';
import { reportDefinition, type ReportSourceField } from '@medalliance/contract';
import { columnFor, emptyDraft, firstUnused, formatFor, move, paramFor, patchAt, withoutColumn } from './draft.ts';

describe('report draft', () => {
  it('suggests a format and a filter type from a source field', () => {
    expect(formatFor({ field: 'sex', label: '性别', kind: 'string', control: 'dicSelect', dictionaryType: 'gender' })).toBe('dictionary');
    expect(formatFor({ field: 'dept', label: '科室', kind: 'string', control: 'depSelect' })).toBe('organization');
    expect(formatFor({ field: 'day', label: '日期', kind: 'datetime' })).toBe('date');
    expect(paramFor({ field: 'day', label: '日期', kind: 'datetime' }).type).toBe('dateRange');
    expect(paramFor({ field: 'sex', label: '性别', kind: 'string', dictionaryType: 'gender' })).toMatchObject({
      type: 'dictionary',
      dictionaryType: 'gender',
    });
    expect(columnFor({ field: 'fee', label: '费用', kind: 'decimal' })).toMatchObject({ format: 'number', align: 'right' });
  });

  it('removing a column removes it from grouping, header groups and charts, leaving a valid definition', () => {
    const def = {
      ...emptyDraft().definition,
      source: { kind: 'model' as const, modelId: 'm' },
      columns: [
        { field: 'org', title: '机构' },
        { field: 'fee', title: '费用', aggregate: 'sum' as const },
        { field: 'qty', title: '数量', aggregate: 'sum' as const },
      ],
      grouping: { groupBy: ['org'], subtotals: false, grandTotal: true },
      headerGroups: [{ title: '指标', fields: ['fee'] }],
      charts: [{ kind: 'bar' as const, category: 'org', values: ['fee', 'qty'] }],
    };
    expect(reportDefinition.safeParse(def).success).toBe(true);
    const noFee = withoutColumn(def, 'fee');
    expect(noFee.headerGroups).toEqual([]);
    expect(noFee.charts[0]!.values).toEqual(['qty']);
    expect(reportDefinition.safeParse(noFee).success).toBe(true);
    const noOrg = withoutColumn(def, 'org');
    expect(noOrg.grouping.groupBy).toEqual([]);
    expect(noOrg.charts).toEqual([]);
    expect(reportDefinition.safeParse(noOrg).success).toBe(true);
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});

describe('row edits', () => {
  it('patches only the i-th row and finds the first field no row uses', () => {
    const rows = [
      { field: 'a', title: 'A' },
      { field: 'b', title: 'B' },
    ];
    expect(patchAt(rows, 1, { title: 'Bee' })).toEqual([
      { field: 'a', title: 'A' },
      { field: 'b', title: 'Bee' },
    ]);
    expect(rows[1]!.title).toBe('B');
    const fields = [
      { field: 'a', label: 'A', kind: 'string' },
      { field: 'c', label: 'C', kind: 'string' },
    ] as ReportSourceField[];
    expect(firstUnused(fields, new Set(['a']))?.field).toBe('c');
    expect(firstUnused(fields, new Set(['a', 'c']))).toBeUndefined();
  });
});
