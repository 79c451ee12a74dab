import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type {
  ReportAggregate,
  ReportChartData,
  ReportColumn,
  ReportDefinition,
  ReportParam,
  ReportRow,
  ReportRunResult,
  ReportSubtotal,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../system/data-interface.runner.ts';
import type { ReportAuth } from './report-access.ts';
import { reportLabels } from './report-labels.ts';
import { raw, resolveSource, type ResolvedSource } from './report-source.ts';
import './messages.ts';

/**
 * Running a report: the caller's view of the definition (ungranted columns
 * removed), parameter values (defaults and built-ins filled), then SQL over
 * the source for the page, the group subtotals, the grand total and each
 * chart. Grouping and aggregates are done in the database (GROUP BY, window
 * totals over the groups); identifiers come only from the source's columns.
 */

export interface RunRequest {
  params: Record<string, unknown>;
  sidx: string;
  sort: 'asc' | 'desc';
  currentPage: number;
  pageSize?: number;
}

/** Most groups read at once when the chart is drawn from the table's own groups. */
const GROUP_CAP = 2000;
/** Most chart categories. */
const CHART_CAP = 200;
/** Most rows of an export. */
export const EXPORT_CAP = 50_000;

/** The definition as this caller may run it: columns they were not granted are gone, with everything that names them. */
export function visibleDefinition(def: ReportDefinition, hidden: Set<string>): ReportDefinition {
  if (!hidden.size) return def;
  const shown = (f: string) => !hidden.has(f);
  const columns = def.columns.filter((c) => shown(c.field));
  return {
    ...def,
    columns: columns.length ? columns : def.columns.slice(0, 0),
    params: def.params.filter((p) => shown(p.field)),
    headerGroups: def.headerGroups.map((g) => ({ ...g, fields: g.fields.filter(shown) })).filter((g) => g.fields.length),
    grouping: { ...def.grouping, groupBy: def.grouping.groupBy.filter(shown) },
    charts: def.charts
      .filter((c) => shown(c.category))
      .map((c) => ({ ...c, values: c.values.filter(shown), lines: c.lines?.filter(shown) }))
      .filter((c) => c.values.length),
  };
}

// ---------------------------------------------------------------- parameter values

const DAY = 86_400_000;
function dayStart(t: number) {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** A built-in default for this caller, or the value itself. */
function builtin(p: ReportParam, v: unknown, auth: ReportAuth, now: number): unknown {
  if (typeof v !== 'string' || !v.startsWith('@')) return v;
  const today = dayStart(now);
  const range = (from: number) => (p.type === 'dateRange' ? [from, today + DAY - 1] : from);
  switch (v) {
    case '@userId':
      return auth.grants.userId;
    case '@organizeId':
      return auth.grants.organizeId;
    case '@today':
      return range(today);
    case '@monthStart': {
      const d = new Date(today);
      d.setDate(1);
      return range(d.getTime());
    }
    case '@yearStart': {
      const d = new Date(today);
      d.setMonth(0, 1);
      return range(d.getTime());
    }
    default:
      return v;
  }
}

/** Values of the parameters: what the caller sent, else the default (built-ins resolved); a required one must have one. */
export function paramValues(
  params: ReportParam[],
  given: Record<string, unknown>,
  auth: ReportAuth,
  now = Date.now(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    let v = Object.hasOwn(given, p.field) ? given[p.field] : p.defaultValue;
    if (Array.isArray(v)) v = v.map((x) => builtin(p, x, auth, now));
    else v = builtin(p, v, auth, now);
    if (p.type === 'dateRange' && Array.isArray(v) && Array.isArray(v[0])) v = v[0];
    const empty =
      v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === '' || x === undefined));
    if (p.required && empty) throw badRequest('report.paramRequired', { field: p.label });
    if (p.type === 'dateRange' && !empty && !Array.isArray(v)) throw badRequest('report.badParam', { field: p.field });
    if (p.type !== 'dateRange' && Array.isArray(v)) throw badRequest('report.badParam', { field: p.field });
    if (!empty) out[p.field] = v;
  }
  return out;
}

