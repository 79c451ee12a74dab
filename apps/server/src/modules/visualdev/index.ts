import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { baseRoutes } from './base.routes.ts';
import { onlineDevRoutes } from './online-dev.routes.ts';

/** Registers every route of the visual-development module (mounted under /api). */
export async function visualdevModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await baseRoutes(app, ctx);
  await onlineDevRoutes(app, ctx);
}
