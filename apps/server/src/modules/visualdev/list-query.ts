import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { MatchType, PageResult } from '@medalliance/contract';
import type { Db, Dialect } from '../../db/connection.ts';
import { compileWithParams, type CompiledQuery } from '../../db/prepared.ts';
import { badRequest } from '../../http/errors.ts';
import { likePattern } from '../../http/paging.ts';
import { ftsQuery, ftsTableOf, usesTrigram } from './trigram.ts';
import './records-messages.ts';

/**
 * The one list-query layer (issue 13): a table spec and a list request become
 * ONE bound SELECT for the page and one for its total. Identifiers come only
 * from the spec (the allow-list); every value is a bound parameter; a sort or
 * filter on anything the spec does not allow is refused with the field named.
 *
 * Model lists use it through records.service.ts; any list over a single table
 * whose columns are known up front can.
 */

/** How a column is stored (model-tables' StoredKind). */
export type ListColumnKind = 'string' | 'text' | 'int' | 'decimal' | 'datetime';

export interface ListColumnSpec {
  /** SQL column name in `table`. */
  column: string;
  kind: ListColumnKind;
  /** JSON array text (multi-selects): `equal` means "holds this value". */
  array?: boolean;
}

export interface ListTableSpec {
  /** SQL table name. */
  table: string;
  /** API key → column: everything a request may name. */
  columns: Record<string, ListColumnSpec>;
  /** API key → how it is searched. Filters on other keys are refused. */
  search: Record<string, MatchType>;
  /** API keys a request may sort by. */
  sortable: ReadonlySet<string>;
  /** The order without `sidx` (the id is always appended, so every row has one place). */
  defaultSort: { field: string; order: 'asc' | 'desc' }[];
  /** The id column's API key (tiebreak of every order). */
  idKey: string;
  /** The id tiebreak's direction; without it, that of the order's last column. */
  idOrder?: 'asc' | 'desc';
  /** API keys the keyword searches (contains, OR). */
  keywordFields?: string[];
  /** SQL columns that carry a trigram index (createTrigramIndex). */
  trigram?: ReadonlySet<string>;
}

/**
 * The columns of a table of our own schema, queried through `ctx.db`: each
 * API key is its column's camelCase name, which CamelCasePlugin writes in snake_case.
 */
export const ownColumns = (kinds: Record<string, ListColumnKind>): Record<string, ListColumnSpec> =>
  Object.fromEntries(Object.entries(kinds).map(([key, kind]) => [key, { column: key, kind }]));

export interface ListRequest {
  /** API key → value: a scalar, [min, max] for range, a list for in. */
  filters: Record<string, unknown>;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  currentPage: number;
  pageSize: number;
}

export interface ListOptions {
  /** The caller's row rule (permission/row-rules.ts), null for none. */
  rowFilter: Expression<SqlBool> | null;
  /** API keys to select, in order (the columns the caller may see). */
  select: string[];
  /** More conditions of the caller's own (a tree node, a parent id), already bound. */
  where?: Expression<SqlBool>[];
}

/** Most values of one `in` filter. */
export const MAX_IN_VALUES = 500;
/** Longest filter value, in characters. */
export const MAX_FILTER_LENGTH = 500;

type Q = SelectQueryBuilder<any, any, any>;

export interface ListQueries {
  page: Q;
  total: SelectQueryBuilder<any, any, { total: number | string }>;
}

