import type { PermissionEntry } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Grants } from '../../http/access.ts';

/**
 * What a user may do, computed from the grants of their enabled roles, their
 * positions and the user itself (server-contract §2, merged as later versions
 * do). Administrators get every enabled menu and item.
 */
export interface UserGrants extends Grants {
  /** Granted menu ids (with their ancestors, so the tree stays connected). */
  menuIds: Set<string>;
  permissionList: PermissionEntry[];
  systemIds: Set<string>;
}

type ItemKind = 'button' | 'column' | 'form';
const itemTables = { button: 'moduleButtons', column: 'moduleColumns', form: 'moduleForms' } as const;

export async function grantObjects(ctx: AppContext, userId: string): Promise<{ type: string; id: string }[]> {
  const rels = await ctx.db
    .selectFrom('userRelations')
    .leftJoin('roles', (j) => j.onRef('roles.id', '=', 'userRelations.objectId').on('userRelations.objectType', '=', 'Role'))
    .select(['userRelations.objectType', 'userRelations.objectId', 'roles.enabledMark'])
    .where('userRelations.userId', '=', userId)
    .where('userRelations.objectType', 'in', ['Role', 'Position'])
    .execute();
  const objects = rels
    .filter((r) => r.objectType !== 'Role' || r.enabledMark === 1)
    .map((r) => ({ type: r.objectType, id: r.objectId }));
  objects.push({ type: 'User', id: userId });
  return objects;
}

export async function computeGrants(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<UserGrants> {
  const { db } = ctx;
  const menus = await db
    .selectFrom('menus')
    .select(['id', 'parentId', 'enCode', 'fullName', 'systemId'])
    .where('enabledMark', '=', 1)
    .execute();
  const byId = new Map(menus.map((m) => [m.id, m]));

  let granted: Map<string, Set<string>>; // item type → item ids
  if (isAdministrator) {
    granted = new Map([['module', new Set(menus.map((m) => m.id))]]);
  } else {
    const objects = await grantObjects(ctx, userId);
    const rows = await db
      .selectFrom('authorizations')
      .select(['itemType', 'itemId'])
      .where((eb) => eb.or(objects.map((o) => eb.and([eb('objectType', '=', o.type), eb('objectId', '=', o.id)]))))
      .execute();
    granted = new Map();
    for (const r of rows) {
      if (!granted.has(r.itemType)) granted.set(r.itemType, new Set());
      granted.get(r.itemType)!.add(r.itemId);
    }
  }

  const menuIds = new Set<string>();
  for (const id of granted.get('module') ?? []) {
    // A granted page keeps its directories visible even when they were not ticked.
    for (let m = byId.get(id); m && !menuIds.has(m.id); m = byId.get(m.parentId)) menuIds.add(m.id);
  }

  const entries = new Map<string, PermissionEntry>();
  for (const id of menuIds) {
    const m = byId.get(id)!;
    entries.set(id, { modelId: id, moduleName: m.fullName, button: [], column: [], form: [], resource: [] });
  }
  for (const kind of ['button', 'column', 'form'] as ItemKind[]) {
    const ids = granted.get(kind);
    if (!isAdministrator && !ids?.size) continue;
    let q = db
      .selectFrom(itemTables[kind])
      .select(['id', 'moduleId', 'enCode', 'fullName'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode');
    if (!isAdministrator) q = q.where('id', 'in', [...ids!]);
    for (const item of await q.execute()) {
      entries.get(item.moduleId)?.[kind].push({ id: item.id, fullName: item.fullName, enCode: item.enCode });
    }
  }

  const modules = new Map<string, Set<string>>();
  for (const e of entries.values()) {
    modules.set(byId.get(e.modelId)!.enCode, new Set(e.button.map((b) => b.enCode)));
  }
  const systemIds = new Set([...menuIds].map((id) => byId.get(id)!.systemId));
  return { isAdministrator, modules, menuIds, permissionList: [...entries.values()], systemIds };
}

/**
 * Grants are cached per user for the life of the process and dropped when
 * anything they depend on changes (grants, roles, positions, memberships).
 */
const cache = new WeakMap<AppContext['db'], Map<string, Promise<UserGrants>>>();

export function grantsFor(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<UserGrants> {
  let perDb = cache.get(ctx.db);
  if (!perDb) cache.set(ctx.db, (perDb = new Map()));
  let hit = perDb.get(userId);
  if (!hit) {
    hit = computeGrants(ctx, userId, isAdministrator);
    hit.catch(() => perDb.delete(userId));
    perDb.set(userId, hit);
  }
  return hit;
}

/** Drop cached grants: of one user, or of everyone when a role or grant changed. */
export function invalidateGrants(ctx: AppContext, userId?: string): void {
  const perDb = cache.get(ctx.db);
  if (!perDb) return;
  if (userId) perDb.delete(userId);
  else perDb.clear();
}
