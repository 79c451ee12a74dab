import { sql, type SqlBool } from 'kysely';
import type { PickerNode, RoleBody } from '@medalliance/contract';
import { GLOBAL_ROLE_NODE_ID } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';
import { invalidateGrants } from './grants.service.ts';
import { membershipNames } from './labels.ts';
import {
  allOrgs,
  findOrg,
  inSubtree,
  keepWithAncestors,
  linkTree,
  orgPathNames,
  orgScopePaths,
  pathInScope,
  toOrgNodes,
} from './org-tree.service.ts';
import './messages.ts';

const roleColumns = ['id', 'fullName', 'enCode', 'globalMark', 'sortCode', 'enabledMark', 'description', 'createdAt'] as const;

async function roleOrgs(ctx: AppContext, roleIds: string[]) {
  const map = new Map<string, string[]>();
  if (!roleIds.length) return map;
  const rows = await ctx.db.selectFrom('roleOrganizations').select(['roleId', 'organizeId']).where('roleId', 'in', roleIds).execute();
  for (const r of rows) {
    if (!map.has(r.roleId)) map.set(r.roleId, []);
    map.get(r.roleId)!.push(r.organizeId);
  }
  return map;
}

/** The roles list (list-query.ts): keyword over name and code, global or not, in sort-code order, newest first within one. */
const roleList: ListTableSpec = {
  table: 'roles',
  columns: ownColumns({
    id: 'string',
    fullName: 'string',
    enCode: 'string',
    globalMark: 'int',
    sortCode: 'int',
    enabledMark: 'int',
    description: 'text',
    createdAt: 'datetime',
  }),
  search: { globalMark: 'equal' },
  sortable: new Set(),
  defaultSort: [
    { field: 'sortCode', order: 'asc' },
    { field: 'createdAt', order: 'desc' },
    { field: 'id', order: 'asc' },
  ],
  idKey: 'id',
  keywordFields: ['fullName', 'enCode'],
};

export async function listRoles(
  ctx: AppContext,
  q: { keyword: string; organizeId: string | null; type: 'global' | 'organize' | null; currentPage: number; pageSize: number },
) {
  const where = [];
  if (q.organizeId) {
    const org = await findOrg(ctx, q.organizeId);
    if (!org) throw notFound();
    // Roles linked to an organisation of the subtree.
    where.push(
      sql<SqlBool>`${sql.ref('roles.id')} in (${ctx.db
        .selectFrom('roleOrganizations')
        .select('roleId')
        .where(inSubtree(ctx.dialect, 'roleOrganizations.organizeId', org.idPath))})`,
    );
  }
  const page = await runList<Record<(typeof roleColumns)[number], unknown> & { id: string; globalMark: number }>(
    ctx.db,
    ctx.dialect,
    roleList,
    {
      filters: q.type ? { globalMark: q.type === 'global' ? 1 : 0 } : {},
      keyword: q.keyword,
      currentPage: q.currentPage,
      pageSize: q.pageSize,
    },
    { rowFilter: null, select: [...roleColumns], where },
  );
  const links = await roleOrgs(
    ctx,
    page.list.map((r) => r.id),
  );
  const names = await orgPathNames(ctx, [...links.values()].flat());
  return {
    list: page.list.map((r) => {
      const orgIds = links.get(r.id) ?? [];
      return {
        ...r,
        type: r.globalMark === 1 ? 'global' : 'organize',
        organizeIds: orgIds,
        organizeInfo: orgIds.map((id) => names.get(id) ?? '').join(', '),
        creatorTime: r.createdAt,
      };
    }),
    pagination: page.pagination,
  };
}

export async function roleInfo(ctx: AppContext, id: string) {
  const r = await ctx.db.selectFrom('roles').select(roleColumns).where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  const orgIds = (await roleOrgs(ctx, [id])).get(id) ?? [];
  return { ...r, type: r.globalMark === 1 ? 'global' : 'organize', organizeIds: orgIds, creatorTime: r.createdAt };
}

/**
 * Roles a user may hand out: administrators every role; others the roles they
 * hold themselves and the organisation roles of organisations in their scope
 * (so nobody can grant a role wider than their own reach).
 */
