import type { DataInterface, InterfaceParamDef } from '@medalliance/contract';
import type { DataInterfaceForm, KeyValue, ParamValue } from '../../../api/system.ts';

/** Pure pieces of the data-interface editor: form values in and out, test parameters, result columns. */

export const INTERFACE_KINDS = { sql: 1, static: 2, api: 3 } as const;

/** Built-in SQL parameters the server fills in for every call (never from the caller). */
export const BUILTIN_PARAMS = [
  '@userId',
  '@account',
  '@userName',
  '@organizeId',
  '@departmentId',
  '@positionId',
  '@keyword',
  '@pageSize',
  '@currentPage',
  '@offsetSize',
] as const;

export const PARAM_TYPES: InterfaceParamDef['dataType'][] = ['varchar', 'int', 'bigint', 'decimal', 'datetime', 'text'];

export function emptyForm(categoryId?: string, dataType = 1): DataInterfaceForm {
  return {
    categoryId: categoryId ?? '',
    fullName: '',
    enCode: '',
    dataType,
    query: dataType === 2 ? '[\n  { "id": "1", "fullName": "" }\n]' : '',
    path: '',
    requestMethod: 'GET',
    requestHeaders: [],
    requestParameters: [],
    parameterJson: [],
    responsePath: '',
    timeoutMs: null,
    sortCode: 0,
    enabledMark: 1,
    description: '',
  };
}

export function toForm(d: DataInterface): DataInterfaceForm {
  return {
    categoryId: d.categoryId,
    fullName: d.fullName,
    enCode: d.enCode,
    dataType: d.dataType,
    query: d.query ?? '',
    path: d.path ?? '',
    requestMethod: d.requestMethod,
    requestHeaders: (d.requestHeaders ?? []).map((h) => ({ field: h.field, value: (h.value ?? '') as KeyValue['value'] })),
    requestParameters: (d.requestParameters ?? []).map((p) => ({
      field: p.field,
      value: (p.value ?? p.defaultValue ?? '') as KeyValue['value'],
    })),
    parameterJson: (d.parameterJson ?? []).map((p) => ({ ...p, defaultValue: p.defaultValue ?? null })),
    responsePath: d.responsePath ?? '',
    timeoutMs: d.timeoutMs,
    sortCode: d.sortCode,
    enabledMark: d.enabledMark,
    description: d.description ?? '',
  };
}

const blankToNull = <T>(v: T | '' | undefined | null): T | null => (v === '' || v === undefined ? null : v);

/** What is sent: fields of the other kinds dropped, empty rows left out. */
export function fromForm(v: DataInterfaceForm): DataInterfaceForm {
  const kv = (list: KeyValue[] | undefined) =>
    (list ?? []).filter((x) => x && String(x.field ?? '').trim()).map((x) => ({ field: String(x.field).trim(), value: x.value ?? '' }));
  return {
    ...v,
    query: v.dataType === 3 ? null : (v.query ?? ''),
    path: v.dataType === 3 ? String(v.path ?? '').trim() : null,
    requestMethod: v.requestMethod ?? 'GET',
    requestHeaders: v.dataType === 3 ? kv(v.requestHeaders) : [],
    requestParameters: v.dataType === 3 ? kv(v.requestParameters) : [],
    parameterJson: (v.parameterJson ?? [])
      .filter((p) => p && String(p.field ?? '').trim())
      .map((p) => ({
        ...p,
        field: p.field.trim(),
        fieldName: blankToNull(p.fieldName),
        required: p.required ? 1 : 0,
        defaultValue: blankToNull(p.defaultValue),
      })),
    responsePath: v.dataType === 3 ? blankToNull(v.responsePath) : null,
    timeoutMs: blankToNull(v.timeoutMs),
    description: blankToNull(v.description),
  };
}

/** Parameters a SQL text or URL template names ({name} or @name), built-ins left out, in order of first use. */
export function namedParams(text: string | null | undefined): string[] {
  const out: string[] = [];
  const builtins = new Set(
    BUILTIN_PARAMS.map((b) => b.slice(1).toLowerCase()).concat(['user', 'organize', 'department', 'postion', 'formid']),
  );
  // Skip quoted strings so a literal '{x}' or 'a@b' is not a parameter.
  const stripped = String(text ?? '').replace(/'(?:[^']|'')*'/g, "''");
  for (const m of stripped.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}|(?<![\w@])@([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = m[1] ?? m[2]!;
    if (builtins.has(name.toLowerCase()) || out.some((o) => o.toLowerCase() === name.toLowerCase())) continue;
    out.push(name);
  }
  return out;
}

/** Declared parameters plus any the text uses that are not declared yet (as varchar). */
export function withDetectedParams(defs: readonly InterfaceParamDef[], text: string | null | undefined): InterfaceParamDef[] {
  const known = new Set(defs.map((d) => d.field.toLowerCase()));
  const added = namedParams(text)
    .filter((n) => !known.has(n.toLowerCase()))
    .map((field): InterfaceParamDef => ({ field, fieldName: null, dataType: 'varchar', required: 0, defaultValue: null }));
  return [...defs, ...added];
}

/** The test call's parameters: only those given a value (an empty box means "not given"). */
export function testParams(values: Record<string, unknown>): ParamValue[] {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([field, v]) => ({ field, defaultValue: typeof v === 'number' || typeof v === 'boolean' ? v : String(v) }));
}

/** Columns of result rows: the keys of the first rows, in first-seen order. */
export function resultColumns(rows: readonly Record<string, unknown>[], sample = 50): string[] {
  const seen = new Set<string>();
  for (const r of rows.slice(0, sample)) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}

/** Columns whose sampled values are all numbers (or numeric strings), for range filters. */
export function numericColumns(rows: readonly Record<string, unknown>[], sample = 50): string[] {
  return resultColumns(rows, sample).filter((c) => {
    const vals = rows
      .slice(0, sample)
      .map((r) => r[c])
      .filter((v) => v !== null && v !== undefined && v !== '');
    return (
      vals.length > 0 &&
      vals.every((v) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))))
    );
  });
}

/** Rows whose column lies in [min, max]; an empty bound is open; [] keeps every row. */
export function filterByRange<R extends Record<string, unknown>>(
  rows: readonly R[],
  column: string | undefined,
  range: readonly (number | null)[],
): R[] {
  if (!column || range.length !== 2) return [...rows];
  const [lo, hi] = range as [number | null, number | null];
  return rows.filter((r) => {
    const n = Number(r[column]);
    if (!Number.isFinite(n)) return false;
    return (lo === null || n >= lo) && (hi === null || n <= hi);
  });
}

/** Pretty-prints JSON text, or null when it does not parse. */
export function formatJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
