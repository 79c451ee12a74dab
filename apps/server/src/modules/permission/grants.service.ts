import type { ConditionJson, PermissionEntry } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Grants } from '../../http/access.ts';
import { sharedCache } from '../../lib/shared-caches.ts';

/**
 * What a user may do, computed from the grants of their enabled roles, their
 * enabled positions and the user itself (server-contract §2, merged as later
 * versions do). Administrators get every enabled menu and item.
 */
export interface UserGrants extends Grants {
  /** Granted menu ids (with their ancestors, so the tree stays connected). */
  menuIds: Set<string>;
  permissionList: PermissionEntry[];
  systemIds: Set<string>;
  userId: string;
  /** The user's main organisation and its id path (row-rule tokens). */
  organizeId: string | null;
  organizePath: string | null;
  /** Every enabled menu by enCode, with its authorization switches. */
  menusByCode: Map<string, MenuMeta>;
  /** menu enCode → registered column enCodes this user may not see (menus with column authorization on). */
  hiddenColumns: Map<string, Set<string>>;
  /** menu enCode → registered form field enCodes this user may not edit (menus with form authorization on). */
  lockedFormFields: Map<string, Set<string>>;
  /** menu enCode → the data-permission schemes granted to this user. */
  schemes: Map<string, GrantedScheme[]>;
}

export interface MenuMeta {
  id: string;
  enCode: string;
  isColumnAuthorize: boolean;
  isFormAuthorize: boolean;
  isDataAuthorize: boolean;
}

export interface GrantedScheme {
  id: string;
  fullName: string;
  conditions: ConditionJson;
}

type ItemKind = 'button' | 'column' | 'form';
const itemTables = { button: 'moduleButtons', column: 'moduleColumns', form: 'moduleForms' } as const;

/** The grant holders of a user: enabled roles, enabled positions, and the user. */
export async function grantObjects(ctx: AppContext, userId: string): Promise<{ type: string; id: string }[]> {
  const rels = await ctx.db
    .selectFrom('userRelations')
    .leftJoin('roles', (j) => j.onRef('roles.id', '=', 'userRelations.objectId').on('userRelations.objectType', '=', 'Role'))
    .leftJoin('positions', (j) => j.onRef('positions.id', '=', 'userRelations.objectId').on('userRelations.objectType', '=', 'Position'))
    .select([
      'userRelations.objectType',
      'userRelations.objectId',
      'roles.enabledMark as roleEnabled',
      'positions.enabledMark as positionEnabled',
    ])
    .where('userRelations.userId', '=', userId)
    .where('userRelations.objectType', 'in', ['Role', 'Position'])
    .execute();
  const objects = rels
    .filter((r) => (r.objectType === 'Role' ? r.roleEnabled === 1 : r.positionEnabled === 1))
    .map((r) => ({ type: r.objectType, id: r.objectId }));
  objects.push({ type: 'User', id: userId });
  return objects;
}

function parseConditions(json: string): ConditionJson {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? (parsed as ConditionJson) : [];
  } catch {
    // An unreadable scheme must never widen access: an impossible condition stands in for it.
    return [{ logic: 'and', groups: [{ field: '__invalid__', op: 'Equal', value: '' }] }];
  }
}

