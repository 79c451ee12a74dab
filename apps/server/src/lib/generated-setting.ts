import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';

const values = new WeakMap<AppContext['db'], Map<string, Promise<string>>>();

/**
 * A random value made on first use and kept in sys_config under `key`
 * (base64url of `bytes` random bytes): every server process on one database
 * reads the same one, and a race between two first uses keeps the first
 * insert. Cached per database; a failed read is retried next time.
 */
export function generatedSetting(ctx: AppContext, key: string, bytes: number): Promise<string> {
  let perDb = values.get(ctx.db);
  if (!perDb) values.set(ctx.db, (perDb = new Map()));
  let hit = perDb.get(key);
  if (!hit) {
    hit = (async () => {
      const read = () => ctx.db.selectFrom('sysConfig').select('value').where('key', '=', key).executeTakeFirst();
      let row = await read();
      if (!row) {
        await ctx.db
          .insertInto('sysConfig')
          .values({ key, value: JSON.stringify(randomBytes(bytes).toString('base64url')), updatedAt: Date.now() })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        row = await read();
      }
      return JSON.parse(row!.value) as string;
    })();
    hit.catch(() => perDb.delete(key));
    perDb.set(key, hit);
  }
  return hit;
}
