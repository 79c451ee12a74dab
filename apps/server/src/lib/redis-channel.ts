import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import type { AppContext } from '../context.ts';

/**
 * One Redis pub/sub channel shared by this deployment's server processes: a
 * publishing and a subscribed connection, messages as JSON stamped with this
 * process's id so a process never hears itself (it applied its own change
 * already). Used by the socket hub and the shared caches.
 */
export interface RedisChannel<M> {
  /** Resolves once subscribed, or once given up (logged; callers fall back to their own timers). */
  ready: Promise<void>;
  publish(message: M): void;
  /** The publishing connection, for other commands (presence); use after `ready`. */
  client: Redis;
  close(): Promise<void>;
}

/** A Redis client; ioredis is loaded on first use, not at start-up: only a deployment with REDIS_URL needs it. */
export function newRedisClient(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}

export function redisChannel<M>(
  ctx: AppContext,
  opts: { url: string; channel: Promise<string>; what: string; fallback: string; instance?: string },
  onMessage: (message: M) => void,
): RedisChannel<M> {
  const instance = opts.instance ?? randomUUID();
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const pub = newRedisClient(opts.url, options);
  const sub = newRedisClient(opts.url, options);
  for (const client of [pub, sub]) client.on('error', (err) => ctx.log.warn({ err: err.message }, `redis (${opts.what}) error`));
  let closing = false;

  const ready = (async () => {
    const name = await opts.channel;
    await Promise.all([pub.connect(), sub.connect()]);
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== name) return;
      let envelope: { from?: string; message?: M };
      try {
        envelope = JSON.parse(raw) as typeof envelope;
      } catch {
        return;
      }
      if (envelope.from === instance || envelope.message === undefined) return;
      onMessage(envelope.message);
    });
    await sub.subscribe(name);
  })().catch((err: Error) => {
    if (!closing) ctx.log.error({ err: err.message }, `${opts.what}: Redis unavailable; ${opts.fallback}`);
  });

  return {
    ready,
    client: pub,
    publish(message) {
      void (async () => {
        await ready;
        if (pub.status !== 'ready') return;
        await pub.publish(await opts.channel, JSON.stringify({ from: instance, message }));
      })().catch((err: Error) => ctx.log.warn({ err: err.message }, `${opts.what}: publish failed`));
    },
    async close() {
      closing = true;
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
}
