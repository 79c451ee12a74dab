import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  MAX_PAGE_SIZE,
  type InterfaceParamDef,
  type ReportDefinition,
  type ReportParam,
  type ReportSourceField,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { likePattern } from '../../http/paging.ts';
import { rowFilterOf, runtimeModel, type RuntimeModel } from '../visualdev/records.service.ts';
import { listConditions, type ListColumnKind, type ListTableSpec } from '../visualdev/list-query.ts';
import { selectAsWritten } from '../visualdev/model-tables.ts';
import { parseJson } from '../system/db-errors.ts';
import { callError, resolveParams, type Caller, type ResolvedParams } from '../system/data-interface.runner.ts';
import { findInterfaceForCall } from '../system/data-interface.service.ts';
import { checkedPieces, checkReadOnlySql, normalizeValue, type CheckedSql } from '../system/sql-guard.ts';
import { runReadOnly, type Row } from '../system/sql-executor.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import type { ReportAuth } from './report-access.ts';
import './messages.ts';

/**
 * Where a report's rows come from, as one FROM clause the run builds its
 * GROUP BY and aggregates on, with identifiers only from the source's own
 * columns (the allow-list) and every value bound:
 * - a released model: its main table, filtered through visualdev's list-query
 *   layer (listConditions) and the caller's row rule of the report's menu;
 * - a data interface of the SQL kind: its checked read-only SQL as a subquery,
 *   its declared parameters bound (resolveParams, as every interface call),
 *   run with runReadOnly.
 */

