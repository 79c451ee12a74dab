import { sql, type Kysely } from 'kysely';

/**
 * The open plans by unit and window start. Worklists bounded by a window that
 * has opened (child 本月应体检: window_start ≤ the month's end and window_end ≥
 * today) read few rows by window_start but every future check of every child
 * by window_end (0032's health_plans_open_org); with only that index SQLite
 * walked all child records and their plans instead (bench/health-programmes.ts:
 * SCAN health_child_records, ~30 ms of CPU per page at 50,000 residents).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('health_plans_open_org_start')
    .on('health_plans')
    .columns(['programme', 'kind', 'org_id', 'window_start', 'window_end'])
    .where(sql.ref('visit_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('health_plans_open_org_start').ifExists().execute();
}
