import { sql, type Expression, type SqlBool } from 'kysely';
import type { PickerNode } from '@medalliance/contract';
import { TOP_NODE_ID } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { keywordMatch, paginate } from '../../http/paging.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { allOrgs, findOrg, inSubtrees, keepWithAncestors, linkTree, orgPathNames, orgScopePaths, toOrgNodes } from './org-tree.service.ts';
import { inOrgSubtree } from './users.service.ts';

/**
 * Lookups every screen's pickers use (spec §2.6, §7.4). They answer only what a
 * picker shows — id, name, account, avatar, organisation — never contact data
 * or anything the users module's column and row rules protect.
 */
const basicColumns = [
  'users.id',
  'users.account',
  'users.realName',
  'users.headIcon',
  'users.organizeId',
  'users.gender',
  'users.enabledMark',
] as const;

interface BasicRow {
  id: string;
  account: string;
  realName: string;
  headIcon: string | null;
  organizeId: string;
  gender: number | null;
  enabledMark: number;
}

export interface UserPickerItem extends PickerNode {
  realName: string;
  account: string;
  headIcon: string;
  organizeId: string;
  organize: string;
  gender: number | null;
  enabledMark: number;
}

/** Users as picker items (spec §3: id, fullName, headIcon, organize, type 'user'). */
export async function toPickerUsers(ctx: AppContext, rows: BasicRow[]): Promise<UserPickerItem[]> {
  const names = await orgPathNames(
    ctx,
    rows.map((r) => r.organizeId),
  );
  return rows.map((r) => ({
    id: r.id,
    parentId: r.organizeId,
    fullName: `${r.realName}/${r.account}`,
    realName: r.realName,
    account: r.account,
    headIcon: r.headIcon ?? '',
    organizeId: r.organizeId,
    organize: names.get(r.organizeId) ?? '',
    lastFullName: names.get(r.organizeId) ?? '',
    gender: r.gender,
    enabledMark: r.enabledMark,
    type: 'user',
    icon: 'icon-ym icon-ym-tree-user2',
    hasChildren: false,
    isLeaf: true,
    children: [],
  }));
}

const enabledUsers = (ctx: AppContext) => ctx.db.selectFrom('users').select(basicColumns).where('users.enabledMark', '=', 1);

/** Every enabled user (Users/All), at most 10000, optionally matching a keyword. */
export async function allUsers(ctx: AppContext, keyword: string) {
  let q = enabledUsers(ctx);
  if (keyword) q = q.where(keywordMatch(['users.account', 'users.realName'], keyword));
  const rows = await q.orderBy('users.sortCode').orderBy('users.createdAt').orderBy('users.id').limit(10_000).execute();
  return toPickerUsers(ctx, rows);
}

/**
 * The user picker's tree (Users/Selector): organisations with their users as
 * leaves; organisations with nobody below them are left out. Large alliances
 * should use ImUser/Selector/{id}, which loads one level at a time.
 */
export async function userSelectorTree(ctx: AppContext): Promise<PickerNode[]> {
  const users = await toPickerUsers(
    ctx,
    await enabledUsers(ctx).orderBy('users.sortCode').orderBy('users.createdAt').limit(10_000).execute(),
  );
  const orgs = (await allOrgs(ctx)).filter((o) => o.enabledMark === 1);
  const holding = new Set(users.map((u) => u.organizeId));
  const kept = keepWithAncestors(orgs, (o) => holding.has(o.id));
  const orgNodes = toOrgNodes(orgs);
  return linkTree<PickerNode>([...kept.map((o) => ({ ...orgNodes.get(o.id)!, children: [] })), ...users]);
}

/**
 * One level of the user picker (POST ImUser/Selector/{id}): the organisations
 * directly under {id} and the users whose main organisation is {id}; with a
 * keyword, the matching users anywhere (paged).
 */
export async function userSelectorLevel(ctx: AppContext, orgId: string, q: { keyword: string; currentPage: number; pageSize: number }) {
  if (q.keyword) {
    const page = await paginate(
      enabledUsers(ctx)
        .where(keywordMatch(['users.account', 'users.realName'], q.keyword))
        .orderBy('users.sortCode')
        .orderBy('users.id'),
      q,
    );
    return { list: await toPickerUsers(ctx, page.list), pagination: page.pagination };
  }
  const parent = orgId === '0' || orgId === TOP_NODE_ID ? '-1' : orgId;
  if (parent !== '-1' && !(await findOrg(ctx, parent))) throw notFound();
  const children = await ctx.db
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
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .execute();
  const nodes = [...toOrgNodes(children).values()];
  const names = await orgPathNames(
    ctx,
    children.map((c) => c.id),
  );
  for (const n of nodes) {
    n.organize = names.get(n.id) ?? n.fullName;
    n.lastFullName = n.organize;
    n.hasChildren = true;
    n.isLeaf = false;
  }
  const users =
    parent === '-1'
      ? []
      : await toPickerUsers(
          ctx,
          await enabledUsers(ctx)
            .where('users.organizeId', '=', parent)
            .orderBy('users.sortCode')
            .orderBy('users.id')
            .limit(10_000)
            .execute(),
        );
  return { list: [...nodes, ...users] };
}

