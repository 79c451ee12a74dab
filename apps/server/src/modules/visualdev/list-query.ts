import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { MatchType } from '@medalliance/contract';
import type { Dialect } from '../../db/connection.ts';
import { badRequest } from '../../http/errors.ts';
import { containsMatch } from './trigram.ts';
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
  /** API keys the keyword searches (contains, OR). */
  keywordFields?: string[];
  /** SQL columns that carry a trigram index (createTrigramIndex). */
  trigram?: ReadonlySet<string>;
}

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

function filterExpression(
  dialect: Dialect,
  spec: ListTableSpec,
  field: string,
  match: MatchType,
  col: ListColumnSpec,
  value: unknown,
): Expression<SqlBool> {
  const ref = sql.id(spec.table, col.column);
  const textual = col.kind === 'string' || col.kind === 'text';
  switch (match) {
    case 'equal': {
      if (Array.isArray(value) || (typeof value === 'object' && value !== null)) throw refused(field);
      const v = scalar(field, col, value);
      // A multi-value field holds a JSON array: "equal" is "one of its values is this one".
      if (col.array) return sql<SqlBool>`${ref} like ${holding(v)} escape '\\'`;
      return sql<SqlBool>`${ref} = ${v}`;
    }
    case 'contains': {
      if (!textual || Array.isArray(value)) throw refused(field);
      const v = String(scalar(field, col, value));
      return containsMatch(dialect, { table: spec.table, columns: [col.column], indexed: spec.trigram?.has(col.column) === true }, v);
    }
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2) throw refused(field);
      const [lo, hi] = value.map((x) => (isEmpty(x) ? null : scalar(field, col, x)));
      const parts: Expression<SqlBool>[] = [];
      if (lo !== null && lo !== undefined) parts.push(sql<SqlBool>`${ref} >= ${lo}`);
      if (hi !== null && hi !== undefined) parts.push(sql<SqlBool>`${ref} <= ${hi}`);
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
    case 'in': {
      const list = (Array.isArray(value) ? value : [value]).filter((x) => !isEmpty(x));
      if (list.length > MAX_IN_VALUES) throw refused(field);
      const values = list.map((x) => scalar(field, col, x));
      if (col.array) {
        const likes = values.map((v) => sql`${ref} like ${holding(v)} escape '\\'`);
        return sql<SqlBool>`(${sql.join(likes, sql` or `)})`;
      }
      return sql<SqlBool>`${ref} in (${sql.join(values)})`;
    }
  }
}

/** The where-conditions of a request (filters and keyword), refusing anything outside the spec. */
export function listConditions(dialect: Dialect, spec: ListTableSpec, req: ListRequest): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  for (const [field, value] of Object.entries(req.filters)) {
    if (isEmpty(value)) continue;
    const match = Object.hasOwn(spec.search, field) ? spec.search[field] : undefined;
    const col = Object.hasOwn(spec.columns, field) ? spec.columns[field] : undefined;
    if (!match || !col) throw badRequest('records.unknownFilter', { field: field.slice(0, 80) });
    out.push(filterExpression(dialect, spec, field, match, col, value));
  }
  const keyword = req.keyword?.trim();
  if (keyword) {
    if (keyword.length > MAX_FILTER_LENGTH) throw refused('keyword');
    const cols = (spec.keywordFields ?? []).map((k) => spec.columns[k]).filter((c): c is ListColumnSpec => !!c);
    const indexed = cols.filter((c) => spec.trigram?.has(c.column));
    const plain = cols.filter((c) => !spec.trigram?.has(c.column));
    const parts: Expression<SqlBool>[] = [];
    if (indexed.length)
      parts.push(containsMatch(dialect, { table: spec.table, columns: indexed.map((c) => c.column), indexed: true }, keyword));
    if (plain.length)
      parts.push(containsMatch(dialect, { table: spec.table, columns: plain.map((c) => c.column), indexed: false }, keyword));
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
  if (!order.some(([c]) => c === id)) order.push([id, order.at(-1)?.[1] ?? 'desc']);
  return order;
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
  let base: Q = db.selectFrom(spec.table);
  for (const c of conditions) base = base.where(c);
  const selections = opts.select.map((key) => {
    const col = Object.hasOwn(spec.columns, key) ? spec.columns[key] : undefined;
    if (!col) throw badRequest('records.unknownColumn', { field: key.slice(0, 80) });
    return sql.id(spec.table, col.column).as(key);
  });
  let page = base.select(selections);
  for (const [column, order] of listOrder(spec, req)) page = page.orderBy(sql.id(spec.table, column), order);
  const paging = limit ?? { limit: req.pageSize, offset: (req.currentPage - 1) * req.pageSize };
  page = page.limit(paging.limit).offset(paging.offset);
  const total = base.select(sql<number | string>`count(*)`.as('total'));
  return { page, total };
}