export async function assignableRoleIds(ctx: AppContext, session: SessionInfo): Promise<Set<string> | null> {
  if (session.isAdministrator) return null;
  const scope = await orgScopePaths(ctx, session);
  const own = await ctx.db
    .selectFrom('userRelations')
    .select('objectId')
    .where('userId', '=', session.userId)
    .where('objectType', '=', 'Role')
    .execute();
  const orgs = (await allOrgs(ctx)).filter((o) => pathInScope(o.idPath, scope));
  const linked = orgs.length
    ? await ctx.db
        .selectFrom('roleOrganizations')
        .select('roleId')
        .where(
          'organizeId',
          'in',
          orgs.map((o) => o.id),
        )
        .execute()
    : [];
  return new Set([...own.map((r) => r.objectId), ...linked.map((r) => r.roleId)]);
}

/**
 * The role picker's tree (spec §4): node '1' holds the global roles (the
 * 'global' tab); organisation roles hang under their organisations (the
 * 'organization' tab). A role linked to two organisations appears twice, so
 * `onlyId` (organisation id + role id) is the tree key.
 */
export async function roleTree(
  ctx: AppContext,
  opts: { only?: Set<string> | null; globalTitle: string; keyword?: string },
): Promise<PickerNode[]> {
  let roles = await ctx.db
    .selectFrom('roles')
    .select(roleColumns)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
  if (opts.only) roles = roles.filter((r) => opts.only!.has(r.id));
  const kw = opts.keyword?.trim().toLowerCase();
  if (kw) roles = roles.filter((r) => r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw));
  const global = roles.filter((r) => r.globalMark === 1);
  const roleNode = (r: (typeof roles)[number], parentId: string, lastFullName: string): PickerNode => ({
    id: r.id,
    parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    type: 'role',
    icon: 'icon-ym icon-ym-generator-role',
    onlyId: `${parentId}_${r.id}`,
    lastFullName,
    hasChildren: false,
    isLeaf: true,
    children: [],
  });
  const globalNode: PickerNode = {
    id: GLOBAL_ROLE_NODE_ID,
    parentId: '0',
    fullName: opts.globalTitle,
    type: '',
    icon: 'icon-ym icon-ym-global',
    onlyId: GLOBAL_ROLE_NODE_ID,
    hasChildren: global.length > 0,
    isLeaf: global.length === 0,
    children: global.map((r) => roleNode(r, GLOBAL_ROLE_NODE_ID, r.fullName)),
  };

  const orgRoles = roles.filter((r) => r.globalMark === 0);
  const links = orgRoles.length
    ? await ctx.db
        .selectFrom('roleOrganizations')
        .select(['roleId', 'organizeId'])
        .where(
          'roleId',
          'in',
          orgRoles.map((r) => r.id),
        )
        .execute()
    : [];
  const orgs = (await allOrgs(ctx)).filter((o) => o.enabledMark === 1);
  const holding = new Set(links.map((l) => l.organizeId));
  const kept = keepWithAncestors(orgs, (o) => holding.has(o.id));
  const orgNodes = toOrgNodes(orgs);
  const nodes: PickerNode[] = kept.map((o) => ({ ...orgNodes.get(o.id)!, onlyId: o.id, children: [] }));
  const byId = new Map(orgRoles.map((r) => [r.id, r]));
  for (const l of links) {
    const r = byId.get(l.roleId);
    const org = orgNodes.get(l.organizeId);
    if (r && org) nodes.push(roleNode(r, l.organizeId, `${org.organize}/${r.fullName}`));
  }
  // Role leaves share ids across organisations: link by onlyId-free parent lookups.
  const orgTree = linkTree(nodes.filter((n) => n.type !== 'role'));
  const index = new Map<string, PickerNode>();
  const walk = (list: PickerNode[]) => list.forEach((n) => (index.set(n.id, n), walk(n.children)));
  walk(orgTree);
  for (const n of nodes) {
    if (n.type !== 'role') continue;
    const parent = index.get(n.parentId);
    if (parent) {
      parent.children.push(n);
      parent.hasChildren = true;
      parent.isLeaf = false;
    }
  }
  return [globalNode, ...orgTree];
}

