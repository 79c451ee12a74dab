import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { kpiRoutes } from './kpi/kpi.routes.ts';
import { packageRoutes } from './packages/packages.routes.ts';
import { questionRoutes } from './questions/questions.routes.ts';
import { teamRoutes } from './teams/teams.routes.ts';
import './teams/team-flow.ts';

/**
 * Family-doctor teams (with their audit through the workflow engine), service
 * items and packages, residents' questions and the contracting KPIs
 * (issue 21, helper E2's part). Importing team-flow registers the 'fdTeam'
 * flow form adapter.
 */
export async function familyDoctorTeamModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await teamRoutes(app, ctx);
  await packageRoutes(app, ctx);
  await questionRoutes(app, ctx);
  await kpiRoutes(app, ctx);
}
