/**
 * A model's real tables: how they are named, which columns they have and how a
 * record travels between the wire and a row. Shared by release (DDL, this
 * module's release.service.ts) and the runtime (records, list query, import,
 * export), so both agree on every name and type.
 *
 * What it offers:
 * - `mainTableName(enCode)` → `lc_<enCode in snake_case>`; `subTableName(main, tableName)`
 *   → `<main>__<tableName in snake_case>`.
 * - `SYSTEM_COLUMN_SQL` / `SUB_SYSTEM_COLUMN_SQL`: the system columns (SQL name → API name);
 *   every table has id, creator_user_id, creator_time, last_modify_user_id,
 *   last_modify_time (epoch ms), organize_id, flow_state; sub-tables add
 *   parent_id (the main row's id, indexed) and sort_code.
 * - `modelTables(mainTable, form, list)` → the main table and one per sub-table with
 *   their typed field columns (`ModelColumn`: SQL type, kind, array, indexed) and
 *   the indexes release creates.
 * - `definitionProblems(enCode, form, list)` → why a definition cannot become tables
 *   (missing or duplicate keys, system names, unknown list fields, too-long names).
 * - `toRowValue` / `fromRowValue`, `recordToRow` / `rowToRecord`: a record's wire value
 *   ↔ its column value (arrays as JSON text, switch 0/1, dates epoch ms, decimals numbers).
 *
 * Rules for readers and writers of model tables:
 * - A field's column is its key exactly as written (a quoted identifier). Query
 *   model tables with `db.withoutPlugins()`: the CamelCasePlugin must not rename
 *   `patient_name` to `patientName`. On SQLite the driver still keys result rows
 *   in camelCase unless the statement's SQL starts with `asWritten()` (db/connection.ts):
 *   use `selectAsWritten()` below, and alias system columns to their API names.
 * - Keys are unique case-insensitively within a table (SQLite column names are).
 * - A menu of type 3 names its model in `propertyJson.moduleId`: that is the
 *   model's **id** (the seeded demo models have ids equal to their enCode, e.g.
 *   'outpatientLog', so the seeded menus resolve).
 */
import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import {
  FIELD_TYPES,
  fieldIsList,
  fieldTypeInfo,
  isValidExpression,
  SYSTEM_COLUMNS,
  walkFields,
  type ColumnKind,
  type FieldType,
  type FormDefinition,
  type FormField,
  type ListDefinition,
} from '@medalliance/contract';
import { asWritten } from '../../db/connection.ts';

/** PostgreSQL truncates longer identifiers; we refuse them instead. */
export const MAX_IDENTIFIER = 63;
/** A string field without maxLength. */
export const DEFAULT_STRING_LENGTH = 255;
/** Past this a string field is stored as text (varchar(n) of this size is as good as text). */
export const MAX_VARCHAR = 4000;
/** numeric(p, s) of every decimal field: 12-digit amounts with room for precision up to 6. */
export const DECIMAL_TYPE = 'numeric(24, 6)' as const;

/** `outpatientLog` → `outpatient_log`; `HIVCase2` → `hiv_case2`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

export function mainTableName(enCode: string): string {
  return `lc_${snakeCase(enCode)}`;
}

export function subTableName(mainTable: string, tableName: string): string {
  return `${mainTable}__${snakeCase(tableName)}`;
}

/** SQL name → API name of the columns every model table has. */
export const SYSTEM_COLUMN_SQL = {
  id: 'id',
  creator_user_id: 'creatorUserId',
  creator_time: 'creatorTime',
  last_modify_user_id: 'lastModifyUserId',
  last_modify_time: 'lastModifyTime',
  organize_id: 'organizeId',
  flow_state: 'flowState',
} as const;

/** What a sub-table adds: the main row it belongs to and its position among its siblings. */
export const SUB_SYSTEM_COLUMN_SQL = {
  ...SYSTEM_COLUMN_SQL,
  parent_id: 'parentId',
  sort_code: 'sortCode',
} as const;

/** Every reserved name, lower case: a field key may be none of these (either spelling, any case). */
const RESERVED = new Set<string>([...Object.keys(SUB_SYSTEM_COLUMN_SQL), ...SYSTEM_COLUMNS.map((c) => c.toLowerCase())]);

/** `__` is ours too: release names moved-aside and temporary columns `<key>__old_<n>`, `<key>__tmp`. */
export function isReservedKey(key: string): boolean {
  return RESERVED.has(key.toLowerCase()) || key.includes('__');
}

export type StoredKind = Exclude<ColumnKind, 'none'>;

export interface ModelColumn {
  /** Column name = the field key as written. */
  name: string;
  type: FieldType;
  kind: StoredKind;
  /** The declared SQL type, e.g. 'varchar(255)', 'text', 'integer', 'numeric(24, 6)', 'bigint'. */
  sqlType: string;
  /** varchar length (string kind only). */
  length?: number;
  /** The value is an array, stored as JSON text. */
  array: boolean;
  /** The browser's value is ignored (system fields, bill numbers, calculate). */
  serverFilled: boolean;
  label: string;
}

