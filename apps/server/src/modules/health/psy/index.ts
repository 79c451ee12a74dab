import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { psyRoutes } from './psy.routes.ts';
import { registerPsyTransfer } from './transfer.ts';
import { registerPsyHooks } from './visit-hooks.ts';

/** Severe-mental-disorder management (issue 18, M4): the follow-up record hooks, the transfer listener, the routes. */
export async function psyModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerPsyHooks();
  registerPsyTransfer();
  await psyRoutes(app, ctx);
}
