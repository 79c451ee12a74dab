import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { conferenceRoutes } from './conference.routes.ts';
import { consultRoutes } from './consult.routes.ts';
import { remindLate } from './reminders.ts';
import './messages.ts';

/** Remote consultation and conferences (issue 19), mounted under /api/consult; the time limits checked every ten minutes. */
export async function consultModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await consultRoutes(app, ctx);
  await conferenceRoutes(app, ctx);
  const timer = setInterval(
    () => void remindLate(ctx).catch((e: unknown) => app.log.warn({ err: e }, 'consultation time-limit check failed')),
    10 * 60_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
