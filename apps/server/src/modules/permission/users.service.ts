import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { UserCreateBody, UserListQuery, UserListRow, UserUpdateBody } from '@medalliance/contract';
import { DEFAULT_USER_PASSWORD } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Database, UserTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { likePattern } from '../../http/paging.ts';
import { compileWithParams, type CompiledQuery } from '../../db/prepared.ts';
import { membershipNames } from './labels.ts';
import { invalidateMemberships, membershipsOf } from './memberships.ts';
import { hashPassword, md5 } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { announceEnded, revokeUserSessions, revokeUserSessionsIn, type SessionInfo } from '../oauth/sessions.service.ts';
import { dropColumns, hiddenColumnsOf, lockedFieldsOf, protectLockedFields } from './column-rules.ts';
import { grantsFor, invalidateGrants, type UserGrants } from './grants.service.ts';
import { findOrg, inSubtree, orgPathNames, orgScopePaths, pathInScope } from './org-tree.service.ts';
import { assignableRoleIds } from './role.service.ts';
import { registerRowRuleFields, rowRuleExpression, rowRuleSubtree, type FieldMap } from './row-rules.ts';
import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/connection.ts';
import './messages.ts';
import { newUserRow } from '../../db/user-row.ts';
import { sharedCache } from '../../lib/shared-caches.ts';
import { ftsQuery, usesTrigram } from '../visualdev/trigram.ts';

/** The users screen's menu: its grants, columns and row rules govern every management call. */
export const USER_MENU = 'user';

/** Fields the users module offers to data-permission schemes. */
export const userRowFields: FieldMap = {
  id: 'users.id',
  userId: 'users.id',
  account: 'users.account',
  realName: 'users.realName',
  organizeId: 'users.organizeId',
  positionId: 'users.positionId',
  managerId: 'users.managerId',
  mobilePhone: 'users.mobilePhone',
  createdBy: 'users.createdBy',
  creatorUserId: 'users.createdBy',
  gender: { column: 'users.gender', type: 'number' },
  enabledMark: { column: 'users.enabledMark', type: 'number' },
  createdAt: { column: 'users.createdAt', type: 'number' },
  creatorTime: { column: 'users.createdAt', type: 'number' },
};
registerRowRuleFields(USER_MENU, [
  { field: 'id', fullName: '用户', type: 'string' },
  { field: 'organizeId', fullName: '所属组织', type: 'string' },
  { field: 'managerId', fullName: '直属主管', type: 'string' },
  { field: 'createdBy', fullName: '创建人', type: 'string' },
  { field: 'account', fullName: '账号', type: 'string' },
  { field: 'realName', fullName: '姓名', type: 'string' },
  { field: 'gender', fullName: '性别', type: 'number' },
  { field: 'enabledMark', fullName: '状态', type: 'number' },
  { field: 'createdAt', fullName: '创建时间', type: 'number' },
]);

const sortColumns = {
  account: 'users.account',
  realName: 'users.realName',
  mobilePhone: 'users.mobilePhone',
  creatorTime: 'users.createdAt',
  createdAt: 'users.createdAt',
  sortCode: 'users.sortCode',
  enabledMark: 'users.enabledMark',
  lastLogTime: 'users.lastLogTime',
  gender: 'users.gender',
} as const;

const listColumns = [
  'users.id',
  'users.account',
  'users.realName',
  'users.gender',
  'users.mobilePhone',
  'users.email',
  'users.organizeId',
  'users.managerId',
  'users.description',
  'users.enabledMark',
  'users.lockedAt',
  'users.headIcon',
  'users.sortCode',
  'users.createdAt',
  'users.lastLogTime',
] as const;

type Db = AppContext['db'] | Transaction<Database>;

const rowFilter = (ctx: AppContext, grants: UserGrants): Expression<SqlBool> | null =>
  rowRuleExpression(grants, USER_MENU, userRowFields, ctx.dialect);

