import { FIELD_TYPES, walkFields, type FormField, type ListColumn, type ListDefinition } from '@medalliance/contract';

/** Fields of the form that may be list columns: main value fields and sub-table columns (`table.field`). */
export function columnCandidates(fields: FormField[]): { key: string; label: string; field: FormField }[] {
  const out: { key: string; label: string; field: FormField }[] = [];
  for (const { field, table } of walkFields(fields)) {
    if (!field.field || field.type === 'table' || FIELD_TYPES[field.type].notColumn) continue;
    out.push({
      key: table ? `${table.field}.${field.field}` : field.field,
      label: table ? `${table.label}-${field.label}` : field.label,
      field,
    });
  }
  return out;
}

/** Main-form fields a search may use. */
export function searchCandidates(fields: FormField[]): { key: string; label: string; field: FormField }[] {
  return columnCandidates(fields).filter((c) => !c.key.includes('.') && !FIELD_TYPES[c.field.type].notSearchable);
}

/**
 * The list's columns kept in step with the form: columns of removed fields
 * go, new candidates are offered hidden at the end; order and settings stay.
 */
export function syncColumns(list: ListDefinition, fields: FormField[]): ListColumn[] {
  const cands = columnCandidates(fields);
  const byKey = new Map(cands.map((c) => [c.key, c]));
  const kept = list.columns.filter((c) => byKey.has(c.field)).map((c) => ({ ...c, label: byKey.get(c.field)!.label }));
  const have = new Set(kept.map((c) => c.field));
  const added = cands.filter((c) => !have.has(c.key)).map((c): ListColumn => ({ field: c.key, label: c.label, visible: false }));
  return [...kept, ...added];
}

/** Only visible columns go to the server's definition; hidden ones are a designer's offer. */
export function listForSave(list: ListDefinition, fields: FormField[]): ListDefinition {
  const keys = new Set(columnCandidates(fields).map((c) => c.key));
  const search = new Set(searchCandidates(fields).map((c) => c.key));
  return {
    ...list,
    columns: list.columns.filter((c) => c.visible !== false && keys.has(c.field)),
    search: list.search.filter((s) => search.has(s.field)),
    defaultSort: list.defaultSort && keys.has(list.defaultSort.field) ? list.defaultSort : undefined,
  };
}
