import { sql, type Kysely } from 'kysely';

/**
 * Partial indexes of the open plans (visit_id is null) by unit and by doctor.
 * Every plan worklist (应访, 逾期, 未到, rechecks, of every programme) reads
 * open plans only, which are a small share of all plans once a year or two of
 * visits is recorded; the full indexes of 0021 made those worklists walk the
 * visited plans of the unit too (bench/health-kpi.ts: 55 ms of CPU per 逾期未访
 * page at 200,000 residents).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('health_plans_open_org')
    .on('health_plans')
    .columns(['programme', 'kind', 'org_id', 'window_end'])
    .where(sql.ref('visit_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('health_plans_open_doctor')
    .on('health_plans')
    .columns(['programme', 'kind', 'doctor_id', 'window_end'])
    .where(sql.ref('visit_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['health_plans_open_org', 'health_plans_open_doctor']) await db.schema.dropIndex(name).ifExists().execute();
}
