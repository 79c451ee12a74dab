import { sql } from 'kysely';
import type { OrganizeBody, OrganizeNode, PickerNode } from '@medalliance/contract';
import { TOP_NODE_ID } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { invalidateGrants } from './grants.service.ts';
import { invalidateUserCounts } from './users.service.ts';
import {
  allOrgs,
  belowPath,
  findOrg,
  keepWithAncestors,
  linkTree,
  orgScopePaths,
  pathInScope,
  toOrgNodes,
  invalidateOrgLabels,
  type OrgRow,
} from './org-tree.service.ts';
import './messages.ts';

/** idPath is varchar(2000): deeper trees are refused before they would not fit. */
const MAX_PATH = 2000;

const isRoot = (id: string) => id === TOP_NODE_ID || id === '0' || id === '';

/** The whole tree (companies and departments), optionally only matches of a keyword with their ancestors. */
export async function orgTree(
  ctx: AppContext,
  opts: { keyword?: string; category?: 'company' | 'department'; enabledOnly?: boolean; exclude?: string } = {},
): Promise<OrganizeNode[]> {
  let rows = await allOrgs(ctx);
  if (opts.enabledOnly) rows = rows.filter((r) => r.enabledMark === 1);
  if (opts.category === 'company') rows = rows.filter((r) => r.category === 'company');
  if (opts.exclude && !isRoot(opts.exclude)) {
    const ex = rows.find((r) => r.id === opts.exclude);
    if (ex) rows = rows.filter((r) => r.id !== ex.id && !r.idPath.startsWith(`${ex.idPath},`));
  }
  const kw = opts.keyword?.trim().toLowerCase();
  if (kw) rows = keepWithAncestors(rows, (r) => r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw));
  return linkTree(toOrgNodes(rows).values());
}

/** The synthetic 'top node' above the roots, for choosing a parent (spec §3). */
export function withTopNode(roots: OrganizeNode[], title: string): OrganizeNode[] {
  return [
    {
      id: TOP_NODE_ID,
      parentId: '0',
      fullName: title,
      enCode: '',
      category: 'company',
      type: 'company',
      organize: title,
      organizeIds: [TOP_NODE_ID],
      icon: 'icon-ym icon-ym-tree-organization3',
      hasChildren: roots.length > 0,
      isLeaf: roots.length === 0,
      disabled: false,
      enabledMark: 1,
      sortCode: 0,
      children: roots as unknown as PickerNode[],
    },
  ];
}

/** Direct children of a node, for lazily loaded trees (Organize/parent/{id}). */
export async function orgChildren(ctx: AppContext, parentId: string): Promise<OrganizeNode[]> {
  const parent = isRoot(parentId) ? '-1' : parentId;
  if (parent !== '-1' && !(await findOrg(ctx, parent))) throw notFound();
  const rows = await ctx.db
    .selectFrom('organizations')
    .select([
      'id',
      'parentId',
      'category',
      'enCode',
      'fullName',
      'shortName',
      'managerId',
      'idPath',
      'sortCode',
      'enabledMark',
      'description',
      'createdAt',
    ])
    .where('parentId', '=', parent)
    .orderBy('sortCode')
    .orderBy('createdAt')
    .execute();
  if (!rows.length) return [];
  const withKids = new Set(
    (
      await ctx.db
        .selectFrom('organizations')
        .select('parentId')
        .where(
          'parentId',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('parentId')
        .execute()
    ).map((r) => r.parentId),
  );
  const names = await pathNamesFor(ctx, rows);
  return rows.map((r) => {
    const node = toOrgNodes([r]).get(r.id)!;
    node.organize = names.get(r.id) ?? r.fullName;
    node.lastFullName = node.organize;
    node.hasChildren = withKids.has(r.id);
    node.isLeaf = !node.hasChildren;
    return node;
  });
}

async function pathNamesFor(ctx: AppContext, rows: OrgRow[]): Promise<Map<string, string>> {
  const ids = new Set(rows.flatMap((r) => r.idPath.split(',')));
  const names = new Map(
    (
      await ctx.db
        .selectFrom('organizations')
        .select(['id', 'fullName'])
        .where('id', 'in', [...ids])
        .execute()
    ).map((o) => [o.id, o.fullName]),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      r.idPath
        .split(',')
        .map((id) => names.get(id) ?? '')
        .join('/'),
    ]),
  );
}

/**
 * The tree limited to the user's organisation scope: administrators get every
 * enabled node; others get the subtrees of their own organisations, each
 * subtree a root labelled with its full path.
 */
