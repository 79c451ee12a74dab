import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { KpiOrgNode } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { forbidden } from '../../../http/errors.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { callerUnit, healthScope, type HealthScope } from '../privacy/scope.ts';

/**
 * The organisation side of the KPIs: which organisation a request looks at
 * (its subtree, cut to the caller's health scope), and how its organisations
 * fall into the rows of the by-organisation table: each child unit (category
 * 'company') of the selected organisation with its subtree, and the selected
 * organisation's own patients (itself and its departments) under its own id.
 * The organisation table is small (units of one county), so this is read once
 * per request and the KPI statements get the resulting id lists as bound values.
 */

interface OrgRow {
  id: string;
  parentId: string;
  category: string;
  idPath: string;
  name: string;
}

export interface KpiOrgView {
  scope: HealthScope;
  /** The selected organisation. */
  org: { id: string; name: string };
  /** Organisation ids of the selected subtree inside the scope; null: no filter (the whole county for a county user). */
  orgIds: string[] | null;
  /** Row key (child unit id or the selected id) of every organisation of the subtree. */
  bucketOf: Map<string, string>;
  /** The rows of the by-organisation table, in tree order: [own row, child units...]. */
  rows: { id: string; name: string; own: boolean }[];
  names: Map<string, string>;
  /** The caller's unit (for the audit entry). */
  unitId: string | null;
}

// Result columns are one lowercase word: SQLite's driver keys rows in camelCase even without plugins, PostgreSQL as written.
async function loadOrgs(ctx: AppContext): Promise<OrgRow[]> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'parent_id as parent', 'category', 'id_path as path', 'full_name as name'])
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    parentId: String(r.parent),
    category: String(r.category),
    idPath: String(r.path ?? r.id),
    name: String(r.name),
  }));
}

const isRoot = (o: OrgRow, byId: Map<string, OrgRow>) => o.parentId === '-1' || !byId.has(o.parentId);

/** The organisation a user looks at by default: the county root for county scope, else their unit. */
async function defaultOrg(ctx: AppContext, session: SessionInfo, scope: HealthScope, orgs: OrgRow[]): Promise<string | null> {
  const byId = new Map(orgs.map((o) => [o.id, o]));
  if (scope.all) return orgs.find((o) => isRoot(o, byId))?.id ?? null;
  const { unitId } = await callerUnit(ctx, session.userId);
  if (unitId && scope.orgIds.includes(unitId)) return unitId;
  // The top of the scope: an org of the scope whose parent is outside it.
  const set = new Set(scope.orgIds);
  return orgs.find((o) => set.has(o.id) && !set.has(o.parentId))?.id ?? null;
}

export async function kpiOrgView(ctx: AppContext, session: SessionInfo, orgId?: string): Promise<KpiOrgView> {
  const scope = await healthScope(ctx, session);
  const orgs = await loadOrgs(ctx);
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const selectedId = orgId ?? (await defaultOrg(ctx, session, scope, orgs));
  const selected = selectedId ? byId.get(selectedId) : undefined;
  if (!selected || (!scope.all && !scope.orgIds.includes(selected.id))) throw forbidden('health.kpi.outOfScope');
  const inScope = (id: string) => scope.all || scope.orgIds.includes(id);
  const prefix = `${selected.idPath},`;
  const subtree = orgs.filter((o) => (o.id === selected.id || o.idPath.startsWith(prefix)) && inScope(o.id));
  const bucketOf = new Map<string, string>();
  const childUnits: OrgRow[] = [];
  for (const o of subtree) {
    if (o.id === selected.id) {
      bucketOf.set(o.id, o.id);
      continue;
    }
    // The first organisation below the selected one on o's path.
    const path = o.idPath.slice(prefix.length).split(',');
    const top = byId.get(path[0]!);
    const key = top && top.category === 'company' ? top.id : selected.id;
    bucketOf.set(o.id, key);
    if (top && top.id === o.id && o.category === 'company') childUnits.push(o);
  }
  const { unitId } = await callerUnit(ctx, session.userId);
  return {
    scope,
    org: { id: selected.id, name: selected.name },
    orgIds: scope.all && isRoot(selected, byId) ? null : subtree.map((o) => o.id),
    bucketOf,
    rows: [{ id: selected.id, name: selected.name, own: true }, ...childUnits.map((o) => ({ id: o.id, name: o.name, own: false }))],
    names,
    unitId,
  };
}

/** The units (category 'company') a user may choose, as a tree rooted at the top of their scope. */
export async function kpiOrgTree(ctx: AppContext, session: SessionInfo): Promise<KpiOrgNode[]> {
  const scope = await healthScope(ctx, session);
  const orgs = await loadOrgs(ctx);
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const top = await defaultOrg(ctx, session, scope, orgs);
  if (!top) return [];
  const root = byId.get(top)!;
  const units = orgs.filter(
    (o) =>
      o.id === root.id ||
      (o.category === 'company' && o.idPath.startsWith(`${root.idPath},`) && (scope.all || scope.orgIds.includes(o.id))),
  );
  const unitIds = new Set(units.map((u) => u.id));
  const nodes = new Map<string, KpiOrgNode>(units.map((u) => [u.id, { id: u.id, parentId: null, name: u.name }]));
  const out: KpiOrgNode[] = [];
  for (const u of units) {
    const node = nodes.get(u.id)!;
    if (u.id === root.id) {
      out.push(node);
      continue;
    }
    // Nearest unit above (departments are skipped).
    const above =
      u.idPath
        .split(',')
        .slice(0, -1)
        .reverse()
        .find((id) => unitIds.has(id)) ?? root.id;
    node.parentId = above;
    const parent = nodes.get(above)!;
    (parent.children ??= []).push(node);
  }
  return out;
}

/** `column in (the view's organisations)`, nothing for the whole county, and no row for an empty view. */
export function orgFilter(view: KpiOrgView, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!view.orgIds) return sql`1 = 1`;
  if (!view.orgIds.length) return sql`1 = 0`;
  return sql`${column} in (${sql.join(view.orgIds)})`;
}

/** The row key of an organisation column: a CASE over the rows' id lists (bound values). */
export function orgBucket(view: KpiOrgView, column: RawBuilder<unknown>): RawBuilder<unknown> {
  const byRow = new Map<string, string[]>();
  for (const [org, row] of view.bucketOf) if (row !== view.org.id) byRow.set(row, [...(byRow.get(row) ?? []), org]);
  if (!byRow.size) return sql`${view.org.id}`;
  const whens = [...byRow].map(([row, ids]) => sql`when ${column} in (${sql.join(ids)}) then ${row}`);
  // Grouped by position (group by 1): the same CASE written twice would bind new parameters PostgreSQL cannot match.
  return sql`case ${sql.join(whens, sql` `)} else ${view.org.id} end`;
}

/** The organisations of one row of the by-organisation table; null for a row that is not one (the caller answers 403). */
export function rowOrgIds(view: KpiOrgView, rowId: string): string[] | null {
  if (!view.rows.some((r) => r.id === rowId)) return null;
  return [...view.bucketOf].filter(([, row]) => row === rowId).map(([org]) => org);
}
