import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The argon2 binding, loaded on the first password check or change rather than at start-up. */
const argon2 = () => import('@node-rs/argon2');

/** `Algorithm.Argon2id`; the package exports it as an ambient const enum we cannot import. */
const ARGON2ID = 2;

export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** An opaque bearer token: 32 random bytes. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

/** Passwords arrive as the client's MD5 (spec §7.1); argon2id is what we keep. */
export async function hashPassword(md5Hex: string, cost: Argon2Cost): Promise<string> {
  const { hash } = await argon2();
  return hash(md5Hex, { algorithm: ARGON2ID, ...cost, parallelism: 1 });
}

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  const { verify } = await argon2();
  return verify(stored, md5Hex).catch(() => false);
}