/** A user the signed-in user may see under the users module's row rules, or 404. */
export async function findVisibleUser(ctx: AppContext, session: SessionInfo, id: string, db: Db = ctx.db) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const filter = rowFilter(ctx, grants);
  let q = db.selectFrom('users').selectAll().where('users.id', '=', id);
  if (filter) q = q.where(filter);
  const user = await q.executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

/**
 * Users in an organisation's subtree: their main organisation or a membership.
 * `walkOrder` (SQLite, a subtree with many users): test each row while walking
 * the list's order index instead of collecting every member from the indexes
 * and sorting them all. A unary + on a column is SQLite's way of keeping the
 * planner off its indexes. The alliance's root, 100 000 users: 100 → 0.3 ms a
 * page; 2 500 users: 2.0 → 1.2 ms; but 50 users: 0.05 → 5.8 ms, hence the choice.
 */
export function inOrgSubtree(dialect: Dialect, path: string, walkOrder = false): Expression<SqlBool> {
  const plus = sql.raw(walkOrder && dialect === 'sqlite' ? '+' : '');
  return sql<SqlBool>`(${plus}${inSubtree(dialect, 'users.organizeId', path)} or ${plus}users.id in (select r.user_id from user_relations r where r.object_type = 'Organize' and ${inSubtree(dialect, 'r.objectId', path)}))`;
}

/** Main-organisation users a subtree needs before walking the list order beats collecting them (see inOrgSubtree). */
export const WALK_ORDER_FROM = 1000;

