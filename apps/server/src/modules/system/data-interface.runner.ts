import type { Selectable } from 'kysely';
import { Codes, MAX_PAGE_SIZE, type InterfaceCallInput, type InterfaceParamDef, type PageResult } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { DataInterfaceTable } from '../../db/tables/system.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';
import { likePattern } from '../../http/paging.ts';
import { parseJson } from './db-errors.ts';
import { guardedRequest, HttpCallError } from './http-fetch.ts';
import { logInterfaceCall } from './logs.service.ts';
import { checkReadOnlySql, quoteIdent, SqlRefused, SqlText, type CheckedSql, type PgParamType } from './sql-guard.ts';
import { runReadOnly, SqlRunError, type Row } from './sql-executor.ts';
import { getSysConfig } from './sys-config.service.ts';

/**
 * Calling a data interface (server-contract §6 without its weaknesses):
 * parameters are resolved from the caller's paramList, the interface's
 * declared defaults and the built-in system values, then BOUND, never spliced;
 * SQL is checked read-only and paged, filtered and sorted in SQL; static and
 * HTTP data are paged on the server. Every call is logged with its duration.
 */

export type InterfaceRow = Selectable<DataInterfaceTable>;

export interface Caller {
  userId: string;
  isAdministrator: boolean;
  ip: string | null;
  userAgent: string | null;
}

export type CallMode = 'list' | 'preview' | 'info' | 'infoByIds';

/** Built-in parameters naming the caller (lower case): a caller cannot override them. */
const IDENTITY = ['user', 'userid', 'organizeid', 'organize', 'departmentid', 'department', 'positionid', 'postion', 'account', 'username'];

// ---------------------------------------------------------------- errors

/** Turns guard, database and HTTP failures into answers that name the cause. */
export function callError(err: unknown): unknown {
  if (err instanceof SqlRefused) return badRequest(err.reason, { detail: err.detail });
  if (err instanceof SqlRunError) {
    if (err.kind === 'timeout') return new AppError(504, Codes.error, 'dataInterface.sqlTimeout');
    if (err.kind === 'readonly') return badRequest('sql.readOnly');
    if (err.kind === 'busy') return new AppError(503, Codes.error, 'dataInterface.busy');
    return badRequest('dataInterface.sqlError', { detail: err.message.slice(0, 300) });
  }
  if (err instanceof HttpCallError)
    return new AppError(err.status, err.status === 400 ? Codes.badRequest : Codes.error, err.key, err.params);
  return err;
}

const errorText = (err: unknown) => {
  if (err instanceof AppError) return `${err.key} ${Object.values(err.params).join(' ')}`.trim();
  return err instanceof Error ? err.message : String(err);
};

// ---------------------------------------------------------------- system values

interface SystemValues {
  userId: string;
  account: string;
  userName: string;
  organizeId: string | null;
  departmentId: string | null;
  positionId: string | null;
}

/**
 * Kept with the user's cached grants (a WeakMap keyed by them): whatever
 * changes a user's organisation or position invalidates their grants, on
 * every server process, so these go with them.
 */
const systemCache = new WeakMap<UserGrants, Promise<SystemValues>>();

