import type { PortalChoice } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { grantObjects, grantsFor, invalidateGrants } from '../permission/grants.service.ts';
import { parseJson } from '../system/db-errors.ts';
import { definitionOf, findPortal, type PortalRow } from './portal.service.ts';

/**
 * Who may see a portal (server-contract §8 GET {id}/auth): administrators;
 * users whose enabled roles hold an `authorizations` row of item type
 * 'portal' for it; and users granted a portal menu (type 8) that opens it,
 * since a menu entry opens its portal in its tab. Disabled portals are for
 * administrators only.
 */

type Caller = Pick<SessionInfo, 'userId' | 'isAdministrator'>;

/** Portal ids the caller's enabled roles hold. */
async function roleHeldIds(ctx: AppContext, userId: string): Promise<Set<string>> {
  const roles = (await grantObjects(ctx, userId)).filter((o) => o.type === 'Role').map((o) => o.id);
  if (!roles.length) return new Set();
  const rows = await ctx.db
    .selectFrom('authorizations')
    .select('itemId')
    .where('itemType', '=', 'portal')
    .where('objectType', '=', 'Role')
    .where('objectId', 'in', roles)
    .execute();
  return new Set(rows.map((r) => r.itemId));
}

/** Portal ids or codes named by the portal menus the caller is granted. */
async function menuHeldRefs(ctx: AppContext, caller: Caller): Promise<Set<string>> {
  const grants = await grantsFor(ctx, caller.userId, caller.isAdministrator);
  const menus = await ctx.db
    .selectFrom('menus')
    .select(['id', 'propertyJson'])
    .where('type', '=', 8)
    .where('enabledMark', '=', 1)
    .execute();
  const refs = new Set<string>();
  for (const m of menus) {
    if (!grants.menuIds.has(m.id)) continue;
    const moduleId = parseJson<{ moduleId?: unknown } | null>(m.propertyJson, null)?.moduleId;
    if (typeof moduleId === 'string' && moduleId) refs.add(moduleId);
  }
  return refs;
}

export async function maySee(ctx: AppContext, caller: Caller, row: PortalRow): Promise<boolean> {
  if (caller.isAdministrator) return true;
  if (row.enabledMark !== 1) return false;
  if ((await roleHeldIds(ctx, caller.userId)).has(row.id)) return true;
  const refs = await menuHeldRefs(ctx, caller);
  return refs.has(row.id) || refs.has(row.enCode);
}

/** The portal if the caller may see it: 404 when there is none, 403 otherwise. */
export async function portalForCaller(ctx: AppContext, caller: Caller, idOrCode: string): Promise<PortalRow> {
  const row = await findPortal(ctx, idOrCode);
  if (!(await maySee(ctx, caller, row))) throw forbidden('portal.noAccess');
  return row;
}

/**
 * The caller's portals (GET Selector) and the one their home page shows:
 * their default if they may still see it, else the first portal their roles
 * hold, else none (today's dashboard).
 */
export async function portalChoice(ctx: AppContext, caller: Caller): Promise<PortalChoice> {
  const [all, held, refs, user] = await Promise.all([
    ctx.db
      .selectFrom('portals')
      .select(['id', 'enCode', 'fullName', 'category', 'enabledMark'])
      .orderBy('sortCode')
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    roleHeldIds(ctx, caller.userId),
    menuHeldRefs(ctx, caller),
    ctx.db.selectFrom('users').select('portalId').where('id', '=', caller.userId).executeTakeFirst(),
  ]);
  const enabled = all.filter((p) => p.enabledMark === 1);
  const visible = caller.isAdministrator ? enabled : enabled.filter((p) => held.has(p.id) || refs.has(p.id) || refs.has(p.enCode));
  const defaultId = user?.portalId ?? null;
  const chosen = (defaultId && visible.find((p) => p.id === defaultId)) || enabled.find((p) => held.has(p.id));
  // Only the chosen portal's layout is read (a layout can be large).
  const home = chosen ? await ctx.db.selectFrom('portals').selectAll().where('id', '=', chosen.id).executeTakeFirst() : undefined;
  return {
    list: visible.map((p) => ({ id: p.id, fullName: p.fullName, category: p.category })),
    homeId: home?.id ?? null,
    home: home ? { id: home.id, fullName: home.fullName, formData: definitionOf(home) } : null,
    defaultId,
  };
}

/** PUT {id}/Actions/SetDefault: only a portal the caller may see. */
export async function setDefaultPortal(ctx: AppContext, caller: Caller, idOrCode: string): Promise<string> {
  const row = await portalForCaller(ctx, caller, idOrCode);
  await ctx.db.updateTable('users').set({ portalId: row.id }).where('id', '=', caller.userId).execute();
  return row.id;
}

/** The roles holding the portal. */
export async function portalRoles(ctx: AppContext, idOrCode: string): Promise<string[]> {
  const row = await findPortal(ctx, idOrCode);
  const rows = await ctx.db
    .selectFrom('authorizations')
    .select('objectId')
    .where('itemType', '=', 'portal')
    .where('itemId', '=', row.id)
    .where('objectType', '=', 'Role')
    .orderBy('objectId')
    .execute();
  return rows.map((r) => r.objectId);
}

/** Replaces the roles holding the portal in one transaction; unknown roles are refused and nothing changes. */
export async function replacePortalRoles(ctx: AppContext, idOrCode: string, roleIds: string[], userId: string): Promise<string[]> {
  const row = await findPortal(ctx, idOrCode);
  const wanted = [...new Set(roleIds)];
  if (wanted.length) {
    const known = new Set((await ctx.db.selectFrom('roles').select('id').where('id', 'in', wanted).execute()).map((r) => r.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing) throw badRequest('portal.unknownRole', { id: missing });
  }
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('authorizations')
      .where('itemType', '=', 'portal')
      .where('itemId', '=', row.id)
      .where('objectType', '=', 'Role')
      .execute();
    for (let i = 0; i < wanted.length; i += 100) {
      await trx
        .insertInto('authorizations')
        .values(
          wanted.slice(i, i + 100).map((roleId) => ({
            id: newId(),
            itemType: 'portal',
            itemId: row.id,
            objectType: 'Role',
            objectId: roleId,
            createdAt: now,
            createdBy: userId,
          })),
        )
        .execute();
    }
  });
  invalidateGrants(ctx);
  return wanted;
}
