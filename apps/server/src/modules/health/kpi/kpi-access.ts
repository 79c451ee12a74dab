import { KPI_MENUS, type KpiMenu } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { forbidden } from '../../../http/errors.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { healthRights } from '../privacy/rights.ts';

/**
 * Who may read the KPIs: a user granted any of the KPI menus (hypertension or
 * diabetes by organisation, chronic standard management, area statistics),
 * or an administrator; the rows they see are cut to their health scope.
 */
export async function requireKpiMenu(ctx: AppContext, session: SessionInfo): Promise<KpiMenu[]> {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  if (grants.isAdministrator) return [...KPI_MENUS];
  const menus = KPI_MENUS.filter((m) => grants.modules.has(m));
  if (!menus.length) throw forbidden();
  return menus;
}

/** Whether the caller holds the health bulk-export grant (the privacy layer's btn_health_export). */
export async function canExportHealth(ctx: AppContext, session: SessionInfo): Promise<boolean> {
  return (await healthRights(ctx, session)).export;
}