/** The defaults the report page starts its filter bar with. */
export function defaultValues(params: ReportParam[], auth: ReportAuth): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const now = Date.now();
  for (const p of params) {
    if (p.defaultValue === undefined || p.defaultValue === null) continue;
    out[p.field] = Array.isArray(p.defaultValue)
      ? p.defaultValue.map((x) => builtin(p, x, auth, now))
      : builtin(p, p.defaultValue, auth, now);
    if (p.type === 'dateRange' && Array.isArray(out[p.field]) && Array.isArray((out[p.field] as unknown[])[0]))
      out[p.field] = (out[p.field] as unknown[])[0];
  }
  return out;
}

// ---------------------------------------------------------------- SQL pieces

function aggregateOf(fn: ReportAggregate, ref: Expression<unknown>) {
  switch (fn) {
    case 'sum':
      return sql`sum(${ref})`;
    case 'avg':
      return sql`avg(${ref})`;
    case 'min':
      return sql`min(${ref})`;
    case 'max':
      return sql`max(${ref})`;
    case 'count':
      return sql`count(${ref})`;
  }
}

/** The grand total of a per-group aggregate, as a window over the groups (one scan answers groups and total). */
function windowTotal(fn: ReportAggregate, ref: Expression<unknown>) {
  switch (fn) {
    case 'sum':
      return sql`sum(sum(${ref})) over ()`;
    case 'count':
      return sql`sum(count(${ref})) over ()`;
    case 'min':
      return sql`min(min(${ref})) over ()`;
    case 'max':
      return sql`max(max(${ref})) over ()`;
    case 'avg':
      return sql`1.0 * sum(sum(${ref})) over () / nullif(sum(count(${ref})) over (), 0)`;
  }
}

const TOTAL_PREFIX = '__t_';
const COUNT = '__count';
const GROUPS = '__groups';

