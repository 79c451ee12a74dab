import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormField } from '@medalliance/contract';
import { displayText } from './displayText.ts';
import { printHtml } from './printHtml.ts';
import { checkField, fieldRules, tableErrors } from './rules.ts';
import { defaultValue, formValue, initialValues, isEmptyValue } from './values.ts';

/** Messages as key(params), so a test sees which message and with what. */
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}(${Object.values(o).join(',')})` : key);

const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  id: extra.field ?? type,
  type,
  label: extra.field ?? type,
  ...extra,
});

const def = (fields: FormField[]): FormDefinition => ({
  labelWidth: 100,
  labelPosition: 'right',
  gutter: 15,
  popupType: 'general',
  popupWidth: '600px',
  fields,
});

const items = (...ids: string[]) => ({ source: 'static' as const, items: ids.map((id) => ({ id, fullName: id.toUpperCase() })) });

describe('field value shapes', () => {
  it('gives each type its empty or default value in the wire shape', () => {
    expect(defaultValue(f('switch', { field: 'on' }))).toBe(0);
    expect(defaultValue(f('switch', { field: 'on', defaultValue: true }))).toBe(1);
    expect(defaultValue(f('checkbox', { field: 'c' }))).toEqual([]);
    expect(defaultValue(f('checkbox', { field: 'c', defaultValue: 'a' }))).toEqual(['a']);
    expect(defaultValue(f('select', { field: 's', multiple: true, options: items('a') }))).toEqual([]);
    expect(defaultValue(f('select', { field: 's' }))).toBeUndefined();
    expect(defaultValue(f('input', { field: 'name', defaultValue: 'x' }))).toBe('x');
    expect(defaultValue(f('table', { field: 'rows' }))).toEqual([]);
  });

  it('reads stored values into the component shapes: JSON-text arrays, numbers, 0/1 switches', () => {
    expect(formValue(f('checkbox', { field: 'c' }), '["a","b"]')).toEqual(['a', 'b']);
    expect(formValue(f('uploadFile', { field: 'u' }), '')).toEqual([]);
    expect(formValue(f('inputNumber', { field: 'n' }), '12.5')).toBe(12.5);
    expect(formValue(f('inputNumber', { field: 'n' }), 'abc')).toBeUndefined();
    expect(formValue(f('datePicker', { field: 'd' }), '1700000000000')).toBe(1_700_000_000_000);
    expect(formValue(f('switch', { field: 'on' }), '1')).toBe(1);
    expect(formValue(f('switch', { field: 'on' }), null)).toBe(0);
    expect(formValue(f('input', { field: 'name' }), 'x')).toBe('x');
  });

  it('builds initial values for main fields and sub-table rows, keeping row ids and leaving layout out', () => {
    const form = def([
      f('card', { children: [f('input', { field: 'name' })] }),
      f('table', { field: 'items', children: [f('inputNumber', { field: 'qty' }), f('switch', { field: 'paid' })] }),
      f('text', { content: 'hello' }),
    ]);
    expect(initialValues(form)).toEqual({ name: undefined, items: [] });
    expect(initialValues(form, { name: 'A', items: [{ id: 'r1', qty: '3', paid: 1, extra: 'x' }] })).toEqual({
      name: 'A',
      items: [{ id: 'r1', qty: 3, paid: 1 }],
    });
  });

  it('counts blank text, empty lists and open ranges as empty, but not 0 or false', () => {
    expect(isEmptyValue('  ')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue([null, null])).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(false)).toBe(false);
    expect(isEmptyValue([0, null])).toBe(false);
  });
});

describe('renderer validation', () => {
  it('asks for a required value, with the field named', () => {
    expect(checkField(f('input', { field: 'name', label: 'Name', required: true }), '', t)).toBe('requiredField(Name)');
    expect(checkField(f('input', { field: 'name', label: 'Name' }), '', t)).toBeNull();
  });

  it('answers a regex rule with its own message, in the reference /…/ spelling too', () => {
    const phone = f('input', { field: 'phone', rules: [{ pattern: '/^1[3-9]\\d{9}$/', message: 'bad mobile' }] });
    expect(checkField(phone, '123', t)).toBe('bad mobile');
    expect(checkField(phone, '13800138000', t)).toBeNull();
  });

  it('checks length and number ranges', () => {
    expect(checkField(f('input', { field: 'code', label: 'Code', maxLength: 3 }), 'abcd', t)).toBe('maxLength(Code,3)');
    const age = f('inputNumber', { field: 'age', label: 'Age', min: 0, max: 150 });
    expect(checkField(age, -1, t)).toBe('minValue(Age,0)');
    expect(checkField(age, 151, t)).toBe('maxValue(Age,150)');
    expect(checkField(age, 30, t)).toBeNull();
  });

  it('refuses a static option that is not offered and an amount over 12 integer digits', () => {
    expect(checkField(f('select', { field: 's', label: 'S', options: items('a', 'b') }), 'z', t)).toBe('notAnOption(S,z)');
    expect(checkField(f('amount', { field: 'fee', label: 'Fee' }), 1_000_000_000_000, t)).toMatch(/^maxValue\(Fee,/);
  });

  it("marks sub-table cells: 'can't be empty' for a required cell, the rule's message for a pattern", () => {
    const table = f('table', {
      field: 'items',
      label: 'Items',
      children: [
        f('input', { field: 'drug', label: 'Drug', required: true }),
        f('input', { field: 'code', rules: [{ pattern: '^[A-Z]+$', message: 'upper case' }] }),
      ],
    });
    const errors = tableErrors(
      table,
      [
        { drug: 'x', code: 'AB' },
        { drug: '', code: 'ab' },
      ],
      t,
    );
    expect([...errors]).toEqual([
      ['1:drug', 'cantBeEmpty'],
      ['1:code', 'upper case'],
    ]);
  });

  it("runs as the form item's rule, naming the row and column of a bad sub-table cell", async () => {
    const table = f('table', { field: 'items', label: 'Items', children: [f('input', { field: 'drug', label: 'Drug', required: true })] });
    const [rule] = fieldRules(table, t);
    await expect(rule!.validator(null, [{ drug: 'a' }])).resolves.toBeUndefined();
    await expect(rule!.validator(null, [{ drug: 'a' }, { drug: '' }])).rejects.toThrow('cellError(2,Drug,cantBeEmpty)');
    const [own] = fieldRules(f('input', { field: 'n', label: 'N', required: true }), t);
    await expect(own!.validator(null, '')).rejects.toThrow('requiredField(N)');
  });
});

describe('display values', () => {
  it('formats switches, dates, ranges, amounts and paths', () => {
    expect(displayText(f('switch'), 1, t)).toBe('yes');
    expect(displayText(f('switch'), 0, t)).toBe('no');
    const day = new Date(2024, 0, 31, 10, 0).getTime();
    expect(displayText(f('datePicker'), day, t)).toBe('2024-01-31');
    expect(displayText(f('createTime'), day, t)).toBe('2024-01-31 10:00:00');
    expect(displayText(f('numberRange'), [1, 5], t)).toBe('1 ~ 5');
    expect(displayText(f('amount'), 3, t)).toBe('3.00');
    expect(displayText(f('cascader'), ['Zhejiang', 'Hangzhou'], t)).toBe('Zhejiang/Hangzhou');
    expect(displayText(f('uploadFile'), [{ name: 'a.pdf' }, { name: 'b.png' }], t)).toBe('a.pdf, b.png');
    expect(displayText(f('input'), null, t)).toBe('');
  });

  it('prints a clean layout with escaped values and sub-table rows', () => {
    const form = def([
      f('input', { field: 'name', label: 'Name' }),
      f('table', { field: 'items', label: 'Items', children: [f('input', { field: 'drug', label: 'Drug' })] }),
    ]);
    const html = printHtml(form, 'Log', { name: '<script>x</script>', items: [{ drug: 'Aspirin' }] }, t);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<td>1</td><td>Aspirin</td>');
  });
});
