import type { Kysely } from 'kysely';
import { ensureKpiIndexes, KPI_INDEXES } from '../../modules/health/kpi/kpi-indexes.ts';

/**
 * Indexes of the health KPIs (issue 17) on the follow-up and resident model
 * tables, when they exist already (a database seeded before this migration);
 * on a fresh database the seed makes them right after releasing the models.
 * Which and why: modules/health/kpi/kpi-indexes.ts (measured by bench/health-kpi.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await ensureKpiIndexes(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const ix of KPI_INDEXES) await db.schema.dropIndex(ix.name).ifExists().execute();
}
