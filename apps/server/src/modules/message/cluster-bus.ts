import { clusterChannel } from '../../lib/cluster-channel.ts';
import type { HubEvent } from './hub.ts';
import type { HubBus } from './redis-bus.ts';

type Message = { kind: 'event'; event: HubEvent } | { kind: 'presence'; instance: string; at: number; users: string[] };

/** A presence entry older than this belongs to a worker that died (presence is re-sent with every session re-check). */
const PRESENCE_STALE_MS = 60_000;

/**
 * The hub's fan-out between the workers of one server without Redis
 * (SERVER_WORKERS > 1): events and presence travel through the primary. Each
 * worker keeps the others' latest presence, so the online-users list is whole
 * without asking anyone. Null outside a cluster worker.
 */
export function clusterBus(instance: string): HubBus | null {
  const listeners: ((event: HubEvent) => void)[] = [];
  const presence = new Map<string, { at: number; users: string[] }>();
  const channel = clusterChannel<Message>('hub', (m) => {
    if (m.kind === 'event') for (const l of listeners) l(m.event);
    else if (m.instance !== instance) presence.set(m.instance, { at: m.at, users: m.users });
  });
  if (!channel) return null;
  return {
    ready: channel.ready,
    publish: (event) => channel.publish({ kind: 'event', event }),
    onEvent(listener) {
      listeners.push(listener);
    },
    setPresence(users) {
      channel.publish({ kind: 'presence', instance, at: Date.now(), users });
    },
    async remotePresence() {
      const now = Date.now();
      return [...presence.values()].filter((p) => now - p.at < PRESENCE_STALE_MS).flatMap((p) => p.users);
    },
    async close() {
      channel.publish({ kind: 'presence', instance, at: 0, users: [] });
      await channel.close();
    },
  };
}
