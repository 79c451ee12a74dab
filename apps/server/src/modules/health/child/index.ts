import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { childRoutes } from './child.routes.ts';
import { registerChildHooks } from './check-hooks.ts';
import { registerChildTransfer } from './transfer.ts';

/** Child health 0–6 (issue 18, M7): routes, the newborn-visit and check-up record hooks, the transfer listener. */
export async function childModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerChildHooks();
  registerChildTransfer();
  await childRoutes(app, ctx);
}
