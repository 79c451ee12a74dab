import { FIELD_KEY, FIELD_TYPES, fieldTypeInfo, holdsValue, SYSTEM_COLUMNS, type FieldType, type FormField } from '@medalliance/contract';

/**
 * Pure operations on the form's field tree. Every change copies only the
 * path from the root to the changed node, so untouched fields keep their
 * identity and the canvas (memoized per field) re-renders only what changed:
 * that is what keeps adding a field to a 200-field form cheap.
 */

export const ROOT = 'root';

/** Containers a field can be dropped into (tab and collapse hold only their items). */
export function acceptsChildren(type: FieldType | 'root'): boolean {
  return type === 'root' || type === 'row' || type === 'card' || type === 'tabItem' || type === 'collapseItem' || type === 'table';
}

/** May a field of this type sit in that container? */
export function canPlace(type: FieldType, container: FieldType | 'root'): boolean {
  if (type === 'tabItem') return container === 'tab';
  if (type === 'collapseItem') return container === 'collapse';
  if (!acceptsChildren(container)) return false;
  // A sub-table's columns hold values and nothing else (no layout, no nested table).
  if (container === 'table') return !FIELD_TYPES[type].notInTable && holdsValue(type);
  return true;
}

export interface Located {
  field: FormField;
  /** The container's id (ROOT for the top level). */
  parentId: string;
  index: number;
  /** The sub-table the field sits in, if any. */
  table?: FormField;
}

export function locate(fields: readonly FormField[], id: string, parentId = ROOT, table?: FormField): Located | null {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.id === id) return { field: f, parentId, index: i, table };
    if (f.children) {
      const found = locate(f.children, id, f.id, f.type === 'table' ? f : table);
      if (found) return found;
    }
  }
  return null;
}

/** The children of a container (ROOT: the top level); null when there is no such container. */
export function childrenOf(fields: readonly FormField[], containerId: string): readonly FormField[] | null {
  if (containerId === ROOT) return fields;
  return locate(fields, containerId)?.field.children ?? null;
}

export function containerType(fields: readonly FormField[], containerId: string): FieldType | 'root' | null {
  if (containerId === ROOT) return 'root';
  return locate(fields, containerId)?.field.type ?? null;
}

/** Replace the children of one container, copying only the path to it. */
function mapChildren(fields: FormField[], containerId: string, fn: (children: FormField[]) => FormField[]): FormField[] {
  if (containerId === ROOT) return fn(fields);
  let changed = false;
  const out = fields.map((f) => {
    if (changed || !f.children) return f;
    if (f.id === containerId) {
      changed = true;
      return { ...f, children: fn(f.children) };
    }
    const children = mapChildren(f.children, containerId, fn);
    if (children === f.children) return f;
    changed = true;
    return { ...f, children };
  });
  return changed ? out : fields;
}

export function insertField(fields: FormField[], containerId: string, index: number, field: FormField): FormField[] {
  return mapChildren(fields, containerId, (children) => {
    const at = Math.max(0, Math.min(index, children.length));
    return [...children.slice(0, at), field, ...children.slice(at)];
  });
}

export function removeField(fields: FormField[], id: string): FormField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  return mapChildren(fields, at.parentId, (children) => children.filter((f) => f.id !== id));
}

export function updateField(fields: FormField[], id: string, patch: Partial<FormField>): FormField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  return mapChildren(fields, at.parentId, (children) => children.map((f) => (f.id === id ? dropUndefined({ ...f, ...patch }) : f)));
}

function dropUndefined(f: FormField): FormField {
  for (const k of Object.keys(f) as (keyof FormField)[]) if (f[k] === undefined) delete f[k];
  return f;
}

function contains(field: FormField, id: string): boolean {
  return !!field.children?.some((c) => c.id === id || contains(c, id));
}

/**
 * Move a field to `index` of a container (the index as if the field were not
 * there yet). Refused (same tree back) when the target does not take the
 * field, or is the field itself or inside it.
 */
export function moveField(fields: FormField[], id: string, containerId: string, index: number): FormField[] {
  const at = locate(fields, id);
  if (!at) return fields;
  if (containerId === id || contains(at.field, containerId)) return fields;
  const target = containerType(fields, containerId);
  if (!target || !canPlace(at.field.type, target)) return fields;
  if (target === 'table' && at.table?.id !== containerId && !holdsValue(at.field.type)) return fields;
  const without = removeField(fields, id);
  return insertField(without, containerId, index, at.field);
}

// ---------------------------------------------------------------- keys and ids

/** Every id in the form. */
export function allIds(fields: readonly FormField[], out = new Set<string>()): Set<string> {
  for (const f of fields) {
    out.add(f.id);
    if (f.children) allIds(f.children, out);
  }
  return out;
}

