import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import './messages.ts';
import { portalRoutes } from './portal.routes.ts';

/** Portals: menu type 8 and the home page (mounted under /api). */
export async function portalModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await portalRoutes(app, ctx);
}
