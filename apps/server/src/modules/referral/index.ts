import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { referralRoutes } from './referral.routes.ts';
import { remindBreaches } from './reminders.ts';

/** Two-way referral (issue 19, M9): the routes, and the time-limit check every ten minutes (each breach reminded once). */
export async function referralModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await referralRoutes(app, ctx);
  const timer = setInterval(
    () => void remindBreaches(ctx).catch((e: unknown) => app.log.warn({ err: e }, 'referral time-limit check failed')),
    10 * 60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
