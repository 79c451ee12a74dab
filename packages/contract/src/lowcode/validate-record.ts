/**
 * Validates a record against a form definition: the server runs it on every
 * write (it never trusts the browser), the renderer may run it for the same
 * messages before sending. Answers the cleaned record (only the form's own
 * keys, values in their stored shape, server-filled fields dropped, calculate
 * fields recomputed) and the list of problems, each naming its field (and row
 * for a sub-table cell).
 *
 * Options of dictionary and interface fields live in the server's database:
 * the caller passes `optionValues`, which answers the allowed values of such a
 * field (or undefined to skip the check).
 */
import { evaluateExpression, numericValue } from './expression.ts';
import { FIELD_TYPES, fieldTypeInfo } from './field-types.ts';
import { walkFields, type FormDefinition, type FormField, type OptionItem } from './form-schema.ts';
import { compilePattern } from './pattern.ts';

export interface RecordIssue {
  /** The field key (for a sub-table cell: the column's key, with `table` and `row`). */
  field: string;
  table?: string;
  row?: number;
  /** required | type | pattern | maxLength | min | max | range | option | rows */
  key: string;
  params: Record<string, string | number>;
  /** A regex rule's own message. */
  message?: string;
}

export interface ValidateOptions {
  /** Allowed values of a dictionary / interface field; undefined skips the membership check. */
  optionValues?: (field: FormField) => ReadonlySet<string> | undefined;
  /** Most rows a sub-table takes (default 1000). */
  maxRows?: number;
}

export interface ValidateResult {
  record: Record<string, unknown>;
  issues: RecordIssue[];
}

/** The value is a list: an array type, or a choice / picker field with `multiple`. */
export function fieldIsList(field: Pick<FormField, 'type' | 'multiple'>): boolean {
  const info = fieldTypeInfo(field.type);
  if (info.array) return true;
  return field.multiple === true && info.column === 'string' && !info.serverFilled && field.type !== 'input';
}

/** Fields the client may write: they hold a value and the server does not fill them. */
function writable(f: FormField): boolean {
  const info = fieldTypeInfo(f.type);
  return info.column !== 'none' && !info.serverFilled && !!f.field;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function flattenOptions(items: OptionItem[] | undefined, out = new Set<string>()): Set<string> {
  for (const i of items ?? []) {
    out.add(i.id);
    if (i.children) flattenOptions(i.children, out);
  }
  return out;
}

/** At most this many characters are tested against a rule's pattern (bounds a slow user pattern). */
const PATTERN_INPUT_LIMIT = 10_000;
const patternCache = new Map<string, RegExp | null>();
function compiled(pattern: string): RegExp | null {
  let re = patternCache.get(pattern);
  if (re === undefined) {
    re = compilePattern(pattern);
    if (patternCache.size > 500) patternCache.clear();
    patternCache.set(pattern, re);
  }
  return re;
}

type Issue = Omit<RecordIssue, 'field' | 'table' | 'row'>;

/** Checks one value and converts it to its stored shape; pushes problems to `issues`. */
function checkValue(f: FormField, raw: unknown, opts: ValidateOptions, issues: Issue[]): unknown {
  if (isEmpty(raw)) {
    if (f.required) issues.push({ key: 'required', params: { label: f.label } });
    return fieldIsList(f) ? [] : null;
  }
  const info = FIELD_TYPES[f.type];
  const typeIssue = (expected: string) => {
    issues.push({ key: 'type', params: { label: f.label, expected } });
    return null;
  };

  let value: unknown = raw;
  if (fieldIsList(f)) {
    if (!Array.isArray(raw)) return typeIssue('list');
    if (raw.length > 1000) return typeIssue('list');
    if (f.type === 'uploadFile' || f.type === 'uploadImg') {
      if (!raw.every((x) => x && typeof x === 'object' && !Array.isArray(x))) return typeIssue('files');
      if (f.props && typeof f.props.limit === 'number' && raw.length > f.props.limit) {
        issues.push({ key: 'max', params: { label: f.label, max: f.props.limit } });
      }
      return raw;
    }
    if (f.type === 'numberRange' || f.type === 'dateRange') {
      if (raw.length !== 2 || !raw.every((x) => x === null || x === '' || Number.isFinite(Number(x)))) return typeIssue('range');
      const [a, b] = raw.map((x) => (x === null || x === '' ? null : Number(x)));
      if (a !== null && a !== undefined && b !== null && b !== undefined && a > b)
        issues.push({ key: 'range', params: { label: f.label } });
      for (const x of [a, b]) if (x !== null && x !== undefined) bounds(f, x, issues);
      return [a, b];
    }
    if (!raw.every((x) => typeof x === 'string' || typeof x === 'number')) return typeIssue('list');
    value = raw.map(String);
    options(f, value as string[], opts, issues);
    return value;
  }

  switch (info.column) {
    case 'string':
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return typeIssue('text');
      const s = String(raw);
      const max = f.maxLength ?? (info.column === 'string' ? 255 : undefined);
      if (max !== undefined && s.length > max) issues.push({ key: 'maxLength', params: { label: f.label, max } });
      for (const rule of f.rules ?? []) {
        const re = compiled(rule.pattern);
        if (re && !re.test(s.slice(0, PATTERN_INPUT_LIMIT))) {
          issues.push({ key: 'pattern', params: { label: f.label }, message: rule.message });
        }
      }
      if (info.hasOptions) options(f, [s], opts, issues);
      return s;
    }
    case 'int': {
      const n = typeof raw === 'boolean' ? (raw ? 1 : 0) : Number(raw);
      if (typeof raw === 'object' || !Number.isInteger(n)) return typeIssue('integer');
      if (f.type === 'switch' && n !== 0 && n !== 1) return typeIssue('switch');
      bounds(f, n, issues);
      return n;
    }
    case 'decimal': {
      if (typeof raw !== 'number' && typeof raw !== 'string') return typeIssue('number');
      const n = Number(raw);
      if (!Number.isFinite(n) || (typeof raw === 'string' && raw.trim() === '')) return typeIssue('number');
      if (f.type === 'amount' && Math.trunc(Math.abs(n)).toString().length > 12) {
        issues.push({ key: 'max', params: { label: f.label, max: 999_999_999_999 } });
      }
      bounds(f, n, issues);
      return n;
    }
    case 'datetime': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? (/^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)) : NaN;
      if (!Number.isFinite(n)) return typeIssue('date');
      bounds(f, n, issues);
      return Math.trunc(n);
    }
    default:
      return null;
  }
}

