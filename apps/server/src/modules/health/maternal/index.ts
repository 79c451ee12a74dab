import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { maternalRoutes } from './maternal.routes.ts';
import { registerMaternalTransfer } from './transfer.ts';
import { registerMaternalHooks } from './visit-hooks.ts';

/** Maternal care (issue 18, M6): routes, the record hooks of the four forms, the transfer listener. */
export async function matModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerMaternalHooks();
  registerMaternalTransfer();
  await maternalRoutes(app, ctx);
}
