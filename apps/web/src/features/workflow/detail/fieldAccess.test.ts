import { describe, expect, it } from 'vitest';
import { formDefinition, type FormField } from '@medalliance/contract';
import { accessOf, actionColor, formForNode, missingChoice, pickValues, writableKeys } from './fieldAccess.ts';

const def = formDefinition.parse({
  fields: [
    {
      id: 'r',
      type: 'row',
      label: '',
      children: [
        { id: 'a', type: 'input', field: 'name', label: 'Name' },
        { id: 'b', type: 'inputNumber', field: 'age', label: 'Age' },
      ],
    },
    { id: 'c', type: 'textarea', field: 'note', label: 'Note' },
    { id: 'd', type: 'table', field: 'items', label: 'Items', children: [{ id: 'e', type: 'input', field: 'drug', label: 'Drug' }] },
  ],
});
const find = (fields: FormField[], key: string): FormField | undefined => {
  for (const f of fields) {
    if (f.field === key) return f;
    const inner = f.children && find(f.children, key);
    if (inner) return inner;
  }
  return undefined;
};

describe('field access on the detail page', () => {
  it('defaults unlisted fields to write on the start node and read on an approver node', () => {
    expect(accessOf([], 'start', 'x')).toBe('write');
    expect(accessOf([], 'approver', 'x')).toBe('read');
    expect(accessOf([{ field: 'x', access: 'hidden' }], 'start', 'x')).toBe('hidden');
  });

  it('lets an approver write only the fields listed write, and only on a waiting task', () => {
    const perms = [{ field: 'note', access: 'write' as const }];
    expect(writableKeys(def, perms, 'approver', true)).toEqual(['note']);
    expect(writableKeys(def, perms, 'approver', false)).toEqual([]);
    expect(writableKeys(def, [{ field: 'age', access: 'read' as const }], 'start', true)).toEqual(['name', 'note', 'items']);
  });

  it('disables what may not be written (sub-table columns with their table) and drops hidden fields', () => {
    const shaped = formForNode(
      def,
      [
        { field: 'note', access: 'write' },
        { field: 'age', access: 'hidden' },
      ],
      'approver',
      true,
    );
    expect(find(shaped.fields, 'note')?.disabled).toBeUndefined();
    expect(find(shaped.fields, 'name')?.disabled).toBe(true);
    expect(find(shaped.fields, 'age')).toBeUndefined();
    expect(find(shaped.fields, 'drug')?.disabled).toBe(true);
    // Nothing is editable once the task is no longer waiting.
    expect(find(formForNode(def, [{ field: 'note', access: 'write' }], 'approver', false).fields, 'note')?.disabled).toBe(true);
  });

  it('picks the written values, checks chosen approvers and colours actions', () => {
    expect(pickValues({ note: 'n', name: 'x' }, ['note', 'missing'])).toEqual({ note: 'n' });
    const nodes = [{ id: 'a', name: 'A' }];
    expect(missingChoice(nodes, {})).toEqual(nodes[0]);
    expect(missingChoice(nodes, { a: ['u1'] })).toBeNull();
    expect(actionColor(0)).toBe('red');
    expect(actionColor(1)).toBe('green');
  });
});
