import { describe, expect, it } from 'vitest';
import { formDefinition, validationRule, type FormField } from './form-schema.ts';
import { compilePattern } from './pattern.ts';
import { tableSummary, validateRecord } from './validate-record.ts';

const f = (type: FormField['type'], field: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label: field,
  ...extra,
});

const form = formDefinition.parse({
  fields: [
    f('input', 'name', { required: true, maxLength: 10, rules: [{ pattern: '^[A-Za-z]+$', message: 'letters only' }] }),
    f('inputNumber', 'age', { min: 0, max: 150 }),
    f('select', 'sex', {
      options: {
        source: 'static',
        items: [
          { id: '1', fullName: 'M' },
          { id: '2', fullName: 'F' },
        ],
      },
    }),
    f('dicSelect', 'dept', { options: { source: 'dictionary', dictionaryType: 'dep' } }),
    f('checkbox', 'tags', { required: true, options: { source: 'static', items: [{ id: 'a', fullName: 'A' }] } }),
    f('datePicker', 'visit', { min: 1000, max: 2000 }),
    f('switch', 'ok'),
    f('numberRange', 'range'),
    f('createUser', 'creator'),
    { id: 'row1', type: 'row', label: '', children: [f('amount', 'fee')] },
    f('calculate', 'total', { expression: 'fee + items.price' }),
    {
      id: 'items',
      type: 'table',
      field: 'items',
      label: 'Items',
      children: [
        f('input', 'drug', { required: true, rules: [{ pattern: '/^[a-z]+$/i', message: 'drug letters' }] }),
        f('inputNumber', 'price'),
        f('inputNumber', 'qty'),
        f('calculate', 'line', { expression: 'price × qty' }),
      ],
    },
  ],
});

const valid = {
  name: 'Li',
  age: 30,
  sex: '1',
  dept: 'd1',
  tags: ['a'],
  visit: 1500,
  ok: true,
  range: [1, 2],
  fee: '10.5',
  items: [
    { id: 'r1', drug: 'abc', price: 2, qty: 3, line: 999, junk: 'x' },
    { drug: 'Def', price: '1.25', qty: 2 },
  ],
};

describe('validateRecord', () => {
  it('accepts a valid record, converts values, drops unknown and server-filled keys, recomputes calculate fields', () => {
    const { record, issues } = validateRecord(
      form,
      { ...valid, creator: 'me', total: 1, evil: 'x' },
      { optionValues: () => new Set(['d1']) },
    );
    expect(issues).toEqual([]);
    expect(record).toEqual({
      name: 'Li',
      age: 30,
      sex: '1',
      dept: 'd1',
      tags: ['a'],
      visit: 1500,
      ok: 1,
      range: [1, 2],
      fee: 10.5,
      total: 13.75,
      items: [
        { id: 'r1', drug: 'abc', price: 2, qty: 3, line: 6 },
        { drug: 'Def', price: 1.25, qty: 2, line: 2.5 },
      ],
    });
  });

  it('names each failing field with its rule', () => {
    const { issues } = validateRecord(
      form,
      { name: '12345678901', age: 151, sex: '9', dept: 'zz', tags: [], visit: 10, ok: 2, range: [5, 1], fee: 'x', items: 'no' },
      { optionValues: () => new Set(['d1']) },
    );
    const got = issues.map((i) => `${i.field}:${i.key}${i.message ? `:${i.message}` : ''}`);
    expect(got).toEqual([
      'name:maxLength',
      'name:pattern:letters only',
      'age:max',
      'sex:option',
      'dept:option',
      'tags:required',
      'visit:min',
      'ok:type',
      'range:range',
      'fee:type',
      'items:type',
    ]);
  });

  it('treats empty string, null and the empty list as missing for required', () => {
    for (const name of ['', null, undefined]) {
      const { issues } = validateRecord(form, { ...valid, name });
      expect(issues.map((i) => i.key)).toEqual(['required']);
    }
  });

  it('validates sub-table cells with their row', () => {
    const { issues } = validateRecord(form, { ...valid, items: [{ drug: 'ok' }, { drug: '' }, { drug: 'x1', price: 'NaN' }] });
    expect(issues).toEqual([
      { field: 'drug', table: 'items', row: 1, key: 'required', params: { label: 'drug' } },
      { field: 'drug', table: 'items', row: 2, key: 'pattern', params: { label: 'drug' }, message: 'drug letters' },
      { field: 'price', table: 'items', row: 2, key: 'type', params: { label: 'price', expected: 'number' } },
    ]);
  });

  it('skips dictionary membership without a lookup, refuses wrong shapes and too many rows', () => {
    expect(validateRecord(form, { ...valid, dept: 'anything' }).issues).toEqual([]);
    const { issues } = validateRecord(form, { ...valid, tags: 'a', name: { $ne: 1 } }, {});
    expect(issues.map((i) => `${i.field}:${i.key}`)).toEqual(['name:type', 'tags:type']);
    const many = validateRecord(form, { ...valid, items: Array.from({ length: 3 }, () => ({ drug: 'a' })) }, { maxRows: 2 });
    expect(many.issues.map((i) => i.key)).toEqual(['rows']);
  });

  it('sums summary columns', () => {
    const table = { id: 't', type: 'table', label: 't', summary: ['price'] } as FormField;
    expect(tableSummary(table, [{ price: 1.1 }, { price: '2.2' }, { price: 'x' }])).toEqual({ price: 3.3 });
  });
});

describe('field rule patterns', () => {
  it('compiles bare and literal patterns, refuses invalid and catastrophic ones', () => {
    expect(compilePattern('^[a-z]+$')?.test('abc')).toBe(true);
    expect(compilePattern('/^[a-z]+$/gi')?.flags).toBe('i');
    for (const bad of ['(', '^(a+)+$', '/^(\\w*)*$/', '(x+x+)+y']) expect(compilePattern(bad)).toBeNull();
  });

  it('a model cannot carry a catastrophic rule, and an old one is skipped in well under a second', () => {
    expect(validationRule.safeParse({ pattern: '^(a+)+$', message: 'm' }).success).toBe(false);
    expect(validationRule.safeParse({ pattern: '^a+$', message: 'm' }).success).toBe(true);
    // A model saved before the refusal existed still holds the rule: built here without parsing, as stored.
    const old = { fields: [f('input', 'n', { rules: [{ pattern: '^(a+)+$', message: 'slow' }] })] } as Parameters<typeof validateRecord>[0];
    const started = performance.now();
    const out = validateRecord(old, { n: `${'a'.repeat(40)}!` });
    expect(performance.now() - started).toBeLessThan(500);
    expect(out.issues).toEqual([]);
  });
});
