import type { FieldPermission, FormDefinition, FormField } from '@medalliance/contract';

/**
 * How a node's field permissions shape the form on the detail page. The
 * server already removed hidden fields (and their values); these helpers
 * decide what is editable: on the start node every field not listed is
 * written by the starter, on an approver node only fields listed `write`,
 * and only while the caller holds the waiting task there. Pure, so the unit
 * tests check them without a browser.
 */
export type NodeType = 'start' | 'approver';

export function accessOf(permissions: FieldPermission[], nodeType: NodeType, field: string): FieldPermission['access'] {
  return permissions.find((p) => p.field === field)?.access ?? (nodeType === 'start' ? 'write' : 'read');
}

/** A field that holds a value (not a layout container). */
const holdsValue = (f: FormField) => !!f.field;

/** The top-level value keys the node may write (sub-table columns follow their table). */
export function writableKeys(def: FormDefinition, permissions: FieldPermission[], nodeType: NodeType, editable: boolean): string[] {
  if (!editable) return [];
  const keys: string[] = [];
  const walk = (fields: FormField[]) => {
    for (const f of fields) {
      if (holdsValue(f)) {
        if (accessOf(permissions, nodeType, f.field!) === 'write') keys.push(f.field!);
        continue; // a sub-table's columns go with it
      }
      if (f.children) walk(f.children);
    }
  };
  walk(def.fields);
  return keys;
}

/**
 * The definition to render: hidden fields dropped (again, in case), every
 * value field the node may not write marked disabled; a sub-table the node
 * may not write has its columns disabled too.
 */
export function formForNode(def: FormDefinition, permissions: FieldPermission[], nodeType: NodeType, editable: boolean): FormDefinition {
  const writable = new Set(writableKeys(def, permissions, nodeType, editable));
  const lock = (f: FormField): FormField => ({ ...f, disabled: true, ...(f.children ? { children: f.children.map(lock) } : {}) });
  const shape = (fields: FormField[]): FormField[] =>
    fields
      .filter((f) => !(f.field && accessOf(permissions, nodeType, f.field) === 'hidden'))
      .map((f) => {
        if (holdsValue(f)) return writable.has(f.field!) ? f : lock(f);
        return f.children ? { ...f, children: shape(f.children) } : f;
      });
  return { ...def, fields: shape(def.fields) };
}

/** Only these keys of the values (what an approval sends as formData). */
export function pickValues(values: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}

/** Tag colours of instance statuses (FlowStatus) and urgencies. */

/** Timeline dot colours of record actions (FlowAction). */
export function actionColor(action: number): string {
  if (action === 1 || action === 9 || action === 13 || action === 15) return 'green';
  if (action === 0 || action === 4) return 'red';
  if (action === 3 || action === 8 || action === 10) return 'gray';
  if (action === 12) return 'orange';
  if (action === 14) return 'purple';
  return 'blue';
}

/** Every chosen-approver node has at least one user. */
export function missingChoice(
  nodes: { id: string; name: string }[],
  chosen: Record<string, string[]>,
): { id: string; name: string } | null {
  return nodes.find((n) => !chosen[n.id]?.length) ?? null;
}
