import type { Kysely } from 'kysely';

/**
 * Training-centre examinations (issue 21):
 * - tr_questions: the question bank by category; `options` a JSON array of
 *   option texts (A, B, C … by position), `answer` a JSON array (option
 *   letters, 'T'/'F' for true/false, the reference text of a short answer).
 * - tr_papers: a paper with its duration, pass score, total and sign-up /
 *   exam window; its questions (fixed when the paper is saved, also when
 *   drawn at random) in tr_paper_questions with the score each is worth.
 * - tr_exam_signups: a sign-up approved through the workflow engine.
 * - tr_attempts: one attempt per person and paper; deadline_at is fixed when
 *   it starts (the server refuses answers after it); org_id is the taker's
 *   unit at the start (statistics per unit without a join through users).
 * - tr_answers: what the taker answered, with the mark (correct null and
 *   score null until a short answer is marked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('tr_questions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('analysis', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('tr_questions_category').on('tr_questions').columns(['category', 'type', 'created_at']).execute();
  await s.createIndex('tr_questions_created').on('tr_questions').columns(['created_at']).execute();

  await s
    .createTable('tr_papers')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(40)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('pass_score', 'integer', (c) => c.notNull())
    .addColumn('total_score', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('tr_papers_status').on('tr_papers').columns(['status', 'opens_at']).execute();
  await s.createIndex('tr_papers_course').on('tr_papers').columns(['course_id']).execute();

  await s
    .createTable('tr_paper_questions')
    .addColumn('paper_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('question_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tr_paper_questions_pk', ['paper_id', 'question_id'])
    .execute();
  await s.createIndex('tr_paper_questions_question').on('tr_paper_questions').columns(['question_id']).execute();

  await s
    .createTable('tr_exam_signups')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('paper_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('flow_instance_id', 'varchar(40)')
    .addColumn('note', 'varchar(500)')
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await s.createIndex('tr_exam_signups_paper_user').on('tr_exam_signups').columns(['paper_id', 'user_id']).execute();
  await s.createIndex('tr_exam_signups_status').on('tr_exam_signups').columns(['status', 'applied_at']).execute();
  await s.createIndex('tr_exam_signups_user').on('tr_exam_signups').columns(['user_id', 'applied_at']).execute();

  await s
    .createTable('tr_attempts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('paper_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('objective_score', 'integer')
    .addColumn('subjective_score', 'integer')
    .addColumn('total_score', 'integer')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('passed', 'integer')
    .addColumn('certificate_no', 'varchar(40)')
    .addColumn('marked_by', 'varchar(40)')
    .addColumn('marked_at', 'bigint')
    .execute();
  // One attempt per person and paper: two "start" clicks racing end with one row.
  await s.createIndex('tr_attempts_paper_user').unique().on('tr_attempts').columns(['paper_id', 'user_id']).execute();
  await s.createIndex('tr_attempts_status').on('tr_attempts').columns(['status', 'submitted_at']).execute();
  await s.createIndex('tr_attempts_user').on('tr_attempts').columns(['user_id', 'started_at']).execute();
  await s.createIndex('tr_attempts_org').on('tr_attempts').columns(['org_id', 'status']).execute();

  await s
    .createTable('tr_answers')
    .addColumn('attempt_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('question_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('correct', 'integer')
    .addColumn('score', 'integer')
    .addColumn('marked_by', 'varchar(40)')
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tr_answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tr_answers', 'tr_attempts', 'tr_exam_signups', 'tr_paper_questions', 'tr_papers', 'tr_questions'])
    await db.schema.dropTable(t).ifExists().execute();
}