/** Whether an organisation's subtree holds at least WALK_ORDER_FROM users (reads at most that many index entries). */
async function subtreeIsLarge(ctx: AppContext, orgId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom((db) => db.selectFrom('orgUserOrder').select('userId').where('ancestorId', '=', orgId).limit(WALK_ORDER_FROM).as('s'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) >= WALK_ORDER_FROM;
}

/** Positions and roles of some users, names in sort order; the names come from memory, not from joins. */
async function relationNames(ctx: AppContext, userIds: string[]) {
  const out = new Map<string, { positions: string[]; roles: string[] }>();
  if (!userIds.length) return out;
  const held = await membershipsOf(ctx, userIds);
  const names = await membershipNames.get(
    ctx,
    [...held.values()].flatMap((memberships) => memberships.map((m) => m.objectId)),
  );
  for (const [userId, memberships] of held) {
    const entry = { positions: [] as string[], roles: [] as string[] };
    for (const m of memberships) {
      const name = names.get(m.objectId)?.[m.objectType];
      if (name) (m.objectType === 'Position' ? entry.positions : entry.roles).push(name);
    }
    out.set(userId, entry);
  }
  return out;
}

export interface UserListOptions {
  /** Export: every matching row, no paging (bounded by the caller). */
  limit?: number;
}

/** The values a compiled list query takes per call. */
interface ListParams extends Record<string, unknown> {
  pattern: string;
  /** The keyword as a trigram-index query (SQLite, three characters or more). */
  match: string;
  enabledMark: number;
  limit: number;
  offset: number;
}

/** A page's ids and their list-order keys. */
type PageKeys = { id: string } & Record<`k${number}`, unknown>;

interface ListQueries {
  page: CompiledQuery<ListParams, ListRecord>;
  total: CompiledQuery<ListParams, { total: number | string }>;
}

/**
 * The list's page and total queries, built and compiled once per caller's
 * grants (their row rule is fixed for that grants object, which is replaced
 * whenever grants change) and filter shape: which filters are on, the sort,
 * and the organisation (its path's values are bound constants). The keyword,
 * state and paging stay parameters.
 */
const listQueryCache = new WeakMap<UserGrants, Map<string, ListQueries>>();

async function listQueries(
  ctx: AppContext,
  grants: UserGrants,
  q: UserListQuery,
  org: { id: string; idPath: string } | null,
): Promise<ListQueries> {
  const sortRef = sortColumns[q.sidx as keyof typeof sortColumns];
  const shape = [
    sortRef ? `${sortRef} ${q.sort}` : '',
    q.keyword ? (keywordByTrigram(ctx, q.keyword) ? 'trigram' : 'keyword') : '',
    q.enabledMark !== null ? 'state' : '',
    org?.idPath ?? '',
  ].join('|');
  let perGrants = listQueryCache.get(grants);
  if (!perGrants) listQueryCache.set(grants, (perGrants = new Map()));
  const hit = perGrants.get(shape);
  if (hit) return hit;

  // Decided once per compiled query, which lives as long as the caller's grants object (30 s at most):
  // a subtree that grows meanwhile pages a little slower until then, never wrongly.
  const walkOrder = org !== null && ctx.dialect === 'sqlite' && (await subtreeIsLarge(ctx, org.id));

  // "Own organisation and below" alone, in the default order: the page and the total are one
  // range of org_user_order, as cheap as the administrator's unfiltered list. Anything else filters.
  const subtree =
    !sortRef && !q.keyword && q.enabledMark === null && org === null
      ? rowRuleSubtree(grants, USER_MENU, userRowFields, 'users.organizeId')
      : null;
  const filter = rowFilter(ctx, grants);
  // The filtered set, as ids only: counted, and paged through the covering indexes.
  // The page may walk the list order through a large subtree; a count reads all of it either way.
  const idsOf = (db: Db, p: <K extends keyof ListParams>(name: K) => ListParams[K], paging: boolean) => {
    let ids = db.selectFrom('users').select('users.id');
    if (filter) ids = ids.where(filter);
    if (q.keyword)
      ids = ids.where(
        keywordByTrigram(ctx, q.keyword)
          ? sql<SqlBool>`users.rowid in (select rowid from users__fts where users__fts match ${p('match')})`
          : containsPattern(['users.account', 'users.realName', 'users.mobilePhone'], p('pattern')),
      );
    if (org) ids = ids.where(inOrgSubtree(ctx.dialect, org.idPath, paging && walkOrder));
    if (q.enabledMark !== null) ids = ids.where('users.enabledMark', '=', p('enabledMark'));
    return ids;
  };
  // The list order: keys of the users table, the id last so that every row has one place.
  const order: [ref: string, direction: 'asc' | 'desc'][] = sortRef
    ? [
        [sortRef, q.sort],
        ['users.id', q.sort],
      ]
    : [
        ['users.sortCode', 'asc'],
        ['users.createdAt', 'desc'],
        ['users.id', 'desc'],
      ];
  // The page: its ids with their sort keys k0…, in list order, from a covering index.
  const pageIds = (db: Db, p: <K extends keyof ListParams>(name: K) => ListParams[K]) => {
    if (subtree !== null)
      return db
        .selectFrom('orgUserOrder as s')
        .select(['s.userId as id', 's.sortCode as k0', 's.createdAt as k1', 's.userId as k2'])
        .where('s.ancestorId', '=', subtree)
        .orderBy('s.sortCode', 'asc')
        .orderBy('s.createdAt', 'desc')
        .orderBy('s.userId', 'desc')
        .limit(p('limit'))
        .offset(p('offset'))
        .$castTo<PageKeys>()
        .as('page');
    let page = idsOf(db, p, true).select(order.map(([ref], i) => sql.ref(ref).as(`k${i}`)));
    for (const [ref, direction] of order) page = page.orderBy(sql.ref(ref), direction);
    return page.limit(p('limit')).offset(p('offset')).$castTo<PageKeys>().as('page');
  };
  const queries: ListQueries = {
    // Only the page's rows are read from the table (a "deferred join"). The cross join keeps the
    // page as the outer loop, so SQLite answers in its order without sorting the wide rows again.
    page: compileWithParams(ctx.db, (db, p) => {
      let rows = db.selectFrom(pageIds(db, p)).crossJoin('users').select(listColumns).whereRef('users.id', '=', 'page.id');
      order.forEach(([, direction], i) => (rows = rows.orderBy(sql.ref(`page.k${i}`), direction)));
      return rows;
    }),
    total: compileWithParams(ctx.db, (db, p) =>
      subtree !== null
        ? db
            .selectFrom('orgUserOrder as s')
            .select(sql<number>`count(*)`.as('total'))
            .where('s.ancestorId', '=', subtree)
        : idsOf(db, p, false)
            .clearSelect()
            .select(sql<number>`count(*)`.as('total')),
    ),
  };
  // Organisation filters are part of the shape: bound the entries one caller can make.
  if (perGrants.size >= 100) perGrants.clear();
  perGrants.set(shape, queries);
  return queries;
}

/**
 * Whether the keyword goes through the FTS5 trigram index of migration 0010
 * (SQLite, three characters or more). PostgreSQL's pg_trgm indexes serve the
 * LIKE form itself; shorter terms have no trigram and match by LIKE.
 */
const keywordByTrigram = (ctx: AppContext, keyword: string) => ctx.dialect === 'sqlite' && usesTrigram(keyword);

/** Case-insensitive "contains" over columns, like keywordMatch, with the likePattern as one parameter. */
function containsPattern(columns: string[], pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * The users management list (spec §7.4): keyword over account, name and mobile,
 * an organisation's subtree, enabled state; paged and sorted in SQL; filtered by
 * the caller's row rules and stripped of the columns they may not see.
 */
export async function listUsers(ctx: AppContext, session: SessionInfo, q: UserListQuery) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const org = q.organizeId ? await findOrg(ctx, q.organizeId) : null;
  if (q.organizeId && !org) throw notFound();
  const { page, total } = await listQueries(ctx, grants, q, org ?? null);
  const values: ListParams = {
    pattern: q.keyword ? likePattern(q.keyword) : '',
    match: q.keyword ? ftsQuery(q.keyword, []) : '',
    enabledMark: q.enabledMark ?? 0,
    limit: q.pageSize,
    offset: (q.currentPage - 1) * q.pageSize,
  };
  const [rows, count] = await Promise.all([page.execute(ctx.db, page.parameters(values)), cachedTotal(ctx, total, values)]);
  return {
    list: dropColumns(await toListRows(ctx, rows), hiddenColumnsOf(grants, USER_MENU)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: count },
  };
}

/**
 * Totals of the users list, per exact filter (the compiled SQL and its bound
 * values, so two users with different row rules never share one), kept for a
 * moment: counting 100 000 rows on every page turn is most of a list call on
 * PostgreSQL. Any users or organisation write of this process drops them; a
 * write by another process shows in the rows at once and in the total within
 * COUNT_TTL_MS.
 */
const COUNT_TTL_MS = 2_000;
const countCache = new WeakMap<AppContext['db'], Map<string, { at: number; total: Promise<number> }>>();

async function cachedTotal(
  ctx: AppContext,
  query: CompiledQuery<ListParams, { total: number | string }>,
  values: ListParams,
): Promise<number> {
  let perDb = countCache.get(ctx.db);
  if (!perDb) countCache.set(ctx.db, (perDb = new Map()));
  const parameters = query.parameters(values);
  const key = `${query.sql}\u0000${JSON.stringify(parameters)}`;
  const now = Date.now();
  const hit = perDb.get(key);
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.total;
  if (perDb.size > 1000) perDb.clear();
  const entry = { at: now, total: query.execute(ctx.db, parameters).then((r) => Number(r[0]?.total ?? 0)) };
  entry.total.catch(() => perDb.delete(key));
  perDb.set(key, entry);
  return entry.total;
}

/** Drops the cached list totals (after any write to users, memberships or organisations). */
export const invalidateUserCounts = sharedCache('userCounts', (ctx) => void countCache.delete(ctx.db));

/** Every row of the list's filter for export, in list order, at most `max`. */
export async function exportUsers(ctx: AppContext, session: SessionInfo, q: UserListQuery, max: number) {
  const { list, pagination } = await listUsers(ctx, session, { ...q, currentPage: 1, pageSize: max } as UserListQuery);
  return { list, total: pagination.total };
}

type ListRecord = Pick<
  UserTable,
  | 'id'
  | 'account'
  | 'realName'
  | 'gender'
  | 'mobilePhone'
  | 'email'
  | 'organizeId'
  | 'managerId'
  | 'description'
  | 'enabledMark'
  | 'lockedAt'
  | 'headIcon'
  | 'sortCode'
  | 'createdAt'
  | 'lastLogTime'
>;

async function toListRows(ctx: AppContext, rows: ListRecord[]): Promise<UserListRow[]> {
  const [names, rels] = await Promise.all([
    orgPathNames(
      ctx,
      rows.map((r) => r.organizeId),
    ),
    relationNames(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    realName: r.realName,
    gender: r.gender,
    mobilePhone: r.mobilePhone,
    email: r.email,
    organize: names.get(r.organizeId) ?? '',
    organizeId: r.organizeId,
    position: rels.get(r.id)!.positions.join(','),
    roleName: rels.get(r.id)!.roles.join(','),
    managerId: r.managerId,
    description: r.description,
    enabledMark: r.enabledMark,
    lockMark: r.lockedAt ? 1 : 0,
    headIcon: r.headIcon ?? '',
    sortCode: r.sortCode,
    creatorTime: r.createdAt,
    lastLogTime: r.lastLogTime,
  }));
}

/** One user for the edit form: every field but the password, with the ids of their memberships. */
export async function userInfo(ctx: AppContext, session: SessionInfo, id: string) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const u = await findVisibleUser(ctx, session, id);
  const rels = await ctx.db
    .selectFrom('userRelations')
    .select(['objectType', 'objectId'])
    .where('userId', '=', id)
    .orderBy('sortCode')
    .execute();
  const of = (type: string) => rels.filter((r) => r.objectType === type).map((r) => r.objectId);
  const organizeIds = [u.organizeId, ...of('Organize').filter((o) => o !== u.organizeId)];
  const positionIds = of('Position');
  if (u.positionId && !positionIds.includes(u.positionId)) positionIds.unshift(u.positionId);
  const orgRows = await ctx.db.selectFrom('organizations').select(['id', 'idPath']).where('id', 'in', organizeIds).execute();
  const names = await orgPathNames(ctx, organizeIds);
  const { passwordHash: _hash, ...rest } = u;
  const info = {
    ...rest,
    organizeId: organizeIds.join(','),
    mainOrganizeId: u.organizeId,
    organize: names.get(u.organizeId) ?? '',
    organizeIdTree: organizeIds.map((oid) => orgRows.find((o) => o.id === oid)?.idPath.split(',') ?? [oid]),
    positionId: positionIds.join(','),
    roleId: of('Role').join(','),
    groupId: of('Group').join(','),
    lockMark: u.lockedAt ? 1 : 0,
    creatorTime: u.createdAt,
  };
  return dropColumns([info], hiddenColumnsOf(grants, USER_MENU))[0]!;
}

