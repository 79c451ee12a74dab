import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { hiddenColumnsOf } from '../permission/column-rules.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';

/**
 * Who may run a report: a user granted an enabled menu of type 5 whose
 * propertyJson.moduleId names the report (the rules of that menu then apply:
 * its row rules to a report over a model, its column grants to any report),
 * or an administrator. Everyone else gets 403.
 */

export interface ReportMenu {
  id: string;
  enCode: string;
}

export interface ReportAuth {
  grants: UserGrants;
  /** The menu whose row and column rules apply; null for an administrator when no menu names the report. */
  menu: string | null;
  hidden: Set<string>;
}

function moduleIdOf(propertyJson: string | null): unknown {
  if (!propertyJson) return null;
  try {
    return (JSON.parse(propertyJson) as { moduleId?: unknown } | null)?.moduleId ?? null;
  } catch {
    return null;
  }
}

/** Enabled type-5 menus naming this report. */
export async function reportMenus(ctx: AppContext, reportId: string): Promise<ReportMenu[]> {
  const rows = await ctx.db
    .selectFrom('menus')
    .select(['id', 'enCode', 'propertyJson'])
    .where('type', '=', 5)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
  return rows.filter((m) => moduleIdOf(m.propertyJson) === reportId).map(({ id, enCode }) => ({ id, enCode }));
}

export async function authorizeReport(
  ctx: AppContext,
  session: Pick<SessionInfo, 'userId' | 'isAdministrator'>,
  reportId: string,
  menuId?: string,
): Promise<ReportAuth> {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  let menus = await reportMenus(ctx, reportId);
  if (menuId) {
    menus = menus.filter((m) => m.id === menuId);
    if (!menus.length) throw forbidden();
  }
  if (grants.isAdministrator) return { grants, menu: menus[0]?.enCode ?? null, hidden: new Set() };
  const menu = menus.find((m) => grants.modules.has(m.enCode));
  if (!menu) throw forbidden();
  return { grants, menu: menu.enCode, hidden: hiddenColumnsOf(grants, menu.enCode) };
}

/** The designer's preview: an administrator or designer sees every column and row. */
export async function designerAuth(ctx: AppContext, session: Pick<SessionInfo, 'userId' | 'isAdministrator'>): Promise<ReportAuth> {
  return { grants: await grantsFor(ctx, session.userId, session.isAdministrator), menu: null, hidden: new Set() };
}
