import type { AppContext } from '../../context.ts';
import { redisChannel } from '../../lib/redis-channel.ts';
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
/** How long one read of the other processes' presence serves the sockets registering meanwhile. */
const PRESENCE_READ_MS = 50;

export function redisBus(ctx: AppContext, url: string, channel: Promise<string>, instance: string): HubBus {
  const listeners: ((event: HubEvent) => void)[] = [];
  const bus = redisChannel<HubEvent>(
    ctx,
    { url, channel, instance, what: 'socket hub', fallback: 'cross-process pushes fall back to the periodic re-check' },
    (event) => {
      for (const l of listeners) l(event);
    },
  );
  const { ready, client: pub } = bus;
  let closing = false;

  // Presence writes are serialised so an older list never overwrites a newer one.
  let presenceChain: Promise<unknown> = Promise.resolve();
  const presenceKey = async () => `${await channel}:presence`;
  let presenceRead: { at: number; ids: Promise<string[]> } | null = null;
  const readPresence = async (): Promise<string[]> => {
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
  };

  return {
    ready,
    publish: (event) => bus.publish(event),
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
    remotePresence() {
      // Sockets registering together share one read (a connect storm would read the whole list per socket).
      if (presenceRead && Date.now() - presenceRead.at < PRESENCE_READ_MS) return presenceRead.ids;
      const ids = readPresence();
      presenceRead = { at: Date.now(), ids };
      ids.catch(() => (presenceRead = null));
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
      await bus.close();
    },
  };
}