export interface ModelTable {
  /** SQL table name. */
  name: string;
  /** For a sub-table: the table field's key (its rows' key on the wire) and its own tableName. */
  tableField?: string;
  tableName?: string;
  columns: ModelColumn[];
  /** Column lists to index (system indexes first). */
  indexes: string[][];
}

/** The SQL type of a field: depends on its kind and, for strings, its maxLength. */
export function columnType(field: Pick<FormField, 'type' | 'maxLength'>): { kind: StoredKind; sqlType: string; length?: number } | null {
  const info = fieldTypeInfo(field.type);
  switch (info.column) {
    case 'none':
      return null;
    case 'string': {
      const length = field.maxLength ?? DEFAULT_STRING_LENGTH;
      if (length > MAX_VARCHAR) return { kind: 'text', sqlType: 'text' };
      return { kind: 'string', sqlType: `varchar(${length})`, length };
    }
    case 'text':
      return { kind: 'text', sqlType: 'text' };
    case 'int':
      return { kind: 'int', sqlType: 'integer' };
    case 'decimal':
      return { kind: 'decimal', sqlType: DECIMAL_TYPE };
    case 'datetime':
      return { kind: 'datetime', sqlType: 'bigint' };
  }
}

function toColumn(f: FormField): ModelColumn | null {
  const t = columnType(f);
  if (!t || !f.field) return null;
  const info = fieldTypeInfo(f.type);
  return {
    name: f.field,
    type: f.type,
    kind: t.kind,
    sqlType: t.sqlType,
    ...(t.length ? { length: t.length } : {}),
    array: fieldIsList(f),
    serverFilled: info.serverFilled === true,
    label: f.label,
  };
}

/** Fields of the list that deserve an index: searched, default sort, tree / group / parent relations. */
function listIndexedFields(list: ListDefinition | undefined): Set<string> {
  const out = new Set<string>();
  if (!list) return out;
  for (const s of list.search) out.add(s.field);
  if (list.defaultSort) out.add(list.defaultSort.field);
  if (list.tree) out.add(list.tree.relationField);
  if (list.groupField) out.add(list.groupField);
  if (list.parentField) out.add(list.parentField);
  return out;
}

/** The main table and every sub-table a definition needs, with their columns and indexes. */
export function modelTables(mainTable: string, form: FormDefinition, list?: ListDefinition): ModelTable[] {
  const main: ModelTable = { name: mainTable, columns: [], indexes: [['organize_id'], ['creator_time']] };
  const subs = new Map<FormField, ModelTable>();
  for (const { field, table } of walkFields(form.fields)) {
    if (field.type === 'table') {
      const own = field.tableName ?? field.field ?? field.id;
      subs.set(field, {
        name: subTableName(mainTable, own),
        tableField: field.field ?? own,
        tableName: own,
        columns: [],
        indexes: [['parent_id', 'sort_code']],
      });
      continue;
    }
    const col = toColumn(field);
    if (!col) continue;
    if (table) subs.get(table)?.columns.push(col);
    else main.columns.push(col);
  }
  const wanted = listIndexedFields(list);
  for (const { field, table } of walkFields(form.fields)) {
    if (field.type === 'relationForm' && field.field && !table) wanted.add(field.field);
  }
  for (const col of main.columns) {
    // Long text is searched through the trigram index, never through a b-tree.
    if (wanted.has(col.name) && col.kind !== 'text') main.indexes.push([col.name]);
  }
  return [main, ...subs.values()];
}

/** An index name within PostgreSQL's limit, unique per table and column list. */
export function indexName(table: string, columns: string[]): string {
  const name = `${table}__ix_${columns.join('_')}`.toLowerCase();
  if (name.length <= MAX_IDENTIFIER) return name;
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return `${name.slice(0, MAX_IDENTIFIER - 9)}_${h.toString(36).padStart(8, '0')}`;
}

export interface DefinitionProblem {
  /** A message key of this module's catalog. */
  key: string;
  params: Record<string, string | number>;
}