/**
 * The keys sharing a scope with a field in `tableId` (undefined: the main
 * form), lower-cased: the server's columns are case-insensitive.
 */
export function keysInScope(fields: readonly FormField[], tableId: string | undefined, exceptId?: string): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly FormField[], table: string | undefined) => {
    for (const f of list) {
      if (f.id !== exceptId && f.field && table === tableId) out.add(f.field.toLowerCase());
      if (f.children) walk(f.children, f.type === 'table' ? f.id : table);
    }
  };
  walk(fields, undefined);
  return out;
}

const RESERVED = new Set(SYSTEM_COLUMNS.flatMap((c) => [c.toLowerCase(), c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)]));

export type KeyProblem = 'required' | 'pattern' | 'reserved' | 'duplicate';

/** Why `key` cannot be the data key of field `id`; null when it can. */
export function keyProblem(fields: readonly FormField[], id: string, key: string): KeyProblem | null {
  if (!key) return 'required';
  if (!FIELD_KEY.test(key)) return 'pattern';
  if (RESERVED.has(key.toLowerCase())) return 'reserved';
  const at = locate(fields, id);
  if (keysInScope(fields, at?.table?.id, id).has(key.toLowerCase())) return 'duplicate';
  return null;
}

function freshId(used: Set<string>): string {
  let id: string;
  do id = `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  while (used.has(id));
  used.add(id);
  return id;
}

/** `<type><n>`: the first free number in the scope. */
function freshKey(type: FieldType, taken: Set<string>): string {
  const base = type.replace(/[^A-Za-z0-9]/g, '');
  let n = 1;
  while (taken.has(`${base}${n}`.toLowerCase())) n++;
  const key = `${base}${n}`;
  taken.add(key.toLowerCase());
  return key;
}

/**
 * A new field of a type, ready for the container it goes into: an id unique
 * in the form and, for a value field, a key unique in its scope.
 */
export function newField(fields: readonly FormField[], type: FieldType, label: string, containerId = ROOT): FormField {
  const used = allIds(fields);
  const tableId = containerType(fields, containerId) === 'table' ? containerId : locate(fields, containerId)?.table?.id;
  const taken = keysInScope(fields, tableId);
  return build(type, label, used, taken);
}

function build(type: FieldType, label: string, used: Set<string>, taken: Set<string>): FormField {
  const f: FormField = { id: freshId(used), type, label };
  if (holdsValue(type) || type === 'table') f.field = freshKey(type, taken);
  if (type === 'table') {
    f.tableName = f.field;
    f.children = [];
  } else if (type === 'tab' || type === 'collapse') {
    const item = type === 'tab' ? 'tabItem' : 'collapseItem';
    f.children = [1, 2].map((n) => ({ id: freshId(used), type: item, label: `${label} ${n}`, children: [] }));
  } else if (FIELD_TYPES[type].container) {
    f.children = [];
  }
  if (type === 'row') f.span = 24;
  if (fieldTypeInfo(type).hasOptions) {
    f.options =
      type === 'dicSelect'
        ? { source: 'dictionary', dictionaryType: '' }
        : {
            source: 'static',
            items: [
              { id: '1', fullName: 'Option 1' },
              { id: '2', fullName: 'Option 2' },
            ],
          };
  }
  return f;
}

/** A deep copy with fresh ids and keys (suffixing numbers), placed right after the original. */
export function copyField(fields: FormField[], id: string): { fields: FormField[]; copy: FormField | null } {
  const at = locate(fields, id);
  if (!at) return { fields, copy: null };
  const used = allIds(fields);
  const taken = keysInScope(fields, at.table?.id);
  const clone = (f: FormField, inTable: boolean): FormField => {
    const c: FormField = { ...f, id: freshId(used) };
    if (f.field && (!inTable || f.type !== 'table')) {
      let n = 1;
      while (taken.has(`${f.field}${n}`.toLowerCase()) || !FIELD_KEY.test(`${f.field}${n}`)) n++;
      c.field = `${f.field}${n}`;
      // Columns of a copied sub-table keep their keys: they live in the copy's own scope.
      if (!inTable) taken.add(c.field.toLowerCase());
      if (f.type === 'table') c.tableName = c.field;
    }
    if (f.children) c.children = f.children.map((ch) => cloneChild(ch, f.type === 'table' || inTable));
    return c;
  };
  const cloneChild = (f: FormField, inTable: boolean): FormField =>
    inTable
      ? { ...f, id: freshId(used), ...(f.children ? { children: f.children.map((c) => cloneChild(c, true)) } : {}) }
      : clone(f, false);
  const copy = clone(at.field, false);
  return { fields: insertField(fields, at.parentId, at.index + 1, copy), copy };
}
