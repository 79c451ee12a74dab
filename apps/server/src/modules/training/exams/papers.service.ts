import { examPaperBody, type ExamPaperBody, type ExamPaperRow, type ExamPaperStatus, type examPaperQuery } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { badRequest, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';
import { questionRow } from './rows.ts';

type Query = z.output<typeof examPaperQuery>;

export function paperRow(r: Record<string, any>): ExamPaperRow {
  return {
    id: String(r.id),
    courseId: r.course_id ? String(r.course_id) : null,
    title: String(r.title),
    durationMin: Number(r.duration_min),
    passScore: Number(r.pass_score),
    totalScore: Number(r.total_score),
    questionCount: Number(r.question_count ?? 0),
    opensAt: Number(r.opens_at),
    closesAt: Number(r.closes_at),
    status: r.status as ExamPaperStatus,
    createdAt: Number(r.created_at),
    attempts: Number(r.attempts ?? 0),
  };
}

/** Papers with their question and attempt counts (correlated counts on indexed keys, one statement). */
export const paperSelect = (db: Kysely<any>) =>
  db
    .selectFrom('tr_papers as p')
    .selectAll('p')
    .select((eb) => [
      eb.selectFrom('tr_paper_questions as pq').whereRef('pq.paper_id', '=', 'p.id').select(eb.fn.countAll().as('n')).as('question_count'),
      eb.selectFrom('tr_attempts as a').whereRef('a.paper_id', '=', 'p.id').select(eb.fn.countAll().as('n')).as('attempts'),
    ]);

export async function listPapers(db: Kysely<any>, q: Query) {
  let base = db.selectFrom('tr_papers as p');
  if (q.status) base = base.where('p.status', '=', q.status);
  if (q.keyword) base = base.where('p.title', 'like', likeEscape(q.keyword));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  let list = paperSelect(db);
  if (q.status) list = list.where('p.status', '=', q.status);
  if (q.keyword) list = list.where('p.title', 'like', likeEscape(q.keyword));
  const rows = await all(
    db,
    list
      .orderBy('p.opens_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return { list: rows.map(paperRow), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } };
}

export async function getPaperRow(db: Kysely<any>, id: string): Promise<ExamPaperRow> {
  const r = await first(db, paperSelect(db).where('p.id', '=', id));
  if (!r) throw notFound();
  return paperRow(r);
}

/** The paper's questions in order, with the score each is worth on it (the key included: for managers and marking only). */
export async function paperQuestions(db: Kysely<any>, paperId: string) {
  const rows = await all(
    db,
    db
      .selectFrom('tr_paper_questions as pq')
      .innerJoin('tr_questions as q', 'q.id', 'pq.question_id')
      .selectAll('q')
      .select(['pq.score as paper_score', 'pq.sort_code as sort_code'])
      .where('pq.paper_id', '=', paperId)
      .orderBy('pq.sort_code'),
  );
  return rows.map((r) => ({ ...questionRow(r), score: Number(r.paper_score) }));
}

/** Fisher–Yates on a copy: the random draw of a paper (no rule depends on it being reproducible). */
function shuffled<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The paper's questions from the body: the chosen ones (each must exist),
 * then N drawn at random per type (and category) from the rest of the bank.
 * The result is fixed on the paper, so every taker gets the same questions
 * and marking reads one list.
 */
async function composeQuestions(db: Kysely<any>, b: z.output<typeof examPaperBody>) {
  const chosen = b.questions.map((q) => ({ questionId: q.questionId, score: q.score }));
  if (chosen.length) {
    const found = await all(
      db,
      db
        .selectFrom('tr_questions')
        .select('id')
        .where(
          'id',
          'in',
          chosen.map((c) => c.questionId),
        )
        .where('enabled', '=', 1),
    );
    const have = new Set(found.map((r) => String(r.id)));
    const missing = chosen.find((c) => !have.has(c.questionId));
    if (missing) throw badRequest('exams.unknownQuestion', { id: missing.questionId });
  }
  const taken = new Set(chosen.map((c) => c.questionId));
  for (const d of b.draw) {
    let q = db.selectFrom('tr_questions').select('id').where('type', '=', d.type).where('enabled', '=', 1);
    if (d.category) q = q.where('category', '=', d.category);
    const pool = (await all(db, q)).map((r) => String(r.id)).filter((id) => !taken.has(id));
    if (pool.length < d.count) throw badRequest('exams.notEnough', { type: d.type, need: d.count, have: pool.length });
    for (const id of shuffled(pool).slice(0, d.count)) {
      taken.add(id);
      chosen.push({ questionId: id, score: d.score });
    }
  }
  return chosen;
}

/**
 * Creates (id null) or edits a paper in one transaction; questions cannot
 * change once someone has taken it. `fixedId` names a new paper (the seed's
 * documented ids).
 */
export async function savePaper(
  db: Kysely<any>,
  id: string | null,
  input: ExamPaperBody,
  userId: string,
  fixedId?: string,
): Promise<string> {
  const b = examPaperBody.parse(input);
  return db.transaction().execute(async (trx) => {
    const at = now();
    const paperId = id ?? fixedId ?? newId();
    if (id) {
      const before = await getPaperRow(trx, id);
      if (before.attempts > 0) {
        const current = await paperQuestions(trx, id);
        const same =
          !b.draw.length &&
          b.questions.length === current.length &&
          b.questions.every((q, i) => q.questionId === current[i]!.id && q.score === current[i]!.score);
        if (!same || b.durationMin !== before.durationMin) throw badRequest('exams.paperTaken');
      }
    }
    const questions = await composeQuestions(trx, b);
    const total = questions.reduce((s, q) => s + q.score, 0);
    if (b.passScore > total) throw badRequest('exams.passAboveTotal', { total });
    const values = {
      course_id: b.courseId,
      title: b.title,
      duration_min: b.durationMin,
      pass_score: b.passScore,
      total_score: total,
      opens_at: b.opensAt,
      closes_at: b.closesAt,
      status: b.status,
    };
    if (id) {
      await trx
        .updateTable('tr_papers')
        .set({ ...values, updated_at: at })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('tr_paper_questions').where('paper_id', '=', id).execute();
    } else {
      await trx
        .insertInto('tr_papers')
        .values({ id: paperId, ...values, created_by: userId, created_at: at })
        .execute();
    }
    await trx
      .insertInto('tr_paper_questions')
      .values(questions.map((q, i) => ({ paper_id: paperId, question_id: q.questionId, sort_code: i, score: q.score })))
      .execute();
    return paperId;
  });
}

/** Removes a paper nobody signed up for or took. */
export async function removePaper(db: Kysely<any>, id: string): Promise<void> {
  await getPaperRow(db, id);
  const used =
    (await first(db, db.selectFrom('tr_attempts').select('id').where('paper_id', '=', id).limit(1))) ??
    (await first(db, db.selectFrom('tr_exam_signups').select('id').where('paper_id', '=', id).limit(1)));
  if (used) throw badRequest('exams.paperInUse');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tr_paper_questions').where('paper_id', '=', id).execute();
    await trx.deleteFrom('tr_papers').where('id', '=', id).execute();
  });
}
