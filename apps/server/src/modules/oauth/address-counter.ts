import type { AppContext } from '../../context.ts';
import { deploymentId } from '../../lib/deployment.ts';
import { newRedisClient } from '../../lib/redis-channel.ts';

/** A fixed window's count so far and the milliseconds until it starts again. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters per client address, shared by every server process of
 * the deployment: in Redis when REDIS_URL is set, otherwise in the database
 * (`signin_throttle`), which the workers of one server and servers on one
 * PostgreSQL share. Never in one process's memory: a sprayer spread over N
 * workers would otherwise get N times the limit.
 */
export interface AddressCounter {
  /** Counts one event; the window starts with the first. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The count without adding to it. */
  peek(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

function databaseCounter(ctx: AppContext): AddressCounter {
  let lastSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      // One statement, so two processes counting at once never lose a hit.
      const row = await ctx.db
        .insertInto('signinThrottle')
        .values({ key, count: 1, resetAt: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const expired = eb('signinThrottle.resetAt', '<=', now);
            return {
              count: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb('signinThrottle.count', '+', 1))
                .end(),
              resetAt: eb
                .case()
                .when(expired)
                .then(now + windowMs)
                .else(eb.ref('signinThrottle.resetAt'))
                .end(),
            };
          }),
        )
        .returning(['count', 'resetAt'])
        .executeTakeFirstOrThrow();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await ctx.db.deleteFrom('signinThrottle').where('resetAt', '<=', now).execute();
      }
      return { count: row.count, ttlMs: row.resetAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const row = await ctx.db
        .selectFrom('signinThrottle')
        .select(['count', 'resetAt'])
        .where('key', '=', key)
        .where('resetAt', '>', now)
        .executeTakeFirst();
      return row ? { count: row.count, ttlMs: row.resetAt - now } : { count: 0, ttlMs: 0 };
    },
    async close() {},
  };
}

// INCR and the expiry in one script: a crash between them cannot leave a counter that never expires.
const HIT = `local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`;
const PEEK = `local t = redis.call('PTTL', KEYS[1])
if t < 0 then return {0, 0} end
return {tonumber(redis.call('GET', KEYS[1])), t}`;

/** Redis counters; while Redis is unreachable the database counts instead (logged), so the limit never lapses. */
function redisCounter(ctx: AppContext, url: string): AddressCounter {
  const client = newRedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  client.on('error', (err) => ctx.log.warn({ err: err.message }, 'redis (sign-in throttle) error'));
  const fallback = databaseCounter(ctx);
  const prefix = deploymentId(ctx).then((id) => `medalliance:throttle:${id}:`);
  const run = async (script: string, key: string, args: (string | number)[], orElse: () => Promise<WindowCount>) => {
    try {
      const [count, ttlMs] = (await client.eval(script, 1, (await prefix) + key, ...args)) as [number, number];
      return { count, ttlMs };
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message }, 'sign-in throttle: Redis unavailable, counting in the database');
      return orElse();
    }
  };
  return {
    hit: (key, windowMs) => run(HIT, key, [windowMs], () => fallback.hit(key, windowMs)),
    peek: (key) => run(PEEK, key, [], () => fallback.peek(key)),
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

const counters = new WeakMap<AppContext['db'], AddressCounter>();

export function addressCounter(ctx: AppContext): AddressCounter {
  let counter = counters.get(ctx.db);
  if (!counter) {
    counter = ctx.config.redisUrl ? redisCounter(ctx, ctx.config.redisUrl) : databaseCounter(ctx);
    counters.set(ctx.db, counter);
  }
  return counter;
}

export async function closeAddressCounter(ctx: AppContext): Promise<void> {
  const counter = counters.get(ctx.db);
  counters.delete(ctx.db);
  await counter?.close();
}
