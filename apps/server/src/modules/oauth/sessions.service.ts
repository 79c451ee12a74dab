import type { AppContext } from '../../context.ts';
import { newId } from '../../lib/ids.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { prepared } from '../../db/prepared.ts';
import { sessionExpired, sessionInvalid, sessionOffline } from '../../http/errors.ts';
import { getSysConfig } from '../system/sys-config.service.ts';

/**
 * Server-side sessions: an opaque bearer token whose SHA-256 keys a row, so a
 * session can be listed, revoked and expired. Codes per server-contract §1.1:
 * 600 expired (idle too long, or signed out), 601 ended by a newer sign-in or by
 * an administrator, 602 a token we never issued.
 */
export interface SessionInfo {
  id: string;
  sid: string;
  userId: string;
  isAdministrator: boolean;
  account: string;
}

export type RevokeReason = 'logout' | 'offline' | 'elsewhere' | 'disabled';

/** last_seen_at is written at most this often, so a read-heavy client costs no writes. */
const TOUCH_EVERY_MS = 60_000;

export interface NewSession {
  token: string;
  sid: string;
}

export async function createSession(
  ctx: AppContext,
  userId: string,
  meta: { ip: string | null; userAgent: string | null; loginType: string },
): Promise<NewSession> {
  const cfg = await getSysConfig(ctx);
  const token = newToken();
  const sid = newId();
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (cfg.singleLogin) {
      await trx
        .updateTable('sessions')
        .set({ revokedAt: now, revokedReason: 'elsewhere' })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    }
    await trx
      .insertInto('sessions')
      .values({
        id: sha256(token),
        sid,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + cfg.tokenTimeout * 60_000,
        revokedAt: null,
        revokedReason: null,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        loginType: meta.loginType,
      })
      .execute();
  });
  return { token: `Bearer ${token}`, sid };
}

/** The raw token from "Bearer xxx" (or a bare token, as the socket URL carries it). */
export function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : null;
}

/** The session check every request runs: compiled once (db/prepared.ts). */
const findSession = prepared<{ id: string }, SessionRow>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id',
      'sessions.sid',
      'sessions.userId',
      'sessions.lastSeenAt',
      'sessions.expiresAt',
      'sessions.revokedReason',
      'users.isAdministrator',
      'users.account',
      'users.enabledMark',
    ])
    .where('sessions.id', '=', p('id')),
);
interface SessionRow {
  id: string;
  sid: string;
  userId: string;
  lastSeenAt: number;
  expiresAt: number;
  revokedReason: string | null;
  isAdministrator: number;
  account: string;
  enabledMark: number;
}

export async function authenticate(ctx: AppContext, header: string | undefined): Promise<SessionInfo> {
  const token = tokenFrom(header);
  if (!token) throw header ? sessionInvalid() : sessionExpired();
  const [row] = await findSession(ctx.db, { id: sha256(token) });
  if (!row) throw sessionInvalid();
  if (row.revokedReason === 'elsewhere') throw sessionOffline();
  if (row.revokedReason === 'offline' || row.revokedReason === 'disabled') throw sessionOffline('session.forced');
  if (row.revokedReason) throw sessionExpired();
  const now = Date.now();
  if (row.expiresAt <= now || row.enabledMark !== 1) throw sessionExpired();
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    const cfg = await getSysConfig(ctx);
    await ctx.db
      .updateTable('sessions')
      .set({ lastSeenAt: now, expiresAt: now + cfg.tokenTimeout * 60_000 })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    id: row.id,
    sid: row.sid,
    userId: row.userId,
    isAdministrator: row.isAdministrator === 1,
    account: row.account,
  };
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: RevokeReason): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeUserSessions(ctx: AppContext, userId: string, reason: RevokeReason): Promise<number> {
  const res = await ctx.db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