/** The signed-in user's ids: company, department and position. */
export async function systemValues(ctx: AppContext, caller: Pick<Caller, 'userId' | 'isAdministrator'>): Promise<SystemValues> {
  const { userId } = caller;
  const grants = await grantsFor(ctx, userId, caller.isAdministrator);
  const hit = systemCache.get(grants);
  if (hit) return hit;
  const values = (async (): Promise<SystemValues> => {
    const u = await ctx.db
      .selectFrom('users')
      .leftJoin('organizations', 'organizations.id', 'users.organizeId')
      .select([
        'users.id',
        'users.account',
        'users.realName',
        'users.organizeId',
        'users.positionId',
        'organizations.category',
        'organizations.idPath',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!u) return { userId, account: '', userName: '', organizeId: null, departmentId: null, positionId: null };
    let organizeId: string | null = u.organizeId;
    let departmentId: string | null = null;
    if (u.category === 'department') {
      departmentId = u.organizeId;
      const ancestors = (u.idPath ?? '').split(',').filter((id) => id && id !== u.organizeId);
      const companies = ancestors.length
        ? await ctx.db
            .selectFrom('organizations')
            .select(['id', 'idPath'])
            .where('id', 'in', ancestors)
            .where('category', '=', 'company')
            .execute()
        : [];
      companies.sort((a, b) => b.idPath.length - a.idPath.length);
      organizeId = companies[0]?.id ?? u.organizeId;
    }
    return { userId, account: u.account, userName: u.realName, organizeId, departmentId, positionId: u.positionId };
  })();
  values.catch(() => systemCache.delete(grants));
  systemCache.set(grants, values);
  return values;
}

function systemValue(sys: SystemValues, name: string): unknown {
  switch (name.replace(/^@/, '').toLowerCase()) {
    case 'user':
    case 'userid':
    case 'flowoperatoruserid':
      return sys.userId;
    case 'account':
      return sys.account;
    case 'username':
    case 'flowoperatorusername':
      return sys.userName;
    case 'organize':
    case 'organizeid':
      return sys.organizeId;
    case 'department':
    case 'departmentid':
      return sys.departmentId;
    case 'postion':
    case 'positionid':
      return sys.positionId;
    default:
      return null;
  }
}

// ---------------------------------------------------------------- parameters

export interface ResolvedParams {
  /** Value of a parameter by name, case-insensitive; null when not given. */
  get(name: string): unknown;
  /** The declared (or built-in) type of a parameter, for PostgreSQL; null lets the database infer it. */
  type(name: string): PgParamType | null;
}

const PG_TYPES: Record<InterfaceParamDef['dataType'], PgParamType> = {
  varchar: 'TEXT',
  text: 'TEXT',
  int: 'BIGINT',
  bigint: 'BIGINT',
  decimal: 'NUMERIC',
  // Times are epoch milliseconds in our tables.
  datetime: 'BIGINT',
};
const BUILTIN_TYPES: Record<string, PgParamType> = Object.fromEntries([
  ...[...IDENTITY, 'keyword', 'formid'].map((n) => [n, 'TEXT' as const]),
  ...['pagesize', 'currentpage', 'offsetsize'].map((n) => [n, 'BIGINT' as const]),
]);

function coerce(def: InterfaceParamDef, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  switch (def.dataType) {
    case 'int':
    case 'bigint': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isInteger(n)) throw badRequest('dataInterface.paramType', { field: def.field, type: def.dataType });
      return n;
    }
    case 'decimal': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) throw badRequest('dataInterface.paramType', { field: def.field, type: def.dataType });
      return n;
    }
    case 'datetime': {
      if (typeof value === 'number') return value;
      const t = Date.parse(String(value));
      if (Number.isNaN(t)) throw badRequest('dataInterface.paramType', { field: def.field, type: def.dataType });
      return t;
    }
    default:
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * A JSON column of an interface, parsed once per row object: the service
 * caches rows and replaces them (never changes them) when an interface is
 * saved, so static data and parameter lists are not re-parsed on every call.
 * Callers only read what they get.
 */
const parsedRows = new WeakMap<InterfaceRow, Map<keyof InterfaceRow, unknown>>();
function parsedOnce<T>(row: InterfaceRow, column: 'parameterJson' | 'query', fallback: T): T {
  let perRow = parsedRows.get(row);
  if (!perRow) parsedRows.set(row, (perRow = new Map()));
  if (!perRow.has(column)) perRow.set(column, parseJson<T>(row[column], fallback));
  return perRow.get(column) as T;
}

/**
 * Values for every parameter: the declared defaults, then the caller's
 * paramList (server-contract §6 sourceType 1 form field, 2 literal, 3 empty,
 * 4 system variable), then the built-ins, which the caller cannot override.
 */
