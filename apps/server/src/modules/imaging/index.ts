import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { imagingRoutes } from './imaging.routes.ts';
import { remindImagingBreaches } from './reminders.ts';

/** Studies of remote ultrasound and the image centre (issue 20): the routes, and the SLA check every five minutes (each breach reminded once). */
export async function imagingModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await imagingRoutes(app, ctx);
  const timer = setInterval(
    () => void remindImagingBreaches(ctx).catch((e: unknown) => app.log.warn({ err: e }, 'imaging SLA check failed')),
    5 * 60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
