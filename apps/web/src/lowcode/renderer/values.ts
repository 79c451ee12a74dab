import { fieldTypeInfo, walkFields, type FormDefinition, type FormField, type RecordData } from '@medalliance/contract';

/**
 * Value shapes of the form (the wire shape of issue 13): scalars for single
 * choices, arrays for multi-value fields, epoch ms for dates, 0/1 for a
 * switch, `{ <table field>: [rows] }` for sub-tables. Pure, so the tests
 * check them without a browser.
 */

/** Empty as the required check sees it: nothing, '', only spaces, an empty list, a range of two empties. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === undefined || v === '');
  return false;
}

/** A value field's empty or default value, in its wire shape. */
export function defaultValue(field: FormField): unknown {
  const info = fieldTypeInfo(field.type);
  const d = field.defaultValue;
  if (field.type === 'switch') return d === 1 || d === true || d === '1' ? 1 : 0;
  if (d !== undefined && d !== null && d !== '') {
    if (info.array || (field.multiple && info.hasOptions)) return Array.isArray(d) ? d : [d];
    return d;
  }
  if (field.type === 'table') return [];
  if (info.array || field.multiple) return [];
  return undefined;
}

/** A new, empty sub-table row (each column at its default). */
export function emptyRow(table: FormField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const col of table.children ?? []) if (col.field) row[col.field] = defaultValue(col);
  return row;
}

/** The value fields of the main form (not those inside a sub-table) plus the sub-tables themselves. */
export function topFields(def: Pick<FormDefinition, 'fields'>): FormField[] {
  const out: FormField[] = [];
  for (const { field, table } of walkFields(def.fields)) {
    if (table || !field.field) continue;
    if (field.type === 'table' || fieldTypeInfo(field.type).column !== 'none') out.push(field);
  }
  return out;
}

/** Parses JSON text the server may store for arrays (multi-selects, uploads, ranges). */
function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** One stored value in the shape the field's component takes. */
export function formValue(field: FormField, value: unknown): unknown {
  if (value === null || value === undefined) return defaultValue(field);
  const info = fieldTypeInfo(field.type);
  if (field.type === 'switch') return value === 1 || value === true || value === '1' ? 1 : 0;
  if (info.array || (field.multiple && info.hasOptions)) return asArray(value) ?? (value === '' ? [] : [value]);
  if (info.column === 'decimal' || info.column === 'int' || info.column === 'datetime') {
    const n = typeof value === 'number' ? value : Number(value);
    return value === '' || !Number.isFinite(n) ? undefined : n;
  }
  return value;
}

/** The form's initial values: a record's values (edit) or every default (create). */
export function initialValues(def: Pick<FormDefinition, 'fields'>, record?: RecordData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of topFields(def)) {
    const key = field.field!;
    const v = record?.[key];
    if (field.type === 'table') {
      const rows = asArray(v) ?? [];
      values[key] = rows.map((r) => {
        const row: Record<string, unknown> = {};
        const src = (r ?? {}) as Record<string, unknown>;
        if (typeof src.id === 'string') row.id = src.id;
        for (const col of field.children ?? []) if (col.field) row[col.field] = formValue(col, src[col.field]);
        return row;
      });
    } else values[key] = record ? formValue(field, v) : defaultValue(field);
  }
  return values;
}
