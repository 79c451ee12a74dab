import type { AppContext } from '../context.ts';
import { deploymentId } from './deployment.ts';
import { clusterChannel, type LocalChannel } from './cluster-channel.ts';
import { redisChannel } from './redis-channel.ts';

/**
 * In-process caches (grants, list totals, organisation labels, settings,
 * interface definitions) hear of changes made by any server process.
 *
 *   export const invalidateX = sharedCache('x', (ctx, key) => cache.get(ctx.db)?.delete(key));
 *
 * `invalidateX(ctx, key)` drops the entry here at once and on every other
 * process of the deployment: through Redis pub/sub when REDIS_URL is set,
 * otherwise between the workers of one server (SERVER_WORKERS) through the
 * primary. A grant taken away on one process is refused by all of them at
 * once. Processes that share a database but neither (a test of two apps) fall
 * back on each cache's own short lifetime.
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

const buses = new WeakMap<AppContext['db'], LocalChannel<Message>>();
const busOf = (ctx: AppContext) => buses.get(ctx.db);

/** Joins the deployment's invalidation channel (Redis, or the cluster's); answers it to close with the app. */
export function startSharedCaches(ctx: AppContext): { close(): Promise<void> } | null {
  const apply = (m: Message) => drops.get(m.name)?.(ctx, typeof m.key === 'string' ? m.key : null);
  const url = ctx.config.redisUrl;
  const bus = url
    ? redisChannel<Message>(
        ctx,
        {
          url,
          channel: deploymentId(ctx).then((id) => `medalliance:cache:${id}`),
          what: 'shared caches',
          fallback: 'other processes see changes when their entries expire',
        },
        apply,
      )
    : clusterChannel<Message>('cache', apply);
  if (!bus) return null;
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
