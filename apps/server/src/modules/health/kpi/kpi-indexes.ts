import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Indexes of the KPI statements on the seeded model tables (which a migration
 * cannot assume: they are made when the seed releases the models), created if
 * missing: by migration 0022 on a database whose models exist, and by the seed
 * right after the models are released. Measured by bench/health-kpi.ts:
 * - follow-ups by visit date covering enrolment, method and classification:
 *   the county KPIs read the year's visits from the index alone;
 * - normal archives by unit covering last activity and doctor: 健康档案使用率
 *   by organisation and by doctor from the index alone.
 */
export const KPI_INDEXES: { table: string; name: string; columns: string[] }[] = [
  ...['lc_htn_followup', 'lc_dm_followup'].map((table) => ({
    table,
    name: `${table}__kpi_date`,
    columns: ['visitDate', 'enrolmentId', 'visitMethod', 'classification'],
  })),
  {
    table: 'lc_health_resident',
    name: 'lc_health_resident__kpi_state_org',
    columns: ['archiveState', 'manageOrgId', 'lastActivityAt', 'doctorId'],
  },
];

/** Whether the table exists in the current schema (PostgreSQL: on the search path; not another test's schema). */
async function tableExists(db: Kysely<any>, table: string): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const r = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
    return !!r.rows[0]?.t;
  }
  const r = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** Creates the KPI indexes on the tables that exist; the others wait for the next call. */
export async function ensureKpiIndexes(db: Kysely<any>): Promise<void> {
  for (const ix of KPI_INDEXES) {
    if (!(await tableExists(db, ix.table))) continue;
    await sql`create index if not exists ${sql.id(ix.name)} on ${sql.table(ix.table)} (${sql.join(ix.columns.map((c) => sql.id(c)))})`.execute(
      db,
    );
  }
}
