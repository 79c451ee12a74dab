import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { hashPassword, md5 } from '../../lib/crypto.ts';

const hashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of a random secret nobody knows, made with the same cost
 * as real password hashes (config.argon2): a sign-in for a name no account has
 * verifies against it, so it takes as long as a wrong password for a real
 * account and its timing does not reveal which names exist.
 */
export function dummyPasswordHash(ctx: AppContext): Promise<string> {
  const cost = ctx.config.argon2;
  const key = `${cost.memoryCost}:${cost.timeCost}`;
  let hit = hashes.get(key);
  if (!hit) {
    hit = hashPassword(md5(randomBytes(32).toString('hex')), cost);
    hit.catch(() => hashes.delete(key));
    hashes.set(key, hit);
  }
  return hit;
}