export interface ResolvedSource {
  /** A field's stored kind: null when the source does not type it (interfaces), undefined when it has no such field. */
  kindOf: (field: string) => ListColumnKind | null | undefined;
  /** The rows the report reads, filters applied (a FROM clause on `raw`). */
  from: (raw: Kysely<any>) => SelectQueryBuilder<any, any, any>;
  /** The column of a field in that FROM. */
  ref: (field: string) => Expression<unknown>;
  conditions: Expression<SqlBool>[];
  /** Runs a query built on `from`. */
  run: (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => Promise<Row[]>;
  /** Numeric kinds are known (models); an interface's columns are whatever its SQL answers. */
  typed: boolean;
}

export const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const NUMERIC = new Set<ListColumnKind>(['int', 'decimal', 'datetime']);

// ---------------------------------------------------------------- field lists

const SYSTEM_LABELS: Record<string, string> = {
  id: 'ID',
  creatorUserId: '创建人',
  creatorTime: '创建时间',
  lastModifyUserId: '修改人',
  lastModifyTime: '修改时间',
  organizeId: '所属组织',
  flowState: '流程状态',
};

async function modelOf(ctx: AppContext, modelId: string): Promise<RuntimeModel> {
  try {
    return await runtimeModel(ctx, modelId);
  } catch (err) {
    if (err instanceof AppError && (err.status === 404 || err.key === 'records.notReleased'))
      throw badRequest('report.sourceNotFound', { id: modelId.slice(0, 64) });
    throw err;
  }
}

async function interfaceOf(ctx: AppContext, interfaceId: string) {
  let row;
  try {
    row = await findInterfaceForCall(ctx, interfaceId);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw badRequest('report.sourceNotFound', { id: interfaceId.slice(0, 64) });
    throw err;
  }
  if (row.dataType !== 1) throw badRequest('report.interfaceNotSql');
  return row;
}

/** The fields a source offers to the designer. */
export async function sourceFields(ctx: AppContext, source: ReportDefinition['source'], caller: Caller): Promise<ReportSourceField[]> {
  if (source.kind === 'model') {
    const model = await modelOf(ctx, source.modelId);
    return Object.entries(model.spec.columns).map(([key, col]) => {
      const f = model.fields.get(key);
      return {
        field: key,
        label: f?.label || SYSTEM_LABELS[key] || key,
        kind: col.kind,
        control: f?.type ?? (key === 'organizeId' ? 'organizeSelect' : undefined),
        dictionaryType: f?.options?.source === 'dictionary' ? f.options.dictionaryType : undefined,
      };
    });
  }
  const row = await interfaceOf(ctx, source.interfaceId);
  const { columns, sample } = await interfaceColumns(ctx, row, await resolveParams(ctx, row, noCall, caller));
  return columns.map((c) => ({ field: c, label: c, kind: typeof sample?.[c] === 'number' ? 'decimal' : 'string' }));
}

const noCall = { paramList: [], sourceData: null, keyword: '', currentPage: 1, pageSize: MAX_PAGE_SIZE };

// ---------------------------------------------------------------- checks

/** Refuses a definition naming a field its source lacks, or summing a column that is not a number. */
export async function checkDefinition(ctx: AppContext, def: ReportDefinition, caller: Caller): Promise<void> {
  const named = new Set<string>(def.columns.map((c) => c.field));
  let kindOf: (field: string) => ListColumnKind | null | undefined;
  if (def.source.kind === 'model') {
    const model = await modelOf(ctx, def.source.modelId);
    kindOf = (f) => (Object.hasOwn(model.spec.columns, f) ? model.spec.columns[f]!.kind : undefined);
    for (const p of def.params) named.add(p.field);
  } else {
    const row = await interfaceOf(ctx, def.source.interfaceId);
    const declared = new Set(parseJson<InterfaceParamDef[]>(row.parameterJson, []).map((d) => d.field.toLowerCase()));
    for (const p of def.params) if (!declared.has(p.field.toLowerCase()) || p.type === 'dateRange') named.add(p.field);
    const { columns } = await interfaceColumns(ctx, row, await resolveParams(ctx, row, noCall, caller));
    const lower = new Set(columns.map((c) => c.toLowerCase()));
    kindOf = (f) => (lower.has(f.toLowerCase()) ? null : undefined);
  }
  for (const f of named) if (kindOf(f) === undefined) throw badRequest('report.unknownField', { field: f });
  for (const c of def.columns) {
    const kind = kindOf(c.field);
    if ((c.aggregate === 'sum' || c.aggregate === 'avg') && kind && !NUMERIC.has(kind))
      throw badRequest('report.aggregateNotNumeric', { field: c.field, aggregate: c.aggregate });
  }
}

// ---------------------------------------------------------------- filters

/** How a parameter filters its column. */
export function matchOf(p: ReportParam): 'contains' | 'equal' | 'range' {
  if (p.type === 'dateRange') return 'range';
  if (p.type === 'text') return p.match ?? 'contains';
  return 'equal';
}

/** A model's rows: the list-query layer's bound conditions over a spec whose searches are the report's parameters. */
async function modelSource(ctx: AppContext, modelId: string, params: ReportParam[], values: Record<string, unknown>, auth: ReportAuth) {
  const model = await modelOf(ctx, modelId);
  const spec: ListTableSpec = {
    ...model.spec,
    search: Object.fromEntries(params.map((p) => [p.field, matchOf(p)])),
    keywordFields: [],
  };
  const filters: Record<string, unknown> = {};
  for (const p of params) if (values[p.field] !== undefined) filters[p.field] = values[p.field];
  const conditions = listConditions(ctx.dialect, spec, { filters, currentPage: 1, pageSize: 1 });
  const rowFilter = rowFilterOf(ctx, model, { grants: auth.grants, menu: auth.menu });
  if (rowFilter) conditions.push(rowFilter);
  const table = model.main.name;
  const columns = model.spec.columns;
  const db = raw(ctx);
  return {
    kindOf: (field: string) => (Object.hasOwn(columns, field) ? columns[field]!.kind : undefined),
    from: (on: Kysely<any>) => on.selectFrom(table),
    ref: (field: string) => sql.id(table, columns[field]!.column),
    conditions,
    run: (q: { compile(): { sql: string; parameters: readonly unknown[] } }) => selectAsWritten<Row>(db, q as never),
    typed: true,
  } satisfies ResolvedSource;
}

type InterfaceRow = Awaited<ReturnType<typeof interfaceOf>>;

/** The interface's SQL with each of its parameters bound (typed on PostgreSQL when declared). */
function boundQuery(checked: CheckedSql, params: ResolvedParams) {
  const parts = [...checkedPieces(checked)].map((piece) => {
    if ('text' in piece) return sql.raw(piece.text);
    const v = normalizeValue(params.get(piece.param));
    const type = params.type(piece.param);
    return type ? sql`CAST(${v} AS ${sql.raw(type)})` : sql`${v}`;
  });
  return sql.join(parts, sql``);
}

async function timeoutOf(ctx: AppContext, row: InterfaceRow) {
  const cfg = await getSysConfig(ctx);
  return Math.min(row.timeoutMs ?? cfg.sqlTimeoutMs, cfg.sqlTimeoutMs);
}

async function runStatement(ctx: AppContext, row: InterfaceRow, q: { compile(): { sql: string; parameters: readonly unknown[] } }) {
  const c = q.compile();
  try {
    const [rows = []] = await runReadOnly(ctx, [{ sql: c.sql, params: [...c.parameters] }], await timeoutOf(ctx, row));
    return rows;
  } catch (err) {
    throw callError(err);
  }
}

/** The columns an interface answers (a one-row probe that answers them even without rows) and its first row. */
async function interfaceColumns(ctx: AppContext, row: InterfaceRow, params: ResolvedParams) {
  let checked: CheckedSql;
  try {
    checked = checkReadOnlySql(row.query ?? '');
  } catch (err) {
    throw callError(err);
  }
  const db = raw(ctx);
  const probe = db
    .selectFrom(sql`(select 1 as probe__)`.as('d'))
    .leftJoin(sql`(${boundQuery(checked, params)})`.as('t'), (j) => j.onTrue())
    .selectAll('t')
    .limit(1);
  const rows = await runStatement(ctx, row, probe);
  const sample = rows[0] ?? null;
  return { columns: Object.keys(sample ?? {}), sample, checked };
}

/** An interface's rows: its SQL as a subquery, its own parameters bound, the report's other parameters as bound filters on its columns. */
async function interfaceSource(
  ctx: AppContext,
  interfaceId: string,
  params: ReportParam[],
  values: Record<string, unknown>,
  caller: Caller,
): Promise<ResolvedSource> {
  const row = await interfaceOf(ctx, interfaceId);
  const declared = new Map(parseJson<InterfaceParamDef[]>(row.parameterJson, []).map((d) => [d.field.toLowerCase(), d.field]));
  const paramList = params
    .filter((p) => declared.has(p.field.toLowerCase()) && p.type !== 'dateRange')
    .map((p) => ({ field: declared.get(p.field.toLowerCase())!, sourceType: 2, relationField: values[p.field] ?? null }));
  const resolved = await resolveParams(ctx, row, { ...noCall, paramList } as never, caller);
  const { columns: answered, checked } = await interfaceColumns(ctx, row, resolved);
  const byLower = new Map(answered.map((c) => [c.toLowerCase(), c]));
  const column = (field: string) => {
    const c = byLower.get(field.toLowerCase());
    if (!c) throw badRequest('report.unknownField', { field });
    return c;
  };
  const ref = (field: string) => sql.ref(`t.${column(field)}`);
  const conditions: Expression<SqlBool>[] = [];
  for (const p of params) {
    if (declared.has(p.field.toLowerCase()) && p.type !== 'dateRange') continue;
    const v = values[p.field];
    if (v === undefined || v === null || v === '') continue;
    conditions.push(interfaceCondition(p, ref(p.field), v));
  }
  const inner = boundQuery(checked, resolved);
  return {
    kindOf: (field: string) => (byLower.has(field.toLowerCase()) ? null : undefined),
    from: (on) => on.selectFrom(sql`(${inner})`.as('t')),
    ref,
    conditions,
    run: (q) => runStatement(ctx, row, q),
    typed: false,
  };
}

function scalarOf(p: ReportParam, v: unknown): string | number {
  if (p.type === 'number' || p.type === 'dateRange') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw badRequest('report.badParam', { field: p.field });
    return n;
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest('report.badParam', { field: p.field });
  return String(v);
}

function interfaceCondition(p: ReportParam, ref: Expression<unknown>, v: unknown): Expression<SqlBool> {
  const m = matchOf(p);
  if (m === 'range') {
    if (!Array.isArray(v) || v.length !== 2) throw badRequest('report.badParam', { field: p.field });
    const parts: Expression<SqlBool>[] = [];
    if (v[0] !== null && v[0] !== '' && v[0] !== undefined) parts.push(sql<SqlBool>`${ref} >= ${scalarOf(p, v[0])}`);
    if (v[1] !== null && v[1] !== '' && v[1] !== undefined) parts.push(sql<SqlBool>`${ref} <= ${scalarOf(p, v[1])}`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
  }
  if (Array.isArray(v)) throw badRequest('report.badParam', { field: p.field });
  const s = scalarOf(p, v);
  if (m === 'contains') return sql<SqlBool>`lower(cast(${ref} as text)) like ${likePattern(String(s))} escape '\\'`;
  if (p.type === 'number') return sql<SqlBool>`${ref} = ${s}`;
  return sql<SqlBool>`cast(${ref} as text) = ${String(s)}`;
}

/** The rows of a report's source for a caller, its parameters applied. */
export async function resolveSource(
  ctx: AppContext,
  def: ReportDefinition,
  values: Record<string, unknown>,
  auth: ReportAuth,
  caller: Caller,
): Promise<ResolvedSource> {
  if (def.source.kind === 'model') return modelSource(ctx, def.source.modelId, def.params, values, auth);
  return interfaceSource(ctx, def.source.interfaceId, def.params, values, caller);
}
