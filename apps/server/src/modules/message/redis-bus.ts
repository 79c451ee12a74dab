import { Redis } from 'ioredis';
import type { AppContext } from '../../context.ts';
import type { HubEvent } from './hub.ts';

/**
 * Fan-out of hub events across server processes over Redis pub/sub (REDIS_URL).
 * The channel is named after the deployment (an id kept in the shared
 * database), so processes on one database share it and test apps on private
 * databases never hear each other. Presence (who has a socket on which
 * process) is a hash with one entry per process, refreshed with the session
 * re-check; entries of a process that stopped refreshing are ignored.
 */
export interface HubBus {
  /** Resolves once subscribed (or gave up: the periodic re-check still covers revocations). */
  ready: Promise<void>;
  publish(event: HubEvent): void;
  onEvent(listener: (event: HubEvent) => void): void;
  /** This process's registered users. */
  setPresence(userIds: string[]): void;
  /** The users registered on the other live processes. */
  remotePresence(): Promise<string[]>;
  close(): Promise<void>;
}

/** A presence entry older than this belongs to a process that died. */
const PRESENCE_STALE_MS = 60_000;

interface Envelope {
  from: string;
  event: HubEvent;
}

export function redisBus(ctx: AppContext, url: string, channel: Promise<string>, instance: string): HubBus {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const client of [pub, sub]) client.on('error', (err) => ctx.log.warn({ err: err.message }, 'redis (socket hub) error'));
  const listeners: ((event: HubEvent) => void)[] = [];
  let closing = false;

  const ready = (async () => {
    const name = await channel;
    await Promise.all([pub.connect(), sub.connect()]);
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== name) return;
      let env: Envelope;
      try {
        env = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      // Our own events were delivered locally already.
      if (env.from === instance || !env.event) return;
      for (const l of listeners) l(env.event);
    });
    await sub.subscribe(name);
  })().catch((err: Error) => {
    if (!closing)
      ctx.log.error({ err: err.message }, 'socket hub: Redis unavailable; cross-process pushes fall back to the periodic re-check');
  });

  // Presence writes are serialised so an older list never overwrites a newer one.
  let presenceChain: Promise<unknown> = Promise.resolve();
  const presenceKey = async () => `${await channel}:presence`;

  return {
    ready,
    publish(event) {
      void (async () => {
        await ready;
        await pub.publish(await channel, JSON.stringify({ from: instance, event } satisfies Envelope));
      })().catch((err: Error) => ctx.log.warn({ err: err.message }, 'socket hub: publish failed'));
    },
    onEvent(listener) {
      listeners.push(listener);
    },
    setPresence(userIds) {
      presenceChain = presenceChain
        .then(async () => {
          await ready;
          if (closing) return;
          await pub.hset(await presenceKey(), instance, JSON.stringify({ at: Date.now(), users: userIds }));
        })
        .catch((err: Error) => ctx.log.warn({ err: err.message }, 'socket hub: presence write failed'));
    },
    async remotePresence() {
      await ready;
      if (pub.status !== 'ready') return [];
      const all = await pub.hgetall(await presenceKey());
      const now = Date.now();
      const ids: string[] = [];
      for (const [id, raw] of Object.entries(all)) {
        if (id === instance) continue;
        try {
          const entry = JSON.parse(raw) as { at: number; users: string[] };
          if (now - entry.at < PRESENCE_STALE_MS) ids.push(...entry.users);
        } catch {
          /* a foreign value: ignore */
        }
      }
      return ids;
    },
    async close() {
      await presenceChain;
      closing = true;
      try {
        if (pub.status === 'ready') await pub.hdel(await presenceKey(), instance);
      } catch {
        /* leaving anyway */
      }
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
