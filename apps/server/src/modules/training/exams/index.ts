import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { examsRoutes } from './exams.routes.ts';
import './signup-flow.ts';

/** Training-centre examinations (issue 21): the routes, and the sign-up flow form (registered on import). */
export async function examsModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await examsRoutes(app, ctx);
}
