import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { expireDue } from './contracts.service.ts';
import { familyDoctorRoutes } from './fd.routes.ts';
import { registerTaskHooks } from './form-hooks.ts';
import { syncCancelledArchives } from './tasks.service.ts';

/**
 * Family-doctor contracting (issue 21, M11): the routes, the hooks that let a
 * saved hypertension / diabetes follow-up complete its task, and an hourly
 * sweep (contracts past their end → 到期; open tasks of cancelled archives →
 * 档案注销).
 */
export async function familyDoctorModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerTaskHooks();
  await familyDoctorRoutes(app, ctx);
  const sweep = async () => {
    const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
    const at = now();
    await expireDue(db, at);
    await syncCancelledArchives(db, at);
  };
  const timer = setInterval(() => void sweep().catch((e: unknown) => app.log.warn({ err: e }, 'family-doctor sweep failed')), 60 * 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
