import type { FastifyInstance, FastifyRequest } from 'fastify';
import { progressBody, watchCompletes } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { first } from '../health/plans/rows.ts';
import { fileRuntime } from '../file/runtime.ts';
import { signedUrl } from '../file/signing.ts';
import { isUniqueViolation } from '../system/db-errors.ts';
import { callerOf, num, raw, type Caller } from './common.ts';
import { enrolled, idParam, visibleCourse } from './courses.ts';

/**
 * Video on demand (视频点播): the material's content through a short-lived
 * signed link of the files module (which serves byte ranges, so the player
 * seeks), and the viewer's progress saved every few seconds: the position to
 * resume at, the seconds actually watched (a save may add at most the time
 * that passed since the previous one, so skipping ahead does not count), and
 * completion at WATCH_COMPLETE_RATIO of the length, which makes the course's
 * progress.
 */

/** Slack for the player's timer and the network when comparing watched seconds with elapsed time. */
const SLACK_S = 3;
/** A first save (no earlier one to measure from) adds at most this much. */
const FIRST_SAVE_MAX_S = 15;

export async function videoRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);

  const materialFor = async (c: Caller, id: string) => {
    const m = await first(db, db.selectFrom('tr_materials').selectAll().where('id', '=', id));
    if (!m) throw notFound();
    await visibleCourse(db, c, String(m.course_id));
    if (!(await enrolled(db, c, String(m.course_id)))) throw forbidden('training.notEnrolled');
    return m;
  };

  app.get('/training/materials/:id/url', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const m = await materialFor(c, id);
    const rt = fileRuntime(ctx);
    const url = await signedUrl(ctx, String(m.file_id), m.kind === 'video' ? 'inline' : 'attachment', rt.settings.linkSeconds);
    const p = await first(
      db,
      db
        .selectFrom('tr_watch_progress')
        .select(['position_s', 'watched_s', 'completed'])
        .where('material_id', '=', id)
        .where('user_id', '=', c.userId),
    );
    return ok({ url, positionS: num(p?.position_s), watchedS: num(p?.watched_s), completed: num(p?.completed) === 1 });
  });

  app.put('/training/materials/:id/progress', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const b = parse(progressBody, req.body, lang(req));
    const c = await callerOf(ctx, req);
    const m = await materialFor(c, id);
    if (m.kind !== 'video') throw badRequest('training.notVideo');
    let duration = num(m.duration_s);
    // A material saved without its length learns it from the first player that loaded it.
    if (!duration && b.durationS) {
      duration = Math.round(b.durationS);
      await db.updateTable('tr_materials').set({ duration_s: duration }).where('id', '=', id).where('duration_s', '=', 0).execute();
    }
    const at = now();
    const save = async () => {
      const old = await first(
        db,
        db.selectFrom('tr_watch_progress').selectAll().where('material_id', '=', id).where('user_id', '=', c.userId),
      );
      const allowed = old ? Math.max(0, (at - num(old.updated_at)) / 1000) + SLACK_S : FIRST_SAVE_MAX_S;
      const cap = duration || Number.MAX_SAFE_INTEGER;
      const watched = Math.min(cap, Math.round(num(old?.watched_s) + Math.min(b.deltaS, allowed)));
      const position = Math.round(Math.min(b.positionS, cap));
      const completed = num(old?.completed) === 1 || watchCompletes(watched, duration);
      const values = {
        position_s: position,
        watched_s: watched,
        completed: completed ? 1 : 0,
        completed_at: completed ? (old?.completed_at ?? at) : null,
        updated_at: at,
      };
      if (old) await db.updateTable('tr_watch_progress').set(values).where('id', '=', old.id).execute();
      else
        await db
          .insertInto('tr_watch_progress')
          .values({ id: newId(), material_id: id, course_id: m.course_id, user_id: c.userId, ...values })
          .execute();
      return { positionS: position, watchedS: watched, completed, durationS: duration };
    };
    try {
      return ok(await save());
    } catch (e) {
      // Two tabs saving the first time at once: the unique (material, user) lets one insert; the other updates.
      if (isUniqueViolation(e)) return ok(await save());
      throw e;
    }
  });
}