export async function orgTreeByAuth(
  ctx: AppContext,
  session: SessionInfo,
  opts: { exclude?: string; keyword?: string; category?: 'company' | 'department' } = {},
): Promise<OrganizeNode[]> {
  const scope = await orgScopePaths(ctx, session);
  if (scope === null) return orgTree(ctx, { ...opts, enabledOnly: true });
  let rows = (await allOrgs(ctx)).filter((r) => r.enabledMark === 1);
  const names = toOrgNodes(rows);
  rows = rows.filter((r) => pathInScope(r.idPath, scope));
  if (opts.category === 'company') rows = rows.filter((r) => r.category === 'company');
  if (opts.exclude && !isRoot(opts.exclude)) {
    const ex = rows.find((r) => r.id === opts.exclude);
    if (ex) rows = rows.filter((r) => r.id !== ex.id && !r.idPath.startsWith(`${ex.idPath},`));
  }
  const kw = opts.keyword?.trim().toLowerCase();
  if (kw) rows = keepWithAncestors(rows, (r) => r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw));
  const nodes = toOrgNodes(rows);
  for (const n of nodes.values()) {
    // Path names come from the whole tree, so a scope root still shows where it sits.
    n.organize = names.get(n.id)?.organize ?? n.fullName;
    n.lastFullName = n.organize;
  }
  return linkTree(nodes.values());
}

/** OrganizeCondition: the given organisations (with their subtrees) as a forest, each labelled with its path. */
export async function orgCondition(ctx: AppContext, ids: string[], keyword = ''): Promise<OrganizeNode[]> {
  if (!ids.length) return [];
  const all = (await allOrgs(ctx)).filter((r) => r.enabledMark === 1);
  const names = toOrgNodes(all);
  const chosen = all.filter((r) => ids.includes(r.id));
  let rows = all.filter((r) => chosen.some((c) => r.id === c.id || r.idPath.startsWith(`${c.idPath},`)));
  const kw = keyword.trim().toLowerCase();
  if (kw) rows = keepWithAncestors(rows, (r) => r.fullName.toLowerCase().includes(kw) || r.enCode.toLowerCase().includes(kw));
  const nodes = toOrgNodes(rows);
  for (const n of nodes.values()) {
    n.organize = names.get(n.id)?.organize ?? n.fullName;
    n.lastFullName = n.organize;
  }
  return linkTree(nodes.values());
}

export async function orgInfo(ctx: AppContext, id: string, category?: 'department') {
  const org = await findOrg(ctx, id);
  if (!org || (category && org.category !== category)) throw notFound();
  const names = await pathNamesFor(ctx, [org]);
  return {
    ...org,
    organize: names.get(org.id) ?? org.fullName,
    organizeIdTree: org.idPath.split(','),
    creatorTime: org.createdAt,
  };
}

async function checkUnique(ctx: AppContext, body: OrganizeBody, selfId: string | null) {
  const sameCode = await ctx.db
    .selectFrom('organizations')
    .select('id')
    .where('enCode', '=', body.enCode)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (sameCode) throw conflict('org.enCodeExists', { enCode: body.enCode });
  const sameName = await ctx.db
    .selectFrom('organizations')
    .select('id')
    .where('parentId', '=', isRoot(body.parentId) ? '-1' : body.parentId)
    .where('fullName', '=', body.fullName)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  if (sameName) throw conflict('org.nameExists', { fullName: body.fullName });
}

async function checkManager(ctx: AppContext, managerId: string | null) {
  if (managerId && !(await ctx.db.selectFrom('users').select('id').where('id', '=', managerId).executeTakeFirst())) {
    throw badRequest('org.managerMissing');
  }
}

/** Where a node may hang: a department needs an organisation above it; a company may not sit under a department. */
async function resolveParent(ctx: AppContext, parentId: string, category: string): Promise<OrgRow | null> {
  if (isRoot(parentId)) {
    if (category === 'department') throw badRequest('org.departmentNeedsParent');
    return null;
  }
  const parent = await findOrg(ctx, parentId);
  if (!parent) throw badRequest('org.parentMissing');
  if (category === 'company' && parent.category === 'department') throw badRequest('org.companyUnderDepartment');
  return parent;
}

