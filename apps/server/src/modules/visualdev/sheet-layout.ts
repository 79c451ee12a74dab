import { walkFields, type FormField } from '@medalliance/contract';
import type { RuntimeModel } from './records.service.ts';

/**
 * The one spreadsheet layout of a model's records, written by the export and
 * the import template and read by the import (master-detail):
 *
 * - one column per main-table field, headed by its label; one per sub-table
 *   column, headed `<table label>-<column label>` (e.g. `明细-药品`);
 * - a record's first line holds its main values and its first sub-table row
 *   (of each sub-table, side by side); its further sub-table rows follow on
 *   lines whose main columns are empty;
 * - a header that two fields would share gets the field's key in brackets
 *   (`名称 [name]`), for every field sharing it, so each header names one
 *   field; the key spellings (`code`, `items.drug`) are read too.
 *
 * Headers depend on the model only (never on the caller's grants or the chosen
 * columns), so the template, every export and the import agree.
 */
export interface SheetColumn {
  /** `field` for a main-table field, `table.field` for a sub-table column. */
  key: string;
  field: FormField;
  /** The sub-table's key (its rows' key in the record), for a sub-table column. */
  table?: string;
  header: string;
}

const layouts = new WeakMap<RuntimeModel, SheetColumn[]>();

/** Every column the model's sheets may have, in form order (main fields and sub-table columns as the form places them). */
export function sheetColumns(model: RuntimeModel): SheetColumn[] {
  const known = layouts.get(model);
  if (known) return known;
  const tables = new Map<FormField, string>();
  const out: SheetColumn[] = [];
  for (const { field, table } of walkFields(model.form.fields)) {
    if (field.type === 'table') {
      if (field.field && model.subFields.has(field.field)) tables.set(field, field.field);
      continue;
    }
    if (!field.field) continue;
    if (!table) {
      if (model.fields.get(field.field) === field) out.push({ key: field.field, field, header: field.label || field.field });
      continue;
    }
    const tableKey = tables.get(table);
    if (!tableKey || model.subFields.get(tableKey)?.get(field.field) !== field) continue;
    out.push({
      key: `${tableKey}.${field.field}`,
      field,
      table: tableKey,
      header: `${table.label || tableKey}-${field.label || field.field}`,
    });
  }
  const seen = new Map<string, number>();
  for (const c of out) seen.set(c.header.toLowerCase(), (seen.get(c.header.toLowerCase()) ?? 0) + 1);
  for (const c of out) if (seen.get(c.header.toLowerCase())! > 1) c.header = `${c.header} [${c.key}]`;
  layouts.set(model, out);
  return out;
}

/** A header cell as the import compares it: required stars and spaces dropped, lower case. */
export const headerKey = (h: string) => h.replace(/[*＊]/g, '').trim().toLowerCase();

/** Header (and key spelling) → column, for the import. */
export function columnsByHeader(model: RuntimeModel): Map<string, SheetColumn> {
  const map = new Map<string, SheetColumn>();
  for (const c of sheetColumns(model)) {
    map.set(headerKey(c.key), c);
    if (c.table) map.set(headerKey(`${c.table}-${c.field.field}`), c);
  }
  // Headers win over key spellings (a label may equal another field's key).
  for (const c of sheetColumns(model)) map.set(headerKey(c.header), c);
  return map;
}
