import type { AuthorizeDataBody, DataSchemeBody, GrantItemType, GrantObjectType } from '@medalliance/contract';
import { GRANT_ITEM_TYPES } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { grantsFor, invalidateGrants, type UserGrants } from './grants.service.ts';
import { linkTree } from './org-tree.service.ts';
import './messages.ts';

/**
 * Authorization of roles, positions and users (server-contract §2; spec §6
 * tiers: application, menu, button, list column, form field, data scheme).
 *
 * An administrator may grant anything. Anyone else holding the authorize menu
 * may grant only what they hold themselves, and their saves leave the object's
 * other grants alone, so nobody can hand out more than they have.
 */
export interface AuthNode {
  id: string;
  parentId: string;
  fullName: string;
  icon: string;
  enCode?: string;
  /** 'system' | 'module' | 'button' | 'column' | 'form' | 'resource' */
  type: string;
  menuType?: number;
  systemId?: string;
  sortCode: number;
  hasChildren: boolean;
  isLeaf: boolean;
  children: AuthNode[];
}

export interface TierAnswer {
  list: AuthNode[];
  /** Ids currently granted to the object. */
  ids: string[];
  /** Every id in the tree (for check all). */
  all: string[];
}

interface Catalog {
  systems: { id: string; fullName: string; icon: string; sortCode: number }[];
  menus: {
    id: string;
    parentId: string;
    systemId: string;
    fullName: string;
    enCode: string;
    icon: string | null;
    type: number;
    sortCode: number;
  }[];
  items: Record<'button' | 'column' | 'form', { id: string; moduleId: string; fullName: string; enCode: string; sortCode: number }[]>;
  schemes: { id: string; moduleId: string; fullName: string; enCode: string; sortCode: number }[];
}