// ---------------------------------------------------------------- writes

async function accountTaken(db: Db, account: string, selfId: string | null) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<SqlBool>`lower(account) = ${account.toLowerCase()}`)
    .$if(!!selfId, (q) => q.where('id', '<>', selfId!))
    .executeTakeFirst();
  return !!row;
}

async function countExisting(ctx: AppContext, table: 'organizations' | 'positions' | 'roles' | 'groups', ids: string[]) {
  if (!ids.length) return 0;
  return (await ctx.db.selectFrom(table).select('id').where('id', 'in', ids).execute()).length;
}

/** Is `candidate` below `userId` in the manager chain (which would make a cycle)? */
async function isBelow(ctx: AppContext, userId: string, candidate: string): Promise<boolean> {
  const row = await sql<{
    id: string;
  }>`with recursive sub(id) as (select u.id from users u where u.manager_id = ${userId} union select u.id from users u join sub on u.manager_id = sub.id) select sub.id from sub where sub.id = ${candidate}`.execute(
    ctx.db,
  );
  return row.rows.length > 0;
}

/** References of a user body: every id must exist; non-administrators may hand out only what they reach. */
async function checkReferences(
  ctx: AppContext,
  session: SessionInfo,
  body: UserUpdateBody,
  before: { id: string; roles: string[]; positions: string[]; organizeIds: string[] } | null,
) {
  if ((await countExisting(ctx, 'organizations', body.organizeId)) !== body.organizeId.length) throw badRequest('user.organizeMissing');
  if ((await countExisting(ctx, 'positions', body.positionId)) !== body.positionId.length) throw badRequest('user.positionMissing');
  if ((await countExisting(ctx, 'roles', body.roleId)) !== body.roleId.length) throw badRequest('user.roleMissing');
  if ((await countExisting(ctx, 'groups', body.groupId)) !== body.groupId.length) throw badRequest('user.groupMissing');
  if (body.managerId) {
    if (before && body.managerId === before.id) throw badRequest('user.managerSelf');
    if (!(await ctx.db.selectFrom('users').select('id').where('id', '=', body.managerId).executeTakeFirst()))
      throw badRequest('user.managerMissing');
    if (before && (await isBelow(ctx, before.id, body.managerId))) throw badRequest('user.managerCycle');
  }
  if (session.isAdministrator) return;
  const assignable = await assignableRoleIds(ctx, session);
  const newRoles = body.roleId.filter((r) => !before?.roles.includes(r));
  if (assignable && newRoles.some((r) => !assignable.has(r))) throw forbidden('user.roleNotAssignable');
  const scope = await orgScopePaths(ctx, session);
  const newOrgs = body.organizeId.filter((o) => !before?.organizeIds.includes(o));
  const newPositions = body.positionId.filter((p) => !before?.positions.includes(p));
  const positionOrgs = newPositions.length
    ? await ctx.db.selectFrom('positions').select('organizeId').where('id', 'in', newPositions).execute()
    : [];
  const orgIds = [...newOrgs, ...positionOrgs.map((p) => p.organizeId)];
  if (orgIds.length) {
    const paths = await ctx.db.selectFrom('organizations').select('idPath').where('id', 'in', orgIds).execute();
    if (paths.some((p) => !pathInScope(p.idPath, scope))) throw forbidden('user.organizeOutOfScope');
  }
}