/** `%text%` with LIKE's wildcards escaped, case kept (an element of a JSON array, e.g. `"id"`). */
const holding = (v: string | number) => `%${JSON.stringify(String(v)).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const refused = (field: string) => badRequest('records.badFilter', { field });

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** A scalar filter value as its column compares it; refuses what cannot be one. */
function scalar(field: string, col: ListColumnSpec, v: unknown): string | number {
  if (col.kind === 'int' || col.kind === 'decimal' || col.kind === 'datetime') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw refused(field);
    return n;
  }
  if (typeof v === 'boolean') return v ? '1' : '0';
  if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > MAX_FILTER_LENGTH) throw refused(field);
  return String(v);
}

/**
 * Where a request's values go: `bind` hands back what the SQL embeds (the
 * value itself, or a named parameter of a compiled statement) and `shape`
 * gathers what, besides the values, decides the SQL text (the cache key).
 */
interface Binder {
  bind: (value: unknown) => unknown;
  shape: string[];
}

const direct = (): Binder => ({ bind: (v) => v, shape: [] });

/**
 * "Some column contains `term`", case-insensitively: trigram.ts's containsMatch
 * with the bound value going through `b` (FTS5 for 3+ characters on an indexed
 * SQLite column, else `lower(column) like`, which pg_trgm's GIN index serves).
 */
function containsCondition(
  dialect: Dialect,
  table: string,
  columns: string[],
  indexed: boolean,
  term: string,
  b: Binder,
  besideEqual = false,
) {
  if (dialect === 'sqlite' && indexed && usesTrigram(term)) {
    b.shape.push(besideEqual ? 'fts+' : 'fts');
    const fts = ftsTableOf(table);
    // FTS5 tells the planner every MATCH is cheap, so SQLite would drive the
    // query from it: a common trigram (200k rowids at 1M rows) then probes
    // the table once per match. Beside an equal filter (whose column release
    // indexes), `+rowid` keeps the rowid from driving: SQLite walks the equal
    // index and tests each candidate against the match set, built once with a
    // bloom filter (1M rows, 10k equal, 200k match: page 465 → 165 ms, count 228 → 59 ms).
    const rowid = besideEqual ? sql`+${sql.id(table, 'rowid')}` : sql.id(table, 'rowid');
    return sql<SqlBool>`${rowid} in (select rowid from ${sql.id(fts)} where ${sql.id(fts)} match ${b.bind(ftsQuery(term, columns))})`;
  }
  b.shape.push('like');
  const pattern = b.bind(likePattern(term));
  const likes = columns.map((c) => sql`lower(${sql.id(table, c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(likes, sql` or `)})`;
}

function filterExpression(
  dialect: Dialect,
  spec: ListTableSpec,
  field: string,
  match: MatchType,
  col: ListColumnSpec,
  value: unknown,
  b: Binder,
  besideEqual: boolean,
): Expression<SqlBool> {
  b.shape.push(field);
  const ref = sql.id(spec.table, col.column);
  const textual = col.kind === 'string' || col.kind === 'text';
  switch (match) {
    case 'equal': {
      if (Array.isArray(value) || (typeof value === 'object' && value !== null)) throw refused(field);
      const v = scalar(field, col, value);
      // A multi-value field holds a JSON array: "equal" is "one of its values is this one".
      if (col.array) return sql<SqlBool>`${ref} like ${b.bind(holding(v))} escape '\\'`;
      return sql<SqlBool>`${ref} = ${b.bind(v)}`;
    }
    case 'contains': {
      if (!textual || Array.isArray(value)) throw refused(field);
      const v = String(scalar(field, col, value));
      return containsCondition(dialect, spec.table, [col.column], spec.trigram?.has(col.column) === true, v, b, besideEqual);
    }
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2) throw refused(field);
      const [lo, hi] = value.map((x) => (isEmpty(x) ? null : scalar(field, col, x)));
      const parts: Expression<SqlBool>[] = [];
      if (lo !== null && lo !== undefined) parts.push(sql<SqlBool>`${ref} >= ${b.bind(lo)}`);
      if (hi !== null && hi !== undefined) parts.push(sql<SqlBool>`${ref} <= ${b.bind(hi)}`);
      b.shape.push(`${parts.length}${lo === null ? '' : 'lo'}`);
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
    case 'in': {
      const list = (Array.isArray(value) ? value : [value]).filter((x) => !isEmpty(x));
      if (list.length > MAX_IN_VALUES) throw refused(field);
      const values = list.map((x) => scalar(field, col, x));
      b.shape.push(String(values.length));
      if (col.array) {
        const likes = values.map((v) => sql`${ref} like ${b.bind(holding(v))} escape '\\'`);
        return sql<SqlBool>`(${sql.join(likes, sql` or `)})`;
      }
      return sql<SqlBool>`${ref} in (${sql.join(values.map((v) => b.bind(v)))})`;
    }
  }
}

/**
 * Whether the request has an equal filter on a b-tree-indexed column: release
 * indexes every search field except long text (model-tables' listIndexedFields)
 * and a multi-value field's equal is a LIKE, so neither drives a query.
 */
function hasIndexedEqual(spec: ListTableSpec, req: ListRequest): boolean {
  return Object.entries(req.filters).some(([field, value]) => {
    const col = Object.hasOwn(spec.columns, field) ? spec.columns[field] : undefined;
    return (
      !isEmpty(value) && Object.hasOwn(spec.search, field) && spec.search[field] === 'equal' && !!col && !col.array && col.kind !== 'text'
    );
  });
}

/** The where-conditions of a request (filters and keyword), refusing anything outside the spec. */
export function listConditions(dialect: Dialect, spec: ListTableSpec, req: ListRequest, b: Binder = direct()): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  const besideEqual = hasIndexedEqual(spec, req);
  for (const [field, value] of Object.entries(req.filters)) {
    if (isEmpty(value)) continue;
    const match = Object.hasOwn(spec.search, field) ? spec.search[field] : undefined;
    const col = Object.hasOwn(spec.columns, field) ? spec.columns[field] : undefined;
    if (!match || !col) throw badRequest('records.unknownFilter', { field: field.slice(0, 80) });
    out.push(filterExpression(dialect, spec, field, match, col, value, b, besideEqual));
  }
  const keyword = req.keyword?.trim();
  if (keyword) {
    if (keyword.length > MAX_FILTER_LENGTH) throw refused('keyword');
    const cols = (spec.keywordFields ?? []).map((k) => spec.columns[k]).filter((c): c is ListColumnSpec => !!c);
    const indexed = cols.filter((c) => spec.trigram?.has(c.column));
    const plain = cols.filter((c) => !spec.trigram?.has(c.column));
    const parts: Expression<SqlBool>[] = [];
    b.shape.push('keyword');
    if (indexed.length)
      parts.push(
        containsCondition(
          dialect,
          spec.table,
          indexed.map((c) => c.column),
          true,
          keyword,
          b,
          besideEqual,
        ),
      );
    if (plain.length)
      parts.push(
        containsCondition(
          dialect,
          spec.table,
          plain.map((c) => c.column),
          false,
          keyword,
          b,
        ),
      );
    out.push(parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`);
  }
  return out;
}

