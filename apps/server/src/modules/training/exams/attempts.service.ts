import type { ExamAttemptView, ExamQuestionType, ExamTakerQuestion, examAttemptQuery } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';
import { callerUnit } from '../../health/privacy/scope.ts';
import { answerFits, certificateNo, markObjective } from './marking.ts';
import { getPaperRow, paperQuestions } from './papers.service.ts';
import { isUniqueViolation, num, parseList, rawDb } from './rows.ts';

/**
 * Grace after the deadline for requests already under way: the browser
 * auto-submits when its countdown (set from the server's time) reaches zero,
 * and the request, or the last answer saved in the final second, arrives a
 * moment later. Five seconds covers that transit without giving a taker time
 * to do anything useful; past it, answers and submission are refused.
 */
export const GRACE_MS = 5_000;
const MINUTE = 60_000;

type Attempt = Record<string, any>;

async function attemptRow(db: Kysely<any>, id: string): Promise<Attempt> {
  const a = await first(db, db.selectFrom('tr_attempts').selectAll().where('id', '=', id));
  if (!a) throw notFound();
  return a;
}

/**
 * Starts the caller's attempt at a paper: published, inside its window, the
 * sign-up approved. The deadline is fixed now from the clock: the duration,
 * but never past the paper's closing time. Starting again returns the
 * attempt under way; a finished one is refused (one attempt per paper; the
 * unique index settles two starts racing).
 */
export async function startAttempt(ctx: AppContext, paperId: string, userId: string): Promise<string> {
  const db = rawDb(ctx);
  const paper = await getPaperRow(db, paperId);
  const at = now();
  const existing = await first(db, db.selectFrom('tr_attempts').selectAll().where('paper_id', '=', paperId).where('user_id', '=', userId));
  if (existing) {
    if (existing.status === 'in_progress' && at <= Number(existing.deadline_at)) return String(existing.id);
    throw conflict('exams.alreadyTaken');
  }
  if (paper.status !== 'published' || at < paper.opensAt || at >= paper.closesAt) throw badRequest('exams.paperNotOpen');
  const approved = await first(
    db,
    db
      .selectFrom('tr_exam_signups')
      .select('id')
      .where('paper_id', '=', paperId)
      .where('user_id', '=', userId)
      .where('status', '=', 'approved'),
  );
  if (!approved) throw forbidden('exams.notApproved');
  const { unitId } = await callerUnit(ctx, userId);
  const id = newId();
  try {
    await db
      .insertInto('tr_attempts')
      .values({
        id,
        paper_id: paperId,
        user_id: userId,
        org_id: unitId,
        started_at: at,
        deadline_at: Math.min(at + paper.durationMin * MINUTE, paper.closesAt),
        status: 'in_progress',
      })
      .execute();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const other = await first(db, db.selectFrom('tr_attempts').select('id').where('paper_id', '=', paperId).where('user_id', '=', userId));
    return String(other!.id);
  }
  return id;
}

/** The caller's own attempt under way; a late one is closed first, then refused. */
async function ownOpenAttempt(ctx: AppContext, id: string, userId: string): Promise<Attempt> {
  const a = await attemptRow(rawDb(ctx), id);
  if (String(a.user_id) !== userId) throw forbidden();
  if (a.status !== 'in_progress') throw conflict('exams.notInProgress');
  if (now() > Number(a.deadline_at) + GRACE_MS) {
    await finalize(ctx, id);
    throw conflict('exams.deadlinePassed');
  }
  return a;
}

/** Saves one answer as the taker goes (replacing the earlier one); refused after the deadline. */
export async function saveAnswer(ctx: AppContext, id: string, userId: string, questionId: string, answer: string[]): Promise<void> {
  const db = rawDb(ctx);
  const a = await ownOpenAttempt(ctx, id, userId);
  const q = await first(
    db,
    db
      .selectFrom('tr_paper_questions as pq')
      .innerJoin('tr_questions as q', 'q.id', 'pq.question_id')
      .select(['q.type', 'q.options'])
      .where('pq.paper_id', '=', String(a.paper_id))
      .where('pq.question_id', '=', questionId),
  );
  if (!q) throw badRequest('exams.notInPaper');
  if (!answerFits(q.type as ExamQuestionType, parseList(q.options).length, answer)) throw badRequest('exams.badAnswer');
  const text = JSON.stringify(answer);
  await db
    .insertInto('tr_answers')
    .values({ attempt_id: id, question_id: questionId, answer: text, saved_at: now() })
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet({ answer: text, saved_at: now() }))
    .execute();
}

/** Submits the caller's attempt: marked at once, refused after the deadline (the attempt is then closed as it stood). */
export async function submitAttempt(ctx: AppContext, id: string, userId: string): Promise<void> {
  await ownOpenAttempt(ctx, id, userId);
  await finalize(ctx, id);
}

/**
 * Closes an attempt under way (submitted by the taker, or found past its
 * deadline): every question gets its answer row, objective ones marked
 * automatically, unanswered short ones 0; short answers with text wait for
 * the marker. Guarded on status, so closing twice does nothing.
 */
