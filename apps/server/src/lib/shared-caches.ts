import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.ts';
import { deploymentId } from './deployment.ts';

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
    busOf(ctx)?.publish(name, key);
  };
}

interface Bus {
  publish(name: string, key: string | null): void;
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Message {
  from: string;
  name: string;
  key: string | null;
}

const buses = new WeakMap<AppContext['db'], Bus>();
const busOf = (ctx: AppContext) => buses.get(ctx.db);

/** Joins the deployment's invalidation channel (with REDIS_URL); answers the bus to close with the app. */
export function startSharedCaches(ctx: AppContext): Bus | null {
  const url = ctx.config.redisUrl;
  if (!url) return null;
  const instance = randomUUID();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const client of [pub, sub]) client.on('error', (err) => ctx.log.warn({ err: err.message }, 'redis (shared caches) error'));
  const channel = deploymentId(ctx).then((id) => `medalliance:cache:${id}`);
  let closing = false;

  const ready = (async () => {
    const name = await channel;
    await Promise.all([pub.connect(), sub.connect()]);
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== name) return;
      let m: Message;
      try {
        m = JSON.parse(raw) as Message;
      } catch {
        return;
      }
      // Our own changes were applied here already.
      if (m.from === instance) return;
      drops.get(m.name)?.(ctx, typeof m.key === 'string' ? m.key : null);
    });
    await sub.subscribe(name);
  })().catch((err: Error) => {
    if (!closing)
      ctx.log.error({ err: err.message }, 'shared caches: Redis unavailable; other processes see changes when their entries expire');
  });

  const bus: Bus = {
    ready,
    publish(name, key) {
      void (async () => {
        await ready;
        if (pub.status !== 'ready') return;
        await pub.publish(await channel, JSON.stringify({ from: instance, name, key } satisfies Message));
      })().catch((err: Error) => ctx.log.warn({ err: err.message }, 'shared caches: publish failed'));
    },
    async close() {
      closing = true;
      buses.delete(ctx.db);
      for (const client of [sub, pub]) {
        try {
          if (client.status === 'ready') await client.quit();
          else client.disconnect();
        } catch {
          client.disconnect();
        }
      }
    },
  };
  buses.set(ctx.db, bus);
  return bus;
}

/** Resolves once this app listens for other processes' changes (tests wait for it). */
export async function sharedCachesReady(ctx: AppContext): Promise<void> {
  await busOf(ctx)?.ready;
}