function bounds(f: FormField, n: number, issues: Issue[]): void {
  if (f.min !== undefined && n < f.min) issues.push({ key: 'min', params: { label: f.label, min: f.min } });
  if (f.max !== undefined && n > f.max) issues.push({ key: 'max', params: { label: f.label, max: f.max } });
}

function options(f: FormField, values: string[], opts: ValidateOptions, issues: Issue[]): void {
  const src = f.options;
  if (!src) return;
  const allowed = src.source === 'static' ? flattenOptions(src.items) : opts.optionValues?.(f);
  if (!allowed) return;
  const bad = values.find((v) => !allowed.has(v));
  if (bad !== undefined) issues.push({ key: 'option', params: { label: f.label, value: bad.slice(0, 100) } });
}

/** The fields of the form's top level and of each sub-table, in form order. */
function layout(form: FormDefinition) {
  const main: FormField[] = [];
  const tables: { table: FormField; columns: FormField[] }[] = [];
  const byTable = new Map<FormField, FormField[]>();
  for (const { field, table } of walkFields(form.fields)) {
    if (field.type === 'table' && !table) {
      const columns: FormField[] = [];
      byTable.set(field, columns);
      tables.push({ table: field, columns });
    } else if (table) {
      byTable.get(table)?.push(field);
    } else {
      main.push(field);
    }
  }
  return { main, tables };
}

export function validateRecord(form: FormDefinition, input: Record<string, unknown>, opts: ValidateOptions = {}): ValidateResult {
  const { main, tables } = layout(form);
  const record: Record<string, unknown> = {};
  const issues: RecordIssue[] = [];
  const data = input && typeof input === 'object' && !Array.isArray(input) ? input : {};

  for (const f of main) {
    if (!writable(f)) continue;
    const found: Issue[] = [];
    record[f.field!] = checkValue(f, data[f.field!], opts, found);
    for (const i of found) issues.push({ field: f.field!, ...i });
  }

  const maxRows = opts.maxRows ?? 1000;
  for (const { table, columns } of tables) {
    if (!table.field) continue;
    const rowsIn = data[table.field];
    const rows: Record<string, unknown>[] = [];
    if (rowsIn !== undefined && rowsIn !== null && !Array.isArray(rowsIn)) {
      issues.push({ field: table.field, key: 'type', params: { label: table.label, expected: 'list' } });
    } else if (Array.isArray(rowsIn) && rowsIn.length > maxRows) {
      issues.push({ field: table.field, key: 'rows', params: { label: table.label, max: maxRows } });
    } else {
      (rowsIn ?? []).forEach((r: unknown, index: number) => {
        const cells = r && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : {};
        const row: Record<string, unknown> = {};
        // A row's id says which stored row it updates; anything else the form does not know is dropped.
        if (typeof cells.id === 'string' && cells.id.length <= 40) row.id = cells.id;
        for (const c of columns) {
          if (!writable(c)) continue;
          const found: Issue[] = [];
          row[c.field!] = checkValue(c, cells[c.field!], opts, found);
          for (const i of found) issues.push({ field: c.field!, table: table.field!, row: index, ...i });
        }
        rows.push(row);
      });
    }
    if (table.required && rows.length === 0) {
      issues.push({ field: table.field, key: 'required', params: { label: table.label } });
    }
    record[table.field] = rows;
  }

  recompute(main, tables, record);
  return { record, issues };
}

/** Calculate fields from the cleaned values: cells first, so a main total can sum them. */
function recompute(main: FormField[], tables: { table: FormField; columns: FormField[] }[], record: Record<string, unknown>) {
  for (const { table, columns } of tables) {
    const calcs = columns.filter((c) => c.type === 'calculate' && c.field && c.expression);
    if (!calcs.length || !table.field) continue;
    for (const row of record[table.field] as Record<string, unknown>[]) {
      for (const c of calcs) row[c.field!] = evaluateExpression(c.expression!, { record, row, table: table.field });
    }
  }
  for (const f of main) {
    if (f.type === 'calculate' && f.field) record[f.field] = f.expression ? evaluateExpression(f.expression, { record }) : 0;
  }
}

/** The sum row of a sub-table: its `summary` columns added up (non-numeric cells count 0), 2 decimals. */
export function tableSummary(table: FormField, rows: Record<string, unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of table.summary ?? []) {
    let sum = 0;
    for (const r of rows) sum += numericValue(r[key]);
    out[key] = Math.round(sum * 100) / 100;
  }
  return out;
}