export async function finalize(ctx: AppContext, id: string): Promise<void> {
  const db = rawDb(ctx);
  await db.transaction().execute(async (trx) => {
    const a = await attemptRow(trx, id);
    if (a.status !== 'in_progress') return;
    const at = Math.min(now(), Number(a.deadline_at));
    const questions = await paperQuestions(trx, String(a.paper_id));
    const saved = new Map(
      (await all(trx, trx.selectFrom('tr_answers').select(['question_id', 'answer']).where('attempt_id', '=', id))).map((r) => [
        String(r.question_id),
        parseList(r.answer),
      ]),
    );
    let objective = 0;
    let waiting = 0;
    for (const q of questions) {
      const given = saved.get(q.id) ?? null;
      const mark = markObjective(q.type, q.answer, given, q.score);
      const blank = !given || !given.length || !given[0]!.trim();
      const row = mark ?? (blank ? { correct: 0, score: 0 } : { correct: null, score: null });
      if (mark) objective += mark.score;
      if (row.score === null) waiting++;
      if (saved.has(q.id))
        await trx.updateTable('tr_answers').set(row).where('attempt_id', '=', id).where('question_id', '=', q.id).execute();
      else
        await trx
          .insertInto('tr_answers')
          .values({ attempt_id: id, question_id: q.id, answer: null, ...row, saved_at: at })
          .execute();
    }
    const paper = await getPaperRow(trx, String(a.paper_id));
    const done = waiting === 0;
    const passed = done ? objective >= paper.passScore : null;
    await trx
      .updateTable('tr_attempts')
      .set({
        submitted_at: at,
        objective_score: objective,
        subjective_score: done ? 0 : null,
        total_score: done ? objective : null,
        status: done ? 'marked' : 'submitted',
        passed: passed === null ? null : passed ? 1 : 0,
        certificate_no: passed ? certificateNo(id, at) : null,
        marked_at: done ? at : null,
      })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .execute();
  });
}

/** Closes the attempts past their deadline that nobody submitted (run before lists and views read them). */
export async function closeOverdue(ctx: AppContext, filter: { userId?: string; attemptId?: string } = {}): Promise<void> {
  const db = rawDb(ctx);
  let q = db
    .selectFrom('tr_attempts')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('deadline_at', '<', now() - GRACE_MS);
  if (filter.userId) q = q.where('user_id', '=', filter.userId);
  if (filter.attemptId) q = q.where('id', '=', filter.attemptId);
  for (const r of await all(db, q.limit(200))) await finalize(ctx, String(r.id));
}

/**
 * Marks short answers by hand (the exam manager). Each mark must be a short
 * question of the paper, at most its score. Once every short answer has a
 * mark the attempt is marked: total, pass, and the certificate number of a
 * pass (kept when a pass is re-marked, withdrawn when it no longer passes).
 */