async function writeRelations(trx: Transaction<Database>, userId: string, body: UserUpdateBody, now: number) {
  await trx
    .deleteFrom('userRelations')
    .where('userId', '=', userId)
    .where('objectType', 'in', ['Organize', 'Position', 'Role', 'Group'])
    .execute();
  const rows = [
    ...body.organizeId.map((objectId, i) => ({ objectType: 'Organize', objectId, sortCode: i })),
    ...body.positionId.map((objectId, i) => ({ objectType: 'Position', objectId, sortCode: i })),
    ...body.roleId.map((objectId, i) => ({ objectType: 'Role', objectId, sortCode: i })),
    ...body.groupId.map((objectId, i) => ({ objectType: 'Group', objectId, sortCode: i })),
  ].map((r) => ({ id: newId(), userId, createdAt: now, ...r }));
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('userRelations')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** After a write, the user must still be inside the writer's rows; otherwise the write is refused (rolled back). */
async function assertStillVisible(ctx: AppContext, trx: Transaction<Database>, grants: UserGrants, id: string) {
  const filter = rowFilter(ctx, grants);
  if (!filter) return;
  const row = await trx.selectFrom('users').select('id').where('users.id', '=', id).where(filter).executeTakeFirst();
  if (!row) throw forbidden('user.outOfScope');
}

const userDefaults: Partial<UserCreateBody> = {
  nickName: null,
  gender: null,
  positionId: [],
  roleId: [],
  groupId: [],
  managerId: null,
  mobilePhone: null,
  email: null,
  idCard: null,
  telePhone: null,
  birthday: null,
  headIcon: null,
  signature: null,
  description: null,
  sortCode: 0,
};

/** The users columns the create and edit forms set alike (the main organisation and position are the first chosen). */
function formColumns(body: UserCreateBody | UserUpdateBody) {
  return {
    account: body.account,
    realName: body.realName,
    nickName: body.nickName,
    quickQuery: body.account.toLowerCase(),
    gender: body.gender ?? null,
    birthday: body.birthday ?? null,
    mobilePhone: body.mobilePhone,
    telePhone: body.telePhone,
    email: body.email,
    idCard: body.idCard,
    signature: body.signature,
    description: body.description,
    managerId: body.managerId,
    organizeId: body.organizeId[0]!,
    positionId: body.positionId[0] ?? null,
    sortCode: body.sortCode,
  };
}

/** Creates a user (spec §5.1 rules already checked by the schema). The password defaults to DEFAULT_USER_PASSWORD. */
export async function createUser(ctx: AppContext, session: SessionInfo, input: UserCreateBody) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const { body } = protectLockedFields(input, lockedFieldsOf(grants, USER_MENU), userDefaults as UserCreateBody);
  if (await accountTaken(ctx.db, body.account, null)) throw conflict('user.accountExists', { account: body.account });
  await checkReferences(ctx, session, body, null);
  const passwordHash = await hashPassword(body.password ?? md5(DEFAULT_USER_PASSWORD), ctx.config.argon2);
  const id = newId();
  const now = Date.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(
          newUserRow({
            id,
            ...formColumns(body),
            headIcon: body.headIcon,
            passwordHash,
            enabledMark: body.enabledMark ?? 1,
            createdAt: now,
            createdBy: session.userId,
          }),
        )
        .execute();
      await writeRelations(trx, id, body, now);
      await assertStillVisible(ctx, trx, grants, id);
    });
  } catch (err) {
    throw uniqueViolation(err) ? conflict('user.accountExists', { account: body.account }) : err;
  } finally {
    invalidateUserCounts(ctx);
    invalidateMemberships(ctx, id);
  }
  return { id };
}

