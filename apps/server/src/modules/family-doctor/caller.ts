import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { callerUnit, healthScope, inScope, orgInScope, type HealthScope } from '../health/privacy/scope.ts';
import { RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { healthRights } from '../health/privacy/rights.ts';

/** Who calls: their data scope (organisation subtree) and unit. */
export interface Caller {
  userId: string;
  unitId: string | null;
  isAdministrator: boolean;
  scope: HealthScope;
}

export async function callerOf(ctx: AppContext, req: FastifyRequest, trx?: Kysely<any>): Promise<Caller> {
  const [scope, unit] = await Promise.all([healthScope(ctx, req.session, trx), callerUnit(ctx, req.session.userId, trx)]);
  return { userId: req.session.userId, unitId: unit.unitId, isAdministrator: req.session.isAdministrator, scope };
}

/** The screens' menus; each route names the ones it belongs to. */
export const FD_MENUS = ['my_service', 'plan_list', 'serve_modify', 'serve_verify', 'serve_list'] as const;
export type FdMenu = (typeof FD_MENUS)[number];

/** 403 unless the caller holds one of the menus (with the button when named). */
export async function need(ctx: AppContext, req: FastifyRequest, menus: readonly FdMenu[], button?: string): Promise<void> {
  const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  if (g.isAdministrator) return;
  if (!menus.some((m) => g.modules.has(m) && (!button || g.modules.get(m)!.has(button)))) throw forbidden();
}

export async function rightsOf(ctx: AppContext, req: FastifyRequest) {
  const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  const has = (m: FdMenu, b?: string) => g.isAdministrator || (g.modules.has(m) && (!b || g.modules.get(m)!.has(b)));
  return {
    sign: has('my_service', 'btn_add'),
    modify: has('serve_modify', 'btn_edit'),
    verify: has('serve_verify', 'btn_edit'),
    records: has('serve_list', 'btn_add'),
    plans: has('plan_list', 'btn_edit'),
    settings: has('serve_verify', 'btn_edit'),
    // The archive's reveal (a reason, audited): the lists offer it only to whom the health route grants it.
    reveal: (await healthRights(ctx, req.session)).reveal,
  };
}

/**
 * Who sees a contract, task or record: the caller's units hold either the
 * team's unit (`col`) or the resident's managing unit (`r`, the archive row
 * joined as r): a village doctor of a township team sees their own village's
 * residents.
 */
export function fdVisible(scope: HealthScope, col: string): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${inScope(scope, col)} or ${inScope(scope, sql.ref('r.manageOrgId'))})`;
}

/** The same for one row: its team unit or its resident's unit in scope. */
export async function rowVisible(db: Kysely<any>, scope: HealthScope, orgId: string, residentId: string): Promise<boolean> {
  if (orgInScope(scope, orgId)) return true;
  const r = await db.selectFrom(RESIDENT_TABLE).select('manageOrgId').where('id', '=', residentId).executeTakeFirst();
  return orgInScope(scope, (r?.manageOrgId as string | null) ?? null);
}
