import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { conferenceRoutes } from './conference.routes.ts';
import { consultRoutes } from './consult.routes.ts';
import './messages.ts';

/** Remote consultation and conferences (issue 19), mounted under /api/consult. */
export async function consultModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await consultRoutes(app, ctx);
  await conferenceRoutes(app, ctx);
}
