import type { Kysely } from 'kysely';

/**
 * Child health 0–6 (issue 18, M7): health_child_records, one per child of the
 * resident archive, linked to the mother (mother_resident_id; the maternal
 * programme's pregnancy id when known, not a foreign key so the child
 * programme works without it), with the birth facts, the 体弱儿 flag and its
 * reason, the 失访 flag, and the last check's growth bands. The checks
 * themselves are plans in health_plans (programme 'child', kinds newborn /
 * check / hb, enrolment_id = the child record's id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_child_records')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mother_resident_id', 'varchar(40)')
    .addColumn('mother_pregnancy_id', 'varchar(40)')
    .addColumn('birth_date', 'bigint', (c) => c.notNull())
    .addColumn('birth_weight_g', 'integer')
    .addColumn('birth_length_cm', 'real')
    .addColumn('gestational_weeks', 'integer')
    .addColumn('discharge_date', 'bigint')
    .addColumn('weak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weak_reason', 'varchar(200)')
    .addColumn('referral', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost_reason', 'varchar(200)')
    .addColumn('doctor_id', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)')
    .addColumn('last_check_at', 'bigint')
    .addColumn('last_weight_band', 'varchar(4)')
    .addColumn('last_length_band', 'varchar(4)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('health_child_records_resident').on('health_child_records').column('resident_id').unique().execute();
  await s.createIndex('health_child_records_org').on('health_child_records').columns(['org_id', 'birth_date']).execute();
  await s.createIndex('health_child_records_weak').on('health_child_records').columns(['org_id', 'weak', 'referral']).execute();
  await s.createIndex('health_child_records_mother').on('health_child_records').column('mother_resident_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_child_records').execute();
}