/** Organisation roles of the given organisations (the roles picker of a chosen department). */
export async function rolesOfOrgs(ctx: AppContext, orgIds: string[]) {
  if (!orgIds.length) return [];
  const rows = await ctx.db
    .selectFrom('roles')
    .innerJoin('roleOrganizations', 'roleOrganizations.roleId', 'roles.id')
    .select([
      'roles.id',
      'roles.fullName',
      'roles.enCode',
      'roles.globalMark',
      'roles.enabledMark',
      'roles.sortCode',
      'roleOrganizations.organizeId',
    ])
    .where('roleOrganizations.organizeId', 'in', orgIds)
    .where('roles.enabledMark', '=', 1)
    .orderBy('roles.sortCode')
    .execute();
  const names = await orgPathNames(
    ctx,
    rows.map((r) => r.organizeId),
  );
  return rows.map((r) => ({
    ...r,
    type: 'role',
    onlyId: `${r.organizeId}_${r.id}`,
    organize: names.get(r.organizeId) ?? '',
    lastFullName: `${names.get(r.organizeId) ?? ''}/${r.fullName}`,
  }));
}

async function checkRole(ctx: AppContext, body: RoleBody, selfId: string | null) {
  const same = await ctx.db
    .selectFrom('roles')
    .select('id')
    .where('enCode', '=', body.enCode)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (same) throw conflict('role.enCodeExists', { enCode: body.enCode });
  if (body.globalMark === 0) {
    const found = await ctx.db.selectFrom('organizations').select('id').where('id', 'in', body.organizeIds).execute();
    if (found.length !== body.organizeIds.length) throw badRequest('role.organizeMissing');
  }
}

export async function createRole(ctx: AppContext, session: SessionInfo, body: RoleBody) {
  await checkRole(ctx, body, null);
  const id = newId();
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('roles')
      .values({
        id,
        fullName: body.fullName,
        enCode: body.enCode,
        globalMark: body.globalMark,
        sortCode: body.sortCode,
        enabledMark: body.enabledMark ?? 1,
        description: body.description,
        createdAt: now,
        createdBy: session.userId,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    if (body.globalMark === 0) {
      await trx
        .insertInto('roleOrganizations')
        .values(body.organizeIds.map((organizeId) => ({ id: newId(), roleId: id, organizeId, createdAt: now })))
        .execute();
    }
  });
  membershipNames.invalidate(ctx);
  return { id };
}

export async function updateRole(ctx: AppContext, session: SessionInfo, id: string, body: RoleBody) {
  const old = await ctx.db.selectFrom('roles').select(['id', 'enabledMark']).where('id', '=', id).executeTakeFirst();
  if (!old) throw notFound();
  await checkRole(ctx, body, id);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('roles')
      .set({
        fullName: body.fullName,
        enCode: body.enCode,
        globalMark: body.globalMark,
        sortCode: body.sortCode,
        ...(body.enabledMark !== undefined ? { enabledMark: body.enabledMark } : {}),
        description: body.description,
        updatedAt: now,
        updatedBy: session.userId,
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('roleOrganizations').where('roleId', '=', id).execute();
    if (body.globalMark === 0) {
      await trx
        .insertInto('roleOrganizations')
        .values(body.organizeIds.map((organizeId) => ({ id: newId(), roleId: id, organizeId, createdAt: now })))
        .execute();
    }
  });
  membershipNames.invalidate(ctx);
  if (body.enabledMark !== undefined && body.enabledMark !== old.enabledMark) invalidateGrants(ctx);
}

/** Enable or disable (spec §4); a disabled role's grants stop counting at once. */
export async function setRoleState(ctx: AppContext, session: SessionInfo, id: string, enabledMark?: number) {
  const role = await ctx.db.selectFrom('roles').select(['id', 'enabledMark']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound();
  const next = enabledMark ?? (role.enabledMark === 1 ? 0 : 1);
  await ctx.db
    .updateTable('roles')
    .set({ enabledMark: next, updatedAt: Date.now(), updatedBy: session.userId })
    .where('id', '=', id)
    .execute();
  invalidateGrants(ctx);
  return { enabledMark: next };
}

/** Deletes a role nobody holds, with its organisation links and grants. */
export async function deleteRole(ctx: AppContext, id: string) {
  const role = await ctx.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('userRelations')
      .select('id')
      .where('objectType', '=', 'Role')
      .where('objectId', '=', id)
      .executeTakeFirst();
    if (held) throw badRequest('role.hasUsers');
    await trx.deleteFrom('authorizations').where('objectType', '=', 'Role').where('objectId', '=', id).execute();
    await trx.deleteFrom('roleOrganizations').where('roleId', '=', id).execute();
    await trx.deleteFrom('roles').where('id', '=', id).execute();
  });
  membershipNames.invalidate(ctx);
  invalidateGrants(ctx);
}
