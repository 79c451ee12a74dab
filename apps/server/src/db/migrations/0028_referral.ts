import type { Kysely } from 'kysely';

/**
 * Two-way referral (issue 19, M9):
 * - referrals: one per referral slip (上转 '1' / 下转 '2'), status from the
 *   real dictionary 转诊审核 (contract REFERRAL_STATUS), `arrived` the
 *   receiving list's 就诊状态; the patient is the archive's resident (never
 *   re-typed); `step_since` is when the current waiting step began (the time
 *   limits and the monitor's waiting time), `reminded_step` the step_since a
 *   breach reminder was sent for (each breach reminded once); submit_month
 *   (YYYY-MM, UTC) groups the statistics without dialect-specific date SQL.
 * - referral_events: every transition with who, which unit, when and why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('referrals')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('referral_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('direction', 'varchar(2)', (c) => c.notNull())
    .addColumn('urgency', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('status', 'varchar(4)', (c) => c.notNull())
    .addColumn('arrived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('from_unit_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_unit_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_dept_id', 'varchar(40)')
    .addColumn('to_doctor_id', 'varchar(40)')
    .addColumn('applicant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('visit_type', 'varchar(2)')
    .addColumn('referral_date', 'bigint')
    .addColumn('reason_code', 'varchar(4)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('diagnosis', 'varchar(500)', (c) => c.notNull())
    .addColumn('condition_desc', 'text')
    .addColumn('results', 'text')
    .addColumn('notes', 'text')
    .addColumn('rehab', 'text')
    .addColumn('attachments', 'text')
    .addColumn('source_programme', 'varchar(8)')
    .addColumn('source_visit_id', 'varchar(40)')
    .addColumn('discharge_diagnosis', 'varchar(500)')
    .addColumn('treatment', 'text')
    .addColumn('treatment_result', 'text')
    .addColumn('next_steps', 'text')
    .addColumn('answer_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('submit_month', 'varchar(7)')
    .addColumn('approved_at', 'bigint')
    .addColumn('answered_at', 'bigint')
    .addColumn('arrived_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('step_since', 'bigint', (c) => c.notNull())
    .addColumn('reminded_step', 'bigint')
    .addColumn('updated_at', 'bigint')
    .execute();
  // Worklists of the receiving and of the sending unit by state; the monitor by state and waiting time.
  await s.createIndex('referrals_to_status').on('referrals').columns(['to_unit_id', 'status', 'step_since']).execute();
  await s.createIndex('referrals_from_status').on('referrals').columns(['from_unit_id', 'status', 'step_since']).execute();
  await s.createIndex('referrals_status_since').on('referrals').columns(['status', 'step_since']).execute();
  // Statistics by unit and month.
  await s.createIndex('referrals_from_month').on('referrals').columns(['from_unit_id', 'submit_month']).execute();
  await s.createIndex('referrals_resident').on('referrals').columns(['resident_id']).execute();
  await s.createIndex('referrals_applicant').on('referrals').columns(['applicant_id', 'created_at']).execute();

  await s
    .createTable('referral_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('referral_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(4)')
    .addColumn('to_status', 'varchar(4)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('unit_id', 'varchar(40)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('referral_events_referral').on('referral_events').columns(['referral_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('referral_events').ifExists().execute();
  await db.schema.dropTable('referrals').ifExists().execute();
}