/** A second writer may win the race for an account between our check and the insert: the unique index answers. */
function uniqueViolation(err: unknown): boolean {
  if (err instanceof AppError) return false;
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/**
 * Updates a user. Fields left out of the request body keep their stored values
 * (`present` names the body's keys), so a partial form never wipes data.
 */
export async function updateUser(ctx: AppContext, session: SessionInfo, id: string, input: UserUpdateBody, present?: Set<string>) {
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  const before = await findVisibleUser(ctx, session, id);
  if (before.isAdministrator === 1 && !session.isAdministrator) throw forbidden('user.adminProtected');
  const rels = await ctx.db
    .selectFrom('userRelations')
    .select(['objectType', 'objectId'])
    .where('userId', '=', id)
    .orderBy('sortCode')
    .execute();
  const of = (type: string) => rels.filter((r) => r.objectType === type).map((r) => r.objectId);
  const stored: UserUpdateBody = {
    account: before.account,
    realName: before.realName,
    nickName: before.nickName,
    gender: before.gender,
    organizeId: [before.organizeId, ...of('Organize').filter((o) => o !== before.organizeId)],
    positionId: of('Position'),
    roleId: of('Role'),
    groupId: of('Group'),
    managerId: before.managerId,
    mobilePhone: before.mobilePhone,
    email: before.email,
    idCard: before.idCard,
    telePhone: before.telePhone,
    birthday: before.birthday,
    headIcon: before.headIcon,
    signature: before.signature,
    description: before.description,
    sortCode: before.sortCode,
    enabledMark: before.enabledMark === 1 ? 1 : 0,
  };
  const merged = present
    ? (Object.fromEntries(
        Object.entries(input).map(([k, v]) => [k, present.has(k) ? v : stored[k as keyof UserUpdateBody]]),
      ) as UserUpdateBody)
    : input;
  const { body } = protectLockedFields(merged, lockedFieldsOf(grants, USER_MENU), stored);
  if (await accountTaken(ctx.db, body.account, id)) throw conflict('user.accountExists', { account: body.account });
  await checkReferences(ctx, session, body, { id, roles: stored.roleId, positions: stored.positionId, organizeIds: stored.organizeId });
  if (id === session.userId && body.enabledMark === 0) throw badRequest('user.disableSelf');
  const now = Date.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          ...formColumns(body),
          headIcon: body.headIcon ?? before.headIcon,
          ...(body.enabledMark !== undefined ? { enabledMark: body.enabledMark } : {}),
          updatedAt: now,
          updatedBy: session.userId,
        })
        .where('id', '=', id)
        .execute();
      await writeRelations(trx, id, body, now);
      await assertStillVisible(ctx, trx, grants, id);
    });
  } catch (err) {
    throw uniqueViolation(err) ? conflict('user.accountExists', { account: body.account }) : err;
  } finally {
    invalidateUserCounts(ctx);
    invalidateMemberships(ctx, id);
  }
  invalidateGrants(ctx, id);
  if (body.enabledMark === 0 && before.enabledMark === 1) await revokeUserSessions(ctx, id, 'disabled');
}

