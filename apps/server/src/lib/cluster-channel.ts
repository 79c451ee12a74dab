import cluster, { type Worker } from 'node:cluster';

/**
 * A channel between the worker processes of one server started with
 * SERVER_WORKERS > 1 and no Redis: a worker's message goes to the primary over
 * the cluster's IPC pipe, and the primary passes it to every other worker. The
 * socket hub and the shared caches use it exactly as they use Redis pub/sub,
 * so a grant taken away or a session ended on one worker applies on all of
 * them at once.
 */
export interface LocalChannel<M> {
  ready: Promise<void>;
  publish(message: M): void;
  close(): Promise<void>;
}

interface Envelope {
  medallianceChannel: string;
  message: unknown;
}

const isEnvelope = (raw: unknown): raw is Envelope =>
  typeof raw === 'object' && raw !== null && typeof (raw as Envelope).medallianceChannel === 'string';

/** This worker's end of channel `name`; null outside a cluster worker (one process: nobody to tell). */
export function clusterChannel<M>(name: string, onMessage: (message: M) => void): LocalChannel<M> | null {
  if (!cluster.isWorker || !process.send) return null;
  const listener = (raw: unknown) => {
    if (isEnvelope(raw) && raw.medallianceChannel === name) onMessage(raw.message as M);
  };
  process.on('message', listener);
  return {
    ready: Promise.resolve(),
    publish(message) {
      if (process.connected) process.send!({ medallianceChannel: name, message } satisfies Envelope);
    },
    async close() {
      process.off('message', listener);
    },
  };
}

/** In the primary: passes every channel message of `from` on to the other live workers. */
export function relayChannels(from: Worker): void {
  from.on('message', (raw: unknown) => {
    if (!isEnvelope(raw)) return;
    for (const w of Object.values(cluster.workers ?? {})) {
      if (w && w !== from && w.isConnected()) w.send(raw);
    }
  });
}
