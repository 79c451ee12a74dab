import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';

const KEY = 'deploymentId';
const ids = new WeakMap<AppContext['db'], Promise<string>>();

/**
 * An id of this deployment, kept in the shared database: every server process
 * on one database reads the same one, and nothing else has it. Redis channels
 * are named after it, so test apps on private databases never hear each other.
 */
export function deploymentId(ctx: AppContext): Promise<string> {
  let hit = ids.get(ctx.db);
  if (!hit) {
    hit = (async () => {
      const read = () => ctx.db.selectFrom('sysConfig').select('value').where('key', '=', KEY).executeTakeFirst();
      let row = await read();
      if (!row) {
        await ctx.db
          .insertInto('sysConfig')
          .values({ key: KEY, value: JSON.stringify(randomBytes(9).toString('base64url')), updatedAt: Date.now() })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        row = await read();
      }
      return JSON.parse(row!.value) as string;
    })();
    hit.catch(() => ids.delete(ctx.db));
    ids.set(ctx.db, hit);
  }
  return hit;
}
