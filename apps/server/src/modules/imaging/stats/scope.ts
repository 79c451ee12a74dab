import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ImagingCentre } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess, type Access } from '../../../http/access.ts';
import { forbidden } from '../../../http/errors.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { healthScope, type HealthScope } from '../../health/privacy/scope.ts';
import { isReaderOf } from '../centres.ts';
import { IMAGING_STATS_MENUS, STATS_MENUS, ULTRASOUND_STATS_MENUS } from '../catalog/access.ts';

/** Any statistics menu of either centre opens the API; each call checks the centre's. */
export const statsAccess: Access = anyModuleAccess([...ULTRASOUND_STATS_MENUS, ...IMAGING_STATS_MENUS]);

/**
 * Whose figures a caller sees: the centre's staff (its readers, by role or
 * roster), county-wide roles and administrators all units; anyone else the
 * units of their health scope (a township its centre and villages).
 */
export async function statsScope(ctx: AppContext, req: FastifyRequest, centre: ImagingCentre): Promise<HealthScope> {
  const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
  if (!g.isAdministrator && !STATS_MENUS[centre].some((m) => g.modules.has(m))) throw forbidden();
  if (g.isAdministrator) return { all: true, orgIds: [] };
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await isReaderOf(db, centre, req.session.userId)) return { all: true, orgIds: [] };
  return healthScope(ctx, req.session);
}
