import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { chronicRoutes } from './chronic.routes.ts';
import { rollForwardAll } from './roll-forward.ts';
import { registerChronicTransfer } from './transfer.ts';
import { registerFollowupHooks } from './visit-hooks.ts';

/** Hypertension and diabetes management (issue 17, M3): routes, the follow-up record hooks, plans rolled forward daily. */
export async function chronicModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerFollowupHooks();
  registerChronicTransfer();
  await chronicRoutes(app, ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const timer = setInterval(
    () => void rollForwardAll(db).catch((e: unknown) => app.log.warn({ err: e }, 'chronic plan roll-forward failed')),
    6 * 3_600_000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