export async function resolveParams(
  ctx: AppContext,
  row: InterfaceRow,
  input: Pick<InterfaceCallInput, 'paramList' | 'sourceData' | 'keyword' | 'currentPage' | 'pageSize'>,
  caller: Caller,
  extra: Record<string, unknown> = {},
): Promise<ResolvedParams> {
  const defs = parsedOnce<InterfaceParamDef[]>(row, 'parameterJson', []);
  const values = new Map<string, unknown>();
  for (const d of defs) values.set(d.field.toLowerCase(), d.defaultValue ?? null);
  let sys: SystemValues | null = null;
  const needSys = async () => (sys ??= await systemValues(ctx, caller));

  for (const p of input.paramList ?? []) {
    let v: unknown;
    switch (p.sourceType) {
      case 1: {
        const key = String(p.relationField ?? '');
        const src = input.sourceData ?? {};
        if (key.includes('-')) {
          const [table, child] = key.split('-') as [string, string];
          const rows = src[table];
          v = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined)?.[child] : undefined;
        } else {
          v = src[key];
        }
        v ??= p.defaultValue ?? null;
        break;
      }
      case 2:
        v = p.relationField ?? p.defaultValue ?? null;
        break;
      case 3:
        v = null;
        break;
      case 4:
        v = systemValue(await needSys(), String(p.relationField ?? p.defaultValue ?? ''));
        break;
      default:
        v = p.defaultValue ?? null;
    }
    // An empty value means "not given": optional filters written `{x} IS NULL OR …` then skip.
    values.set(p.field.toLowerCase(), v === '' ? null : v);
  }

  for (const d of defs) {
    const key = d.field.toLowerCase();
    const v = coerce(d, values.get(key));
    if (d.required && (v === null || v === undefined || v === '')) {
      throw badRequest('dataInterface.paramRequired', { field: d.fieldName ? `${d.field}(${d.fieldName})` : d.field });
    }
    values.set(key, v === '' ? null : v);
  }
  for (const [k, v] of Object.entries(extra)) values.set(k.toLowerCase(), v);

  const s = await needSys();
  for (const name of IDENTITY) values.set(name, systemValue(s, name));
  values.set('keyword', input.keyword ?? '');
  values.set('pagesize', input.pageSize);
  values.set('currentpage', input.currentPage);
  values.set('offsetsize', (input.currentPage - 1) * input.pageSize);
  const types = new Map<string, PgParamType>(defs.map((d) => [d.field.toLowerCase(), PG_TYPES[d.dataType] ?? 'TEXT']));
  for (const k of Object.keys(extra)) types.set(k.toLowerCase(), 'TEXT');
  for (const [k, v] of Object.entries(BUILTIN_TYPES)) types.set(k, v);
  return {
    get: (name: string) => values.get(name.toLowerCase()) ?? null,
    type: (name: string) => types.get(name.toLowerCase()) ?? null,
  };
}

// ---------------------------------------------------------------- SQL

const columnCaches = new WeakMap<AppContext['db'], Map<string, string[]>>();

/** The columns a query answers, found by a one-row probe that works even when it has no rows. */
async function columnsOf(
  ctx: AppContext,
  key: string | null,
  checked: CheckedSql,
  params: ResolvedParams,
  timeoutMs: number,
): Promise<string[]> {
  const cacheKey = key ? `${ctx.dialect}:${key}` : null;
  let columnCache = columnCaches.get(ctx.db);
  if (!columnCache) columnCaches.set(ctx.db, (columnCache = new Map()));
  const hit = cacheKey ? columnCache.get(cacheKey) : undefined;
  if (hit) return hit;
  const probe = new SqlText(ctx.dialect)
    .raw('SELECT t.* FROM (SELECT 1 AS probe__) d LEFT JOIN (')
    .checked(checked, params.get, params.type)
    .raw(') t ON 1 = 1 LIMIT 1');
  const [rows] = await runReadOnly(ctx, [{ sql: probe.toString(), params: probe.params }], timeoutMs);
  const columns = Object.keys(rows?.[0] ?? {});
  if (cacheKey) {
    if (columnCache.size > 1000) columnCache.delete(columnCache.keys().next().value!);
    columnCache.set(cacheKey, columns);
  }
  return columns;
}

/** Maps a requested column name onto an answered one, ignoring case (PostgreSQL folds unquoted names). */
function columnMatcher(columns: string[]) {
  const exact = new Set(columns);
  const lower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  return (name: string | null | undefined): string | null => {
    if (!name) return null;
    if (exact.has(name)) return name;
    return lower.get(name.toLowerCase()) ?? null;
  };
}

