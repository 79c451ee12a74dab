import type { Kysely } from 'kysely';

/**
 * Maternal care (issue 18, M6): one row per pregnancy (建册 to 结案),
 * health_mat_pregnancies. The state (contract MAT_STATES) is checked by the
 * server on every change and kept in the health state history; the EDD is
 * stored (LMP + 280 d) for sorting and lists, the gestational age is always
 * computed from the LMP and the clock. Plans of the pregnancy live in
 * health_plans (programme 'mat', enrolment_id = this id); the child record of
 * issue 18 links its mother_pregnancy_id here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_mat_pregnancies')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('lmp', 'bigint', (c) => c.notNull())
    .addColumn('edd', 'bigint', (c) => c.notNull())
    .addColumn('gravidity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('parity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('risk_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('risk_level', 'varchar(8)', (c) => c.notNull().defaultTo('green'))
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('state_reason', 'varchar(500)')
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('first_visit_at', 'bigint')
    .addColumn('last_visit_at', 'bigint')
    .addColumn('delivery_date', 'bigint')
    .addColumn('discharge_date', 'bigint')
    .addColumn('delivery_mode', 'varchar(2)')
    .addColumn('delivery_place', 'varchar(100)')
    .addColumn('termination_date', 'bigint')
    .addColumn('postpartum_at', 'bigint')
    .addColumn('check42_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('health_mat_pregnancies_resident').on('health_mat_pregnancies').columns(['resident_id', 'state']).execute();
  // Lists and KPIs by unit: state / risk / registration and delivery dates.
  await s.createIndex('health_mat_pregnancies_org').on('health_mat_pregnancies').columns(['org_id', 'state', 'lmp']).execute();
  await s.createIndex('health_mat_pregnancies_risk').on('health_mat_pregnancies').columns(['risk_level', 'org_id']).execute();
  await s.createIndex('health_mat_pregnancies_registered').on('health_mat_pregnancies').columns(['org_id', 'registered_at']).execute();
  await s.createIndex('health_mat_pregnancies_delivery').on('health_mat_pregnancies').columns(['org_id', 'delivery_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_mat_pregnancies').execute();
}
