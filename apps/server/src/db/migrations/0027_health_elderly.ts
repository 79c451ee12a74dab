import type { Kysely } from 'kysely';

/**
 * Elderly 65+ health management (issue 18, M8). The annual checks themselves
 * are rows of the seeded low-code model oldHealthCheck (table
 * lc_old_health_check, created when the seed releases it); this table keeps
 * each resident's LAST check, written by the check's record hooks, so the
 * worklists 自理能力依赖 and 筛查阳性 page over one row per resident with an
 * index instead of finding the newest check per resident on every request.
 * Rows belong to the resident (no unit column): lists scope by the resident's
 * current unit, so a transfer has nothing to move.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('health_old_last')
    .addColumn('resident_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('check_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('check_date', 'bigint', (c) => c.notNull())
    .addColumn('check_year', 'integer', (c) => c.notNull())
    .addColumn('self_care_score', 'integer')
    .addColumn('self_care_band', 'varchar(2)')
    .addColumn('cognition', 'varchar(2)')
    .addColumn('emotion', 'varchar(2)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // 依赖 worklist: score ≥ 4, newest check first; 阳性 worklist: either screen positive.
  await s.createIndex('health_old_last_score').on('health_old_last').columns(['self_care_score', 'check_date']).execute();
  await s.createIndex('health_old_last_cognition').on('health_old_last').columns(['cognition', 'check_date']).execute();
  await s.createIndex('health_old_last_emotion').on('health_old_last').columns(['emotion', 'check_date']).execute();
  // 随访列表（机构）: the plans of every programme whose window overlaps a period, by unit.
  await s.createIndex('health_plans_old_period').on('health_plans').columns(['window_end', 'org_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('health_plans_old_period').ifExists().execute();
  await db.schema.dropTable('health_old_last').ifExists().execute();
}