export interface Filters {
  keyword: string;
  keywordColumns: string[];
  equals: [string, unknown][];
  contains: [string, string][];
  ids: unknown[] | null;
  idColumn: string | null;
}

function writeFiltered(t: SqlText, checked: CheckedSql, params: ResolvedParams, f: Filters, alias = 't') {
  const col = (c: string) => t.raw(`${alias}.`).ident(c);
  t.raw('FROM (').checked(checked, params.get, params.type).raw(`) ${alias}`);
  const conds: (() => void)[] = [];
  if (f.keyword && f.keywordColumns.length) {
    const pattern = likePattern(f.keyword);
    conds.push(() => {
      t.raw('(');
      f.keywordColumns.forEach((c, i) => {
        if (i) t.raw(' OR ');
        t.raw('lower(CAST(');
        col(c).raw(' AS TEXT)) LIKE ').value(pattern).raw(" ESCAPE '\\'");
      });
      t.raw(')');
    });
  }
  for (const [c, v] of f.equals) {
    conds.push(() => {
      t.raw('CAST(');
      col(c)
        .raw(' AS TEXT) = ')
        .value(v === null ? null : String(v));
    });
  }
  for (const [c, v] of f.contains) {
    conds.push(() => {
      t.raw('lower(CAST(');
      col(c).raw(' AS TEXT)) LIKE ').value(likePattern(v)).raw(" ESCAPE '\\'");
    });
  }
  if (f.ids && f.idColumn) {
    const ids = f.ids;
    const idColumn = f.idColumn;
    conds.push(() => {
      t.raw('CAST(');
      col(idColumn).raw(' AS TEXT) IN (');
      ids.forEach((id, i) => {
        if (i) t.raw(', ');
        t.value(String(id));
      });
      t.raw(')');
    });
  }
  conds.forEach((c, i) => {
    t.raw(i ? ' AND ' : ' WHERE ');
    c();
  });
}

/** The answered column that holds the total in a page statement. */
export const TOTAL_COLUMN = '__medalliance_total';

/**
 * One page of a checked query, paged, filtered and sorted in SQL: ONE
 * statement answering the rows with the total beside them (an uncorrelated
 * scalar subquery, computed once), and the plain count for when the page is
 * empty. The benchmark runs exactly these.
 */
export function pageStatements(
  dialect: AppContext['dialect'],
  checked: CheckedSql,
  params: ResolvedParams,
  f: Filters,
  page: { currentPage: number; pageSize: number; sortColumn: string | null; sort: 'asc' | 'desc' },
): { page: { sql: string; params: unknown[] }; count: { sql: string; params: unknown[] } } {
  const list = new SqlText(dialect).raw('SELECT t.*, (SELECT count(*) ');
  writeFiltered(list, checked, params, f, 'c');
  list.raw(`) AS ${quoteIdent(TOTAL_COLUMN)} `);
  writeFiltered(list, checked, params, f);
  if (page.sortColumn)
    list
      .raw(' ORDER BY t.')
      .ident(page.sortColumn)
      .raw(page.sort === 'asc' ? ' ASC' : ' DESC');
  list
    .raw(' LIMIT ')
    .value(page.pageSize)
    .raw(' OFFSET ')
    .value((page.currentPage - 1) * page.pageSize);
  const count = new SqlText(dialect).raw('SELECT count(*) AS total ');
  writeFiltered(count, checked, params, f);
  return { page: { sql: list.toString(), params: list.params }, count: { sql: count.toString(), params: count.params } };
}

/** Filters that filter nothing: the plain paged list. */
export const NO_FILTERS: Filters = { keyword: '', keywordColumns: [], equals: [], contains: [], ids: null, idColumn: null };

const SEARCH_EQUALS = 'jnpf_searchType_equals_';

