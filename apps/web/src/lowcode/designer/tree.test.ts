import { describe, expect, it } from 'vitest';
import { formDefinition, listDefinition, type FormField } from '@medalliance/contract';
import { commit, initialState, isDirty, redo, undo, withFields } from './history.ts';
import { copyField, insertField, keyProblem, locate, moveField, newField, removeField, ROOT, updateField } from './tree.ts';

const base = (): FormField[] => [
  { id: 'a', type: 'input', field: 'name', label: 'Name' },
  { id: 'r', type: 'row', label: 'Row', children: [{ id: 'b', type: 'inputNumber', field: 'qty', label: 'Qty', span: 12 }] },
  {
    id: 't',
    type: 'table',
    field: 'items',
    tableName: 'items',
    label: 'Items',
    children: [{ id: 'c', type: 'input', field: 'name', label: 'Item' }],
  },
];

describe('designer tree', () => {
  it('inserts by copying only the path, so untouched fields keep their identity', () => {
    const fields = base();
    const f = newField(fields, 'input', 'New', 'r');
    const next = insertField(fields, 'r', 0, f);
    expect(next[1]!.children!.map((c) => c.id)).toEqual([f.id, 'b']);
    expect(next[0]).toBe(fields[0]);
    expect(next[2]).toBe(fields[2]);
    expect(fields[1]!.children).toHaveLength(1);
  });

  it('gives new fields keys unique in their scope (main form vs sub-table)', () => {
    const fields = base();
    const a = newField(fields, 'input', 'x');
    const b = newField(insertField(fields, ROOT, 0, a), 'input', 'y');
    expect(a.field).toBe('input1');
    expect(b.field).toBe('input2');
    expect(newField(fields, 'table', 't').children).toEqual([]);
  });

  it('checks the key rule, reserved names and case-insensitive uniqueness per scope', () => {
    const fields = base();
    expect(keyProblem(fields, 'b', '')).toBe('required');
    expect(keyProblem(fields, 'b', '1abc')).toBe('pattern');
    expect(keyProblem(fields, 'b', 'creatorUserId')).toBe('reserved');
    expect(keyProblem(fields, 'b', 'NAME'.toLowerCase())).toBe('duplicate');
    expect(keyProblem(fields, 'b', 'nAME')).toBe('duplicate');
    // The sub-table has its own scope: its column may share a main key, not a sibling's.
    expect(keyProblem(fields, 'c', 'qty')).toBeNull();
    expect(keyProblem(fields, 'b', 'qty')).toBeNull();
  });

  it('moves within and between containers, refusing a move into itself or a bad container', () => {
    const fields = base();
    const down = moveField(fields, 'a', ROOT, 2);
    expect(down.map((f) => f.id)).toEqual(['r', 't', 'a']);
    const intoRow = moveField(fields, 'a', 'r', 1);
    expect(intoRow.map((f) => f.id)).toEqual(['r', 't']);
    expect(locate(intoRow, 'a')!.parentId).toBe('r');
    expect(moveField(fields, 'r', 'r', 0)).toBe(fields);
    // A row cannot become a sub-table column.
    expect(moveField(fields, 'r', 't', 0)).toBe(fields);
    const intoTable = moveField(fields, 'b', 't', 1);
    expect(locate(intoTable, 'b')!.table!.id).toBe('t');
  });

  it('removes, updates and copies with fresh ids and keys', () => {
    const fields = base();
    expect(removeField(fields, 'b')[1]!.children).toEqual([]);
    expect(updateField(fields, 'a', { label: 'Full name', required: true })[0]).toMatchObject({ label: 'Full name', required: true });
    const { fields: copied, copy } = copyField(fields, 't');
    expect(copied.map((f) => f.id)).toEqual(['a', 'r', 't', copy!.id]);
    expect(copy!.field).toBe('items1');
    expect(copy!.children![0]!.field).toBe('name');
    expect(copy!.children![0]!.id).not.toBe('c');
    expect(formDefinition.safeParse({ fields: copied }).success).toBe(true);
  });
});

describe('designer history', () => {
  const doc = { form: formDefinition.parse({ fields: base() }), list: listDefinition.parse({}) };
  const add = (d: typeof doc) => withFields(d, insertField(d.form.fields, ROOT, 0, newField(d.form.fields, 'input', 'n')));

  it('undoes and redoes, and is clean again when back at the saved document', () => {
    let s = initialState(doc);
    s = commit(s, add);
    s = commit(s, add);
    expect(s.doc.form.fields).toHaveLength(5);
    expect(isDirty(s)).toBe(true);
    s = undo(s);
    expect(s.doc.form.fields).toHaveLength(4);
    s = undo(s);
    expect(s.doc).toBe(doc);
    expect(isDirty(s)).toBe(false);
    s = redo(redo(s));
    expect(s.doc.form.fields).toHaveLength(5);
    expect(undo(initialState(doc))).toEqual(initialState(doc));
  });

  it('coalesces typing in one property into one step, and a new change drops the redo branch', () => {
    let s = initialState(doc);
    for (const label of ['N', 'Na', 'Nam']) s = commit(s, (d) => withFields(d, updateField(d.form.fields, 'a', { label })), 'a:label');
    expect(s.past).toHaveLength(1);
    s = undo(s);
    expect(s.doc.form.fields[0]!.label).toBe('Name');
    s = commit(s, add);
    expect(s.future).toHaveLength(0);
  });
});