async function enabledAdministrators(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('isAdministrator', '=', 1)
    .where('enabledMark', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes a user with every membership, grant, column layout and session; never yourself nor the last administrator. */
export async function deleteUser(ctx: AppContext, session: SessionInfo, id: string) {
  const user = await findVisibleUser(ctx, session, id);
  if (id === session.userId) throw badRequest('user.deleteSelf');
  if (user.isAdministrator === 1) {
    if (!session.isAdministrator) throw forbidden('user.adminProtected');
    if (user.enabledMark === 1 && (await enabledAdministrators(ctx)) <= 1) throw badRequest('user.lastAdmin');
  }
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('userRelations').where('userId', '=', id).execute();
    await trx.deleteFrom('authorizations').where('objectType', '=', 'User').where('objectId', '=', id).execute();
    await trx.deleteFrom('userColumnSettings').where('userId', '=', id).execute();
    await trx.updateTable('users').set({ managerId: null }).where('managerId', '=', id).execute();
    await trx.updateTable('organizations').set({ managerId: null }).where('managerId', '=', id).execute();
    const revoked = await revokeUserSessionsIn(trx, id, 'disabled');
    await trx.deleteFrom('users').where('id', '=', id).execute();
    return revoked;
  });
  announceEnded(ctx, ended);
  invalidateUserCounts(ctx);
  invalidateMemberships(ctx, id);
  invalidateGrants(ctx, id);
}

