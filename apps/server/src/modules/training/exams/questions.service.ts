import { examQuestionBody, type ExamQuestionBody, type ExamQuestionRow } from '@medalliance/contract';
import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import { badRequest, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { likeEscape } from '../../health/plans/worklist.ts';
import { questionRow } from './rows.ts';
import type { examQuestionQuery } from '@medalliance/contract';

type Query = z.output<typeof examQuestionQuery>;
const SORT = { createdAt: 'q.created_at', category: 'q.category', type: 'q.type', score: 'q.score' } as const;

/** The question bank, paged and sorted in SQL, each with how many papers use it. */
export async function listQuestions(db: Kysely<any>, q: Query) {
  let base = db.selectFrom('tr_questions as q').where('q.enabled', '=', 1);
  if (q.category) base = base.where('q.category', '=', q.category);
  if (q.type) base = base.where('q.type', '=', q.type);
  if (q.keyword)
    base = base.where((eb) => eb.or([eb('q.stem', 'like', likeEscape(q.keyword)), eb('q.category', 'like', likeEscape(q.keyword))]));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await all(
    db,
    base
      .selectAll('q')
      .select((eb) =>
        eb.selectFrom('tr_paper_questions as pq').whereRef('pq.question_id', '=', 'q.id').select(eb.fn.countAll().as('n')).as('used'),
      )
      .orderBy(SORT[q.sort], q.order)
      .orderBy('q.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return { list: rows.map(questionRow), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } };
}

/** The bank's categories with their question count per type (the paper form's draw choices). */
export async function questionCategories(db: Kysely<any>) {
  const rows = await all(
    db,
    db
      .selectFrom('tr_questions')
      .select(['category', 'type', sql<number>`count(*)`.as('n')])
      .where('enabled', '=', 1)
      .groupBy(['category', 'type'])
      .orderBy('category'),
  );
  return rows.map((r) => ({ category: String(r.category), type: String(r.type), count: Number(r.n) }));
}

const columns = (b: z.output<typeof examQuestionBody>) => ({
  category: b.category,
  type: b.type,
  stem: b.stem,
  options: JSON.stringify(b.options),
  answer: JSON.stringify(b.answer),
  score: b.score,
  analysis: b.analysis || null,
});

export async function createQuestion(db: Kysely<any>, input: ExamQuestionBody, userId: string): Promise<string> {
  const b = examQuestionBody.parse(input);
  const id = newId();
  await db
    .insertInto('tr_questions')
    .values({ id, ...columns(b), enabled: 1, created_by: userId, created_at: now() })
    .execute();
  return id;
}

/**
 * Edits a question. Papers keep their own score per question, and attempts
 * were marked against the key of the time; a question already answered in an
 * attempt keeps its key (changing it would silently change past results).
 */
export async function updateQuestion(db: Kysely<any>, id: string, input: ExamQuestionBody): Promise<void> {
  const b = examQuestionBody.parse(input);
  const answered = await first(db, db.selectFrom('tr_answers').select('attempt_id').where('question_id', '=', id).limit(1));
  const before = await getQuestion(db, id);
  if (answered && (before.type !== b.type || JSON.stringify(before.answer) !== JSON.stringify(b.answer)))
    throw badRequest('exams.paperTaken');
  await db
    .updateTable('tr_questions')
    .set({ ...columns(b), updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function getQuestion(db: Kysely<any>, id: string): Promise<ExamQuestionRow> {
  const r = await first(db, db.selectFrom('tr_questions').selectAll().where('id', '=', id).where('enabled', '=', 1));
  if (!r) throw notFound();
  return questionRow(r);
}

/** Removes a question no paper uses. */
export async function removeQuestion(db: Kysely<any>, id: string): Promise<void> {
  await getQuestion(db, id);
  const used = await first(db, db.selectFrom('tr_paper_questions').select('paper_id').where('question_id', '=', id).limit(1));
  if (used) throw badRequest('exams.questionUsed');
  await db.deleteFrom('tr_questions').where('id', '=', id).execute();
}
