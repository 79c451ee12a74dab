import type { Kysely } from 'kysely';

/**
 * Pulmonary tuberculosis management (issue 18, M5): one row per notified case
 * (a resident may have a new case after an earlier one was closed).
 * state 0 待入户 → 1 治疗管理中 → 2 结案 (close_reason 1 完成疗程, 2 死亡,
 * 3 丢失, 4 转入耐多药治疗). The course dates are set by the first visit; the
 * closure stores its counts and rates. Follow-up plans are health_plans rows
 * of programme 'tb' (enrolment_id = the case id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_tb_cases')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .addColumn('notify_org', 'varchar(100)', (c) => c.notNull())
    .addColumn('patient_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('phase', 'varchar(2)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('close_reason', 'varchar(2)')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('first_visit_id', 'varchar(40)')
    .addColumn('first_visit_at', 'bigint')
    .addColumn('drug_usage', 'varchar(2)')
    .addColumn('intensive_end', 'bigint')
    .addColumn('course_end', 'bigint')
    .addColumn('closure_id', 'varchar(40)')
    .addColumn('closed_at', 'bigint')
    .addColumn('doses_due', 'integer')
    .addColumn('doses_taken', 'integer')
    .addColumn('visits_due', 'integer')
    .addColumn('visits_made', 'integer')
    .addColumn('adherence_rate', 'real')
    .addColumn('visit_rate', 'real')
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('health_tb_cases_resident').on('health_tb_cases').columns(['resident_id', 'state']).execute();
  // Worklists and KPIs by unit: open cases by state and notification, closing by course end.
  await s.createIndex('health_tb_cases_org').on('health_tb_cases').columns(['org_id', 'state', 'notified_at']).execute();
  await s.createIndex('health_tb_cases_course').on('health_tb_cases').columns(['state', 'course_end']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_tb_cases').execute();
}
