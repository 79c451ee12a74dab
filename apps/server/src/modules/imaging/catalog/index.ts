import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { catalogRoutes } from './catalog.routes.ts';

/** The imaging centres' catalogue, templates, organisation order and fee schedule (issue 20). */
export async function imagingCatalogModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await catalogRoutes(app, ctx);
}
