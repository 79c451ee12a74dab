import type { Kysely } from 'kysely';

/**
 * Hypertension and type 2 diabetes management (issue 17, M3):
 * - health_chronic_enrolments: one per resident and programme ('htn' | 'dm'),
 *   outcome 0 管理中, 1 暂时失访, 2 终止管理 (with reason), referral_flag
 *   0 / 1 需转诊 / 2 紧急转诊 set by the follow-up rules;
 * - health_plans: follow-up plans with windows, 'regular' (every cycle from
 *   enrolment) or 'recheck' (two weeks after a first uncontrolled visit or a
 *   drug reaction); visit_id set once a visit in the window fills it. The
 *   state (未到 / 应访 / 已访 / 逾期) is computed from the clock, so the
 *   worklists filter on window_start / window_end / visit_id;
 * - health_programme_settings: per-programme settings (plan cycle, windows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_chronic_enrolments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('programme', 'varchar(8)', (c) => c.notNull())
    .addColumn('diagnosed_at', 'bigint')
    .addColumn('management_group', 'varchar(16)')
    .addColumn('risk_level', 'varchar(16)')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('outcome', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome_reason', 'varchar(500)')
    .addColumn('enrolled_at', 'bigint', (c) => c.notNull())
    .addColumn('referral_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_classification', 'varchar(2)')
    .addColumn('last_visit_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s
    .createIndex('health_chronic_enrolments_resident')
    .on('health_chronic_enrolments')
    .columns(['resident_id', 'programme'])
    .unique()
    .execute();
  await s
    .createIndex('health_chronic_enrolments_org')
    .on('health_chronic_enrolments')
    .columns(['programme', 'org_id', 'outcome', 'enrolled_at'])
    .execute();
  await s
    .createIndex('health_chronic_enrolments_doctor')
    .on('health_chronic_enrolments')
    .columns(['programme', 'doctor_id', 'outcome'])
    .execute();
  await s
    .createIndex('health_chronic_enrolments_referral')
    .on('health_chronic_enrolments')
    .columns(['programme', 'referral_flag', 'org_id'])
    .execute();

  await s
    .createTable('health_plans')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('programme', 'varchar(16)', (c) => c.notNull())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('enrolment_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plan_date', 'bigint', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .addColumn('visit_id', 'varchar(40)')
    .addColumn('visited_at', 'bigint')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('health_plans_enrolment').on('health_plans').columns(['enrolment_id', 'kind', 'seq']).execute();
  await s.createIndex('health_plans_resident').on('health_plans').columns(['resident_id']).execute();
  // Worklists: open plans of a programme by unit (or doctor), by window.
  await s.createIndex('health_plans_org_window').on('health_plans').columns(['programme', 'kind', 'org_id', 'window_end']).execute();
  await s.createIndex('health_plans_doctor_window').on('health_plans').columns(['programme', 'kind', 'doctor_id', 'window_end']).execute();

  await s
    .createTable('health_programme_settings')
    .addColumn('programme', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(40)')
    .addPrimaryKeyConstraint('health_programme_settings_pk', ['programme', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['health_programme_settings', 'health_plans', 'health_chronic_enrolments']) await db.schema.dropTable(t).execute();
}