function filtersFor(
  input: InterfaceCallInput,
  column: (n: string | null | undefined) => string | null,
  columns: string[],
  selfFilters: boolean,
): Filters {
  const requested = input.columnOptions.map((c) => column(c)).filter((c): c is string => !!c);
  const equals: [string, unknown][] = [];
  const contains: [string, string][] = [];
  for (const [k, v] of Object.entries(input.queryJson ?? {})) {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) continue;
    const exact = k.startsWith(SEARCH_EQUALS);
    const c = column(exact ? k.slice(SEARCH_EQUALS.length) : k);
    if (!c) continue;
    if (exact || typeof v !== 'string') equals.push([c, Array.isArray(v) ? v.join(',') : v]);
    else contains.push([c, v]);
  }
  return {
    // When the SQL itself uses @keyword, the keyword is its business, not ours.
    keyword: selfFilters ? '' : input.keyword,
    keywordColumns: requested.length ? requested : columns,
    equals,
    contains,
    ids: null,
    idColumn: null,
  };
}

async function callSql(
  ctx: AppContext,
  row: Pick<InterfaceRow, 'id' | 'query' | 'timeoutMs' | 'updatedAt' | 'createdAt'>,
  input: InterfaceCallInput,
  params: ResolvedParams,
  mode: CallMode,
): Promise<unknown> {
  const cfg = await getSysConfig(ctx);
  const timeout = Math.min(row.timeoutMs ?? cfg.sqlTimeoutMs, cfg.sqlTimeoutMs);
  const checked = checkReadOnlySql(row.query ?? '');
  const columns = await columnsOf(ctx, `${row.id}:${row.updatedAt ?? row.createdAt}:${row.query?.length}`, checked, params, timeout);
  const column = columnMatcher(columns);
  const selfKeyword = checked.params.some((p) => p.toLowerCase() === 'keyword');
  const f = filtersFor(input, column, columns, selfKeyword);

  if (mode === 'info' || mode === 'infoByIds') {
    const ids = mode === 'info' ? [input.id] : (input.ids ?? []);
    const idColumn = column(input.propsValue || 'id');
    if (!idColumn) throw badRequest('dataInterface.noColumn', { column: input.propsValue || 'id' });
    if (!ids.length || ids.some((i) => i === null || i === undefined)) return mode === 'info' ? null : [];
    const t = new SqlText(ctx.dialect).raw('SELECT t.* ');
    writeFiltered(t, checked, params, { ...f, keyword: '', equals: [], contains: [], ids, idColumn });
    t.raw(' LIMIT ').value(ids.length);
    const [rows] = await runReadOnly(ctx, [{ sql: t.toString(), params: t.params }], timeout);
    return mode === 'info' ? (rows?.[0] ?? null) : (rows ?? []);
  }

  const order = (t: SqlText) => {
    const c = column(input.sidx);
    if (c)
      t.raw(' ORDER BY t.')
        .ident(c)
        .raw(input.sort === 'asc' ? ' ASC' : ' DESC');
  };
  if (mode === 'preview') {
    const t = new SqlText(ctx.dialect).raw('SELECT t.* ');
    writeFiltered(t, checked, params, f);
    order(t);
    t.raw(' LIMIT ').value(MAX_PAGE_SIZE);
    const [rows] = await runReadOnly(ctx, [{ sql: t.toString(), params: t.params }], timeout);
    return rows ?? [];
  }

  const statements = pageStatements(ctx.dialect, checked, params, f, {
    currentPage: input.currentPage,
    pageSize: input.pageSize,
    sortColumn: column(input.sidx),
    sort: input.sort,
  });
  const [rows = []] = await runReadOnly(ctx, [statements.page], timeout);
  let total: number;
  if (rows.length) total = Number(rows[0]![TOTAL_COLUMN] ?? 0);
  else if (input.currentPage === 1) total = 0;
  else total = Number((await runReadOnly(ctx, [statements.count], timeout))[0]?.[0]?.total ?? 0);
  for (const r of rows) delete r[TOTAL_COLUMN];
  return { list: rows, pagination: { currentPage: input.currentPage, pageSize: input.pageSize, total } } satisfies PageResult<Row>;
}

// ---------------------------------------------------------------- static and HTTP data

