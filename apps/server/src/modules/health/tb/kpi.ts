import { sql, type Kysely } from 'kysely';
import { adherenceRate, tbPercent, type TbKpiRow } from '@medalliance/contract';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { all } from '../plans/rows.ts';
import { TB_TABLE } from './cases.service.ts';
import { firstVisitDueCondition, firstVisitInTimeCondition } from './lists.service.ts';

/**
 * By-unit figures of the TB programme (menu tuberculosis_manage_org), over the
 * cases notified in [from, to) of the caller's scope, grouped by managing unit:
 * - notified; managed = 治疗管理中 now;
 * - first visit within 72 h = first visit − notification ≤ 72 h, over the cases
 *   whose first visit was made or whose deadline has passed;
 * - 规律服药率 = doses taken ÷ doses due over the closed cases.
 * One GROUP BY statement; the rates come from the contract.
 */
export async function tbKpiByUnit(db: Kysely<any>, scope: HealthScope, at: number, from?: number, to?: number) {
  let q = db
    .selectFrom(`${TB_TABLE} as c`)
    .leftJoin('organizations as o', 'o.id', 'c.org_id')
    .where(inScope(scope, 'c.org_id'))
    .where('c.org_id', 'is not', null);
  if (from !== undefined) q = q.where('c.notified_at', '>=', from);
  if (to !== undefined) q = q.where('c.notified_at', '<', to);
  const rows = await all(
    db,
    q
      .select([
        'c.org_id as org_id',
        sql<string>`max(o.full_name)`.as('org_name'),
        sql<number>`count(*)`.as('notified'),
        sql<number>`sum(case when c.state = 1 then 1 else 0 end)`.as('managed'),
        sql<number>`sum(case when ${firstVisitDueCondition(at)} then 1 else 0 end)`.as('fv_due'),
        sql<number>`sum(case when ${firstVisitInTimeCondition()} then 1 else 0 end)`.as('fv_in_time'),
        sql<number>`coalesce(sum(case when c.state = 2 then c.doses_due else 0 end), 0)`.as('doses_due'),
        sql<number>`coalesce(sum(case when c.state = 2 then c.doses_taken else 0 end), 0)`.as('doses_taken'),
      ])
      .groupBy('c.org_id')
      .orderBy(sql`max(o.full_name)`),
  );
  const list: TbKpiRow[] = rows.map((r) => {
    const fvDue = Number(r.fv_due);
    const fvIn = Number(r.fv_in_time);
    const dd = Number(r.doses_due);
    const dt = Number(r.doses_taken);
    return {
      orgId: String(r.org_id),
      orgName: String(r.org_name ?? ''),
      notified: Number(r.notified),
      managed: Number(r.managed),
      firstVisitDue: fvDue,
      firstVisitInTime: fvIn,
      firstVisitRate: tbPercent(fvIn, fvDue),
      dosesDue: dd,
      dosesTaken: dt,
      adherenceRate: adherenceRate(dt, dd),
    };
  });
  const sum = (k: keyof TbKpiRow) => list.reduce((s, r) => s + Number(r[k]), 0);
  const total: TbKpiRow = {
    orgId: '',
    orgName: '',
    notified: sum('notified'),
    managed: sum('managed'),
    firstVisitDue: sum('firstVisitDue'),
    firstVisitInTime: sum('firstVisitInTime'),
    firstVisitRate: tbPercent(sum('firstVisitInTime'), sum('firstVisitDue')),
    dosesDue: sum('dosesDue'),
    dosesTaken: sum('dosesTaken'),
    adherenceRate: adherenceRate(sum('dosesTaken'), sum('dosesDue')),
  };
  return { list, total };
}
