import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { fileModule } from './file/index.ts';
import { generatorModule } from './generator/index.ts';
import { healthModule } from './health/index.ts';
import { messageModule } from './message/index.ts';
import { oauthRoutes } from './oauth/oauth.routes.ts';
import { currentUserRoutes } from './permission/current-user.routes.ts';
import { permissionModule } from './permission/index.ts';
import { reportModule } from './report/index.ts';
import { portalModule } from './portal/index.ts';
import { systemModule } from './system/index.ts';
import { visualdevModule } from './visualdev/index.ts';
import { workflowModule } from './workflow/index.ts';

/** Every module's routes, mounted under /api. A new module adds one line here. */
export const modules: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  oauthRoutes,
  currentUserRoutes,
  dashboardRoutes,
  permissionModule,
  systemModule,
  fileModule,
  messageModule,
  visualdevModule,
  generatorModule,
  portalModule,
  reportModule,
  workflowModule,
  healthModule,
  async (app, ctx) => (await import('./consult/index.ts')).consultModule(app, ctx),
  async (app, ctx) => (await import('./referral/index.ts')).referralModule(app, ctx),
  async (app, ctx) => (await import('./imaging/catalog/index.ts')).imagingCatalogModule(app, ctx),
  async (app, ctx) => (await import('./imaging/stats/index.ts')).imagingStatsModule(app, ctx),
  async (app, ctx) => (await import('./imaging/index.ts')).imagingModule(app, ctx),
  async (app, ctx) => (await import('./family-doctor/index.ts')).familyDoctorModule(app, ctx),
  async (app, ctx) => (await import('./family-doctor/team-module.ts')).familyDoctorTeamModule(app, ctx),
  async (app, ctx) => (await import('./training/exams/index.ts')).examsModule(app, ctx),
  async (app, ctx) => (await import('./training/index.ts')).trainingModule(app, ctx),
];