export async function computeGrants(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<UserGrants> {
  const { db } = ctx;
  const [menus, user] = await Promise.all([
    db
      .selectFrom('menus')
      .select(['id', 'parentId', 'enCode', 'fullName', 'systemId', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'])
      .where('enabledMark', '=', 1)
      .execute(),
    db
      .selectFrom('users')
      .leftJoin('organizations', 'organizations.id', 'users.organizeId')
      .select(['users.organizeId', 'organizations.idPath'])
      .where('users.id', '=', userId)
      .executeTakeFirst(),
  ]);
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
  const hiddenColumns = new Map<string, Set<string>>();
  const lockedFormFields = new Map<string, Set<string>>();
  for (const kind of ['button', 'column', 'form'] as ItemKind[]) {
    const ids = granted.get(kind) ?? new Set<string>();
    // Columns and form fields: every registered item is read, so the ones not granted are known.
    const readAll = isAdministrator || kind !== 'button';
    if (!readAll && !ids.size) continue;
    let q = db
      .selectFrom(itemTables[kind])
      .select(['id', 'moduleId', 'enCode', 'fullName'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode');
    if (!readAll) q = q.where('id', 'in', [...ids]);
    for (const item of await q.execute()) {
      const menu = byId.get(item.moduleId);
      if (!menu) continue;
      if (isAdministrator || ids.has(item.id)) {
        entries.get(item.moduleId)?.[kind].push({ id: item.id, fullName: item.fullName, enCode: item.enCode });
        continue;
      }
      const switchOn = kind === 'column' ? menu.isColumnAuthorize === 1 : kind === 'form' ? menu.isFormAuthorize === 1 : false;
      if (!switchOn) {
        // Authorization of this tier is off for the menu: every registered item applies.
        if (menuIds.has(menu.id)) entries.get(item.moduleId)?.[kind].push({ id: item.id, fullName: item.fullName, enCode: item.enCode });
        continue;
      }
      const target = kind === 'column' ? hiddenColumns : lockedFormFields;
      if (!target.has(menu.enCode)) target.set(menu.enCode, new Set());
      target.get(menu.enCode)!.add(item.enCode);
    }
  }

  const schemes = new Map<string, GrantedScheme[]>();
  const schemeIds = granted.get('resource');
  if (isAdministrator || schemeIds?.size) {
    let q = db
      .selectFrom('moduleDataSchemes')
      .select(['id', 'moduleId', 'fullName', 'conditionJson'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode');
    if (!isAdministrator) q = q.where('id', 'in', [...schemeIds!]);
    for (const s of await q.execute()) {
      const menu = byId.get(s.moduleId);
      if (!menu) continue;
      entries.get(s.moduleId)?.resource.push({ id: s.id, fullName: s.fullName });
      if (!schemes.has(menu.enCode)) schemes.set(menu.enCode, []);
      schemes.get(menu.enCode)!.push({ id: s.id, fullName: s.fullName, conditions: parseConditions(s.conditionJson) });
    }
  }

  const modules = new Map<string, Set<string>>();
  for (const e of entries.values()) {
    modules.set(byId.get(e.modelId)!.enCode, new Set(e.button.map((b) => b.enCode)));
  }
  const menusByCode = new Map<string, MenuMeta>(
    menus.map((m) => [
      m.enCode,
      {
        id: m.id,
        enCode: m.enCode,
        isColumnAuthorize: m.isColumnAuthorize === 1,
        isFormAuthorize: m.isFormAuthorize === 1,
        isDataAuthorize: m.isDataAuthorize === 1,
      },
    ]),
  );
  const systemIds = new Set([...menuIds].map((id) => byId.get(id)!.systemId));
  return {
    isAdministrator,
    modules,
    menuIds,
    permissionList: [...entries.values()],
    systemIds,
    userId,
    organizeId: user?.organizeId ?? null,
    organizePath: user?.idPath ?? null,
    menusByCode,
    hiddenColumns,
    lockedFormFields,
    schemes,
  };
}

/**
 * Grants are cached per user and dropped when anything they depend on changes
 * (grants, roles, positions, memberships). Another server process may make such
 * a change, so an entry also expires after a short while.
 */
const TTL_MS = 30_000;
const cache = new WeakMap<AppContext['db'], Map<string, { grants: Promise<UserGrants>; at: number }>>();

export function grantsFor(ctx: AppContext, userId: string, isAdministrator: boolean): Promise<UserGrants> {
  let perDb = cache.get(ctx.db);
  if (!perDb) cache.set(ctx.db, (perDb = new Map()));
  const now = Date.now();
  let hit = perDb.get(userId);
  if (!hit || now - hit.at > TTL_MS) {
    const entry = { grants: computeGrants(ctx, userId, isAdministrator), at: now };
    entry.grants.catch(() => {
      if (perDb.get(userId) === entry) perDb.delete(userId);
    });
    perDb.set(userId, entry);
    hit = entry;
  }
  return hit.grants;
}

/** Drop cached grants: of one user, or of everyone when a role or grant changed; on every server process. */
export const invalidateGrants = sharedCache('grants', (ctx, userId) => {
  const perDb = cache.get(ctx.db);
  if (!perDb) return;
  if (userId) perDb.delete(userId);
  else perDb.clear();
});