/** Chat contacts (Users/ImUser): every enabled user but me, paged, with their department. */
export async function imUsers(ctx: AppContext, session: SessionInfo, q: { keyword: string; currentPage: number; pageSize: number }) {
  let query = enabledUsers(ctx).where('users.id', '<>', session.userId);
  if (q.keyword) query = query.where(keywordMatch(['users.account', 'users.realName'], q.keyword));
  const page = await paginate(query.orderBy('users.sortCode').orderBy('users.id'), q);
  const items = await toPickerUsers(ctx, page.list);
  return { list: items.map((u) => ({ ...u, department: u.organize })), pagination: page.pagination };
}

/** Labels of chosen users (getUserList): disabled users too, so a stored value still shows its name. */
export async function userLabels(ctx: AppContext, ids: string[]) {
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('users').select(basicColumns).where('users.id', 'in', ids).execute();
  const items = await toPickerUsers(ctx, rows);
  const order = new Map(ids.map((id, i) => [id, i]));
  return items.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Everyone below the user in the manager chain (getSubordinates). */
export async function subordinates(ctx: AppContext, userId: string, keyword: string) {
  let q = ctx.db
    .selectFrom('users')
    .select(basicColumns)
    .where(
      sql<SqlBool>`users.id in (with recursive sub(id) as (select u.id from users u where u.manager_id = ${userId} union select u.id from users u join sub on u.manager_id = sub.id) select sub.id from sub)`,
    );
  if (keyword) q = q.where(keywordMatch(['users.account', 'users.realName'], keyword));
  return toPickerUsers(ctx, await q.orderBy('users.sortCode').orderBy('users.id').limit(10_000).execute());
}

/** Direct reports of one user, with whether they have reports of their own (the profile's subordinate tree). */
export async function directReports(ctx: AppContext, managerId: string) {
  const rows = await ctx.db
    .selectFrom('users')
    .select([...basicColumns, 'users.positionId'])
    .where('users.managerId', '=', managerId)
    .where('users.enabledMark', '=', 1)
    .orderBy('users.sortCode')
    .orderBy('users.id')
    .limit(10_000)
    .execute();
  if (!rows.length) return [];
  const withReports = new Set(
    (
      await ctx.db
        .selectFrom('users')
        .select('managerId')
        .where(
          'managerId',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('managerId')
        .execute()
    ).map((r) => r.managerId),
  );
  const positions = new Map(
    (
      await ctx.db
        .selectFrom('positions')
        .select(['id', 'fullName'])
        .where(
          'id',
          'in',
          rows
            .map((r) => r.positionId)
            .filter((p): p is string => !!p)
            .concat(['']),
        )
        .execute()
    ).map((p) => [p.id, p.fullName]),
  );
  const items = await toPickerUsers(ctx, rows);
  return items.map((u, i) => ({
    id: u.id,
    avatar: u.headIcon,
    headIcon: u.headIcon,
    userName: u.fullName,
    realName: u.realName,
    account: u.account,
    department: u.organize,
    position: positions.get(rows[i]!.positionId ?? '') ?? '',
    isLeaf: !withReports.has(u.id),
    hasChildren: withReports.has(u.id),
  }));
}

/** The organisations a user belongs to (getOrganization): the main one first. */
export async function userOrganizations(ctx: AppContext, userId: string) {
  const user = await ctx.db.selectFrom('users').select(['id', 'organizeId']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const rels = await ctx.db
    .selectFrom('userRelations')
    .select('objectId')
    .where('userId', '=', userId)
    .where('objectType', '=', 'Organize')
    .orderBy('sortCode')
    .execute();
  const ids = [user.organizeId, ...rels.map((r) => r.objectId).filter((id) => id !== user.organizeId)];
  const rows = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'fullName', 'enCode', 'category', 'idPath'])
    .where('id', 'in', ids)
    .execute();
  const names = await orgPathNames(ctx, ids);
  return ids
    .map((id) => rows.find((r) => r.id === id))
    .filter((r): r is NonNullable<typeof r> => !!r)
    .map((r) => ({
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      category: r.category,
      organize: names.get(r.id) ?? r.fullName,
      organizeIds: r.idPath.split(','),
      isMain: r.id === user.organizeId,
    }));
}

/** Users holding one of the given relations (a position, role or group), paged. */
function holding(type: 'Position' | 'Role' | 'Group', ids: string[]): Expression<SqlBool> {
  return sql<SqlBool>`users.id in (select r.user_id from user_relations r where r.object_type = ${type} and r.object_id in (${sql.join(ids)}))`;
}

export async function usersByPosition(ctx: AppContext, positionId: string, q: { keyword: string; currentPage: number; pageSize: number }) {
  let query = enabledUsers(ctx).where((eb) => eb.or([eb('users.positionId', '=', positionId), holding('Position', [positionId])]));
  if (q.keyword) query = query.where(keywordMatch(['users.account', 'users.realName'], q.keyword));
  const page = await paginate(query.orderBy('users.sortCode').orderBy('users.id'), q);
  return { list: await toPickerUsers(ctx, page.list), pagination: page.pagination };
}

/** Users of a role, optionally only those in an organisation's subtree (GetUsersByRoleOrgId). */
export async function usersByRoleOrg(
  ctx: AppContext,
  roleId: string,
  organizeId: string | null,
  q: { keyword: string; currentPage: number; pageSize: number },
) {
  let query = enabledUsers(ctx).where(holding('Role', [roleId]));
  if (organizeId) {
    const org = await findOrg(ctx, organizeId);
    if (!org) throw notFound();
    query = query.where(inOrgSubtree(ctx.dialect, org.idPath));
  }
  if (q.keyword) query = query.where(keywordMatch(['users.account', 'users.realName'], q.keyword));
  const page = await paginate(query.orderBy('users.sortCode').orderBy('users.id'), q);
  return { list: await toPickerUsers(ctx, page.list), pagination: page.pagination };
}

/**
 * The custom-mode user picker (UserCondition): users of the given organisations'
 * subtrees, positions, roles or groups, or the given users; paged.
 */
export async function userCondition(
  ctx: AppContext,
  body: {
    orgIds: string[];
    positionIds: string[];
    roleIds: string[];
    groupIds: string[];
    userIds: string[];
    keyword: string;
    currentPage: number;
    pageSize: number;
  },
) {
  const paths = body.orgIds.length
    ? (await ctx.db.selectFrom('organizations').select('idPath').where('id', 'in', body.orgIds).execute()).map((o) => o.idPath)
    : [];
  const parts: Expression<SqlBool>[] = [];
  if (paths.length) parts.push(inSubtrees(ctx.dialect, 'users.organizeId', paths));
  if (body.positionIds.length) parts.push(holding('Position', body.positionIds));
  if (body.roleIds.length) parts.push(holding('Role', body.roleIds));
  if (body.groupIds.length) parts.push(holding('Group', body.groupIds));
  if (body.userIds.length) parts.push(sql<SqlBool>`users.id in (${sql.join(body.userIds)})`);
  if (!parts.length) return { list: [], pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: 0 } };
  let query = enabledUsers(ctx).where((eb) => eb.or(parts));
  if (body.keyword) query = query.where(keywordMatch(['users.account', 'users.realName'], body.keyword));
  const page = await paginate(query.orderBy('users.sortCode').orderBy('users.id'), body);
  return { list: await toPickerUsers(ctx, page.list), pagination: page.pagination };
}

/**
 * Users of organisation {id}'s subtree as far as the caller's organisation
 * scope reaches (GetListByAuthorize): administrators see all of it.
 */
export async function usersByAuthorize(
  ctx: AppContext,
  session: SessionInfo,
  orgId: string,
  q: { keyword: string; currentPage: number; pageSize: number },
) {
  let query = enabledUsers(ctx);
  if (orgId !== '0' && orgId !== TOP_NODE_ID) {
    const org = await findOrg(ctx, orgId);
    if (!org) throw notFound();
    query = query.where(inOrgSubtree(ctx.dialect, org.idPath));
  }
  const scope = await orgScopePaths(ctx, session);
  if (scope) query = query.where(inSubtrees(ctx.dialect, 'users.organizeId', scope));
  if (q.keyword) query = query.where(keywordMatch(['users.account', 'users.realName'], q.keyword));
  const page = await paginate(query.orderBy('users.sortCode').orderBy('users.id'), q);
  return { list: await toPickerUsers(ctx, page.list), pagination: page.pagination };
}
