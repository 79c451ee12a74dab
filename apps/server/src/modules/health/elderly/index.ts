import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { registerCheckHooks } from './check-hooks.ts';
import { elderlyRoutes } from './elderly.routes.ts';

/** Elderly 65+ management (issue 18, M8) and the follow-up counts by unit: the check's record hooks and the routes. */
export async function oldModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCheckHooks();
  await elderlyRoutes(app, ctx);
}