/**
 * The order of a request: `sidx` when the spec allows it, else the default;
 * always ending with the id. A sub-table column (`table.field`) is not a
 * column of this table: it is left out of the SQL order, as the reference does.
 */
export function listOrder(spec: ListTableSpec, req: Pick<ListRequest, 'sidx' | 'sort'>): [column: string, order: 'asc' | 'desc'][] {
  const order: [string, 'asc' | 'desc'][] = [];
  const sidx = req.sidx?.trim() ?? '';
  const direction = req.sort === 'asc' ? 'asc' : 'desc';
  if (sidx && !sidx.includes('.')) {
    const col = spec.sortable.has(sidx) && Object.hasOwn(spec.columns, sidx) ? spec.columns[sidx] : undefined;
    if (!col) throw badRequest('records.sortRefused', { field: sidx.slice(0, 80) });
    order.push([col.column, direction]);
  } else if (sidx && !/^[A-Za-z][A-Za-z0-9_]{0,39}\.[A-Za-z][A-Za-z0-9_]{0,39}$/.test(sidx)) {
    throw badRequest('records.sortRefused', { field: sidx.slice(0, 80) });
  } else {
    for (const s of spec.defaultSort) {
      const col = spec.columns[s.field];
      if (col) order.push([col.column, s.order]);
    }
  }
  const id = spec.columns[spec.idKey]!.column;
  if (!order.some(([c]) => c === id)) order.push([id, spec.idOrder ?? order.at(-1)?.[1] ?? 'desc']);
  return order;
}

/** The selections of `keys`, refusing a key the spec does not have. */
function selections(spec: ListTableSpec, keys: string[]) {
  return keys.map((key) => {
    const col = Object.hasOwn(spec.columns, key) ? spec.columns[key] : undefined;
    if (!col) throw badRequest('records.unknownColumn', { field: key.slice(0, 80) });
    return sql.id(spec.table, col.column).as(key);
  });
}

function assemble(
  db: Kysely<any>,
  spec: ListTableSpec,
  req: ListRequest,
  conditions: Expression<SqlBool>[],
  select: string[],
  paging: { limit: unknown; offset: unknown },
): ListQueries {
  let base: Q = db.selectFrom(spec.table);
  for (const c of conditions) base = base.where(c);
  let page = base.select(selections(spec, select));
  for (const [column, order] of listOrder(spec, req)) page = page.orderBy(sql.id(spec.table, column), order);
  page = page.limit(paging.limit as number).offset(paging.offset as number);
  const total = base.select(sql<number | string>`count(*)`.as('total'));
  return { page, total };
}

/**
 * The page and total queries of a list request, built on `db` (pass
 * `db.withoutPlugins()` for model tables: their columns are named as written).
 * `limit` overrides the page size (exports of every row).
 */
