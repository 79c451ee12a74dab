import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ageOn, planState, type FollowupOrgCell, type FollowupOrgMetric, type FollowupOrgRow } from '@medalliance/contract';
import { all } from '../plans/rows.ts';
import { maskRow, RESIDENT_TABLE } from '../plans/worklist.ts';
import { orgBucket, orgFilter, type KpiOrgView } from '../kpi/kpi-orgs.ts';

/**
 * 随访列表（机构） (menu treatment_list_org): per unit and per programme of
 * health_plans (every programme that writes plans: htn, dm and those of
 * issue 18 as they appear), the plans of a period and how they stand:
 * - 应访: plans whose window overlaps the period [from, to);
 * - 已访: of those, filled by a visit;
 * - 逾期: of those, not filled and the window closed before now.
 * One grouped statement (index health_plans_org_window); the drill-down pages
 * the same plans for one row, programme and figure.
 */

export interface Period {
  from: number;
  to: number;
  at: number;
}

const overlaps = (p: Period) => sql<boolean>`p.window_start < ${p.to} and p.window_end >= ${p.from}`;
const metricCondition = (m: FollowupOrgMetric, p: Period): RawBuilder<boolean> =>
  m === 'visited'
    ? sql<boolean>`p.visit_id is not null`
    : m === 'overdue'
      ? sql<boolean>`p.visit_id is null and p.window_end < ${p.at}`
      : sql<boolean>`1 = 1`;

export async function followupOrgTable(db: Kysely<any>, view: KpiOrgView, period: Period) {
  const org = sql.ref('p.org_id');
  const res = await sql<{ k: string; programme: string; due: unknown; visited: unknown; overdue: unknown }>`select
      ${orgBucket(view, org)} as k, p.programme as programme, count(*) as due,
      sum(case when p.visit_id is not null then 1 else 0 end) as visited,
      sum(case when p.visit_id is null and p.window_end < ${period.at} then 1 else 0 end) as overdue
    from health_plans p
    where ${overlaps(period)} and ${orgFilter(view, org)}
    group by 1, 2`.execute(db);
  const counts = new Map<string, Record<string, FollowupOrgCell>>();
  const programmes = new Set<string>();
  for (const r of res.rows) {
    programmes.add(String(r.programme));
    const cell = counts.get(String(r.k)) ?? {};
    cell[String(r.programme)] = { due: Number(r.due ?? 0), visited: Number(r.visited ?? 0), overdue: Number(r.overdue ?? 0) };
    counts.set(String(r.k), cell);
  }
  const rows: FollowupOrgRow[] = view.rows
    .map((r) => ({ ...r, counts: counts.get(r.id) ?? {} }))
    .filter((r, _, list) => !r.own || Object.keys(r.counts).length > 0 || list.length === 1);
  return { org: view.org, from: period.from, to: period.to, programmes: [...programmes].sort(), rows };
}

/** The plans behind one figure of the table (masked), window end first. */
export async function followupOrgPlans(
  db: Kysely<any>,
  orgIds: string[],
  f: { programme: string; metric: FollowupOrgMetric; currentPage: number; pageSize: number } & Period,
  reveal = false,
) {
  const base = db
    .selectFrom('health_plans as p')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'p.resident_id')
    .where('p.programme', '=', f.programme)
    .where(orgIds.length ? sql<boolean>`p.org_id in (${sql.join(orgIds)})` : sql<boolean>`1 = 0`)
    .where(overlaps(f))
    .where(metricCondition(f.metric, f));
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'p.org_id')
      .leftJoin('users as u', 'u.id', 'p.doctor_id')
      .select([
        'p.id as plan_id',
        'p.kind',
        'p.plan_date',
        'p.window_start',
        'p.window_end',
        'p.visit_id',
        'p.visited_at',
        'p.resident_id',
        'o.full_name as org_name',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.birthDate').as('birthDate'),
      ])
      .orderBy('p.window_end', 'asc')
      .orderBy('p.id', 'asc')
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  return {
    list: rows.map((r) =>
      maskRow(
        {
          planId: String(r.plan_id),
          programme: f.programme,
          kind: String(r.kind),
          planDate: Number(r.plan_date),
          windowStart: Number(r.window_start),
          windowEnd: Number(r.window_end),
          visitedAt: r.visited_at === null || r.visited_at === undefined ? null : Number(r.visited_at),
          state: planState({ windowStart: Number(r.window_start), windowEnd: Number(r.window_end), visitId: r.visit_id }, f.at),
          residentId: String(r.resident_id),
          fullName: String(r.fullName ?? ''),
          idNumber: String(r.idNumber ?? ''),
          phone: String(r.phone ?? ''),
          age: r.birthDate === null || r.birthDate === undefined ? null : ageOn(Number(r.birthDate), f.at),
          orgName: r.org_name ?? null,
          doctorName: r.doctor_name ?? null,
        },
        reveal,
      ),
    ),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}