const num = (v: unknown) => {
  if (typeof v === 'number' || v === null || v === undefined) return v ?? null;
  const n = Number(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(n) ? n : v;
};

type Q = SelectQueryBuilder<any, any, any>;

// ---------------------------------------------------------------- the run

export async function runReport(
  ctx: AppContext,
  definition: ReportDefinition,
  req: RunRequest,
  auth: ReportAuth,
  caller: Caller,
  exporting = false,
): Promise<ReportRunResult> {
  const def = visibleDefinition(definition, auth.hidden);
  const values = paramValues(def.params, req.params, auth);
  const source = await resolveSource(ctx, def, values, auth, caller);
  for (const c of def.columns) if (source.kindOf(c.field) === undefined) throw badRequest('report.unknownField', { field: c.field });
  const pageSize = exporting ? EXPORT_CAP : (req.pageSize ?? def.pageSize);
  const currentPage = exporting ? 1 : req.currentPage;
  const db = raw(ctx);
  let base: Q = source.from(db);
  for (const c of source.conditions) base = base.where(c);

  const groupBy = def.grouping.groupBy;
  const aggregated = def.columns.filter((c) => c.aggregate && !groupBy.includes(c.field)) as (ReportColumn & {
    aggregate: ReportAggregate;
  })[];
  const numericOut = new Set(aggregated.filter((c) => c.aggregate !== 'min' && c.aggregate !== 'max').map((c) => c.field));
  for (const c of def.columns) {
    const k = source.kindOf(c.field);
    if (k === 'int' || k === 'decimal' || k === 'datetime') numericOut.add(c.field);
  }
  const clean = (r: Record<string, unknown>): ReportRow => {
    const out: ReportRow = {};
    for (const [k, v] of Object.entries(r)) out[k] = numericOut.has(k) || k === COUNT ? num(v) : v;
    return out;
  };
  const sortable = new Set(groupBy.length ? [...groupBy, ...aggregated.map((c) => c.field)] : def.columns.map((c) => c.field));
  if (req.sidx && !sortable.has(req.sidx)) throw badRequest('report.sortRefused', { field: req.sidx.slice(0, 64) });
  const want = def.grouping.grandTotal && aggregated.length > 0;

  let rows: ReportRow[];
  let total: ReportRow | null = null;
  let count: number;
  let chartRows: Map<number, ReportRow[]> = new Map();
  let subtotals: ReportSubtotal[] = [];

  if (groupBy.length) {
    const subtotalKeys = def.grouping.subtotals && groupBy.length >= 2 ? groupBy.slice(0, -1) : [];
    // With subtotals the groups stay together (leading fields first); the chosen sort orders within them.
    const order: [string, 'asc' | 'desc'][] = [];
    for (const f of subtotalKeys) order.push([f, 'asc']);
    if (req.sidx) order.push([req.sidx, req.sort]);
    for (const f of groupBy) if (!order.some(([o]) => o === f)) order.push([f, 'asc']);
    let q = base
      .select([
        ...groupBy.map((g) => sql`${source.ref(g)}`.as(g)),
        ...aggregated.map((c) => aggregateOf(c.aggregate, source.ref(c.field)).as(c.field)),
        sql`count(*) over ()`.as(GROUPS),
        ...(want ? aggregated.map((c) => windowTotal(c.aggregate, source.ref(c.field)).as(TOTAL_PREFIX + c.field)) : []),
        ...(want ? [sql`sum(count(*)) over ()`.as(TOTAL_PREFIX + COUNT)] : []),
      ])
      .groupBy(groupBy.map((g) => source.ref(g)));
    for (const [f, dir] of order) q = q.orderBy(sql.id(f), dir);
    // Charts over the table's own single group read every group in the same scan (up to a cap).
    const fromGroups = !exporting && chartsFromGroups(def, aggregated);
    const got = fromGroups
      ? await source.run(q.limit(GROUP_CAP + 1))
      : await source.run(q.limit(pageSize).offset((currentPage - 1) * pageSize));
    const all = got.length > GROUP_CAP && fromGroups ? null : got;
    const first = got[0];
    count = first ? Number(first[GROUPS]) : 0;
    if (want && first) {
      total = { [COUNT]: num(first[TOTAL_PREFIX + COUNT]) };
      for (const c of aggregated) total[c.field] = num(first[TOTAL_PREFIX + c.field]);
    }
    const strip = (r: Record<string, unknown>) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) if (k !== GROUPS && !k.startsWith(TOTAL_PREFIX)) o[k] = v;
      return clean(o);
    };
    if (fromGroups && all) {
      const start = (currentPage - 1) * pageSize;
      rows = all.slice(start, start + pageSize).map(strip);
      const cleaned = all.map(strip);
      def.charts.forEach((_, i) => chartRows.set(i, sortByCategory(cleaned, def.charts[i]!.category).slice(0, CHART_CAP)));
    } else if (fromGroups) {
      rows = (await source.run(q.limit(pageSize).offset((currentPage - 1) * pageSize))).map(strip);
    } else {
      rows = got.map(strip);
    }
    if (!first && currentPage > 1) {
      const c = await source.run(
        db
          .selectFrom(
            base
              .select(sql`1`.as('one'))
              .groupBy(groupBy.map((g) => source.ref(g)))
              .as('g'),
          )
          .select(sql`count(*)`.as('n')),
      );
      count = Number(c[0]?.n ?? 0);
    }
    subtotals = await subtotalRows(source, base, subtotalKeys, aggregated, rows, clean);
  } else {
    let q = base.select(def.columns.map((c) => sql`${source.ref(c.field)}`.as(c.field)));
    if (req.sidx) q = q.orderBy(sql.id(req.sidx), req.sort);
    for (const c of def.columns) if (c.field !== req.sidx) q = q.orderBy(sql.id(c.field), 'asc');
    const [page, counted, totals] = await Promise.all([
      source.run(q.limit(pageSize).offset((currentPage - 1) * pageSize)),
      source.run(base.select(sql`count(*)`.as('n'))),
      want
        ? source.run(
            base.select([...aggregated.map((c) => aggregateOf(c.aggregate, source.ref(c.field)).as(c.field)), sql`count(*)`.as(COUNT)]),
          )
        : Promise.resolve([]),
    ]);
    rows = page.map(clean);
    count = Number(counted[0]?.n ?? 0);
    if (want && totals[0]) total = clean(totals[0]);
  }

  if (!exporting) {
    const missing = def.charts.map((_, i) => i).filter((i) => !chartRows.has(i));
    const built = await Promise.all(missing.map((i) => chartQuery(source, base, def, i).then((r) => r.map(clean))));
    missing.forEach((i, j) => chartRows.set(i, built[j]!));
  } else chartRows = new Map();
  const charts: ReportChartData[] = [...chartRows].sort(([a], [b]) => a - b).map(([index, r]) => ({ index, rows: r }));
  const labels = await reportLabels(ctx, def, [...rows, ...subtotals.map((s) => s.keys), ...charts.flatMap((c) => c.rows)]);
  return {
    definition: def,
    rows,
    subtotals,
    total,
    charts,
    labels,
    pagination: { currentPage, pageSize, total: count },
  };
}

