import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { overview } from './dashboard.service.ts';

/** The home dashboard's figures; aggregates only, so any signed-in user may read them. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/dashboard/Overview', { config: { access: userAccess } }, async () => ok(await overview(ctx)));
}
