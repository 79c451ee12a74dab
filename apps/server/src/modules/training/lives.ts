import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  LIVE_ACTIONS,
  TRAINING_LIVE_FLOW,
  TRAINING_LIVE_KIND,
  liveBody,
  liveCommentBody,
  liveListQuery,
  liveProviderSchema,
  replayBody,
  type AttendanceRow,
  type LiveCommentRow,
  type LiveRow,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { addFileReferences, releaseFileReferences } from '../file/files.service.ts';
import { fileRuntime } from '../file/runtime.ts';
import { signedUrl } from '../file/signing.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from '../workflow/form-adapters.ts';
import { startFlow } from '../workflow/actions.service.ts';
import { callerOf, need, num, numOrNull, raw, strOrNull, type Caller } from './common.ts';
import { idParam } from './courses.ts';
import { decisionOf, flowIdOf, openTasks, statusOfFlow, todoInstances } from './flows.ts';
import { getLiveProvider, setLiveProvider, streamUrlOf } from './settings.ts';

/**
 * Live broadcasts (直播申请, 直播管理, 课程回放). An application starts the
 * seeded flow 'trainingLiveFlow' (form kind 'trainingLive'); once approved the
 * broadcast gets its stream address from the configured provider. The
 * applicant or the training centre puts it on air and ends it; viewers' joins
 * and leaves are recorded (attendance), comments are polled; after the end a
 * recorded file is attached as the replay.
 */

export const trainingLiveAdapter: FlowFormAdapter = {
  kind: TRAINING_LIVE_KIND,
  async loadValues(db, _formId, recordId) {
    const r = raw(db);
    const row = await first(
      r,
      r
        .selectFrom('tr_lives as l')
        .leftJoin('tr_courses as c', 'c.id', 'l.course_id')
        .leftJoin('users as u', 'u.id', 'l.applicant_id')
        .select(['l.title', 'l.speaker', 'l.intro', 'l.starts_at', 'l.ends_at', 'l.status', 'c.title as course_title', 'u.real_name'])
        .where('l.id', '=', recordId),
    );
    if (!row) return null;
    return {
      title: String(row.title),
      speaker: String(row.speaker),
      intro: strOrNull(row.intro),
      startsAt: num(row.starts_at),
      endsAt: num(row.ends_at),
      course: strOrNull(row.course_title),
      applicant: strOrNull(row.real_name),
      status: String(row.status),
    };
  },
  async onStateChange(db, _formId, recordId, state) {
    const status = statusOfFlow(state, 'rejected');
    const d = status === 'approved' || status === 'rejected' ? await decisionOf(db, TRAINING_LIVE_KIND, recordId) : null;
    const set: Record<string, unknown> = { status, updated_at: now(), decided_at: d ? now() : null, decided_by: d?.actorId ?? null };
    if (status === 'approved') set.stream_url = streamUrlOf(await getLiveProvider(raw(db)), recordId);
    await raw(db).updateTable('tr_lives').set(set).where('id', '=', recordId).execute();
  },
};
registerFlowFormAdapter(trainingLiveAdapter);

const actionParam = z.object({ id: z.string().trim().min(1).max(40), action: z.enum(LIVE_ACTIONS) });
const afterQuery = z.object({ after: z.coerce.number().int().min(0).optional().default(0) }).strict();

