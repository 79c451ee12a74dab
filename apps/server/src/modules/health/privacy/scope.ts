import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';

/**
 * Data scope of every health API by the organisation tree (issue 17, M12):
 * the caller's unit (the nearest organisation of category 'company' at or
 * above their own: a village clinic, a township health centre, a hospital)
 * with its subtree. A village doctor sees their village, a township doctor
 * (in a department of the health centre) the centre and its villages.
 * County level sees all: administrators, members of a county-wide role
 * (COUNTY_ROLES) and users whose unit is the root of the alliance.
 */
export interface HealthScope {
  all: boolean;
  orgIds: string[];
}

/** Roles whose members see every unit's health data. */
export const COUNTY_ROLES = ['countyDoctor', 'healthAuditor'];

interface OrgRow {
  id: string;
  parentId: string;
  category: string;
  idPath: string | null;
}

/** `db`: the caller's transaction when called inside one (SQLite has one connection). */
export async function healthScope(ctx: AppContext, session: SessionInfo, trx?: Kysely<any>): Promise<HealthScope> {
  if (session.isAdministrator) return { all: true, orgIds: [] };
  const db = trx ?? (ctx.db.withoutPlugins() as unknown as Kysely<any>);
  const county = await db
    .selectFrom('user_relations as r')
    .innerJoin('roles as ro', 'ro.id', 'r.object_id')
    .select('ro.id')
    .where('r.user_id', '=', session.userId)
    .where('r.object_type', '=', 'Role')
    .where('ro.en_code', 'in', COUNTY_ROLES)
    .where('ro.enabled_mark', '=', 1)
    .executeTakeFirst();
  if (county) return { all: true, orgIds: [] };
  const user = await db.selectFrom('users').select('organize_id as organizeId').where('id', '=', session.userId).executeTakeFirst();
  const orgId = user?.organizeId as string | null | undefined;
  if (!orgId) return { all: false, orgIds: [] };
  const orgs = (await db
    .selectFrom('organizations')
    .select(['id', 'parent_id as parentId', 'category', 'id_path as idPath'])
    .execute()) as OrgRow[];
  const byId = new Map(orgs.map((o) => [o.id, o]));
  let unit = byId.get(orgId);
  while (unit && unit.category !== 'company' && byId.has(unit.parentId)) unit = byId.get(unit.parentId);
  if (!unit) return { all: false, orgIds: [] };
  if (unit.parentId === '-1' || !byId.has(unit.parentId)) return { all: true, orgIds: [] };
  const path = unit.idPath ?? unit.id;
  const orgIds = orgs.filter((o) => o.id === unit!.id || (o.idPath ?? '').startsWith(`${path},`)).map((o) => o.id);
  return { all: false, orgIds };
}

/** A WHERE condition: the column (an org id) lies in the scope. No org ids: nothing. */
export function inScope(scope: HealthScope, column: Expression<unknown> | string): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (!scope.orgIds.length) return sql<SqlBool>`1 = 0`;
  const col = typeof column === 'string' ? sql.ref(column) : column;
  return sql<SqlBool>`${col} in (${sql.join(scope.orgIds)})`;
}

/** Whether one org id lies in the scope. */
export function orgInScope(scope: HealthScope, orgId: string | null | undefined): boolean {
  return scope.all || (!!orgId && scope.orgIds.includes(orgId));
}

/** The caller's own organisation and their unit (nearest 'company' at or above it). */
export async function callerUnit(
  ctx: AppContext,
  userId: string,
  trx?: Kysely<any>,
): Promise<{ orgId: string | null; unitId: string | null }> {
  const db = trx ?? (ctx.db.withoutPlugins() as unknown as Kysely<any>);
  const user = await db.selectFrom('users').select('organize_id as organizeId').where('id', '=', userId).executeTakeFirst();
  const orgId = (user?.organizeId as string | null | undefined) ?? null;
  if (!orgId) return { orgId: null, unitId: null };
  const orgs = (await db
    .selectFrom('organizations')
    .select(['id', 'parent_id as parentId', 'category', 'id_path as idPath'])
    .execute()) as OrgRow[];
  const byId = new Map(orgs.map((o) => [o.id, o]));
  let unit = byId.get(orgId);
  while (unit && unit.category !== 'company' && byId.has(unit.parentId)) unit = byId.get(unit.parentId);
  return { orgId, unitId: unit?.id ?? orgId };
}
