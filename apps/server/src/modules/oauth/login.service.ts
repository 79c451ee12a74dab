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
import { dummyPasswordHash } from './dummy-password.ts';
import { saveUnknownAccountState, unknownAccountState, type FailureState } from './unknown-accounts.ts';
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

/** A sign-in name's failure count and lock, with where to write them: the user's row, or the unknown-names table. */
interface Failures extends FailureState {
  save(logErrorCount: number, lockedAt: number | null): Promise<void>;
}

function userFailures(ctx: AppContext, user: User): Failures {
  return {
    logErrorCount: user.logErrorCount,
    lockedAt: user.lockedAt,
    async save(logErrorCount, lockedAt) {
      await ctx.db.updateTable('users').set({ logErrorCount, lockedAt }).where('id', '=', user.id).execute();
      Object.assign(this, { logErrorCount, lockedAt });
      Object.assign(user, { logErrorCount, lockedAt });
    },
  };
}

async function unknownFailures(ctx: AppContext, account: string): Promise<Failures> {
  return {
    ...(await unknownAccountState(ctx, account)),
    async save(logErrorCount, lockedAt) {
      await saveUnknownAccountState(ctx, account, { logErrorCount, lockedAt });
      Object.assign(this, { logErrorCount, lockedAt });
    },
  };
}

/** The failure count and lock of a sign-in name, whether or not an account has it (the captcha check of /oauth/getConfig). */
export async function failureState(ctx: AppContext, account: string): Promise<FailureState> {
  return (await findUserByAccount(ctx, account)) ?? unknownAccountState(ctx, account);
}

/** Minutes left on a lock, 0 when not locked (an expired lock is lifted on the way). */
async function lockMinutesLeft(cfg: SysConfig, failures: Failures): Promise<number | 'admin'> {
  if (failures.lockedAt === null) return 0;
  if (cfg.lockMinutes === 0) return 'admin';
  const left = failures.lockedAt + cfg.lockMinutes * 60_000 - Date.now();
  if (left > 0) return Math.ceil(left / 60_000);
  await failures.save(0, null);
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
  /** What the log records when it differs from the answer (an unknown name answered as a wrong password). */
  logKey = err.key,
): Promise<never> {
  await logAttempt(ctx, client, {
    userId: user?.id ?? null,
    account,
    userName: user?.realName ?? null,
    loginType,
    success: false,
    message: logKey,
  });
  throw err;
}

/** Checks every sign-in path shares: the account is not locked and is enabled. */
export async function checkUsable(ctx: AppContext, cfg: SysConfig, client: ClientInfo, loginType: string, account: string, user: User) {
  const left = await lockMinutesLeft(cfg, userFailures(ctx, user));
  if (left === 'admin') await refuse(ctx, client, loginType, account, user, badRequest('login.lockedByAdmin'));
  else if (left > 0) await refuse(ctx, client, loginType, account, user, badRequest('login.locked', { minutes: left }));
  if (user.enabledMark !== 1) await refuse(ctx, client, loginType, account, user, badRequest('login.disabled'));
}

/**
 * Password sign-in (spec §7.1): lock, captcha, password, disabled. A name no
 * account has is answered exactly as an existing account with a wrong
 * password: same message, remaining attempts, captcha and lock (its count is
 * kept in signin_unknown_accounts), and about the same time (a real argon2
 * verify against a dummy hash). Only the sign-in log says which it was. An
 * account is said to be disabled only to whoever knows its password.
 */
export async function loginWithPassword(
  ctx: AppContext,
  input: { account: string; password: string; code?: string | undefined; timestamp?: string | undefined },
  client: ClientInfo,
): Promise<LoginResult> {
  const cfg = await getSysConfig(ctx);
  const user = await findUserByAccount(ctx, input.account);
  const failures = user ? userFailures(ctx, user) : await unknownFailures(ctx, input.account);
  const fail = (err: AppError) => refuse(ctx, client, 'password', input.account, user, err, user ? err.key : 'login.unknownUser');

  const left = await lockMinutesLeft(cfg, failures);
  if (left === 'admin') await fail(badRequest('login.lockedByAdmin'));
  else if (left > 0) await fail(badRequest('login.locked', { minutes: left }));

  if (captchaNeeded(cfg, failures)) {
    const need = { enableVerificationCode: true, verificationCodeNumber: cfg.captchaLength };
    if (!input.code || !input.timestamp) await fail(badRequest('login.captchaRequired', {}, need));
    if (!(await consumeCaptcha(ctx, input.timestamp!, input.code!))) await fail(badRequest('login.captchaWrong', {}, need));
  }

  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash(ctx)), input.password);
  if (!user || !valid) {
    const errors = failures.logErrorCount + 1;
    const lock = errors >= cfg.lockAfterFailures;
    await failures.save(errors, lock ? Date.now() : null);
    const need = { enableVerificationCode: captchaNeeded(cfg, { logErrorCount: errors }), verificationCodeNumber: cfg.captchaLength };
    const err = lock
      ? cfg.lockMinutes === 0
        ? badRequest('login.lockedByAdmin', {}, need)
        : badRequest('login.locked', { minutes: cfg.lockMinutes }, need)
      : badRequest('login.wrongPassword', { left: cfg.lockAfterFailures - errors }, need);
    return fail(err);
  }
  if (user.enabledMark !== 1) await fail(badRequest('login.disabled'));
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
