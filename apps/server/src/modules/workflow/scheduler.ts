import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { processDue } from './timeouts.service.ts';

export const DUE_EVERY_MS = 30_000;

/**
 * Runs the due pass (timer nodes, task timeouts) every `everyMs`, one pass at
 * a time, without keeping the process alive; returns the stopper, which
 * waits for a pass under way. Safe with several processes: each due item is
 * taken under the instance's seq guard and handled once.
 */
export function startDueScheduler(ctx: AppContext, everyMs = DUE_EVERY_MS): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= processDue(ctx)
      .then(
        (done) => (done.timers || done.approved || done.rejected || done.reminded) && ctx.log.info(done, 'workflow due pass acted'),
        (err: unknown) => ctx.log.error({ err }, 'workflow due pass failed'),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Starts the scheduler once the server listens (tests build the app and
 * inject requests without listening, so no pass runs behind their clock) and
 * stops it when the app closes.
 */
export function scheduleDueProcessing(app: FastifyInstance, ctx: AppContext, everyMs = DUE_EVERY_MS): void {
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onListen', async () => {
    stop ??= startDueScheduler(ctx, everyMs);
  });
  app.addHook('onClose', async () => {
    await stop?.();
    stop = null;
  });
}
