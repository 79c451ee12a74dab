import {
  fieldIsList,
  fieldTypeInfo,
  isValidExpression,
  walkFields,
  type FieldType,
  type FormDefinition,
  type FormField,
  type ListDefinition,
  type MatchType,
  type OptionItem,
} from '@medalliance/contract';
import { badRequest } from '../../http/errors.ts';
import { columnType, type StoredKind } from '../visualdev/model-tables.ts';
import { moduleNames, propertyOf, upperFirst, type ModuleNames } from './names.ts';

/**
 * What the templates read: a released model turned into a module's shape.
 * Types and SQL types come from the same registry the low-code tables use
 * (field-types, model-tables' columnType), so the generated table stores a
 * field the way the model's own table does.
 */

/** How the server fills a field the browser does not send. */
export type Fill = 'userId' | 'now' | 'organizeId' | 'positionId' | 'billRule' | 'calculate';

export interface GenField {
  /** The form's key (what expressions name). */
  key: string;
  /** TypeScript property; `column` is its SQL name under the CamelCasePlugin. */
  prop: string;
  column: string;
  type: FieldType;
  kind: StoredKind;
  sqlType: string;
  length?: number;
  array: boolean;
  required: boolean;
  label: string;
  fill?: Fill;
  /** Filled on create only (creator, creation time, bill number). */
  fillOnCreate?: boolean;
  billRule?: string;
  expression?: string;
  min?: number;
  max?: number;
  /** Whole numbers (precision 0 on a number field). */
  integer: boolean;
  format?: string;
  /** Static options (value, label) or a dictionary type. */
  options?: { value: string; label: string }[];
  dictionary?: string;
}

export interface GenSubTable {
  /** Key of the rows in the record (the table field's key, as a property). */
  prop: string;
  key: string;
  label: string;
  /** SQL table and Kysely key. */
  table: string;
  tableKey: string;
  /** PascalCase name of its row type. */
  typeName: string;
  fields: GenField[];
}

export interface GenSearch {
  field: GenField;
  match: MatchType;
}

export interface GenModel {
  modelId: string;
  fullName: string;
  area: string;
  names: ModuleNames;
  fields: GenField[];
  subTables: GenSubTable[];
  /** List columns (main-table fields), in the list's order. */
  columns: GenField[];
  sortable: GenField[];
  search: GenSearch[];
  defaultSort?: { field: GenField; order: 'asc' | 'desc' };
  /** Columns the keyword searches. */
  keywordFields: GenField[];
}

/** Names every generated table already has (id + audit columns, sub-table links). */
const OWN_COLUMNS = new Set(['id', 'created_at', 'created_by', 'updated_at', 'updated_by']);
const OWN_SUB_COLUMNS = new Set(['id', 'parent_id', 'sort_code']);
/** Record keys the generated types use themselves. */
const OWN_PROPS = new Set(['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy', 'parentId', 'sortCode', 'creatorTime']);

const FILLS: Partial<Record<FieldType, { fill: Fill; onCreate?: boolean }>> = {
  createUser: { fill: 'userId', onCreate: true },
  createTime: { fill: 'now', onCreate: true },
  modifyUser: { fill: 'userId' },
  modifyTime: { fill: 'now' },
  currOrganize: { fill: 'organizeId', onCreate: true },
  currDept: { fill: 'organizeId', onCreate: true },
  currPosition: { fill: 'positionId', onCreate: true },
  billRule: { fill: 'billRule', onCreate: true },
  calculate: { fill: 'calculate' },
};

function flatOptions(items: OptionItem[] | undefined, out: { value: string; label: string }[] = []) {
  for (const i of items ?? []) {
    out.push({ value: i.id, label: i.fullName });
    flatOptions(i.children, out);
  }
  return out.slice(0, 500);
}

function genField(f: FormField, inTable: boolean): GenField | null {
  const t = columnType(f);
  if (!t || !f.field) return null;
  const { prop, column } = propertyOf(f.field);
  const fill = FILLS[f.type];
  const g: GenField = {
    key: f.field,
    prop,
    column,
    type: f.type,
    kind: t.kind,
    sqlType: t.sqlType,
    ...(t.length ? { length: t.length } : {}),
    array: fieldIsList(f),
    ...(fieldIsList(f) ? { kind: 'text' as const, sqlType: 'text' } : {}),
    required: f.required === true && !fill,
    label: f.label.trim() || f.field,
    integer: t.kind === 'int' || (t.kind === 'decimal' && f.precision === 0),
  };
  if (fill && !(inTable && fill.fill === 'billRule')) {
    g.fill = fill.fill;
    if (fill.onCreate) g.fillOnCreate = true;
  }
  if (f.type === 'billRule' && f.billRule) g.billRule = f.billRule;
  if (f.type === 'billRule' && !f.billRule) delete g.fill;
  if (f.type === 'calculate') {
    if (f.expression && isValidExpression(f.expression)) g.expression = f.expression;
    else delete g.fill;
  }
  if (typeof f.min === 'number' && Number.isFinite(f.min)) g.min = f.min;
  if (typeof f.max === 'number' && Number.isFinite(f.max)) g.max = f.max;
  if (f.format) g.format = f.format;
  if (fieldTypeInfo(f.type).hasOptions && f.options) {
    if (f.options.source === 'static') g.options = flatOptions(f.options.items);
    else if (f.options.source === 'dictionary' && f.options.dictionaryType) g.dictionary = f.options.dictionaryType;
  }
  return g;
}

