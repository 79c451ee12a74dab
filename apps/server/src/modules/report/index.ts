import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { reportRoutes } from './report.routes.ts';

/** Registers the data-report routes (mounted under /api). */
export async function reportModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await reportRoutes(app, ctx);
}