async function liveRows(db: Kysely<any>, userId: string, ids: string[]): Promise<LiveRow[]> {
  if (!ids.length) return [];
  const rows = await all(
    db,
    db
      .selectFrom('tr_lives as l')
      .leftJoin('tr_courses as c', 'c.id', 'l.course_id')
      .leftJoin('users as u', 'u.id', 'l.applicant_id')
      .selectAll('l')
      .select(['c.title as course_title', 'u.real_name as applicant_name'])
      .select((eb) =>
        eb
          .selectFrom('tr_live_attendance as a')
          .select(sql<number>`count(distinct a.user_id)`.as('n'))
          .whereRef('a.live_id', '=', 'l.id')
          .as('attendees'),
      )
      .where('l.id', 'in', ids),
  );
  const tasks = await openTasks(
    db,
    rows.map((r) => strOrNull(r.flow_instance_id)).filter((x): x is string => !!x),
    userId,
  );
  const byId = new Map(
    rows.map((r) => [
      String(r.id),
      {
        id: String(r.id),
        courseId: strOrNull(r.course_id),
        courseTitle: strOrNull(r.course_title),
        title: String(r.title),
        speaker: String(r.speaker),
        intro: strOrNull(r.intro),
        startsAt: num(r.starts_at),
        endsAt: num(r.ends_at),
        status: r.status,
        applicantId: String(r.applicant_id),
        applicantName: strOrNull(r.applicant_name),
        replayFileId: strOrNull(r.replay_file_id),
        flowInstanceId: strOrNull(r.flow_instance_id),
        startedAt: numOrNull(r.started_at),
        endedAt: numOrNull(r.ended_at),
        attendees: num(r.attendees),
        taskId: r.flow_instance_id ? (tasks.get(String(r.flow_instance_id)) ?? null) : null,
      } satisfies LiveRow,
    ]),
  );
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** The applicant of a broadcast or the training centre runs it. */
function mayRun(c: Caller, live: Record<string, any>) {
  if (!(c.rights.live && (live.applicant_id === c.userId || c.rights.manage))) throw forbidden();
}

/** Broadcasts everyone with a live or replay menu may see (approved onwards); the rest only to the applicant and the centre. */
function mayView(c: Caller, live: Record<string, any>) {
  const open = ['approved', 'live', 'ended'].includes(String(live.status));
  if (open && (c.rights.live || c.rights.replay || c.rights.liveApply)) return;
  if (live.applicant_id === c.userId || c.rights.manage || c.rights.review) return;
  throw notFound();
}

export async function liveRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const liveOf = async (id: string) => {
    const row = await first(db, db.selectFrom('tr_lives').selectAll().where('id', '=', id));
    if (!row) throw notFound();
    return row;
  };

  app.get('/training/lives', cfg, async (req) => {
    const q = parse(liveListQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    if (q.box === 'mine' || q.box === 'todo') need(c, 'liveApply', 'live', 'manage');
    if (q.box === 'schedule') need(c, 'live', 'liveApply', 'manage');
    if (q.box === 'replay') need(c, 'replay', 'live', 'manage');
    let base = db.selectFrom('tr_lives as l');
    if (q.box === 'mine') base = base.where('l.applicant_id', '=', c.userId);
    if (q.box === 'todo') base = base.where('l.flow_instance_id', 'in', todoInstances(db, c.userId));
    if (q.box === 'schedule') base = base.where('l.status', 'in', q.status ? [q.status] : ['approved', 'live', 'ended']);
    if (q.box === 'replay') base = base.where('l.status', '=', 'ended').where('l.replay_file_id', 'is not', null);
    if (q.status && q.box !== 'schedule') base = base.where('l.status', '=', q.status);
    if (q.keyword) base = base.where(keywordMatch(['l.title', 'l.speaker'], q.keyword));
    const total = await first(db, base.select(sql<number>`count(*)`.as('n')));
    const ids = await all(
      db,
      base
        .select('l.id')
        .orderBy('l.starts_at', q.order)
        .orderBy('l.id', q.order)
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize),
    );
    const list = await liveRows(
      db,
      c.userId,
      ids.map((r) => String(r.id)),
    );
    return ok({ list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(total?.n) } });
  });

  app.get('/training/lives/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const live = await liveOf(id);
    mayView(c, live);
    const [row] = await liveRows(db, c.userId, [id]);
    const provider = await getLiveProvider(db);
    const mine = await first(
      db,
      db
        .selectFrom('tr_live_attendance')
        .select('id')
        .where('live_id', '=', id)
        .where('user_id', '=', c.userId)
        .where('left_at', 'is', null),
    );
    return ok({
      ...row,
      streamUrl: live.status === 'live' || live.status === 'approved' ? strOrNull(live.stream_url) : null,
      provider: { name: provider.name, kind: provider.kind },
      joined: !!mine,
      mayRun: c.rights.live && (live.applicant_id === c.userId || c.rights.manage),
    });
  });

  app.post('/training/lives', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'liveApply');
    const b = parse(liveBody, req.body, lang(req));
    if (b.endsAt <= b.startsAt) throw badRequest('training.badRange');
    if (b.courseId && !(await first(db, db.selectFrom('tr_courses').select('id').where('id', '=', b.courseId))))
      throw badRequest('training.badCourse');
    const flowId = await flowIdOf(db, TRAINING_LIVE_FLOW);
    const id = newId();
    const at = now();
    await db
      .insertInto('tr_lives')
      .values({
        id,
        course_id: b.courseId ?? null,
        title: b.title,
        speaker: b.speaker,
        intro: b.intro || null,
        starts_at: b.startsAt,
        ends_at: b.endsAt,
        status: 'pending',
        org_id: c.unitId,
        applicant_id: c.userId,
        created_at: at,
      })
      .execute();
    try {
      const started = await startFlow(ctx, { flowId, recordId: id, title: b.title }, c.userId);
      await db.updateTable('tr_lives').set({ flow_instance_id: started.instanceId }).where('id', '=', id).execute();
      return ok({ id, instanceId: started.instanceId });
    } catch (e) {
      await db.deleteFrom('tr_lives').where('id', '=', id).execute();
      throw e;
    }
  });

  /** On air (approved → live) and off air (live → ended, closing every open attendance). */
  app.post('/training/lives/:id/:action', cfg, async (req) => {
    const { id, action } = parse(actionParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const live = await liveOf(id);
    mayRun(c, live);
    const at = now();
    const [from, to, stamp] = action === 'start' ? ['approved', 'live', 'started_at'] : ['live', 'ended', 'ended_at'];
    await ctx.db.transaction().execute(async (trx) => {
      const t = raw(trx);
      const r = await t
        .updateTable('tr_lives')
        .set({ status: to, [stamp]: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw conflict('training.wrongState');
      if (action === 'end')
        await t.updateTable('tr_live_attendance').set({ left_at: at }).where('live_id', '=', id).where('left_at', 'is', null).execute();
    });
    return ok({ status: to });
  });

  /** A viewer opens the live page (join) and leaves it (leave): both recorded. */
  app.put('/training/lives/:id/attendance', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const { present } = parse(z.object({ present: z.boolean() }).strict(), req.body, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'live');
    const live = await liveOf(id);
    mayView(c, live);
    const at = now();
    await db
      .updateTable('tr_live_attendance')
      .set({ left_at: at })
      .where('live_id', '=', id)
      .where('user_id', '=', c.userId)
      .where('left_at', 'is', null)
      .execute();
    if (present) {
      if (live.status !== 'live') throw conflict('training.liveNotOn');
      await db.insertInto('tr_live_attendance').values({ id: newId(), live_id: id, user_id: c.userId, joined_at: at }).execute();
    }
    return ok({ present });
  });

  app.get('/training/lives/:id/attendance', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const live = await liveOf(id);
    mayRun(c, live);
    const until = num(live.ended_at) || now();
    const rows = await all(
      db,
      db
        .selectFrom('tr_live_attendance as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin('organizations as o', 'o.id', 'u.organize_id')
        .select(['a.user_id', 'u.real_name', 'o.full_name'])
        .select(sql<number>`min(a.joined_at)`.as('first_joined'))
        .select(sql<number>`max(a.left_at)`.as('last_left'))
        .select(sql<number>`sum(coalesce(a.left_at, ${until}) - a.joined_at)`.as('ms'))
        .where('a.live_id', '=', id)
        .groupBy(['a.user_id', 'u.real_name', 'o.full_name'])
        .orderBy(sql`min(a.joined_at)`),
    );
    const list: AttendanceRow[] = rows.map((r) => ({
      userId: String(r.user_id),
      userName: strOrNull(r.real_name),
      orgName: strOrNull(r.full_name),
      firstJoinedAt: num(r.first_joined),
      lastLeftAt: numOrNull(r.last_left),
      seconds: Math.max(0, Math.round(num(r.ms) / 1000)),
    }));
    return ok(list);
  });

  /** Comments since `after` (ms), oldest first: the page polls with the last one's time. */
  app.get('/training/lives/:id/comments', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const { after } = parse(afterQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    mayView(c, await liveOf(id));
    const rows = await all(
      db,
      db
        .selectFrom('tr_live_comments as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'u.real_name', 'm.content', 'm.created_at'])
        .where('m.live_id', '=', id)
        .where('m.hidden', '=', 0)
        .where('m.created_at', '>', after)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .limit(200),
    );
    const list: LiveCommentRow[] = rows.map((r) => ({
      id: String(r.id),
      userId: String(r.user_id),
      userName: strOrNull(r.real_name),
      content: String(r.content),
      createdAt: num(r.created_at),
    }));
    return ok(list);
  });

  app.post('/training/lives/:id/comments', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const b = parse(liveCommentBody, req.body, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'live');
    const live = await liveOf(id);
    mayView(c, live);
    if (live.status !== 'live') throw conflict('training.liveNotOn');
    const cid = newId();
    await db
      .insertInto('tr_live_comments')
      .values({ id: cid, live_id: id, user_id: c.userId, content: b.content, created_at: now() })
      .execute();
    return ok({ id: cid });
  });

  app.put('/training/lives/:id/replay', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const b = parse(replayBody, req.body, lang(req));
    const c = await callerOf(ctx, req);
    const live = await liveOf(id);
    mayRun(c, live);
    if (live.status !== 'ended') throw conflict('training.replayNotEnded');
    if (!(await first(db, db.selectFrom('files').select('id').where('id', '=', b.fileId)))) throw badRequest('training.fileMissing');
    await db.updateTable('tr_lives').set({ replay_file_id: b.fileId, updated_at: now() }).where('id', '=', id).execute();
    await addFileReferences(ctx, [b.fileId]);
    if (live.replay_file_id && live.replay_file_id !== b.fileId) await releaseFileReferences(ctx, [String(live.replay_file_id)]);
    return ok({ replayFileId: b.fileId });
  });

  /** A short-lived signed link to the replay (the files module serves it with byte ranges for seeking). */
  app.get('/training/lives/:id/replay-url', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'replay', 'live', 'manage');
    const live = await liveOf(id);
    mayView(c, live);
    if (!live.replay_file_id) throw notFound('training.fileMissing');
    const rt = fileRuntime(ctx);
    return ok({ url: await signedUrl(ctx, String(live.replay_file_id), 'inline', rt.settings.linkSeconds) });
  });

  app.get('/training/live-provider', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'live', 'liveApply', 'manage');
    return ok(await getLiveProvider(db));
  });

  app.put('/training/live-provider', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'manage');
    const b = parse(liveProviderSchema, req.body, lang(req));
    await setLiveProvider(db, b, c.userId);
    return ok(b);
  });
}
