import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { generatedSetting } from '../../lib/generated-setting.ts';

/**
 * Short-lived signed links for <img>, <video>, frames and plain links, which
 * cannot send the Authorization header: HMAC-SHA256 over file id, expiry and
 * disposition with a server secret. The secret is generated on first use and
 * kept in sys_config (shared by every server process of one database).
 */
const secretOf = async (ctx: AppContext): Promise<Buffer> => Buffer.from(await generatedSetting(ctx, 'fileSigningSecret', 32), 'base64url');

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
