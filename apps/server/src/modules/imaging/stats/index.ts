import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { statsRoutes } from './stats.routes.ts';

/** Statistics of the remote-ultrasound and image centres (issue 20). */
export async function imagingStatsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await statsRoutes(app, ctx);
}