/** Rows out of a JSON answer: `data` unwrapped, then an array or its `list`. */
export function rowsOf(value: unknown, responsePath: string | null): { rows: Row[]; total: number | null } {
  let v = value;
  if (responsePath) {
    for (const key of responsePath.split('.').filter(Boolean)) v = (v as Record<string, unknown> | null)?.[key];
  } else if (v && typeof v === 'object' && !Array.isArray(v) && 'data' in v && ('code' in v || 'msg' in v || 'success' in v)) {
    v = (v as { data: unknown }).data;
  }
  let total: number | null = null;
  if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { list?: unknown }).list)) {
    const o = v as { list: unknown[]; total?: unknown; pagination?: { total?: unknown } };
    const t = Number(o.pagination?.total ?? o.total);
    if (Number.isFinite(t)) total = t;
    v = o.list;
  }
  const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  return { rows: list.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? (r as Row) : { value: r })), total };
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Server-side filtering, sorting and paging of rows that do not come from SQL. */
export function pageRows(all: Row[], input: InterfaceCallInput, mode: CallMode, remoteTotal: number | null = null): unknown {
  const columns = [...new Set(all.slice(0, 50).flatMap((r) => Object.keys(r)))];
  const column = columnMatcher(columns);
  if (mode === 'info' || mode === 'infoByIds') {
    const key = column(input.propsValue || 'id') ?? input.propsValue ?? 'id';
    const wanted = new Set((mode === 'info' ? [input.id] : (input.ids ?? [])).map((x) => String(x)));
    const found = all.filter((r) => wanted.has(text(r[key])));
    return mode === 'info' ? (found[0] ?? null) : found;
  }
  const f = filtersFor(input, column, columns, false);
  const kw = f.keyword.toLowerCase();
  let rows = all.filter(
    (r) =>
      (!kw || f.keywordColumns.some((c) => text(r[c]).toLowerCase().includes(kw))) &&
      f.equals.every(([c, v]) => text(r[c]) === text(v)) &&
      f.contains.every(([c, v]) => text(r[c]).toLowerCase().includes(v.toLowerCase())),
  );
  const sidx = column(input.sidx);
  if (sidx) {
    const dir = input.sort === 'asc' ? 1 : -1;
    rows = [...rows].sort((a, b) => {
      const x = a[sidx];
      const y = b[sidx];
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return text(x).localeCompare(text(y), 'zh') * dir;
    });
  }
  if (mode === 'preview') return rows.slice(0, MAX_PAGE_SIZE);
  // A remote API that paged by itself says so with a total larger than what it sent.
  if (remoteTotal !== null && remoteTotal > all.length && !kw && !f.equals.length && !f.contains.length) {
    return { list: rows, pagination: { currentPage: input.currentPage, pageSize: input.pageSize, total: remoteTotal } };
  }
  const start = (input.currentPage - 1) * input.pageSize;
  return {
    list: rows.slice(start, start + input.pageSize),
    pagination: { currentPage: input.currentPage, pageSize: input.pageSize, total: rows.length },
  };
}

/** `{name}` placeholders filled from the parameters (URL-encoded inside URLs). */
function fill(template: string, params: ResolvedParams, encode: boolean): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const v = text(params.get(name));
    return encode ? encodeURIComponent(v) : v;
  });
}

/** A configured value: '@userId' style system values, `{name}` templates, or a literal. */
function configured(value: unknown, params: ResolvedParams): string {
  if (typeof value === 'string' && /^@[A-Za-z_]+$/.test(value)) return text(params.get(value.slice(1)));
  return fill(text(value), params, false);
}

