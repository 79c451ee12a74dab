import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { anyModuleAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { applicationRoutes } from './applications.ts';
import { commentRoutes } from './comments.ts';
import { callerOf, TRAINING_MENUS } from './common.ts';
import { courseRoutes } from './courses.ts';
import { demandRoutes } from './demands.ts';
import { liveRoutes } from './lives.ts';
import { videoRoutes } from './video.ts';

/**
 * Training centre (issue 21): courses, demand, applications, review,
 * comments, live broadcasts and video on demand under /training. Any of the
 * training menus opens the API; every route then checks its own right.
 * Importing applications.ts and lives.ts registers their flow form adapters.
 */
export async function trainingModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cfg = { config: { access: anyModuleAccess(TRAINING_MENUS) } };
  /** What the screens may offer the caller (the routes check the same rights again). */
  app.get('/training/meta', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    return ok({ userId: c.userId, unitId: c.unitId, rights: c.rights });
  });
  await courseRoutes(app, ctx, cfg);
  await applicationRoutes(app, ctx, cfg);
  await demandRoutes(app, ctx, cfg);
  await commentRoutes(app, ctx, cfg);
  await liveRoutes(app, ctx, cfg);
  await videoRoutes(app, ctx, cfg);
}
