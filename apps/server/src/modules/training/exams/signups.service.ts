import { TaskStatus, type examSignupQuery, type Language } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { translate } from '../../../http/i18n.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { approveTask, rejectTask, startFlow } from '../../workflow/actions.service.ts';
import { all, first } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';
import { callerUnit } from '../../health/privacy/scope.ts';
import { getPaperRow } from './papers.service.ts';
import { rawDb } from './rows.ts';
import { SIGNUP_FLOW } from './signup-flow.ts';

type Query = z.output<typeof examSignupQuery>;

/**
 * Signs the caller up for a published paper whose window has not closed, and
 * submits the sign-up into the approval flow. A pending or approved sign-up
 * for the same paper is refused; a rejected or withdrawn one may be followed
 * by a new one. The engine runs its own transaction, so a failed start
 * removes the sign-up row again (nothing half-made is left).
 */
export async function signUp(ctx: AppContext, paperId: string, userId: string, note: string, lang: Language): Promise<string> {
  const db = rawDb(ctx);
  const paper = await getPaperRow(db, paperId);
  if (paper.status !== 'published' || now() >= paper.closesAt) throw badRequest('exams.paperNotOpen');
  const flow = await ctx.db
    .selectFrom('flowDefinitions')
    .select(['id', 'enabledMark'])
    .where('enCode', '=', SIGNUP_FLOW)
    .executeTakeFirst();
  if (!flow || flow.enabledMark !== 1) throw badRequest('exams.noFlow');
  const { unitId } = await callerUnit(ctx, userId);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const open = await first(
      trx,
      trx
        .selectFrom('tr_exam_signups')
        .select('id')
        .where('paper_id', '=', paperId)
        .where('user_id', '=', userId)
        .where('status', 'in', ['pending', 'approved']),
    );
    if (open) throw conflict('exams.alreadySignedUp');
    await trx
      .insertInto('tr_exam_signups')
      .values({ id, paper_id: paperId, user_id: userId, org_id: unitId, status: 'pending', note: note || null, applied_at: now() })
      .execute();
  });
  try {
    const user = await ctx.db.selectFrom('users').select('realName').where('id', '=', userId).executeTakeFirst();
    const title = translate(lang, 'exams.signupTitle', { paper: paper.title, user: user?.realName ?? '' });
    const { instanceId } = await startFlow(ctx, { flowId: flow.id, recordId: id, title: title.slice(0, 200) }, userId);
    await db.updateTable('tr_exam_signups').set({ flow_instance_id: instanceId }).where('id', '=', id).execute();
  } catch (e) {
    await db.deleteFrom('tr_exam_signups').where('id', '=', id).execute();
    throw e;
  }
  return id;
}

/** The sign-ups for review, newest first; `mine` says whether the caller holds the waiting approval task. */
export async function listSignups(ctx: AppContext, q: Query, callerId: string) {
  const db = rawDb(ctx);
  let base = db
    .selectFrom('tr_exam_signups as s')
    .innerJoin('tr_papers as p', 'p.id', 's.paper_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('organizations as o', 'o.id', 's.org_id');
  if (q.status) base = base.where('s.status', '=', q.status);
  if (q.paperId) base = base.where('s.paper_id', '=', q.paperId);
  if (q.keyword)
    base = base.where((eb) => eb.or([eb('u.real_name', 'like', likeEscape(q.keyword)), eb('p.title', 'like', likeEscape(q.keyword))]));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await all(
    db,
    base
      .select([
        's.id',
        's.paper_id',
        's.user_id',
        's.status',
        's.note',
        's.applied_at',
        's.decided_at',
        's.flow_instance_id',
        'p.title',
        'u.real_name',
        'o.full_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('flow_tasks as t')
          .select('t.id')
          .whereRef('t.instance_id', '=', 's.flow_instance_id')
          .where('t.handler_id', '=', callerId)
          .where('t.status', '=', TaskStatus.waiting)
          .limit(1)
          .as('task_id'),
      )
      .orderBy('s.applied_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      paperId: String(r.paper_id),
      paperTitle: String(r.title),
      userId: String(r.user_id),
      userName: r.real_name ? String(r.real_name) : '',
      unitName: r.full_name ? String(r.full_name) : '',
      status: String(r.status),
      note: r.note ? String(r.note) : '',
      appliedAt: Number(r.applied_at),
      decidedAt: r.decided_at === null ? null : Number(r.decided_at),
      instanceId: r.flow_instance_id ? String(r.flow_instance_id) : null,
      mine: !!r.task_id,
    })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total },
  };
}

/**
 * Approves or rejects a sign-up through the engine's own action on the
 * caller's waiting task (the same as deciding it in 待办): a caller without
 * that task is refused, and the adapter moves the sign-up.
 */
export async function decideSignup(ctx: AppContext, id: string, callerId: string, approve: boolean, opinion: string): Promise<string> {
  const db = rawDb(ctx);
  const s = await first(db, db.selectFrom('tr_exam_signups').select(['status', 'flow_instance_id']).where('id', '=', id));
  if (!s) throw notFound();
  if (s.status !== 'pending' || !s.flow_instance_id) throw conflict('exams.notDecidable');
  const task = await ctx.db
    .selectFrom('flowTasks')
    .select('id')
    .where('instanceId', '=', String(s.flow_instance_id))
    .where('handlerId', '=', callerId)
    .where('status', '=', TaskStatus.waiting)
    .executeTakeFirst();
  if (!task) throw forbidden('exams.notYourTask');
  if (approve) await approveTask(ctx, task.id, callerId, { opinion });
  else await rejectTask(ctx, task.id, callerId, { opinion, target: 'starter' });
  const after = await first(db, db.selectFrom('tr_exam_signups').select('status').where('id', '=', id));
  return String(after?.status ?? '');
}

/** The caller's latest sign-up status per paper (for the taker's list). */
export async function signupStatusOf(db: Kysely<any>, userId: string, paperIds: string[]): Promise<Map<string, string>> {
  if (!paperIds.length) return new Map();
  const rows = await all(
    db,
    db
      .selectFrom('tr_exam_signups')
      .select(['paper_id', 'status', 'applied_at'])
      .where('user_id', '=', userId)
      .where('paper_id', 'in', paperIds)
      .orderBy('applied_at', 'asc'),
  );
  return new Map(rows.map((r) => [String(r.paper_id), String(r.status)]));
}
