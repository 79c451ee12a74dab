import { sql, type Kysely } from 'kysely';
import { DAY_MS, MAT_EARLY_DAYS, startOfUtcDay, type MatKpiMetric, type MatKpiRow } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { all } from '../plans/rows.ts';
import { RESIDENT_TABLE } from '../plans/worklist.ts';
import { pregnancyRow } from './lists.ts';
import { TABLE } from './pregnancy.service.ts';

/**
 * Maternal KPIs by managing unit over a period [from, to] (default: the 365
 * days up to now), scoped to the caller's units:
 * - 早孕建册率 = pregnancies registered in the period before 13 weeks
 *   (registered_at < LMP + 91 days) ÷ pregnancies registered in the period;
 * - 产后访视率 = women delivered in the period with a postpartum visit
 *   recorded ÷ women delivered in the period.
 * Rates are null when the denominator is 0. The drill-down lists the
 * pregnancies behind a figure: num (counted), gap (denominator only), den (all).
 */

export interface Period {
  from: number;
  to: number;
}

export function periodOf(q: { from?: number; to?: number }): Period {
  const at = now();
  return { from: q.from ?? startOfUtcDay(at) - 365 * DAY_MS, to: q.to ?? at };
}

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 100 : null);
const EARLY = sql<number>`case when m.registered_at < m.lmp + ${MAT_EARLY_DAYS * DAY_MS} then 1 else 0 end`;
const POST = sql<number>`case when m.postpartum_at is not null then 1 else 0 end`;

export async function matKpi(
  db: Kysely<any>,
  scope: HealthScope,
  p: Period,
): Promise<{ period: Period; rows: MatKpiRow[]; total: MatKpiRow }> {
  const reg = await all(
    db,
    db
      .selectFrom(`${TABLE} as m`)
      .select(['m.org_id as org', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum(EARLY).as('k')])
      .where(inScope(scope, 'm.org_id'))
      .where('m.registered_at', '>=', p.from)
      .where('m.registered_at', '<=', p.to)
      .groupBy('m.org_id'),
  );
  const del = await all(
    db,
    db
      .selectFrom(`${TABLE} as m`)
      .select(['m.org_id as org', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum(POST).as('k')])
      .where(inScope(scope, 'm.org_id'))
      .where('m.delivery_date', '>=', p.from)
      .where('m.delivery_date', '<=', p.to)
      .groupBy('m.org_id'),
  );
  const ids = [...new Set([...reg, ...del].map((r) => String(r.org ?? '')))].filter(Boolean);
  const names = ids.length
    ? new Map(
        (await all(db, db.selectFrom('organizations').select(['id', 'full_name as name']).where('id', 'in', ids))).map((o) => [
          String(o.id),
          String(o.name),
        ]),
      )
    : new Map<string, string>();
  const by = new Map<string, MatKpiRow>();
  const row = (org: string) => {
    let r = by.get(org);
    if (!r) {
      r = {
        orgId: org,
        orgName: names.get(org) ?? org,
        registered: 0,
        early: 0,
        earlyRate: null,
        delivered: 0,
        postpartum: 0,
        postpartumRate: null,
      };
      by.set(org, r);
    }
    return r;
  };
  for (const r of reg) Object.assign(row(String(r.org ?? '')), { registered: Number(r.n), early: Number(r.k ?? 0) });
  for (const r of del) Object.assign(row(String(r.org ?? '')), { delivered: Number(r.n), postpartum: Number(r.k ?? 0) });
  const rows = [...by.values()].sort((a, b) => (a.orgName < b.orgName ? -1 : a.orgName > b.orgName ? 1 : 0));
  const total: MatKpiRow = {
    orgId: '',
    orgName: '',
    registered: 0,
    early: 0,
    earlyRate: null,
    delivered: 0,
    postpartum: 0,
    postpartumRate: null,
  };
  for (const r of rows) {
    r.earlyRate = rate(r.early, r.registered);
    r.postpartumRate = rate(r.postpartum, r.delivered);
    total.registered += r.registered;
    total.early += r.early;
    total.delivered += r.delivered;
    total.postpartum += r.postpartum;
  }
  total.earlyRate = rate(total.early, total.registered);
  total.postpartumRate = rate(total.postpartum, total.delivered);
  return { period: p, rows, total };
}

/** The pregnancies behind one figure of one unit, masked. */
export async function matKpiDrill(
  db: Kysely<any>,
  scope: HealthScope,
  p: Period,
  q: { orgId: string; metric: MatKpiMetric; part: 'num' | 'gap' | 'den'; currentPage: number; pageSize: number },
) {
  const col = q.metric === 'early' ? 'm.registered_at' : 'm.delivery_date';
  const flag = q.metric === 'early' ? EARLY : POST;
  let base = db
    .selectFrom(`${TABLE} as m`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'm.resident_id')
    .where(inScope(scope, 'm.org_id'))
    .where('m.org_id', '=', q.orgId)
    .where(col, '>=', p.from)
    .where(col, '<=', p.to);
  if (q.part !== 'den') base = base.where(sql<boolean>`${flag} = ${q.part === 'num' ? 1 : 0}`);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'm.org_id')
      .leftJoin('users as u', 'u.id', 'm.doctor_id')
      .selectAll('m')
      .select([
        'o.full_name as org_name',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.birthDate').as('birthDate'),
      ])
      .orderBy(col)
      .orderBy('m.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const at = now();
  return {
    list: rows.map((r) => pregnancyRow(r, at)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}
