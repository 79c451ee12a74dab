import { randomInt } from 'node:crypto';
import type { LoginResult, Language } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, tooMany } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { sha256 } from '../../lib/crypto.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { checkUsable, completeLogin, findUserById } from './login.service.ts';
import type { ClientInfo } from './client-info.ts';

/**
 * Sends a text message. The default sender has no carrier: it writes to the
 * server log and the sms_outbox table, where a tester (or an administrator of a
 * demo) reads the code. A real gateway implements this same interface.
 */
export interface SmsSender {
  send(ctx: AppContext, phone: string, content: string): Promise<void>;
}

export const logSmsSender: SmsSender = {
  async send(ctx, phone, content) {
    await ctx.db.insertInto('smsOutbox').values({ id: newId(), phone, content, createdAt: Date.now() }).execute();
    ctx.log.info({ phone, content }, 'sms outbox');
  },
};

/** The phone of `phone` or `phone@account`, and the account if given. */
function parsePhone(account: string) {
  const [phone, sub] = account.split('@') as [string, string | undefined];
  return { phone, sub };
}

/**
 * `phone` or `phone@account` (spec §2.5) to the one user it designates, or
 * null when none does. Callers answer an unknown number exactly as a known
 * one (same reply, same cooldown, a code nobody receives), so the sign-in
 * page cannot be used to learn which numbers have accounts.
 */
async function resolveAccount(ctx: AppContext, account: string) {
  const { phone, sub } = parsePhone(account);
  let q = ctx.db.selectFrom('users').select(['id']).where('mobilePhone', '=', phone);
  if (sub) q = q.where('account', '=', sub);
  const users = await q.limit(2).execute();
  if (users.length > 1) throw badRequest('sms.multipleAccounts');
  return { phone, userId: users[0]?.id ?? null };
}

const PURPOSE = 'login';
const DAY_MS = 86_400_000;

export async function sendLoginCode(
  ctx: AppContext,
  account: string,
  lang: Language,
  sender: SmsSender = logSmsSender,
): Promise<{ cooldown: number; expiresIn: number }> {
  const cfg = await getSysConfig(ctx);
  const { phone, userId } = await resolveAccount(ctx, account);
  const now = Date.now();
  const recent = await ctx.db
    .selectFrom('smsCodes')
    .select(['createdAt'])
    .where('phone', '=', phone)
    .where('purpose', '=', PURPOSE)
    .where('createdAt', '>', now - DAY_MS)
    .orderBy('createdAt', 'desc')
    .execute();
  const last = recent[0];
  if (last && now - last.createdAt < cfg.smsResendSeconds * 1000) {
    throw tooMany('sms.cooldown', { seconds: Math.ceil((last.createdAt + cfg.smsResendSeconds * 1000 - now) / 1000) });
  }
  if (recent.length >= cfg.smsDailyLimit) throw tooMany('sms.dailyLimit');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction().execute(async (trx) => {
    // A new code replaces any earlier one still open.
    await trx
      .updateTable('smsCodes')
      .set({ consumedAt: now })
      .where('phone', '=', phone)
      .where('purpose', '=', PURPOSE)
      .where('consumedAt', 'is', null)
      .execute();
    await trx
      .insertInto('smsCodes')
      .values({
        id: newId(),
        phone,
        purpose: PURPOSE,
        codeHash: sha256(`${phone}:${code}`),
        attempts: 0,
        createdAt: now,
        expiresAt: now + cfg.smsCodeMinutes * 60_000,
        consumedAt: null,
      })
      .execute();
  });
  if (userId) await sender.send(ctx, phone, translate(lang, 'sms.content', { code, minutes: cfg.smsCodeMinutes }));
  return { cooldown: cfg.smsResendSeconds, expiresIn: cfg.smsCodeMinutes * 60 };
}

export async function loginWithSmsCode(ctx: AppContext, account: string, code: string, client: ClientInfo): Promise<LoginResult> {
  const cfg = await getSysConfig(ctx);
  const { phone } = parsePhone(account);
  const row = await ctx.db
    .selectFrom('smsCodes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', PURPOSE)
    .where('consumedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  const now = Date.now();
  if (!row) throw badRequest('sms.expired');
  if (row.expiresAt <= now) throw badRequest('sms.expired');
  if (row.attempts >= cfg.smsMaxAttempts) throw badRequest('sms.tooManyAttempts');
  if (row.codeHash !== sha256(`${phone}:${code}`)) {
    const attempts = row.attempts + 1;
    await ctx.db
      .updateTable('smsCodes')
      .set({ attempts, consumedAt: attempts >= cfg.smsMaxAttempts ? now : null })
      .where('id', '=', row.id)
      .execute();
    throw badRequest(attempts >= cfg.smsMaxAttempts ? 'sms.tooManyAttempts' : 'sms.wrongCode');
  }
  // Consume atomically: of two requests racing with the same code only one wins.
  const taken = await ctx.db
    .updateTable('smsCodes')
    .set({ consumedAt: now })
    .where('id', '=', row.id)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw badRequest('sms.expired');
  // Only now, with the right code, is the account looked up: a wrong guess says nothing about the number.
  const { userId } = await resolveAccount(ctx, account);
  const user = userId ? await findUserById(ctx, userId) : undefined;
  if (!user) throw badRequest('sms.expired');
  await checkUsable(ctx, cfg, client, 'sms', user.account, user);
  return completeLogin(ctx, user, client, 'sms');
}
