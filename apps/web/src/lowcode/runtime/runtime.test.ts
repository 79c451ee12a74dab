import { describe, expect, it } from 'vitest';
import { listDefinition, type FormField } from '@medalliance/contract';
import { columnTitle, fieldsByKey, formatCell, shownColumns, tableColumns } from './listColumns.tsx';
import { buildQueryJson } from './queryJson.ts';

const t = (key: string) => key;

describe('list search', () => {
  const search = [
    { field: 'name', match: 'contains' as const },
    { field: 'sex', match: 'equal' as const },
    { field: 'age', match: 'range' as const },
    { field: 'tags', match: 'in' as const },
  ];

  it('sends each entered field by its match type and leaves empty ones out', () => {
    expect(buildQueryJson(search, { name: '  li ', sex: 'm', age: [18, null], tags: ['a', 'b'] })).toEqual({
      name: 'li',
      sex: 'm',
      age: [18, null],
      tags: ['a', 'b'],
    });
    expect(buildQueryJson(search, { name: ' ', sex: undefined, age: [null, null], tags: [] })).toEqual({});
  });

  it('keeps 0 as a value (a switch searched for off)', () => {
    expect(buildQueryJson([{ field: 'on', match: 'equal' }], { on: 0 })).toEqual({ on: 0 });
  });
});

describe('list columns', () => {
  const list = listDefinition.parse({
    columns: [
      { field: 'name', label: 'Name', sortable: true, width: 120, fixed: 'left' },
      { field: 'fee', label: 'Fee', format: '0.00', align: 'right' },
      { field: 'secret', label: 'Hidden', visible: false },
      { field: 'items.drug', label: 'Drug' },
    ],
  });
  const fields = fieldsByKey({
    fields: [
      { id: '1', type: 'input', field: 'name', label: 'Name' },
      { id: '2', type: 'switch', field: 'paid', label: 'Paid' },
      { id: '3', type: 'table', field: 'items', label: 'Items', children: [{ id: '4', type: 'input', field: 'drug', label: 'Drug' }] },
    ] satisfies FormField[],
  });

  it('finds sub-table fields by table.field', () => {
    expect(fields.get('items.drug')?.label).toBe('Drug');
  });

  it('shows designed columns minus those hidden in the settings drawer', () => {
    expect(shownColumns(list, new Set()).map((c) => c.field)).toEqual(['name', 'fee', 'items.drug']);
    expect(shownColumns(list, new Set(['fee'])).map((c) => c.field)).toEqual(['name', 'items.drug']);
  });

  it('marks the column the list is sorted by and passes width, fixed and align', () => {
    const cols = tableColumns(shownColumns(list, new Set()), fields, { sidx: 'name', sort: 'asc' }, t);
    expect(cols[0]).toMatchObject({ key: 'name', width: 120, fixed: 'left', sorter: true, sortOrder: 'ascend' });
    expect(cols[1]).toMatchObject({ key: 'fee', align: 'right', sortOrder: null });
  });

  it('formats numbers and epoch-ms dates by the column format', () => {
    expect(formatCell(3, '0.00')).toBe('3.00');
    expect(formatCell('2.5', '0')).toBe('3');
    expect(formatCell(new Date(2024, 4, 6).getTime(), 'YYYY/MM/DD')).toBe('2024/05/06');
    expect(formatCell('x', undefined)).toBeUndefined();
  });
});

describe('list columns in the UI language', () => {
  const form = {
    fields: [
      {
        id: 'method',
        type: 'select',
        field: 'method',
        label: '随访方式',
        options: { source: 'static', items: [{ id: '1', fullName: '门诊' }] },
        i18n: { en: { label: 'Visit method', options: { '1': 'Clinic' } } },
      },
      { id: 'note', type: 'input', field: 'note', label: '备注' },
    ] as FormField[],
  };

  it("titles a column with its field's translation, else the list designer's label", () => {
    const fields = fieldsByKey(form, 'en');
    expect(columnTitle({ label: '方式' }, fields.get('method'), 'en')).toBe('Visit method');
    expect(columnTitle({ label: '方式' }, fields.get('method'), 'zh')).toBe('方式');
    expect(columnTitle({ label: '方式' }, fields.get('method'), 'zhtw')).toBe('方式');
    expect(columnTitle({ label: '备注栏' }, fields.get('note'), 'en')).toBe('备注栏');
    expect(columnTitle({ label: '其他' }, undefined, 'en')).toBe('其他');
  });

  it('shows static option values in the language', () => {
    expect(fieldsByKey(form, 'en').get('method')?.options?.items?.[0]?.fullName).toBe('Clinic');
    expect(fieldsByKey(form).get('method')?.options?.items?.[0]?.fullName).toBe('门诊');
  });
});
