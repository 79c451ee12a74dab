import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { privacyRoutes } from './privacy/privacy.routes.ts';
import { registerResidentHooks } from './records/resident-hooks.ts';
import { recordsRoutes } from './records/records.routes.ts';
import { transfersRoutes } from './records/transfers.routes.ts';
import './messages.ts';

/**
 * The health module (issue 17 and later): rules over the seeded health models,
 * mounted under /api/health. Each area registers its routes here, one line each.
 */
export async function healthModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResidentHooks();
  await recordsRoutes(app, ctx);
  await transfersRoutes(app, ctx);
  await privacyRoutes(app, ctx);
  await (await import('./chronic/index.ts')).chronicModule(app, ctx);
  await (await import('./kpi/kpi.routes.ts')).kpiRoutes(app, ctx);
  await (await import('./child/index.ts')).childModule(app, ctx);
  await (await import('./psy/index.ts')).psyModule(app, ctx);
  await (await import('./elderly/index.ts')).oldModule(app, ctx);
  await (await import('./tb/index.ts')).tbModule(app, ctx);
  await (await import('./maternal/index.ts')).matModule(app, ctx);
}
