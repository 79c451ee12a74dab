import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { findMenu } from './authorize.service.ts';
import { grantsFor } from './grants.service.ts';

/**
 * Column authority of a list (spec §7.4 GetColumnsByModuleId / SetColumnsByModuleId):
 * the columns of a menu the signed-in user may see, in their own saved order and
 * visibility. Only columns the user may see can be listed or saved.
 */
interface ColumnEntry {
  prop: string;
  label: string;
  columnVisible: boolean;
  visible: boolean;
}

async function allowedColumns(ctx: AppContext, session: SessionInfo, moduleIdOrCode: string) {
  const menu = await findMenu(ctx, moduleIdOrCode);
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  if (!grants.isAdministrator && !grants.menuIds.has(menu.id)) throw forbidden();
  const entry = grants.permissionList.find((p) => p.modelId === menu.id);
  const registered = await ctx.db
    .selectFrom('moduleColumns')
    .select(['enCode', 'fullName'])
    .where('moduleId', '=', menu.id)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .execute();
  const visible = grants.isAdministrator ? registered : registered.filter((c) => entry?.column.some((g) => g.enCode === c.enCode));
  return { menu, registered, visible };
}

export async function columnsByModule(ctx: AppContext, session: SessionInfo, moduleIdOrCode: string) {
  const { menu, registered, visible } = await allowedColumns(ctx, session, moduleIdOrCode);
  const saved = await ctx.db
    .selectFrom('userColumnSettings')
    .select(['fieldList', 'updatedAt'])
    .where('userId', '=', session.userId)
    .where('moduleId', '=', menu.id)
    .executeTakeFirst();
  let stored: { prop: string; label?: string; columnVisible?: boolean; visible?: boolean }[] = [];
  try {
    stored = saved ? (JSON.parse(saved.fieldList) as typeof stored) : [];
  } catch {
    stored = [];
  }
  const known = new Set(registered.map((c) => c.enCode));
  const allowed = new Map(visible.map((c) => [c.enCode, c.fullName]));
  const list: ColumnEntry[] = [];
  for (const s of stored) {
    // A registered column no longer granted stays out; columns nobody registered are the user's own.
    if (known.has(s.prop) && !allowed.has(s.prop)) continue;
    const on = s.columnVisible ?? s.visible ?? true;
    list.push({ prop: s.prop, label: allowed.get(s.prop) ?? s.label ?? s.prop, columnVisible: on, visible: on });
  }
  for (const [prop, label] of allowed)
    if (!list.some((c) => c.prop === prop)) list.push({ prop, label, columnVisible: true, visible: true });
  return { moduleId: menu.id, list, fieldList: JSON.stringify(list), updatedAt: saved?.updatedAt ?? null };
}

export async function setColumnsByModule(
  ctx: AppContext,
  session: SessionInfo,
  moduleIdOrCode: string,
  fields: { prop: string; label: string; columnVisible?: boolean | undefined; visible?: boolean | undefined }[],
) {
  const { menu, registered, visible } = await allowedColumns(ctx, session, moduleIdOrCode);
  const known = new Set(registered.map((c) => c.enCode));
  const allowed = new Set(visible.map((c) => c.enCode));
  const clean = fields
    .filter((f) => !known.has(f.prop) || allowed.has(f.prop))
    .map((f) => ({ prop: f.prop, label: f.label, columnVisible: f.columnVisible ?? f.visible ?? true }));
  const fieldList = JSON.stringify(clean);
  const now = Date.now();
  await ctx.db
    .insertInto('userColumnSettings')
    .values({ userId: session.userId, moduleId: menu.id, fieldList, updatedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'moduleId']).doUpdateSet({ fieldList, updatedAt: now }))
    .execute();
  return columnsByModule(ctx, session, menu.id);
}