export async function createOrg(ctx: AppContext, session: SessionInfo, body: OrganizeBody, category: 'company' | 'department') {
  const parent = await resolveParent(ctx, body.parentId, category);
  await checkUnique(ctx, body, null);
  await checkManager(ctx, body.managerId);
  const id = newId();
  const idPath = parent ? `${parent.idPath},${id}` : id;
  if (idPath.length > MAX_PATH) throw badRequest('org.tooDeep');
  await ctx.db
    .insertInto('organizations')
    .values({
      id,
      parentId: parent?.id ?? '-1',
      category,
      enCode: body.enCode,
      fullName: body.fullName,
      shortName: body.shortName,
      managerId: body.managerId,
      idPath,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark ?? 1,
      description: body.description,
      createdAt: Date.now(),
      createdBy: session.userId,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  invalidateOrgLabels(ctx);
  return { id };
}

/**
 * Updates a node; a new parent moves the node with its subtree: every path
 * below is rewritten in the same transaction, and a move under itself or its
 * own descendants is refused.
 */
export async function updateOrg(ctx: AppContext, session: SessionInfo, id: string, body: OrganizeBody, category?: 'department') {
  const org = await findOrg(ctx, id);
  if (!org || (category && org.category !== category)) throw notFound();
  const cat = category ?? body.category ?? org.category;
  const newParentId = isRoot(body.parentId) ? '-1' : body.parentId;
  if (newParentId === id) throw badRequest('org.cycle');
  const parent = await resolveParent(ctx, newParentId, cat);
  if (parent && (parent.idPath === org.idPath || parent.idPath.startsWith(`${org.idPath},`))) throw badRequest('org.cycle');
  if (cat === 'department' && org.category === 'company') {
    const childCompany = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('parentId', '=', id)
      .where('category', '=', 'company')
      .executeTakeFirst();
    if (childCompany) throw badRequest('org.companyUnderDepartment');
  }
  await checkUnique(ctx, body, id);
  await checkManager(ctx, body.managerId);
  const newPath = parent ? `${parent.idPath},${id}` : id;
  if (newPath !== org.idPath) {
    const deepest = await ctx.db
      .selectFrom('organizations')
      .select(sql<number>`max(length(id_path))`.as('len'))
      .where((eb) => eb.or([eb('id', '=', id), belowPath(ctx.dialect, org.idPath, 'id_path')]))
      .executeTakeFirst();
    if (Number(deepest?.len ?? 0) - org.idPath.length + newPath.length > MAX_PATH) throw badRequest('org.tooDeep');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organizations')
      .set({
        parentId: parent?.id ?? '-1',
        category: cat,
        enCode: body.enCode,
        fullName: body.fullName,
        shortName: body.shortName,
        managerId: body.managerId,
        sortCode: body.sortCode,
        ...(body.enabledMark !== undefined ? { enabledMark: body.enabledMark } : {}),
        description: body.description,
        updatedAt: Date.now(),
        updatedBy: session.userId,
      })
      .where('id', '=', id)
      .execute();
    if (newPath !== org.idPath) {
      // The node and everything below it: the old prefix is replaced by the new one.
      await trx
        .updateTable('organizations')
        .set({ idPath: sql<string>`cast(${newPath} as varchar(2000)) || substr(id_path, ${org.idPath.length + 1})` })
        .where((eb) => eb.or([eb('id', '=', id), belowPath(ctx.dialect, org.idPath, 'id_path')]))
        .execute();
    }
  });
  invalidateOrgLabels(ctx);
  invalidateUserCounts(ctx);
  // Row rules read the user's organisation path from the grants.
  if (newPath !== org.idPath) invalidateGrants(ctx);
}

export async function toggleOrgState(ctx: AppContext, session: SessionInfo, id: string) {
  const org = await findOrg(ctx, id);
  if (!org) throw notFound();
  await ctx.db
    .updateTable('organizations')
    .set({ enabledMark: org.enabledMark === 1 ? 0 : 1, updatedAt: Date.now(), updatedBy: session.userId })
    .where('id', '=', id)
    .execute();
}

/** Deletes a node that holds nothing: no sub-organisations, users, positions or organisation roles. */
export async function deleteOrg(ctx: AppContext, id: string, category?: 'department') {
  const org = await findOrg(ctx, id);
  if (!org || (category && org.category !== category)) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const child = await trx.selectFrom('organizations').select('id').where('parentId', '=', id).executeTakeFirst();
    if (child) throw badRequest('org.hasChildren');
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('organizeId', '=', id),
          eb('id', 'in', eb.selectFrom('userRelations').select('userId').where('objectType', '=', 'Organize').where('objectId', '=', id)),
        ]),
      )
      .executeTakeFirst();
    if (user) throw badRequest('org.hasUsers');
    const position = await trx.selectFrom('positions').select('id').where('organizeId', '=', id).executeTakeFirst();
    if (position) throw badRequest('org.hasPositions');
    const role = await trx.selectFrom('roleOrganizations').select('id').where('organizeId', '=', id).executeTakeFirst();
    if (role) throw badRequest('org.hasRoles');
    await trx.deleteFrom('organizations').where('id', '=', id).execute();
  });
  invalidateOrgLabels(ctx);
}