/** Every chart can be drawn from the groups themselves: one group field, each chart's category it, each value aggregated the same. */
function chartsFromGroups(def: ReportDefinition, aggregated: ReportColumn[]): boolean {
  if (!def.charts.length || def.grouping.groupBy.length !== 1) return false;
  const g = def.grouping.groupBy[0];
  const agg = new Set(aggregated.map((c) => c.field));
  return def.charts.every((c) => c.category === g && c.values.every((v) => agg.has(v)));
}

function sortByCategory(rows: ReportRow[], field: string): ReportRow[] {
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  });
}

/** A chart's categories with its values summed up (by their column's aggregate, sum by default), in SQL. */
async function chartQuery(source: ResolvedSource, base: Q, def: ReportDefinition, index: number): Promise<ReportRow[]> {
  const chart = def.charts[index]!;
  const byField = new Map(def.columns.map((c) => [c.field, c]));
  const values = chart.values.filter((v) => v !== chart.category);
  const q = base
    .select([
      sql`${source.ref(chart.category)}`.as(chart.category),
      ...values.map((v) => aggregateOf(byField.get(v)?.aggregate ?? 'sum', source.ref(v)).as(v)),
    ])
    .groupBy(source.ref(chart.category))
    .orderBy(sql.id(chart.category), 'asc')
    .limit(CHART_CAP);
  return source.run(q);
}

/** Subtotals of the leading group fields, for the groups on this page (one GROUP BY per level, keys bound). */
async function subtotalRows(
  source: ResolvedSource,
  base: Q,
  keys: string[],
  aggregated: (ReportColumn & { aggregate: ReportAggregate })[],
  rows: ReportRow[],
  clean: (r: Record<string, unknown>) => ReportRow,
): Promise<ReportSubtotal[]> {
  if (!keys.length || !rows.length || !aggregated.length) return [];
  const lead = keys[0]!;
  const leadValues = [...new Set(rows.map((r) => r[lead]))];
  const present = leadValues.filter((v) => v !== null && v !== undefined);
  const conds = [];
  if (present.length) conds.push(sql`${source.ref(lead)} in (${sql.join(present.map((v) => sql`${v}`))})`);
  if (present.length < leadValues.length) conds.push(sql`${source.ref(lead)} is null`);
  const scoped = base.where(sql`(${sql.join(conds, sql` or `)})` as never);
  const out: ReportSubtotal[] = [];
  for (let level = 1; level <= keys.length; level++) {
    const fields = keys.slice(0, level);
    const got = await source.run(
      scoped
        .select([
          ...fields.map((f) => sql`${source.ref(f)}`.as(f)),
          ...aggregated.map((c) => aggregateOf(c.aggregate, source.ref(c.field)).as(c.field)),
          sql`count(*)`.as(COUNT),
        ])
        .groupBy(fields.map((f) => source.ref(f))),
    );
    for (const r of got) {
      const row = clean(r);
      const k: ReportRow = {};
      const v: ReportRow = {};
      for (const f of fields) k[f] = row[f];
      for (const c of aggregated) v[c.field] = row[c.field];
      out.push({ level, keys: k, values: v, count: Number(row[COUNT] ?? 0) });
    }
  }
  return out;
}