export async function markAttempt(
  ctx: AppContext,
  id: string,
  markerId: string,
  marks: { questionId: string; score: number }[],
): Promise<void> {
  const db = rawDb(ctx);
  await closeOverdue(ctx, { attemptId: id });
  await db.transaction().execute(async (trx) => {
    const a = await attemptRow(trx, id);
    if (a.status === 'in_progress') throw conflict('exams.notSubmitted');
    const questions = new Map((await paperQuestions(trx, String(a.paper_id))).map((q) => [q.id, q]));
    const at = now();
    for (const m of marks) {
      const q = questions.get(m.questionId);
      if (!q) throw badRequest('exams.notInPaper');
      if (q.type !== 'short') throw badRequest('exams.notShort');
      if (m.score > q.score) throw badRequest('exams.scoreTooHigh', { max: q.score });
      await trx
        .updateTable('tr_answers')
        .set({ score: m.score, correct: m.score === q.score ? 1 : 0, marked_by: markerId })
        .where('attempt_id', '=', id)
        .where('question_id', '=', m.questionId)
        .execute();
    }
    const rows = await all(trx, trx.selectFrom('tr_answers').select(['question_id', 'score']).where('attempt_id', '=', id));
    const subjective = rows.filter((r) => questions.get(String(r.question_id))?.type === 'short');
    if (subjective.some((r) => r.score === null)) return;
    const paper = await getPaperRow(trx, String(a.paper_id));
    const sub = subjective.reduce((s, r) => s + Number(r.score), 0);
    const total = Number(a.objective_score ?? 0) + sub;
    const passed = total >= paper.passScore;
    await trx
      .updateTable('tr_attempts')
      .set({
        subjective_score: sub,
        total_score: total,
        status: 'marked',
        passed: passed ? 1 : 0,
        certificate_no: passed ? (a.certificate_no ?? certificateNo(id, at)) : null,
        marked_by: markerId,
        marked_at: at,
      })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * An attempt as its viewer may see it. The taker sees the questions without
 * key or analysis while it is under way; after submission their marks; the
 * key and analysis once the paper has closed (so nobody still taking it can
 * be handed the key). The exam manager (marking) sees everything.
 */
export async function attemptView(ctx: AppContext, id: string, viewerId: string, manager: boolean): Promise<ExamAttemptView> {
  const db = rawDb(ctx);
  await closeOverdue(ctx, { attemptId: id });
  const a = await attemptRow(db, id);
  if (String(a.user_id) !== viewerId && !manager) throw forbidden();
  const paper = await getPaperRow(db, String(a.paper_id));
  const questions = await paperQuestions(db, paper.id);
  const answers = await all(db, db.selectFrom('tr_answers').selectAll().where('attempt_id', '=', id));
  const byQ = new Map(answers.map((r) => [String(r.question_id), r]));
  const user = await first(db, db.selectFrom('users').select('real_name').where('id', '=', String(a.user_id)));
  const submitted = a.status !== 'in_progress';
  const showKey = manager || (submitted && now() >= paper.closesAt);
  return {
    id: String(a.id),
    paperId: paper.id,
    paperTitle: paper.title,
    userId: String(a.user_id),
    userName: user ? String(user.real_name) : '',
    status: a.status,
    startedAt: Number(a.started_at),
    deadlineAt: Number(a.deadline_at),
    submittedAt: num(a.submitted_at),
    serverNow: now(),
    totalScore: num(a.total_score),
    objectiveScore: num(a.objective_score),
    subjectiveScore: num(a.subjective_score),
    paperTotal: paper.totalScore,
    passScore: paper.passScore,
    passed: a.passed === null || a.passed === undefined ? null : Number(a.passed) === 1,
    certificateNo: a.certificate_no ? String(a.certificate_no) : null,
    questions: questions.map((q) => {
      const view: ExamTakerQuestion = { id: q.id, type: q.type, stem: q.stem, options: q.options, score: q.score };
      if (submitted) {
        const r = byQ.get(q.id);
        view.correct = r?.correct === null || r?.correct === undefined ? null : Number(r.correct) === 1;
        view.got = num(r?.score);
      }
      if (showKey) {
        view.key = q.answer;
        view.analysis = q.analysis;
      }
      return view;
    }),
    answers: Object.fromEntries(answers.filter((r) => r.answer !== null).map((r) => [String(r.question_id), parseList(r.answer)])),
  };
}

type AttemptQuery = z.output<typeof examAttemptQuery>;

/** Attempts for marking and results (the manager's list), or the caller's own (userId set); paged in SQL. */
export async function listAttempts(ctx: AppContext, q: AttemptQuery, userId: string | null) {
  const db = rawDb(ctx);
  await closeOverdue(ctx, userId ? { userId } : {});
  let base = db
    .selectFrom('tr_attempts as a')
    .innerJoin('tr_papers as p', 'p.id', 'a.paper_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('organizations as o', 'o.id', 'a.org_id');
  if (userId) base = base.where('a.user_id', '=', userId);
  if (q.status) base = base.where('a.status', '=', q.status);
  if (q.paperId) base = base.where('a.paper_id', '=', q.paperId);
  if (q.keyword)
    base = base.where((eb) => eb.or([eb('u.real_name', 'like', likeEscape(q.keyword)), eb('p.title', 'like', likeEscape(q.keyword))]));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await all(
    db,
    base
      .select([
        'a.id',
        'a.paper_id',
        'a.user_id',
        'a.status',
        'a.started_at',
        'a.submitted_at',
        'a.total_score',
        'a.passed',
        'a.certificate_no',
        'p.title',
        'p.total_score as paper_total',
        'p.pass_score',
        'u.real_name',
        'o.full_name',
      ])
      .orderBy('a.started_at', 'desc')
      .orderBy('a.id', 'desc')
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
      startedAt: Number(r.started_at),
      submittedAt: num(r.submitted_at),
      totalScore: num(r.total_score),
      paperTotal: Number(r.paper_total),
      passScore: Number(r.pass_score),
      passed: r.passed === null ? null : Number(r.passed) === 1,
      certificateNo: r.certificate_no ? String(r.certificate_no) : null,
    })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total },
  };
}

/** What the printable certificate shows; only for a passed attempt, to its taker or the manager. */
export async function certificate(ctx: AppContext, id: string, viewerId: string, manager: boolean) {
  const db = rawDb(ctx);
  const a = await attemptRow(db, id);
  if (String(a.user_id) !== viewerId && !manager) throw forbidden();
  if (a.status !== 'marked' || Number(a.passed) !== 1 || !a.certificate_no) throw badRequest('exams.notPassed');
  const paper = await getPaperRow(db, String(a.paper_id));
  const user = await first(
    db,
    db
      .selectFrom('users as u')
      .leftJoin('organizations as o', 'o.id', 'u.organize_id')
      .select(['u.real_name', 'o.full_name'])
      .where('u.id', '=', String(a.user_id)),
  );
  const unit = a.org_id
    ? await first(db, db.selectFrom('organizations').select('full_name').where('id', '=', String(a.org_id)))
    : undefined;
  return {
    certificateNo: String(a.certificate_no),
    userName: user ? String(user.real_name) : '',
    unitName: unit ? String(unit.full_name) : user?.full_name ? String(user.full_name) : '',
    paperTitle: paper.title,
    totalScore: Number(a.total_score),
    paperTotal: paper.totalScore,
    markedAt: Number(a.marked_at ?? a.submitted_at),
  };
}