/** Everything that can be granted, limited to what the editor holds unless they are an administrator. */
async function catalog(ctx: AppContext, editor: UserGrants): Promise<Catalog> {
  const { db } = ctx;
  const [systems, menus, button, column, form, schemes] = await Promise.all([
    db.selectFrom('systems').select(['id', 'fullName', 'icon', 'sortCode']).where('enabledMark', '=', 1).orderBy('sortCode').execute(),
    db
      .selectFrom('menus')
      .select(['id', 'parentId', 'systemId', 'fullName', 'enCode', 'icon', 'type', 'sortCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute(),
    db
      .selectFrom('moduleButtons')
      .select(['id', 'moduleId', 'fullName', 'enCode', 'sortCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute(),
    db
      .selectFrom('moduleColumns')
      .select(['id', 'moduleId', 'fullName', 'enCode', 'sortCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute(),
    db
      .selectFrom('moduleForms')
      .select(['id', 'moduleId', 'fullName', 'enCode', 'sortCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute(),
    db
      .selectFrom('moduleDataSchemes')
      .select(['id', 'moduleId', 'fullName', 'enCode', 'sortCode'])
      .where('enabledMark', '=', 1)
      .orderBy('sortCode')
      .execute(),
  ]);
  if (editor.isAdministrator) return { systems, menus, items: { button, column, form }, schemes };
  const held = new Map<string, Set<string>>();
  for (const e of editor.permissionList) {
    for (const kind of ['button', 'column', 'form'] as const) for (const i of e[kind]) held.set(i.id, new Set());
    for (const r of e.resource) held.set(r.id, new Set());
  }
  return {
    systems: systems.filter((s) => editor.systemIds.has(s.id)),
    menus: menus.filter((m) => editor.menuIds.has(m.id)),
    items: {
      button: button.filter((i) => held.has(i.id)),
      column: column.filter((i) => held.has(i.id)),
      form: form.filter((i) => held.has(i.id)),
    },
    schemes: schemes.filter((s) => held.has(s.id)),
  };
}

export async function assertObject(ctx: AppContext, objectType: GrantObjectType, objectId: string) {
  const table = objectType === 'Role' ? 'roles' : objectType === 'Position' ? 'positions' : 'users';
  const row = await ctx.db.selectFrom(table).select('id').where('id', '=', objectId).executeTakeFirst();
  if (!row) throw notFound();
}

const node = (n: Omit<AuthNode, 'hasChildren' | 'isLeaf' | 'children'>): AuthNode => ({
  ...n,
  hasChildren: false,
  isLeaf: true,
  children: [],
});

function menuNodes(cat: Catalog, keep?: Set<string>): AuthNode[] {
  const byId = new Map(cat.menus.map((m) => [m.id, m]));
  let menus = cat.menus;
  if (keep) {
    // Only menus holding items of the tier, with their ancestors.
    const wanted = new Set<string>();
    for (const id of keep) for (let m = byId.get(id); m && !wanted.has(m.id); m = byId.get(m.parentId)) wanted.add(m.id);
    menus = menus.filter((m) => wanted.has(m.id));
  }
  const systems = new Set(menus.map((m) => m.systemId));
  return [
    ...cat.systems
      .filter((s) => systems.has(s.id))
      .map((s) => node({ id: s.id, parentId: '-1', fullName: s.fullName, icon: s.icon, type: 'system', sortCode: s.sortCode })),
    ...menus.map((m) =>
      node({
        id: m.id,
        // Top menus hang under their application (system) node.
        parentId: m.parentId === '-1' ? m.systemId : m.parentId,
        fullName: m.fullName,
        enCode: m.enCode,
        icon: m.icon ?? '',
        type: 'module',
        menuType: m.type,
        systemId: m.systemId,
        sortCode: m.sortCode,
      }),
    ),
  ];
}

function tier(nodes: AuthNode[], granted: string[]): TierAnswer {
  const all = nodes.map((n) => n.id);
  const present = new Set(all);
  return { list: linkTree(nodes), ids: granted.filter((id) => present.has(id)), all };
}

function tierOf(cat: Catalog, kind: GrantItemType, granted: string[], onlyModules?: Set<string>): TierAnswer {
  if (kind === 'system') {
    return tier(
      cat.systems.map((s) => node({ id: s.id, parentId: '-1', fullName: s.fullName, icon: s.icon, type: 'system', sortCode: s.sortCode })),
      granted,
    );
  }
  if (kind === 'module') {
    const nodes = menuNodes(cat, onlyModules);
    return tier(nodes, granted);
  }
  const items = kind === 'resource' ? cat.schemes : cat.items[kind as 'button' | 'column' | 'form'];
  const inScope = onlyModules ? items.filter((i) => onlyModules.has(i.moduleId)) : items;
  const menus = menuNodes(cat, new Set(inScope.map((i) => i.moduleId)));
  const leaves = inScope.map((i) =>
    node({ id: i.id, parentId: i.moduleId, fullName: i.fullName, enCode: i.enCode, icon: '', type: kind, sortCode: i.sortCode }),
  );
  return tier([...menus, ...leaves], granted);
}

async function grantedOf(ctx: AppContext, objectType: string, objectId: string) {
  const rows = await ctx.db
    .selectFrom('authorizations')
    .select(['itemType', 'itemId'])
    .where('objectType', '=', objectType)
    .where('objectId', '=', objectId)
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.itemType, [...(out.get(r.itemType) ?? []), r.itemId]);
  return out;
}

/** Every tier's tree with the object's granted ids (Authority/Model/{objectId}/{objectType}). */
export async function authorizeModel(ctx: AppContext, session: SessionInfo, objectId: string, objectType: GrantObjectType) {
  await assertObject(ctx, objectType, objectId);
  const editor = await grantsFor(ctx, session.userId, session.isAdministrator);
  const cat = await catalog(ctx, editor);
  const granted = await grantedOf(ctx, objectType, objectId);
  // A granted menu implies its application, also for grants made before systems were ticked.
  const menuSystem = new Map(cat.menus.map((m) => [m.id, m.systemId]));
  const systems = new Set(granted.get('system') ?? []);
  for (const id of granted.get('module') ?? []) if (menuSystem.has(id)) systems.add(menuSystem.get(id)!);
  granted.set('system', [...systems]);
  const out: Record<string, TierAnswer> = {};
  for (const kind of GRANT_ITEM_TYPES) out[kind] = tierOf(cat, kind, granted.get(kind) ?? []);
  return { objectId, objectType, systemIds: out.system!.ids, ...out };
}

/** One tier, limited to some menus: the original's POST Data/{objectId}/Values. */
export async function authorizeValues(ctx: AppContext, session: SessionInfo, objectId: string, kind: GrantItemType, moduleIds: string[]) {
  const editor = await grantsFor(ctx, session.userId, session.isAdministrator);
  const cat = await catalog(ctx, editor);
  const rows = await ctx.db.selectFrom('authorizations').select(['itemType', 'itemId']).where('objectId', '=', objectId).execute();
  const granted = rows.filter((r) => r.itemType === kind).map((r) => r.itemId);
  if (kind === 'module' || kind === 'system') return tierOf(cat, kind, granted);
  if (!moduleIds.length) return { list: [], ids: [], all: [] };
  // Chosen menus and everything below them.
  const chosen = new Set(moduleIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of cat.menus) {
      if (chosen.has(m.parentId) && !chosen.has(m.id)) {
        chosen.add(m.id);
        grew = true;
      }
    }
  }
  return tierOf(cat, kind, granted, chosen);
}

/** Sorts requested ids per tier: real items stay, ids of other kinds (tree parents) drop, unknown ids are refused. */
function sortItems(
  cat: Catalog,
  full: Catalog,
  body: Pick<AuthorizeDataBody, 'systemIds' | 'module' | 'button' | 'column' | 'form' | 'resource'>,
) {
  const fullSets: Record<GrantItemType, Set<string>> = {
    system: new Set(full.systems.map((s) => s.id)),
    module: new Set(full.menus.map((m) => m.id)),
    button: new Set(full.items.button.map((i) => i.id)),
    column: new Set(full.items.column.map((i) => i.id)),
    form: new Set(full.items.form.map((i) => i.id)),
    resource: new Set(full.schemes.map((s) => s.id)),
  };
  const mine: Record<GrantItemType, Set<string>> = {
    system: new Set(cat.systems.map((s) => s.id)),
    module: new Set(cat.menus.map((m) => m.id)),
    button: new Set(cat.items.button.map((i) => i.id)),
    column: new Set(cat.items.column.map((i) => i.id)),
    form: new Set(cat.items.form.map((i) => i.id)),
    resource: new Set(cat.schemes.map((s) => s.id)),
  };
  const requested: Record<GrantItemType, string[]> = {
    system: body.systemIds,
    module: body.module,
    button: body.button,
    column: body.column,
    form: body.form,
    resource: body.resource,
  };
  const out = {} as Record<GrantItemType, string[]>;
  for (const kind of GRANT_ITEM_TYPES) {
    out[kind] = [];
    for (const id of requested[kind]) {
      if (fullSets[kind].has(id)) {
        if (!mine[kind].has(id)) throw forbidden();
        out[kind].push(id);
      } else if (!GRANT_ITEM_TYPES.some((k) => fullSets[k].has(id))) {
        throw badRequest('authorize.unknownItem', { id });
      }
    }
  }
  // A granted menu implies its application.
  const menuSystem = new Map(full.menus.map((m) => [m.id, m.systemId]));
  for (const id of out.module) {
    const sys = menuSystem.get(id);
    if (sys && !out.system.includes(sys)) out.system.push(sys);
  }
  return { items: out, mine };
}

/**
 * Replaces an object's grants (PUT Authority/Data/{objectId}) in one
 * transaction. A non-administrator's save replaces only the part they hold.
 */
export async function saveAuthorizeData(ctx: AppContext, session: SessionInfo, objectId: string, body: AuthorizeDataBody) {
  await assertObject(ctx, body.objectType, objectId);
  const editor = await grantsFor(ctx, session.userId, session.isAdministrator);
  const full = await catalog(ctx, { ...editor, isAdministrator: true });
  const cat = editor.isAdministrator ? full : await catalog(ctx, editor);
  const { items, mine } = sortItems(cat, full, body);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const kind of GRANT_ITEM_TYPES) {
      let del = trx
        .deleteFrom('authorizations')
        .where('objectType', '=', body.objectType)
        .where('objectId', '=', objectId)
        .where('itemType', '=', kind);
      if (!editor.isAdministrator) {
        const reach = [...mine[kind]];
        if (!reach.length) continue;
        del = del.where('itemId', 'in', reach);
      }
      await del.execute();
    }
    const rows = GRANT_ITEM_TYPES.flatMap((kind) =>
      items[kind].map((itemId) => ({
        id: newId(),
        itemType: kind,
        itemId,
        objectType: body.objectType,
        objectId,
        createdAt: now,
        createdBy: session.userId,
      })),
    );
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('authorizations')
        .values(rows.slice(i, i + 100))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  invalidateGrants(ctx);
}

/** Adds the same grants to many roles, positions and users (POST Authority/Data/Batch); nothing is removed. */
export async function batchAuthorize(
  ctx: AppContext,
  session: SessionInfo,
  body: Pick<AuthorizeDataBody, 'systemIds' | 'module' | 'button' | 'column' | 'form' | 'resource'> & {
    roleIds: string[];
    positionIds: string[];
    userIds: string[];
  },
) {
  const objects = [
    ...body.roleIds.map((id) => ({ type: 'Role' as const, id })),
    ...body.positionIds.map((id) => ({ type: 'Position' as const, id })),
    ...body.userIds.map((id) => ({ type: 'User' as const, id })),
  ];
  if (!objects.length) throw badRequest('authorize.noObjects');
  for (const o of objects) await assertObject(ctx, o.type, o.id);
  const editor = await grantsFor(ctx, session.userId, session.isAdministrator);
  const full = await catalog(ctx, { ...editor, isAdministrator: true });
  const cat = editor.isAdministrator ? full : await catalog(ctx, editor);
  const { items } = sortItems(cat, full, body);
  const now = Date.now();
  const rows = objects.flatMap((o) =>
    GRANT_ITEM_TYPES.flatMap((kind) =>
      items[kind].map((itemId) => ({
        id: newId(),
        itemType: kind,
        itemId,
        objectType: o.type,
        objectId: o.id,
        createdAt: now,
        createdBy: session.userId,
      })),
    ),
  );
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('authorizations')
        .values(rows.slice(i, i + 100))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  invalidateGrants(ctx);
  return { count: rows.length };
}

/** The signed-in user's own grants as trees (GET Users/Current/Authorize). */
export async function currentAuthorize(ctx: AppContext, session: SessionInfo) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const cat = await catalog(ctx, grants);
  const everything = (kind: GrantItemType) => {
    const ids =
      kind === 'system'
        ? cat.systems.map((s) => s.id)
        : kind === 'module'
          ? cat.menus.map((m) => m.id)
          : kind === 'resource'
            ? cat.schemes.map((s) => s.id)
            : cat.items[kind].map((i) => i.id);
    return tierOf(cat, kind, ids).list;
  };
  return {
    module: everything('module'),
    button: everything('button'),
    column: everything('column'),
    form: everything('form'),
    resource: everything('resource'),
  };
}

// ---------------------------------------------------------------- data-permission schemes

const schemeColumns = [
  'id',
  'moduleId',
  'enCode',
  'fullName',
  'conditionJson',
  'conditionText',
  'sortCode',
  'enabledMark',
  'description',
  'createdAt',
] as const;

/** A menu by id or enCode. */
export async function findMenu(ctx: AppContext, idOrCode: string) {
  const menu = await ctx.db
    .selectFrom('menus')
    .select(['id', 'enCode', 'fullName', 'isDataAuthorize', 'isColumnAuthorize', 'isFormAuthorize'])
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('enCode', '=', idOrCode)]))
    .executeTakeFirst();
  if (!menu) throw notFound();
  return menu;
}

export async function listSchemes(ctx: AppContext, moduleIdOrCode: string) {
  const menu = await findMenu(ctx, moduleIdOrCode);
  const rows = await ctx.db
    .selectFrom('moduleDataSchemes')
    .select(schemeColumns)
    .where('moduleId', '=', menu.id)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
  return { list: rows.map((r) => ({ ...r, creatorTime: r.createdAt })), isDataAuthorize: menu.isDataAuthorize };
}

export async function schemeInfo(ctx: AppContext, id: string) {
  const row = await ctx.db.selectFrom('moduleDataSchemes').select(schemeColumns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function checkScheme(ctx: AppContext, body: DataSchemeBody, selfId: string | null) {
  const menu = await ctx.db.selectFrom('menus').select('id').where('id', '=', body.moduleId).executeTakeFirst();
  if (!menu) throw badRequest('scheme.moduleMissing');
  const same = await ctx.db
    .selectFrom('moduleDataSchemes')
    .select('id')
    .where('moduleId', '=', body.moduleId)
    .where('enCode', '=', body.enCode)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (same) throw conflict('scheme.enCodeExists', { enCode: body.enCode });
}

export async function createScheme(ctx: AppContext, session: SessionInfo, body: DataSchemeBody) {
  await checkScheme(ctx, body, null);
  const id = newId();
  await ctx.db
    .insertInto('moduleDataSchemes')
    .values({
      id,
      moduleId: body.moduleId,
      enCode: body.enCode,
      fullName: body.fullName,
      conditionJson: JSON.stringify(body.conditionJson),
      conditionText: body.conditionText,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark ?? 1,
      description: body.description,
      createdAt: Date.now(),
      createdBy: session.userId,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  return { id };
}

export async function updateScheme(ctx: AppContext, session: SessionInfo, id: string, body: DataSchemeBody) {
  await schemeInfo(ctx, id);
  await checkScheme(ctx, body, id);
  await ctx.db
    .updateTable('moduleDataSchemes')
    .set({
      moduleId: body.moduleId,
      enCode: body.enCode,
      fullName: body.fullName,
      conditionJson: JSON.stringify(body.conditionJson),
      conditionText: body.conditionText,
      sortCode: body.sortCode,
      ...(body.enabledMark !== undefined ? { enabledMark: body.enabledMark } : {}),
      description: body.description,
      updatedAt: Date.now(),
      updatedBy: session.userId,
    })
    .where('id', '=', id)
    .execute();
  invalidateGrants(ctx);
}

export async function deleteScheme(ctx: AppContext, id: string) {
  await schemeInfo(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('authorizations').where('itemType', '=', 'resource').where('itemId', '=', id).execute();
    await trx.deleteFrom('moduleDataSchemes').where('id', '=', id).execute();
  });
  invalidateGrants(ctx);
}

/** Turns a menu's data authorization on or off (schemes apply only while it is on). */
export async function setDataAuthorize(ctx: AppContext, moduleIdOrCode: string, on: boolean) {
  const menu = await findMenu(ctx, moduleIdOrCode);
  await ctx.db
    .updateTable('menus')
    .set({ isDataAuthorize: on ? 1 : 0, updatedAt: Date.now() })
    .where('id', '=', menu.id)
    .execute();
  invalidateGrants(ctx);
}
