import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.ts';
import { announceEnded, revokeUserSessionsIn, type SessionInfo } from '../oauth/sessions.service.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { hashPassword, md5, verifyPassword } from '../../lib/crypto.ts';
import { defineMessages } from '../../http/i18n.ts';
import { ownColumns, runList, type ListTableSpec } from '../visualdev/list-query.ts';

defineMessages({
  zh: {
    'password.wrongOld': '原密码错误',
    'password.same': '新密码不能与原密码相同',
    'password.weak': '新密码过于简单，请换一个',
  },
  zhtw: {
    'password.wrongOld': '原密碼錯誤',
    'password.same': '新密碼不能與原密碼相同',
    'password.weak': '新密碼過於簡單，請換一個',
  },
  en: {
    'password.wrongOld': 'The current password is wrong',
    'password.same': 'The new password must differ from the current one',
    'password.weak': 'The new password is too easy to guess; choose another',
  },
});

/**
 * The server only ever sees MD5 digests (spec §7.1), so the §5.1 shape rule is
 * the client's; what the server can check is the digest against well-known
 * weak passwords (which also pass the shape rule) and the account name.
 */
const WEAK = [
  '123456',
  'abc123',
  'a123456',
  '123456a',
  'qwe123',
  'password1',
  'admin123',
  'demo123',
  'abcd1234',
  '1qaz2wsx',
  'aa123456',
  '123qwe',
];
const weakDigests = new Set(WEAK.map(md5));

export async function baseInfo(ctx: AppContext, userId: string) {
  const u = await ctx.db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organizeId')
    .leftJoin('positions', 'positions.id', 'users.positionId')
    .leftJoin('users as manager', 'manager.id', 'users.managerId')
    .select([
      'users.id',
      'users.account',
      'users.realName',
      'users.nickName',
      'users.gender',
      'users.birthday',
      'users.mobilePhone',
      'users.telePhone',
      'users.email',
      'users.signature',
      'users.description',
      'users.headIcon',
      'users.createdAt',
      'users.lastLogTime',
      'users.lastLogIp',
      'users.logSuccessCount',
      'users.changePasswordAt',
      'organizations.fullName as organizeName',
      'positions.fullName as positionName',
      'manager.realName as managerName',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!u) throw notFound();
  const roles = await ctx.db
    .selectFrom('userRelations')
    .innerJoin('roles', 'roles.id', 'userRelations.objectId')
    .select('roles.fullName')
    .where('userRelations.userId', '=', userId)
    .where('userRelations.objectType', '=', 'Role')
    .orderBy('userRelations.sortCode')
    .execute();
  return { ...u, roleName: roles.map((r) => r.fullName).join(', ') };
}

export async function updateBaseInfo(
  ctx: AppContext,
  userId: string,
  input: {
    realName: string;
    gender?: number | undefined;
    nickName?: string | null | undefined;
    mobilePhone?: string | null | undefined;
    email?: string | null | undefined;
    telePhone?: string | null | undefined;
    birthday?: number | null | undefined;
    signature?: string | null | undefined;
    description?: string | null | undefined;
  },
) {
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
  await ctx.db
    .updateTable('users')
    .set({
      realName: input.realName,
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
      ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
      nickName: blankToNull(input.nickName),
      mobilePhone: blankToNull(input.mobilePhone),
      email: blankToNull(input.email),
      telePhone: blankToNull(input.telePhone),
      signature: blankToNull(input.signature),
      description: blankToNull(input.description),
      updatedAt: Date.now(),
      updatedBy: userId,
    })
    .where('id', '=', userId)
    .execute();
}

export async function setAvatar(ctx: AppContext, userId: string, name: string) {
  const headIcon = `/api/file/Image/userAvatar/${name}`;
  await ctx.db.updateTable('users').set({ headIcon, updatedAt: Date.now(), updatedBy: userId }).where('id', '=', userId).execute();
  return { headIcon };
}

/** Changes my password; my other sessions end (they answer 600), this one stays. */
export async function changeOwnPassword(ctx: AppContext, session: SessionInfo, input: { oldPassword: string; password: string }) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['passwordHash', 'account'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('password.wrongOld');
  if (input.oldPassword === input.password) throw badRequest('password.same');
  if (weakDigests.has(input.password) || input.password === md5(user.account)) throw badRequest('password.weak');
  const passwordHash = await hashPassword(input.password, ctx.config.argon2);
  const now = Date.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, changePasswordAt: now, updatedAt: now, updatedBy: session.userId })
      .where('id', '=', session.userId)
      .execute();
    return revokeUserSessionsIn(trx, session.userId, 'password', session.id);
  });
  announceEnded(ctx, ended);
}

/** The signed-in user's own sign-in history (list-query.ts): keyword over address, platform and browser, a time range, newest first or oldest. */
const signInList: ListTableSpec = {
  table: 'loginLogs',
  columns: ownColumns({
    id: 'string',
    account: 'string',
    ip: 'string',
    ipAddressName: 'string',
    platform: 'string',
    browser: 'string',
    loginType: 'string',
    success: 'int',
    message: 'text',
    createdAt: 'datetime',
  }),
  search: { createdAt: 'range' },
  sortable: new Set(['createdAt']),
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  idKey: 'id',
  keywordFields: ['ip', 'platform', 'browser'],
};

export function ownSignIns(
  ctx: AppContext,
  userId: string,
  q: {
    keyword: string;
    sort: 'asc' | 'desc';
    startTime?: number | undefined;
    endTime?: number | undefined;
    currentPage: number;
    pageSize: number;
  },
) {
  return runList(
    ctx.db,
    ctx.dialect,
    signInList,
    {
      filters: { createdAt: [q.startTime || null, q.endTime || null] },
      keyword: q.keyword,
      sidx: 'createdAt',
      sort: q.sort,
      currentPage: q.currentPage,
      pageSize: q.pageSize,
    },
    // Only the caller's own rows.
    { rowFilter: sql<SqlBool>`${sql.ref('loginLogs.userId')} = ${userId}`, select: Object.keys(signInList.columns) },
  );
}
