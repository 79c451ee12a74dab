import type { AppContext } from '../context.ts';
import { deploymentId } from './deployment.ts';
import { redisChannel, type RedisChannel } from './redis-channel.ts';

/**
 * In-process caches (grants, list totals, organisation labels, settings,
 * interface definitions) hear of changes made by any server process.
 *
 *   export const invalidateX = sharedCache('x', (ctx, key) => cache.get(ctx.db)?.delete(key));
 *
 * `invalidateX(ctx, key)` drops the entry here at once and, when REDIS_URL is
 * set, on every other process of the deployment through Redis pub/sub, so a
 * grant taken away on one process is refused by all of them at once. Without
 * Redis (one process, or a test of two) each cache's own short lifetime bounds
 * how long another process may serve the old value.
 */
type Drop = (ctx: AppContext, key: string | null) => void;

const drops = new Map<string, Drop>();

export function sharedCache(name: string, drop: Drop): (ctx: AppContext, key?: string | null) => void {
  if (drops.has(name)) throw new Error(`shared cache ${name} defined twice`);
  drops.set(name, drop);
  return (ctx, key = null) => {
    drop(ctx, key);
    busOf(ctx)?.publish({ name, key });
  };
}

interface Message {
  name: string;
  key: string | null;
}

const buses = new WeakMap<AppContext['db'], RedisChannel<Message>>();
const busOf = (ctx: AppContext) => buses.get(ctx.db);

/** Joins the deployment's invalidation channel (with REDIS_URL); answers it to close with the app. */
export function startSharedCaches(ctx: AppContext): { close(): Promise<void> } | null {
  const url = ctx.config.redisUrl;
  if (!url) return null;
  const bus = redisChannel<Message>(
    ctx,
    {
      url,
      channel: deploymentId(ctx).then((id) => `medalliance:cache:${id}`),
      what: 'shared caches',
      fallback: 'other processes see changes when their entries expire',
    },
    (m) => drops.get(m.name)?.(ctx, typeof m.key === 'string' ? m.key : null),
  );
  buses.set(ctx.db, bus);
  return {
    close: async () => {
      buses.delete(ctx.db);
      await bus.close();
    },
  };
}

/** Resolves once this app listens for other processes' changes (tests wait for it). */
export async function sharedCachesReady(ctx: AppContext): Promise<void> {
  await busOf(ctx)?.ready;
}