export function buildListQuery(
  db: Kysely<any>,
  dialect: Dialect,
  spec: ListTableSpec,
  req: ListRequest,
  opts: ListOptions,
  limit?: { limit: number; offset: number },
): ListQueries {
  const conditions = [...listConditions(dialect, spec, req), ...(opts.where ?? [])];
  if (opts.rowFilter) conditions.push(opts.rowFilter);
  return assemble(db, spec, req, conditions, opts.select, limit ?? { limit: req.pageSize, offset: (req.currentPage - 1) * req.pageSize });
}

/**
 * One page of a list request and its total, run on `db` (`ctx.db` for the
 * tables of our own schema: rows keyed in camelCase), in the envelope's shape.
 * The hand-written lists of the system and permission modules page this way.
 */
export async function runList<R = Record<string, unknown>>(
  db: Kysely<any>,
  dialect: Dialect,
  spec: ListTableSpec,
  req: ListRequest,
  opts: ListOptions,
): Promise<PageResult<R>> {
  const { page, total } = buildListQuery(db, dialect, spec, req, opts);
  const [list, count] = await Promise.all([page.execute() as Promise<R[]>, total.executeTakeFirst()]);
  return { list, pagination: { currentPage: req.currentPage, pageSize: req.pageSize, total: Number(count?.total ?? 0) } };
}

export interface CachedListOptions {
  /**
   * What the row filter and the selection were derived from besides the spec
   * (the caller's grants object, stable while they are cached): statements are
   * kept per spec object and per scope, so a new release or new grants compile anew.
   */
  scope: object;
  /** Distinguishes row filters within one scope (the menu whose rules apply). */
  scopeKey: string;
  /** The row rule, built only when the statements are compiled. */
  rowFilter: () => Expression<SqlBool> | null;
  select: string[];
}

export interface ListStatement {
  sql: string;
  parameters: unknown[];
}

type Values = Record<string, unknown>;
interface CompiledList {
  page: CompiledQuery<Values, unknown>;
  total: CompiledQuery<Values, unknown>;
}

/** Compiled statements: spec → scope → shape. A spec lives as long as its cached model (records.service). */
const compiledLists = new WeakMap<ListTableSpec, WeakMap<object, Map<string, CompiledList>>>();
/** Shapes kept per (spec, scope): filter combinations are few; a flood of odd ones is dropped, not grown. */
const MAX_SHAPES = 200;

/**
 * The page and total statements of a list request, compiled once per (spec,
 * scope, filter shape) with every value a bound parameter (docs/conventions.md
 * "Hot queries"): a repeated list only validates its filters and binds values.
 * The same SQL as buildListQuery.
 */
export function listStatements(
  db: Kysely<any>,
  dialect: Dialect,
  spec: ListTableSpec,
  req: ListRequest,
  opts: CachedListOptions,
  limit?: { limit: number; offset: number },
): { page: ListStatement; total: ListStatement } {
  const values: unknown[] = [];
  const b: Binder = { bind: (v) => values.push(v), shape: [] };
  // Validates the request and gathers its values and shape; the expressions are rebuilt only to compile.
  listConditions(dialect, spec, req, b);
  const order = listOrder(spec, req);
  const key = `${opts.scopeKey}\u0000${opts.select.join(',')}\u0000${b.shape.join(',')}\u0000${order.join(';')}`;
  let perSpec = compiledLists.get(spec);
  if (!perSpec) compiledLists.set(spec, (perSpec = new WeakMap()));
  let shapes = perSpec.get(opts.scope);
  if (!shapes) perSpec.set(opts.scope, (shapes = new Map()));
  let compiled = shapes.get(key);
  if (!compiled) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    const build = (on: Db, param: (name: string) => unknown) => {
      let i = 0;
      const conditions = listConditions(dialect, spec, req, { bind: () => param(String(i++)), shape: [] });
      const rowFilter = opts.rowFilter();
      if (rowFilter) conditions.push(rowFilter);
      return assemble(on as unknown as Kysely<any>, spec, req, conditions, opts.select, { limit: param('limit'), offset: param('offset') });
    };
    compiled = {
      page: compileWithParams<Values, unknown>(db as unknown as Db, (on, param) => build(on, param).page),
      total: compileWithParams<Values, unknown>(db as unknown as Db, (on, param) => build(on, param).total),
    };
    shapes.set(key, compiled);
  }
  const named: Values = { ...values, ...(limit ?? { limit: req.pageSize, offset: (req.currentPage - 1) * req.pageSize }) };
  return {
    page: { sql: compiled.page.sql, parameters: compiled.page.parameters(named) },
    total: { sql: compiled.total.sql, parameters: compiled.total.parameters(named) },
  };
}
