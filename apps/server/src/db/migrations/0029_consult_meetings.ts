import type { Kysely } from 'kysely';

/**
 * Remote consultation and conferences (issue 19):
 * - consult_requests: one application per row, its state (contract consult.ts
 *   CONSULT_TRANSITIONS), the schedule, the opinion, the evaluation and the
 *   charge (fee in fen, fee_month 'YYYY-MM' in China time, so charges group by
 *   unit and month in SQL);
 * - consult_experts: the experts the approver assigned;
 * - consult_events: every transition with who and when (the audit trail of the
 *   state machine; no separate workflow engine);
 * - consult_templates: diagnosis templates per department, sorted;
 * - conferences, conference_participants (expanded from organisations, roles
 *   and users; signed_at once, the participant's rating), conference_items
 *   (follow-up items with owner and done state), conference_events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('consult_requests')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('applicant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('question', 'varchar(2000)', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('urgency', 'varchar(16)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(40)')
    .addColumn('expert_id', 'varchar(40)')
    .addColumn('attachments', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('approver_id', 'varchar(40)')
    .addColumn('approved_at', 'bigint')
    .addColumn('refuse_reason', 'varchar(500)')
    .addColumn('scheduled_at', 'bigint')
    .addColumn('room', 'varchar(200)')
    .addColumn('link', 'varchar(500)')
    .addColumn('held_at', 'bigint')
    .addColumn('opinion', 'text')
    .addColumn('template_id', 'varchar(40)')
    .addColumn('opinion_by', 'varchar(40)')
    .addColumn('opinion_at', 'bigint')
    .addColumn('score', 'integer')
    .addColumn('eval_comment', 'varchar(1000)')
    .addColumn('evaluated_at', 'bigint')
    .addColumn('fee', 'integer')
    .addColumn('fee_month', 'varchar(7)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('consult_requests_state').on('consult_requests').columns(['state', 'created_at']).execute();
  await s.createIndex('consult_requests_org').on('consult_requests').columns(['org_id', 'created_at']).execute();
  await s.createIndex('consult_requests_applicant').on('consult_requests').columns(['applicant_id', 'created_at']).execute();
  await s.createIndex('consult_requests_charge').on('consult_requests').columns(['fee_month', 'org_id']).execute();
  await s.createIndex('consult_requests_resident').on('consult_requests').column('resident_id').execute();

  await s
    .createTable('consult_experts')
    .addColumn('consult_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('consult_experts_pk', ['consult_id', 'user_id'])
    .execute();
  await s.createIndex('consult_experts_user').on('consult_experts').columns(['user_id', 'consult_id']).execute();

  for (const table of ['consult_events', 'conference_events']) {
    await s
      .createTable(table)
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_state', 'varchar(16)')
      .addColumn('to_state', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('note', 'varchar(500)')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex(`${table}_subject`).on(table).columns(['subject_id', 'at']).execute();
  }

  await s
    .createTable('consult_templates')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('dept_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('consult_templates_dept').on('consult_templates').columns(['dept_id', 'sort_code']).execute();

  await s
    .createTable('conferences')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('place', 'varchar(200)')
    .addColumn('link', 'varchar(500)')
    .addColumn('agenda', 'text')
    .addColumn('targets', 'text')
    .addColumn('attachments', 'text')
    .addColumn('minutes', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('applicant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('approver_id', 'varchar(40)')
    .addColumn('refuse_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('conferences_state').on('conferences').columns(['state', 'start_at']).execute();

  await s
    .createTable('conference_participants')
    .addColumn('conference_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('signed_at', 'bigint')
    .addColumn('score', 'integer')
    .addColumn('comment', 'varchar(500)')
    .addColumn('rated_at', 'bigint')
    .addPrimaryKeyConstraint('conference_participants_pk', ['conference_id', 'user_id'])
    .execute();
  await s.createIndex('conference_participants_user').on('conference_participants').columns(['user_id', 'conference_id']).execute();

  await s
    .createTable('conference_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('conference_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('done_at', 'bigint')
    .addColumn('done_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('conference_items_conference').on('conference_items').columns(['conference_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'conference_items',
    'conference_participants',
    'conferences',
    'consult_templates',
    'conference_events',
    'consult_events',
    'consult_experts',
    'consult_requests',
  ])
    await db.schema.dropTable(t).execute();
}
