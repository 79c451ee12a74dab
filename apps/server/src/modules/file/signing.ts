import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { safeEqual } from '../../lib/crypto.ts';

/**
 * Short-lived signed links for <img>, <video>, frames and plain links, which
 * cannot send the Authorization header: HMAC-SHA256 over file id, expiry and
 * disposition with a server secret. The secret is generated on first use and
 * kept in sys_config (shared by every server process of one database).
 */
const SECRET_KEY = 'fileSigningSecret';
const secrets = new WeakMap<AppContext['db'], Promise<Buffer>>();

async function loadSecret(ctx: AppContext): Promise<Buffer> {
  const read = () => ctx.db.selectFrom('sysConfig').select('value').where('key', '=', SECRET_KEY).executeTakeFirst();
  let row = await read();
  if (!row) {
    await ctx.db
      .insertInto('sysConfig')
      .values({ key: SECRET_KEY, value: JSON.stringify(randomBytes(32).toString('base64url')), updatedAt: Date.now() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await read();
  }
  return Buffer.from(JSON.parse(row!.value) as string, 'base64url');
}

function secretOf(ctx: AppContext): Promise<Buffer> {
  let p = secrets.get(ctx.db);
  if (!p) {
    p = loadSecret(ctx);
    p.catch(() => secrets.delete(ctx.db));
    secrets.set(ctx.db, p);
  }
  return p;
}

export type Disposition = 'inline' | 'attachment';

const mac = (secret: Buffer, fileId: string, expires: number, d: string) =>
  createHmac('sha256', secret).update(`${fileId}:${expires}:${d}`).digest('base64url');

/** `/api/file/Signed/<id>?e=<expiry seconds>&d=i|a&s=<signature>`. */
export async function signedUrl(
  ctx: AppContext,
  fileId: string,
  disposition: Disposition,
  seconds: number,
  now = Date.now(),
): Promise<string> {
  const expires = Math.floor(now / 1000) + Math.max(1, Math.floor(seconds));
  const d = disposition === 'inline' ? 'i' : 'a';
  const s = mac(await secretOf(ctx), fileId, expires, d);
  return `/api/file/Signed/${fileId}?e=${expires}&d=${d}&s=${s}`;
}

export type Verdict = { ok: true; disposition: Disposition } | { ok: false; reason: 'file.linkExpired' | 'file.linkInvalid' };

export async function verifySignature(
  ctx: AppContext,
  fileId: string,
  q: { e?: unknown; d?: unknown; s?: unknown },
  now = Date.now(),
): Promise<Verdict> {
  const expires = Number(q.e);
  const d = q.d === 'i' || q.d === 'a' ? q.d : null;
  const s = typeof q.s === 'string' ? q.s : '';
  if (!/^\d{1,19}$/.test(fileId) || !Number.isSafeInteger(expires) || !d || !/^[A-Za-z0-9_-]{43}$/.test(s)) {
    return { ok: false, reason: 'file.linkInvalid' };
  }
  if (!safeEqual(mac(await secretOf(ctx), fileId, expires, d), s)) return { ok: false, reason: 'file.linkInvalid' };
  if (expires * 1000 <= now) return { ok: false, reason: 'file.linkExpired' };
  return { ok: true, disposition: d === 'i' ? 'inline' : 'attachment' };
}
