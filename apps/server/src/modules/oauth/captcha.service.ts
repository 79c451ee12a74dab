import type { AppContext } from '../../context.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * An image captcha keyed by the client's timestamp id (server-contract §1.2).
 * Stored server-side, single use, five minutes.
 */
export async function createCaptcha(ctx: AppContext, id: string, length: number): Promise<string> {
  // Loaded on the first captcha, not at start-up.
  const { default: svgCaptcha } = await import('svg-captcha');
  const captcha = svgCaptcha.create({ size: length, noise: 2, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40 });
  const now = Date.now();
  await ctx.db.deleteFrom('captchas').where('expiresAt', '<', now).execute();
  await ctx.db
    .insertInto('captchas')
    .values({ id, code: captcha.text.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS })
    .onConflict((oc) => oc.column('id').doUpdateSet({ code: captcha.text.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS }))
    .execute();
  return captcha.data;
}

/** True when the code matches; the captcha is used up either way so it cannot be brute-forced. */
export async function consumeCaptcha(ctx: AppContext, id: string, code: string): Promise<boolean> {
  const row = await ctx.db.deleteFrom('captchas').where('id', '=', id).returning(['code', 'expiresAt']).executeTakeFirst();
  return !!row && row.expiresAt > Date.now() && row.code === code.trim().toLowerCase();
}