function checkNames(fields: GenField[], own: Set<string>, where: string) {
  const props = new Set<string>();
  for (const f of fields) {
    if (own.has(f.column) || OWN_PROPS.has(f.prop) || props.has(f.prop.toLowerCase())) {
      throw badRequest('generator.fieldClash', { field: f.key, table: where });
    }
    props.add(f.prop.toLowerCase());
  }
}

export function buildSpec(
  model: { id: string; fullName: string; enCode: string },
  form: FormDefinition,
  list: ListDefinition | null,
  options: { area: string; moduleName?: string | undefined; tableName?: string | undefined },
): GenModel {
  const names = moduleNames(options.moduleName ?? model.enCode, options.moduleName ? 'moduleName' : 'enCode', options.tableName);
  const fields: GenField[] = [];
  const subs = new Map<FormField, GenSubTable>();
  for (const { field, table } of walkFields(form.fields)) {
    if (field.type === 'table') {
      if (!field.field || table) continue;
      const { prop } = propertyOf(field.field);
      const own = propertyOf(field.tableName ?? field.field).column;
      subs.set(field, {
        prop,
        key: field.field,
        label: field.label.trim() || field.field,
        table: `${names.table}_${own}`,
        tableKey: propertyOf(`${names.table}_${own}`).prop,
        typeName: `${names.pascal}${upperFirst(propertyOf(own).prop)}`,
        fields: [],
      });
      continue;
    }
    const g = genField(field, !!table);
    if (!g) continue;
    if (table) subs.get(table)?.fields.push(g);
    else fields.push(g);
  }
  const subTables = [...subs.values()];
  checkNames(fields, OWN_COLUMNS, names.table);
  const taken = new Set(fields.map((f) => f.prop.toLowerCase()));
  for (const s of subTables) {
    if (taken.has(s.prop.toLowerCase()) || OWN_PROPS.has(s.prop))
      throw badRequest('generator.fieldClash', { field: s.key, table: names.table });
    taken.add(s.prop.toLowerCase());
    if (s.table.length > 63) throw badRequest('generator.badName', { field: 'tableName', name: s.table });
    checkNames(s.fields, OWN_SUB_COLUMNS, s.table);
  }
  if (!fields.length) throw badRequest('generator.noFields');

  const byKey = new Map(fields.map((f) => [f.key, f]));
  const columns = (list?.columns ?? [])
    .filter((c) => c.visible !== false)
    .map((c) => byKey.get(c.field))
    .filter((f): f is GenField => !!f);
  const shown = columns.length ? columns : fields.slice(0, 8);
  const sortable = (list?.columns ?? [])
    .filter((c) => c.sortable)
    .map((c) => byKey.get(c.field))
    .filter((f): f is GenField => !!f && !f.array && f.kind !== 'text');
  const search = (list?.search ?? [])
    .map((s) => ({ field: byKey.get(s.field), match: s.match }))
    .filter((s): s is GenSearch => !!s.field && !s.field.array)
    .map((s) => ({ ...s, match: matchFor(s.field, s.match) }));
  const sortField = list?.defaultSort ? byKey.get(list.defaultSort.field) : undefined;
  const keywordFields = shown
    .filter((f) => (f.kind === 'string' || f.kind === 'text') && !f.array && !f.options && !f.dictionary)
    .slice(0, 5);
  return {
    modelId: model.id,
    fullName: model.fullName,
    area: options.area,
    names,
    fields,
    subTables,
    columns: shown,
    sortable,
    search,
    ...(sortField && !sortField.array && list?.defaultSort ? { defaultSort: { field: sortField, order: list.defaultSort.order } } : {}),
    keywordFields,
  };
}

/** A match the column's kind supports (contains on text, range on numbers and dates). */
function matchFor(f: GenField, match: MatchType): MatchType {
  const numeric = f.kind === 'int' || f.kind === 'decimal' || f.kind === 'datetime';
  if (match === 'contains' && numeric) return 'equal';
  if (match === 'range' && !numeric) return 'contains';
  return match;
}
