import type { Kysely } from 'kysely';

/**
 * Severe mental disorders (issue 18, M4): one enrolment per resident
 * (health_psy_enrolments) with its diagnosis (dictionary psyDiagnosis),
 * guardian, responsible doctor and unit, outcome 0 管理中 / 1 暂时失访 /
 * 2 终止管理 (with reason), and the facts of the last visit the worklists
 * filter on (risk level, classification, locked, in hospital). Visits are the
 * low-code model psyFollowup; plans live in health_plans (programme 'psy').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_psy_enrolments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('diagnosis', 'varchar(20)', (c) => c.notNull())
    .addColumn('diagnosed_at', 'bigint')
    .addColumn('guardian_name', 'varchar(50)')
    .addColumn('guardian_phone', 'varchar(20)')
    .addColumn('guardian_relation', 'varchar(20)')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('outcome', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('outcome_reason', 'varchar(500)')
    .addColumn('enrolled_at', 'bigint', (c) => c.notNull())
    .addColumn('last_visit_id', 'varchar(40)')
    .addColumn('last_visit_at', 'bigint')
    .addColumn('last_classification', 'varchar(2)')
    .addColumn('last_risk_level', 'integer')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('in_hospital', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('health_psy_enrolments_resident').on('health_psy_enrolments').column('resident_id').unique().execute();
  await s.createIndex('health_psy_enrolments_org').on('health_psy_enrolments').columns(['org_id', 'outcome', 'enrolled_at']).execute();
  // Worklists 危险性 3–5 级, 关锁中, 住院中 by unit.
  await s.createIndex('health_psy_enrolments_risk').on('health_psy_enrolments').columns(['org_id', 'last_risk_level']).execute();
  await s.createIndex('health_psy_enrolments_flags').on('health_psy_enrolments').columns(['org_id', 'locked', 'in_hospital']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_psy_enrolments').execute();
}
