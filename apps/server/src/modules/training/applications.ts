import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { TRAINING_APPLY_FLOW, TRAINING_APPLY_KIND, applyBody, applyListQuery, type ApplicationRow } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { keywordMatch } from '../../http/paging.ts';
import { parse } from '../../http/validate.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from '../workflow/form-adapters.ts';
import { revokeInstance, startFlow } from '../workflow/actions.service.ts';
import { callerOf, need, num, numOrNull, raw, strOrNull } from './common.ts';
import { courseById, idParam } from './courses.ts';
import { decisionOf, flowIdOf, openTasks, statusOfFlow, todoInstances } from './flows.ts';

/**
 * Applications to attend a course (课程申请). Applying starts the seeded
 * flow 'trainingApplyFlow' over the application (form kind 'trainingApply');
 * the trainer approves in the standard 待办 or on the page, both through the
 * engine's own actions, and the engine's verdict comes back through
 * onStateChange in the engine's transaction.
 */

export const trainingApplyAdapter: FlowFormAdapter = {
  kind: TRAINING_APPLY_KIND,
  async loadValues(db, _formId, recordId) {
    const r = raw(db);
    const row = await first(
      r,
      r
        .selectFrom('tr_applications as a')
        .innerJoin('tr_courses as c', 'c.id', 'a.course_id')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin('organizations as o', 'o.id', 'a.org_id')
        .select(['c.course_no', 'c.title', 'c.credit', 'u.real_name', 'o.full_name', 'a.reason', 'a.applied_at', 'a.status'])
        .where('a.id', '=', recordId),
    );
    if (!row) return null;
    return {
      courseNo: String(row.course_no),
      courseTitle: String(row.title),
      credit: num(row.credit),
      applicant: strOrNull(row.real_name),
      unit: strOrNull(row.full_name),
      reason: strOrNull(row.reason),
      appliedAt: num(row.applied_at),
      status: String(row.status),
    };
  },
  async onStateChange(db, _formId, recordId, state) {
    const status = statusOfFlow(state, 'cancelled');
    const decided = status === 'approved' || status === 'rejected';
    const d = decided ? await decisionOf(db, TRAINING_APPLY_KIND, recordId) : null;
    await raw(db)
      .updateTable('tr_applications')
      .set({
        status,
        decided_at: decided || status === 'cancelled' ? now() : null,
        decided_by: d?.actorId ?? null,
        decision_comment: d?.opinion ?? null,
      })
      .where('id', '=', recordId)
      .execute();
  },
};
registerFlowFormAdapter(trainingApplyAdapter);

export async function applicationRoutes(app: FastifyInstance, ctx: AppContext, cfg: object): Promise<void> {
  const db = raw(ctx.db);
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/training/applications', cfg, async (req) => {
    const q = parse(applyListQuery, req.query, lang(req));
    const c = await callerOf(ctx, req);
    need(c, 'apply', 'review', 'manage');
    if (q.box === 'all') need(c, 'review', 'manage');
    let base = db
      .selectFrom('tr_applications as a')
      .innerJoin('tr_courses as c', 'c.id', 'a.course_id')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('organizations as o', 'o.id', 'a.org_id');
    if (q.box === 'mine') base = base.where('a.user_id', '=', c.userId);
    if (q.box === 'todo') base = base.where('a.flow_instance_id', 'in', todoInstances(db, c.userId));
    if (q.status) base = base.where('a.status', '=', q.status);
    if (q.keyword) base = base.where(keywordMatch(['c.title', 'c.course_no', 'u.real_name'], q.keyword));
    const total = await first(db, base.select(sql<number>`count(*)`.as('n')));
    const rows = await all(
      db,
      base
        .select([
          'a.id',
          'a.course_id',
          'c.course_no',
          'c.title',
          'a.user_id',
          'u.real_name',
          'o.full_name',
          'a.reason',
          'a.status',
          'a.flow_instance_id',
          'a.applied_at',
          'a.decided_at',
          'a.decision_comment',
        ])
        .orderBy('a.applied_at', q.order)
        .orderBy('a.id', q.order)
        .limit(q.pageSize)
        .offset((q.currentPage - 1) * q.pageSize),
    );
    const tasks = await openTasks(
      db,
      rows.map((r) => strOrNull(r.flow_instance_id)).filter((x): x is string => !!x),
      c.userId,
    );
    const list: ApplicationRow[] = rows.map((r) => ({
      id: String(r.id),
      courseId: String(r.course_id),
      courseNo: String(r.course_no),
      courseTitle: String(r.title),
      userId: String(r.user_id),
      userName: strOrNull(r.real_name),
      orgName: strOrNull(r.full_name),
      reason: strOrNull(r.reason),
      status: r.status,
      flowInstanceId: strOrNull(r.flow_instance_id),
      appliedAt: num(r.applied_at),
      decidedAt: numOrNull(r.decided_at),
      decisionComment: strOrNull(r.decision_comment),
      taskId: r.flow_instance_id ? (tasks.get(String(r.flow_instance_id)) ?? null) : null,
    }));
    return ok({ list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: num(total?.n) } });
  });

  app.post('/training/applications', cfg, async (req) => {
    const c = await callerOf(ctx, req);
    need(c, 'apply');
    const b = parse(applyBody, req.body, lang(req));
    const course = await courseById(db, b.courseId);
    if (!course) throw notFound();
    if (course.status !== 'published') throw conflict('training.notPublished');
    const open = await first(
      db,
      db
        .selectFrom('tr_applications')
        .select('id')
        .where('course_id', '=', b.courseId)
        .where('user_id', '=', c.userId)
        .where('status', 'in', ['pending', 'approved']),
    );
    if (open) throw conflict('training.alreadyApplied');
    if (num(course.capacity) > 0) {
      const taken = await first(
        db,
        db
          .selectFrom('tr_applications')
          .select(sql<number>`count(*)`.as('n'))
          .where('course_id', '=', b.courseId)
          .where('status', '=', 'approved'),
      );
      if (num(taken?.n) >= num(course.capacity)) throw conflict('training.full');
    }
    const flowId = await flowIdOf(db, TRAINING_APPLY_FLOW);
    const id = newId();
    await db
      .insertInto('tr_applications')
      .values({
        id,
        course_id: b.courseId,
        user_id: c.userId,
        org_id: c.orgId,
        reason: b.reason || null,
        status: 'pending',
        applied_at: now(),
      })
      .execute();
    try {
      const user = await first(db, db.selectFrom('users').select('real_name').where('id', '=', c.userId));
      const started = await startFlow(ctx, { flowId, recordId: id, title: `${course.title}（${user?.real_name ?? ''}）` }, c.userId);
      await db.updateTable('tr_applications').set({ flow_instance_id: started.instanceId }).where('id', '=', id).execute();
      return ok({ id, instanceId: started.instanceId });
    } catch (e) {
      // The engine runs its own transaction: an application whose flow did not start is not kept.
      await db.deleteFrom('tr_applications').where('id', '=', id).execute();
      throw e;
    }
  });

  /** The applicant takes a still-waiting application back (the engine's revoke). */
  app.post('/training/applications/:id/cancel', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    const c = await callerOf(ctx, req);
    const row = await first(db, db.selectFrom('tr_applications').selectAll().where('id', '=', id));
    if (!row) throw notFound();
    if (row.user_id !== c.userId) throw forbidden();
    if (row.status !== 'pending' || !row.flow_instance_id) throw conflict('training.wrongState');
    await revokeInstance(ctx, String(row.flow_instance_id), c.userId, { opinion: '' });
    return ok({ status: 'cancelled' });
  });
}
