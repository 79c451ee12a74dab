import { sql, type RawBuilder } from 'kysely';
import type { EnterpriseListBody } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { keywordMatch } from '../../../http/paging.ts';
import { now } from '../../../lib/clock.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { ARCHIVE_STATE } from './resident-rules.ts';
import { INACTIVE_MS, raw } from './residents.service.ts';

/**
 * 企业人员健康: the employers (工作单位) of the residents in the caller's
 * scope, each with the health figures an occupational-health or public-health
 * doctor plans a site visit by — people, hypertension and diabetes under
 * management, archives still incomplete, and people not seen for a year.
 * One grouped statement, paged and sorted in SQL; the people themselves are
 * the resident list filtered by `workUnit` (masked there as everywhere).
 */
export interface EnterpriseRow {
  workUnit: string;
  persons: number;
  men: number;
  women: number;
  htn: number;
  dm: number;
  incomplete: number;
  inactive: number;
}

const count = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** Under management for a programme: an enrolment with outcome 0 (管理中). */
const managed = (programme: 'htn' | 'dm') =>
  sql`exists (select 1 from health_chronic_enrolments e where e.resident_id = r.id and e.programme = ${programme} and e.outcome = 0)`;

export async function listEnterprises(ctx: AppContext, scope: HealthScope, body: EnterpriseListBody) {
  const at = now();
  let base = raw(ctx)
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where('r.archiveState', '<>', ARCHIVE_STATE.cancelled)
    .where('r.workUnit', 'is not', null)
    .where('r.workUnit', '<>', '');
  if (body.keyword) base = base.where(keywordMatch(['r.workUnit'], body.keyword));

  const grouped = base
    .select([
      'r.workUnit as workUnit',
      sql<number>`count(*)`.as('persons'),
      count(sql`r.sex = '1'`).as('men'),
      count(sql`r.sex = '2'`).as('women'),
      count(managed('htn')).as('htn'),
      count(managed('dm')).as('dm'),
      count(sql`r.completeness < 100`).as('incomplete'),
      count(sql`(r."lastActivityAt" is null or r."lastActivityAt" < ${at - INACTIVE_MS})`).as('inactive'),
    ])
    .groupBy('r.workUnit');
  // Sorting by an aggregate orders by its select alias; ties fall back to the name so pages are stable.
  const order = body.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await grouped
    .orderBy(sql`${sql.ref(body.sort)} ${order}`)
    .orderBy('workUnit', 'asc')
    .limit(body.pageSize)
    .offset((body.currentPage - 1) * body.pageSize)
    .execute();
  const total = await base.select(sql<number>`count(distinct r."workUnit")`.as('n')).executeTakeFirst();
  const int = (v: unknown) => Number(v ?? 0);
  return {
    list: rows.map((r): EnterpriseRow => ({
      workUnit: String(r.workUnit),
      persons: int(r.persons),
      men: int(r.men),
      women: int(r.women),
      htn: int(r.htn),
      dm: int(r.dm),
      incomplete: int(r.incomplete),
      inactive: int(r.inactive),
    })),
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: int((total as { n?: unknown } | undefined)?.n) },
  };
}