/** Why this definition cannot become tables; empty when it can. */
export function definitionProblems(enCode: string, form: FormDefinition, list?: ListDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const main = mainTableName(enCode);
  if (main.length > 43) problems.push({ key: 'visualdev.encode_too_long', params: { name: main } });
  const seen = new Map<string, Set<string>>(); // table → lower-case keys
  const tableNames = new Set<string>();
  const ids = new Set<string>();
  const keysOf = (t: string) => {
    let s = seen.get(t);
    if (!s) seen.set(t, (s = new Set()));
    return s;
  };
  for (const { field, table } of walkFields(form.fields)) {
    if (ids.has(field.id)) problems.push({ key: 'visualdev.duplicate_id', params: { id: field.id } });
    ids.add(field.id);
    if (field.type === 'table') {
      if (table) problems.push({ key: 'visualdev.nested_table', params: { label: field.label } });
      if (!field.field) {
        problems.push({ key: 'visualdev.field_key_missing', params: { label: field.label } });
        continue;
      }
      const own = snakeCase(field.tableName ?? field.field);
      const name = subTableName(main, own);
      if (tableNames.has(own)) problems.push({ key: 'visualdev.duplicate_table', params: { name: own } });
      tableNames.add(own);
      if (name.length > MAX_IDENTIFIER) problems.push({ key: 'visualdev.table_name_too_long', params: { name } });
      // The table field's key is a key of the record, beside the main table's columns.
      const mainKeys = keysOf('');
      if (mainKeys.has(field.field.toLowerCase())) problems.push({ key: 'visualdev.duplicate_key', params: { field: field.field } });
      mainKeys.add(field.field.toLowerCase());
      continue;
    }
    if (table && FIELD_TYPES[field.type].notInTable) {
      problems.push({ key: 'visualdev.not_in_table', params: { label: field.label, type: field.type } });
    }
    if (FIELD_TYPES[field.type].column === 'none') continue;
    if (!field.field) {
      problems.push({ key: 'visualdev.field_key_missing', params: { label: field.label } });
      continue;
    }
    if (field.type === 'calculate' && field.expression !== undefined && !isValidExpression(field.expression)) {
      problems.push({ key: 'visualdev.invalid_expression', params: { label: field.label } });
    }
    if (isReservedKey(field.field)) problems.push({ key: 'visualdev.reserved_key', params: { field: field.field } });
    const keys = keysOf(table?.field ?? '');
    if (keys.has(field.field.toLowerCase())) problems.push({ key: 'visualdev.duplicate_key', params: { field: field.field } });
    keys.add(field.field.toLowerCase());
  }
  if (list) {
    const mainKeys = seen.get('') ?? new Set<string>();
    const known = (key: string) => {
      const [a, b] = key.split('.');
      if (b === undefined)
        return mainKeys.has(a!.toLowerCase()) || key in SYSTEM_COLUMN_SQL || (SYSTEM_COLUMNS as readonly string[]).includes(key);
      return seen.get(a!)?.has(b.toLowerCase()) === true;
    };
    const refs = [
      ...list.columns.map((c) => c.field),
      ...list.search.map((s) => s.field),
      ...(list.defaultSort ? [list.defaultSort.field] : []),
      ...(list.tree ? [list.tree.relationField] : []),
      ...(list.groupField ? [list.groupField] : []),
      ...(list.parentField ? [list.parentField] : []),
    ];
    for (const r of refs) if (!known(r)) problems.push({ key: 'visualdev.unknown_list_field', params: { field: r } });
  }
  return problems;
}

/** A wire value as its column stores it; undefined/'' → null. */
export function toRowValue(col: Pick<ModelColumn, 'kind' | 'array'>, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (col.array) return JSON.stringify(Array.isArray(value) ? value : [value]);
  switch (col.kind) {
    case 'int':
      if (typeof value === 'boolean') return value ? 1 : 0;
      return Number.isFinite(Number(value)) && value !== '' ? Math.trunc(Number(value)) : null;
    case 'decimal':
    case 'datetime':
      return value !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
    case 'string':
    case 'text':
      if (value === '') return null;
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value as number);
  }
}

/** A column's stored value as the wire carries it (arrays parsed back; numbers as numbers). */
export function fromRowValue(col: Pick<ModelColumn, 'kind' | 'array'>, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (col.array) {
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return [];
    }
  }
  if (col.kind === 'int' || col.kind === 'decimal' || col.kind === 'datetime') return Number(value);
  return value;
}

/** The field columns of a record (values converted; keys not in `columns` ignored). */
export function recordToRow(columns: ModelColumn[], record: Record<string, unknown>): Record<string, string | number | null> {
  const row: Record<string, string | number | null> = {};
  for (const c of columns) if (c.name in record) row[c.name] = toRowValue(c, record[c.name]);
  return row;
}

/** A row of a model table as the API shows it: field values converted, system columns in camelCase. */
export function rowToRecord(columns: ModelColumn[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [sqlName, apiName] of Object.entries(SUB_SYSTEM_COLUMN_SQL)) {
    if (sqlName in row) out[apiName] = row[sqlName];
    else if (apiName in row) out[apiName] = row[apiName];
  }
  for (const c of columns) if (c.name in row) out[c.name] = fromRowValue(c, row[c.name]);
  return out;
}

/**
 * Run a query built on `db.withoutPlugins()` and get its rows keyed exactly as
 * the SQL names them, on both dialects (SQLite's driver would camelCase them).
 */
export async function selectAsWritten<R = Record<string, unknown>>(db: Kysely<any>, query: Compilable): Promise<R[]> {
  const c = query.compile();
  const { rows } = await db.executeQuery<R>(CompiledQuery.raw(asWritten(c.sql), [...c.parameters]));
  return rows;
}

/** Quoted identifier for hand-built fragments (`sql.ref` would split on dots). */
export const ident = (name: string) => sql.id(name);