async function callHttp(ctx: AppContext, row: InterfaceRow, params: ResolvedParams): Promise<{ rows: Row[]; total: number | null }> {
  const cfg = await getSysConfig(ctx);
  const target = fill(row.path ?? '', params, true);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new HttpCallError('dataInterface.badUrl', { url: target.slice(0, 200) });
  }
  const reqParams = parseJson<{ field: string; value?: unknown; defaultValue?: unknown }[]>(row.requestParameters, []);
  const body: Record<string, string> = {};
  for (const p of reqParams) {
    const v = configured(p.value ?? p.defaultValue ?? `{${p.field}}`, params);
    if (row.requestMethod === 'POST') body[p.field] = v;
    else url.searchParams.set(p.field, v);
  }
  const headers: Record<string, string> = {};
  for (const h of parseJson<{ field: string; value?: unknown }[]>(row.requestHeaders, [])) headers[h.field] = configured(h.value, params);
  const res = await guardedRequest({
    url: url.toString(),
    method: row.requestMethod === 'POST' ? 'POST' : 'GET',
    headers,
    body: row.requestMethod === 'POST' ? JSON.stringify(body) : undefined,
    timeoutMs: Math.min(row.timeoutMs ?? cfg.interfaceTimeoutMs, cfg.interfaceTimeoutMs),
    maxBytes: cfg.interfaceMaxResponseBytes,
    allowedHosts: cfg.interfaceAllowedHosts,
    allowedNetworks: cfg.interfaceAllowedNetworks,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.text);
  } catch {
    throw new HttpCallError('dataInterface.notJson', { body: res.text.slice(0, 100) }, 502);
  }
  return rowsOf(parsed, row.responsePath);
}

// ---------------------------------------------------------------- one call

/** Runs an interface for a caller, logs the call with its duration, and answers by mode. */
export async function invokeInterface(
  ctx: AppContext,
  row: InterfaceRow,
  input: InterfaceCallInput,
  caller: Caller,
  mode: CallMode,
  source: string = mode,
): Promise<unknown> {
  const started = performance.now();
  try {
    if (row.enabledMark !== 1 && !(mode === 'preview' && caller.isAdministrator)) throw badRequest('dataInterface.disabled');
    let result: unknown;
    if (row.dataType === 2) {
      // Static data reads no parameters: declared ones are only checked (required, types).
      if (parsedOnce<InterfaceParamDef[]>(row, 'parameterJson', []).length) await resolveParams(ctx, row, input, caller);
      const { rows } = rowsOf(parsedOnce<unknown>(row, 'query', []), null);
      result = pageRows(rows, input, mode);
    } else {
      const params = await resolveParams(ctx, row, input, caller);
      if (row.dataType === 1) {
        result = await callSql(ctx, row, input, params, mode);
      } else {
        const { rows, total } = await callHttp(ctx, row, params);
        result = pageRows(rows, input, mode, total);
      }
    }
    logInterfaceCall(ctx, {
      interfaceId: row.id,
      userId: caller.userId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      duration: performance.now() - started,
      success: true,
      message: null,
      source,
    });
    return result;
  } catch (err) {
    const mapped = callError(err);
    logInterfaceCall(ctx, {
      interfaceId: row.id,
      userId: caller.userId,
      ip: caller.ip,
      userAgent: caller.userAgent,
      duration: performance.now() - started,
      success: false,
      message: errorText(mapped),
      source,
    });
    throw mapped;
  }
}

/**
 * Runs an ad-hoc read-only SQL (print templates) with the same guard, bound
 * parameters and time limit. 'fields' answers the column names even with no rows.
 */
export async function runTemplateSql(
  ctx: AppContext,
  sqlText: string,
  caller: Caller,
  extra: Record<string, unknown>,
  mode: 'fields' | 'rows',
): Promise<{ columns: string[]; rows: Row[] }> {
  const cfg = await getSysConfig(ctx);
  const fakeRow = {
    id: '',
    query: sqlText,
    parameterJson: '[]',
    timeoutMs: null,
    updatedAt: null,
    createdAt: 0,
  } as unknown as InterfaceRow;
  const params = await resolveParams(
    ctx,
    fakeRow,
    { paramList: [], sourceData: null, keyword: '', currentPage: 1, pageSize: MAX_PAGE_SIZE },
    caller,
    extra,
  );
  const checked = checkReadOnlySql(sqlText);
  if (mode === 'fields') return { columns: await columnsOf(ctx, null, checked, params, cfg.sqlTimeoutMs), rows: [] };
  const t = new SqlText(ctx.dialect)
    .raw('SELECT t.* FROM (')
    .checked(checked, params.get, params.type)
    .raw(') t LIMIT ')
    .value(MAX_PAGE_SIZE);
  const [rows] = await runReadOnly(ctx, [{ sql: t.toString(), params: t.params }], cfg.sqlTimeoutMs);
  return { columns: Object.keys(rows?.[0] ?? {}), rows: rows ?? [] };
}
