import type { LoginResult, Layout } from '@medalliance/contract';
import { LAYOUTS } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { UserTable } from '../../db/schema.ts';
import { badRequest, AppError } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { getSysConfig, type SysConfig } from '../system/sys-config.service.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { createSession } from './sessions.service.ts';
import { ipAddressName, type ClientInfo } from './client-info.ts';
import './messages.ts';

type User = Pick<
  UserTable,
  'id' | 'account' | 'realName' | 'passwordHash' | 'enabledMark' | 'lockedAt' | 'logErrorCount' | 'theme' | 'lastLogTime' | 'lastLogIp'
>;

const userColumns = [
  'id',
  'account',
  'realName',
  'passwordHash',
  'enabledMark',
  'lockedAt',
  'logErrorCount',
  'theme',
  'lastLogTime',
  'lastLogIp',
] as const;

export function findUserByAccount(ctx: AppContext, account: string): Promise<User | undefined> {
  return ctx.db.selectFrom('users').select(userColumns).where('account', '=', account).executeTakeFirst();
}

export function findUserById(ctx: AppContext, id: string): Promise<User | undefined> {
  return ctx.db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** Whether the captcha must accompany this account's next password sign-in. */
export function captchaNeeded(cfg: SysConfig, user: Pick<User, 'logErrorCount'> | undefined): boolean {
  return cfg.captchaAfterFailures === 0 || (!!user && user.logErrorCount >= cfg.captchaAfterFailures);
}

/** Minutes left on a lock, 0 when not locked (an expired lock is lifted on the way). */
async function lockMinutesLeft(ctx: AppContext, cfg: SysConfig, user: User): Promise<number | 'admin'> {
  if (user.lockedAt === null) return 0;
  if (cfg.lockMinutes === 0) return 'admin';
  const left = user.lockedAt + cfg.lockMinutes * 60_000 - Date.now();
  if (left > 0) return Math.ceil(left / 60_000);
  await ctx.db.updateTable('users').set({ lockedAt: null, logErrorCount: 0 }).where('id', '=', user.id).execute();
  user.lockedAt = null;
  user.logErrorCount = 0;
  return 0;
}

async function logAttempt(
  ctx: AppContext,
  client: ClientInfo,
  entry: { userId: string | null; account: string; userName: string | null; loginType: string; success: boolean; message: string },
) {
  await ctx.db
    .insertInto('loginLogs')
    .values({
      id: newId(),
      userId: entry.userId,
      account: entry.account.slice(0, 120),
      userName: entry.userName,
      ip: client.ip,
      ipAddressName: ipAddressName(client.ip),
      platform: client.platform,
      browser: client.browser,
      loginType: entry.loginType,
      success: entry.success ? 1 : 0,
      message: entry.message,
      createdAt: Date.now(),
    })
    .execute();
}

/** Refuses, logging the attempt first so failed sign-ins are auditable. */
async function refuse(
  ctx: AppContext,
  client: ClientInfo,
  loginType: string,
  account: string,
  user: User | undefined,
  err: AppError,
): Promise<never> {
  await logAttempt(ctx, client, {
    userId: user?.id ?? null,
    account,
    userName: user?.realName ?? null,
    loginType,
    success: false,
    message: err.key,
  });
  throw err;
}

/** Checks every sign-in path shares: the account is not locked and is enabled. */
export async function checkUsable(ctx: AppContext, cfg: SysConfig, client: ClientInfo, loginType: string, account: string, user: User) {
  const left = await lockMinutesLeft(ctx, cfg, user);
  if (left === 'admin') await refuse(ctx, client, loginType, account, user, badRequest('login.lockedByAdmin'));
  else if (left > 0) await refuse(ctx, client, loginType, account, user, badRequest('login.locked', { minutes: left }));
  if (user.enabledMark !== 1) await refuse(ctx, client, loginType, account, user, badRequest('login.disabled'));
}

/** Password sign-in (spec §7.1): unknown user, lock, captcha, password, disabled — each with its own message. */
export async function loginWithPassword(
  ctx: AppContext,
  input: { account: string; password: string; code?: string | undefined; timestamp?: string | undefined },
  client: ClientInfo,
): Promise<LoginResult> {
  const cfg = await getSysConfig(ctx);
  const user = await findUserByAccount(ctx, input.account);
  if (!user) return refuse(ctx, client, 'password', input.account, undefined, badRequest('login.unknownUser'));
  await checkUsable(ctx, cfg, client, 'password', input.account, user);

  if (captchaNeeded(cfg, user)) {
    const need = { enableVerificationCode: true, verificationCodeNumber: cfg.captchaLength };
    if (!input.code || !input.timestamp) {
      await refuse(ctx, client, 'password', input.account, user, badRequest('login.captchaRequired', {}, need));
    }
    if (!(await consumeCaptcha(ctx, input.timestamp!, input.code!))) {
      await refuse(ctx, client, 'password', input.account, user, badRequest('login.captchaWrong', {}, need));
    }
  }

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const errors = user.logErrorCount + 1;
    const lock = errors >= cfg.lockAfterFailures;
    await ctx.db
      .updateTable('users')
      .set({ logErrorCount: errors, lockedAt: lock ? Date.now() : null })
      .where('id', '=', user.id)
      .execute();
    const need = { enableVerificationCode: captchaNeeded(cfg, { logErrorCount: errors }), verificationCodeNumber: cfg.captchaLength };
    const err = lock
      ? cfg.lockMinutes === 0
        ? badRequest('login.lockedByAdmin', {}, need)
        : badRequest('login.locked', { minutes: cfg.lockMinutes }, need)
      : badRequest('login.wrongPassword', { left: cfg.lockAfterFailures - errors }, need);
    return refuse(ctx, client, 'password', input.account, user, err);
  }
  return completeLogin(ctx, user, client, 'password');
}

/** The success path every sign-in mode ends in: login statistics, log row, new session. */
export async function completeLogin(ctx: AppContext, user: User, client: ClientInfo, loginType: string): Promise<LoginResult> {
  const now = Date.now();
  await ctx.db
    .updateTable('users')
    .set((eb) => ({
      logErrorCount: 0,
      lockedAt: null,
      logSuccessCount: eb('logSuccessCount', '+', 1),
      firstLogTime: eb.fn.coalesce('firstLogTime', eb.val(now)),
      firstLogIp: eb.fn.coalesce('firstLogIp', eb.val(client.ip)),
      prevLogTime: user.lastLogTime,
      prevLogIp: user.lastLogIp,
      lastLogTime: now,
      lastLogIp: client.ip,
    }))
    .where('id', '=', user.id)
    .execute();
  const session = await createSession(ctx, user.id, { ip: client.ip, userAgent: client.userAgent, loginType });
  await logAttempt(ctx, client, {
    userId: user.id,
    account: user.account,
    userName: user.realName,
    loginType,
    success: true,
    message: 'login.success',
  });
  const theme: Layout = (LAYOUTS as readonly string[]).includes(user.theme ?? '') ? (user.theme as Layout) : 'classic';
  return { token: session.token, sid: session.sid, theme };
}
