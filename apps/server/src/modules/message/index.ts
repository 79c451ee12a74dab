import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { deploymentId } from '../../lib/deployment.ts';
import { SocketHub, setHub } from './hub.ts';
import { clusterBus } from './cluster-bus.ts';
import { redisBus } from './redis-bus.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { noticeRoutes } from './notice.routes.ts';
import { websocketRoutes } from './websocket.routes.ts';
import { imreplyRoutes } from './imreply.routes.ts';
import { registerChatMethods } from './chat.socket.ts';
import './messages.ts';

export { hubOf, type FrameHandler, type HubEvent, type SocketHub } from './hub.ts';
export { pushStoredMessages, storeSystemMessages, type StoredMessages, type SystemMessageInput } from './system-messages.ts';

/** The socket hub's timings: sessions re-checked every 15 s, sockets pinged every 30 s. */
const RECHECK_MS = 15_000;
const PING_MS = 30_000;

/** The Redis channel of this deployment: every process on one database shares it, nothing else does. */
const hubChannel = (ctx: AppContext) => deploymentId(ctx).then((id) => `medalliance:hub:${id}`);

/** The message module: the real-time socket and the inbox of notices and system messages; notice administration and chat extend it. */
export async function messageModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const instanceId = randomUUID();
  // Redis spans machines; without it, the workers of one server still reach each other through their primary.
  const bus = ctx.config.redisUrl ? redisBus(ctx, ctx.config.redisUrl, hubChannel(ctx), instanceId) : clusterBus(instanceId);
  const hub = new SocketHub(ctx, bus, { recheckMs: RECHECK_MS, pingMs: PING_MS });
  setHub(ctx, hub);
  registerChatMethods(hub);
  // Before the plugin's own preClose: our sockets close with 1001 and Redis is left cleanly.
  app.addHook('preClose', async () => hub.close());
  // Frames over 1 MiB are cut by ws itself (close 1009); the hub answers frames over 64 KB with an error.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await websocketRoutes(app, ctx, hub);
  await inboxRoutes(app, ctx);
  await imreplyRoutes(app, ctx);
  await noticeRoutes(app, ctx);
}
