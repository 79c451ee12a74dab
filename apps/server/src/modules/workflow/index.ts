import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { entrustRoutes } from './entrust.routes.ts';
import { flowEngineRoutes } from './flow-engine.routes.ts';
import { flowTaskRoutes } from './flow-task.routes.ts';
import { launchRoutes } from './launch.routes.ts';
import './model-form.adapter.ts';
import { modelSubmitRoutes } from './model-submit.routes.ts';
import { monitorRoutes } from './monitor.routes.ts';
import { scheduleDueProcessing } from './scheduler.ts';
import { startFormRoutes } from './start-form.routes.ts';

/** Registers the workflow module's routes (mounted under /api) and, once the server listens, its due pass. */
export async function workflowModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await flowTaskRoutes(app, ctx);
  await monitorRoutes(app, ctx);
  await launchRoutes(app, ctx);
  await entrustRoutes(app, ctx);
  await flowEngineRoutes(app, ctx);
  await modelSubmitRoutes(app, ctx);
  await startFormRoutes(app, ctx);
  scheduleDueProcessing(app, ctx);
}
