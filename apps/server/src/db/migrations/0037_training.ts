import type { Kysely } from 'kysely';

/**
 * Training centre (issue 21): courses, live broadcasts and video on demand.
 * - tr_courses: the catalogue; status draft → pending (submitted for review) →
 *   published | rejected, published → closed. course_no drawn from the
 *   `courseNo` bill rule.
 * - tr_materials: the course's videos and documents (files module ids).
 * - tr_demands: training topics units ask for (the trainer aggregates them).
 * - tr_applications: applying to attend, approved through the workflow engine
 *   (flow kind 'trainingApply'); flow_instance_id links the engine's instance.
 * - tr_comments: ratings 1..5 and comments, hidden by moderation.
 * - tr_lives: live broadcasts, approved through the engine (kind 'trainingLive');
 *   stream_url comes from the configured provider; replay_file_id after the end.
 * - tr_live_comments, tr_live_attendance: the live page's chat and join/leave.
 * - tr_watch_progress: one row per (material, person), saved while watching.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('tr_courses')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('teacher_id', 'varchar(40)')
    .addColumn('teacher_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('intro', 'text')
    .addColumn('cover_file_id', 'varchar(40)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(40)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('review_comment', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(40)')
    .execute();
  await s.createIndex('tr_courses_no').on('tr_courses').column('course_no').unique().execute();
  await s.createIndex('tr_courses_status').on('tr_courses').columns(['status', 'created_at']).execute();
  await s.createIndex('tr_courses_category').on('tr_courses').columns(['category', 'status', 'created_at']).execute();
  await s.createIndex('tr_courses_creator').on('tr_courses').columns(['created_by', 'created_at']).execute();

  await s
    .createTable('tr_materials')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  await s.createIndex('tr_materials_course').on('tr_materials').columns(['course_id', 'sort_code']).execute();
  await s.createIndex('tr_materials_file').on('tr_materials').column('file_id').execute();

  await s
    .createTable('tr_demands')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('topic', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expected_month', 'varchar(7)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reply', 'varchar(500)')
    .addColumn('replied_by', 'varchar(40)')
    .addColumn('replied_at', 'bigint')
    .addColumn('course_id', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('tr_demands_org').on('tr_demands').columns(['org_id', 'created_at']).execute();
  await s.createIndex('tr_demands_status').on('tr_demands').columns(['status', 'created_at']).execute();
  await s.createIndex('tr_demands_category').on('tr_demands').columns(['category', 'status']).execute();

  await s
    .createTable('tr_applications')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('flow_instance_id', 'varchar(40)')
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(40)')
    .addColumn('decision_comment', 'varchar(500)')
    .execute();
  await s.createIndex('tr_applications_course').on('tr_applications').columns(['course_id', 'status']).execute();
  await s.createIndex('tr_applications_user').on('tr_applications').columns(['user_id', 'applied_at']).execute();
  await s.createIndex('tr_applications_status').on('tr_applications').columns(['status', 'applied_at']).execute();
  await s.createIndex('tr_applications_flow').on('tr_applications').column('flow_instance_id').execute();

  await s
    .createTable('tr_comments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_by', 'varchar(40)')
    .addColumn('hidden_at', 'bigint')
    .addColumn('hidden_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('tr_comments_course').on('tr_comments').columns(['course_id', 'hidden', 'created_at']).execute();
  await s.createIndex('tr_comments_created').on('tr_comments').columns(['created_at']).execute();

  await s
    .createTable('tr_lives')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(40)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('speaker', 'varchar(100)', (c) => c.notNull())
    .addColumn('intro', 'text')
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('stream_url', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('replay_file_id', 'varchar(40)')
    .addColumn('flow_instance_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('applicant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('decided_at', 'bigint')
    .addColumn('decided_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('tr_lives_status').on('tr_lives').columns(['status', 'starts_at']).execute();
  await s.createIndex('tr_lives_starts').on('tr_lives').columns(['starts_at']).execute();
  await s.createIndex('tr_lives_applicant').on('tr_lives').columns(['applicant_id', 'created_at']).execute();
  await s.createIndex('tr_lives_flow').on('tr_lives').column('flow_instance_id').execute();

  await s
    .createTable('tr_live_comments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('live_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('tr_live_comments_live').on('tr_live_comments').columns(['live_id', 'created_at']).execute();

  await s
    .createTable('tr_live_attendance')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('live_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('left_at', 'bigint')
    .execute();
  await s.createIndex('tr_live_attendance_live').on('tr_live_attendance').columns(['live_id', 'user_id', 'joined_at']).execute();
  await s.createIndex('tr_live_attendance_user').on('tr_live_attendance').columns(['user_id', 'joined_at']).execute();

  await s
    .createTable('tr_watch_progress')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('material_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('position_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watched_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('tr_watch_progress_unique').on('tr_watch_progress').columns(['material_id', 'user_id']).unique().execute();
  await s.createIndex('tr_watch_progress_user').on('tr_watch_progress').columns(['user_id', 'course_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tr_watch_progress',
    'tr_live_attendance',
    'tr_live_comments',
    'tr_lives',
    'tr_comments',
    'tr_applications',
    'tr_demands',
    'tr_materials',
    'tr_courses',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
