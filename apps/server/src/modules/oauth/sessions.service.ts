import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
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

/**
 * Why a session ended: 'logout' a plain sign-out of that session, 'offline' an
 * administrator (force offline, password reset), 'elsewhere' a newer sign-in
 * with single login on, 'disabled' the account was disabled or deleted,
 * 'password' the owner changed their password on another session.
 */
export type RevokeReason = 'logout' | 'offline' | 'elsewhere' | 'disabled' | 'password';

/**
 * Sessions that just ended, by their public ids: every revocation goes through
 * this file and is announced here after it is committed, so the socket hub can
 * push `logout` (or `closeSocket` for a plain sign-out) to their open sockets.
 */
export interface SessionsEnded {
  sids: string[];
  reason: RevokeReason;
}
type EndedListener = (ended: SessionsEnded) => void;
const endedListeners = new WeakMap<AppContext['db'], Set<EndedListener>>();

/** Subscribes to ended sessions of this app's database handle; returns the unsubscribe. */
export function onSessionsEnded(ctx: AppContext, listener: EndedListener): () => void {
  let set = endedListeners.get(ctx.db);
  if (!set) endedListeners.set(ctx.db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the listeners; callers that revoked inside their own transaction call this after the commit. */
export function announceEnded(ctx: AppContext, ended: SessionsEnded): void {
  if (!ended.sids.length) return;
  for (const listener of endedListeners.get(ctx.db) ?? []) {
    try {
      listener(ended);
    } catch (err) {
      ctx.log.error({ err }, 'session-ended listener failed');
    }
  }
}

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
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const older = cfg.singleLogin ? await revokeUserSessionsIn(trx, userId, 'elsewhere') : null;
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
    return older;
  });
  // Committed: the older sessions' sockets get `logout` ('signed in elsewhere').
  if (ended) announceEnded(ctx, ended);
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

/** Ends one session (by its internal id, the token's hash); a plain sign-out closes its sockets without `logout`. */
export async function revokeSession(ctx: AppContext, sessionId: string, reason: RevokeReason): Promise<void> {
  const rows = await ctx.db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .returning('sid')
    .execute();
  announceEnded(ctx, { sids: rows.map((r) => r.sid), reason });
}

/** Ends sessions by their public ids (the online-users list's `id`); answers how many were live. */
export async function revokeSessionsBySid(ctx: AppContext, sids: string[], reason: RevokeReason): Promise<number> {
  if (!sids.length) return 0;
  const rows = await ctx.db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where('sid', 'in', sids)
    .where('revokedAt', 'is', null)
    .returning('sid')
    .execute();
  announceEnded(ctx, { sids: rows.map((r) => r.sid), reason });
  return rows.length;
}

/**
 * Ends a user's live sessions inside the caller's transaction, except the one
 * named (my own, when I change my password). Announces nothing: the caller
 * passes the answer to announceEnded once the transaction has committed.
 */
export async function revokeUserSessionsIn(
  db: Kysely<Database>,
  userId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
): Promise<SessionsEnded> {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: Date.now(), revokedReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const rows = await q.returning('sid').execute();
  return { sids: rows.map((r) => r.sid), reason };
}

/** Ends every live session of a user and announces it; answers how many there were. */
export async function revokeUserSessions(ctx: AppContext, userId: string, reason: RevokeReason): Promise<number> {
  const ended = await revokeUserSessionsIn(ctx.db, userId, reason);
  announceEnded(ctx, ended);
  return ended.sids.length;
}

/**
 * Why each of these sessions (internal ids) can no longer be used, for the
 * socket hub's periodic re-check (a revocation made by another server process
 * without Redis): its revocation reason, 'expired', or 'unknown' for a session
 * that no longer exists; live sessions are left out. Touches nothing.
 */
export async function endedSessions(ctx: AppContext, sessionIds: string[]): Promise<Map<string, RevokeReason | 'expired' | 'unknown'>> {
  const out = new Map<string, RevokeReason | 'expired' | 'unknown'>();
  const now = Date.now();
  for (let i = 0; i < sessionIds.length; i += 500) {
    const chunk = sessionIds.slice(i, i + 500);
    const rows = await ctx.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.userId')
      .select(['sessions.id', 'sessions.revokedReason', 'sessions.expiresAt', 'users.enabledMark'])
      .where('sessions.id', 'in', chunk)
      .execute();
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of chunk) {
      const row = found.get(id);
      if (!row) out.set(id, 'unknown');
      else if (row.revokedReason) out.set(id, row.revokedReason as RevokeReason);
      else if (row.enabledMark !== 1) out.set(id, 'disabled');
      else if (Number(row.expiresAt) <= now) out.set(id, 'expired');
    }
  }
  return out;
}
