import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { tbRoutes } from './tb.routes.ts';
import { registerTbTransfer } from './transfer.ts';
import { registerTbHooks } from './visit-hooks.ts';

/** Pulmonary tuberculosis management (issue 18, M5): routes, the rules of its three forms, the transfer listener. */
export async function tbModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerTbHooks();
  registerTbTransfer();
  await tbRoutes(app, ctx);
}