/** Sets a new password (the client's MD5); the user's other sessions end. */
export async function resetPassword(ctx: AppContext, session: SessionInfo, id: string, md5Password: string) {
  const user = await findVisibleUser(ctx, session, id);
  if (user.isAdministrator === 1 && !session.isAdministrator) throw forbidden('user.adminProtected');
  const passwordHash = await hashPassword(md5Password, ctx.config.argon2);
  await ctx.db
    .updateTable('users')
    .set({ passwordHash, changePasswordAt: null, updatedAt: Date.now(), updatedBy: session.userId })
    .where('id', '=', id)
    .execute();
  if (id !== session.userId) await revokeUserSessions(ctx, id, 'offline');
}

/** Enables or disables (toggles without a body); disabling ends the user's sessions: their next call answers 601. */
export async function setUserState(ctx: AppContext, session: SessionInfo, id: string, enabledMark?: number) {
  const user = await findVisibleUser(ctx, session, id);
  const next = enabledMark ?? (user.enabledMark === 1 ? 0 : 1);
  if (next === 0) {
    if (id === session.userId) throw badRequest('user.disableSelf');
    if (user.isAdministrator === 1) {
      if (!session.isAdministrator) throw forbidden('user.adminProtected');
      if (user.enabledMark === 1 && (await enabledAdministrators(ctx)) <= 1) throw badRequest('user.lastAdmin');
    }
  }
  await ctx.db
    .updateTable('users')
    .set({ enabledMark: next, updatedAt: Date.now(), updatedBy: session.userId })
    .where('id', '=', id)
    .execute();
  invalidateUserCounts(ctx);
  invalidateGrants(ctx, id);
  if (next === 0) await revokeUserSessions(ctx, id, 'disabled');
  return { enabledMark: next };
}

/** Lifts a lock after failed sign-ins. */
export async function unlockUser(ctx: AppContext, session: SessionInfo, id: string) {
  await findVisibleUser(ctx, session, id);
  await ctx.db
    .updateTable('users')
    .set({ lockedAt: null, logErrorCount: 0, updatedAt: Date.now(), updatedBy: session.userId })
    .where('id', '=', id)
    .execute();
}
