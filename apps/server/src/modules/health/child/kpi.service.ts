import { sql, type Kysely } from 'kysely';
import { ageInMonths, childRate, CHILD_PROGRAMME, DAY_MS, type ChildKpiRow } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { all } from '../plans/rows.ts';
import { maskRow, RESIDENT_TABLE } from '../plans/worklist.ts';
import type { KpiOrgView } from '../kpi/kpi-orgs.ts';
import { CHILD_TABLE } from './records.service.ts';

/**
 * The KPIs of the child programme by unit (menu child_case_org), for a year:
 * - 新生儿访视率 = children born in the year (up to now) whose newborn visit was
 *   made within 7 days of discharge (the plan filled inside its window) ÷
 *   children with a child record born in the year (up to now);
 * - 儿童健康管理率 = children aged 0–6 of the archive (under 7 at the period's
 *   end, archive not cancelled) with at least one check (newborn visit or
 *   check-up) in the year ÷ those children.
 * The unit of a child is the archive's managing unit (resident.manageOrgId for
 * 管理率; the record's unit for 访视率), folded into the rows of the by-unit
 * table (kpi/kpi-orgs.ts). Counted in SQL per organisation, then per row.
 */

export interface Period {
  year: number;
  start: number;
  /** The period's end: the year's end, or now for the current year. */
  end: number;
}

export function periodOf(year: number | undefined, at = now()): Period {
  const y = year ?? new Date(at).getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  return { year: y, start, end: Math.min(Date.UTC(y + 1, 0, 1) - 1, at) };
}

/** Under 7 at the period's end: born after end − 7 years (and not after the end). */
const under7 = (p: Period) => p.end - Math.round(7 * 365.25 * DAY_MS);

type Part = 'numerator' | 'denominator' | 'missing';

function newbornQuery(db: Kysely<any>, p: Period, orgIds: string[] | null) {
  let q = db
    .selectFrom(`${CHILD_TABLE} as c`)
    .leftJoin('health_plans as p', (j) =>
      j.onRef('p.enrolment_id', '=', 'c.id').on('p.programme', '=', CHILD_PROGRAMME).on('p.kind', '=', 'newborn'),
    )
    .where('c.birth_date', '>=', p.start)
    .where('c.birth_date', '<=', p.end);
  if (orgIds) q = q.where('c.org_id', 'in', orgIds.length ? orgIds : ['-']);
  return q;
}
const visitedInTime = sql<number>`case when p.visit_id is not null and p.visited_at <= p.window_end then 1 else 0 end`;

function managementQuery(db: Kysely<any>, p: Period, orgIds: string[] | null) {
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .where(sql<boolean>`coalesce(r.${sql.id('archiveState')}, 0) <> 2`)
    .where(sql.ref('r.birthDate'), '>', under7(p))
    .where(sql.ref('r.birthDate'), '<=', p.end);
  if (orgIds) q = q.where(sql.ref('r.manageOrgId'), 'in', orgIds.length ? orgIds : ['-']);
  return q;
}
/** Whether the resident had a check in the period (a filled newborn or check plan visited in it). */
const checkedIn = (p: Period) =>
  sql<number>`case when exists (select 1 from health_plans hp where hp.programme = ${CHILD_PROGRAMME} and hp.resident_id = r.id and hp.kind in ('newborn', 'check') and hp.visit_id is not null and hp.visited_at >= ${p.start} and hp.visited_at <= ${p.end}) then 1 else 0 end`;

export async function childKpis(db: Kysely<any>, view: KpiOrgView, p: Period): Promise<{ rows: ChildKpiRow[]; total: ChildKpiRow }> {
  const nb = await all(
    db,
    newbornQuery(db, p, view.orgIds)
      .select(['c.org_id as org', (eb) => eb.fn.countAll().as('n'), sql<number>`sum(${visitedInTime})`.as('v')])
      .groupBy('c.org_id'),
  );
  const mg = await all(
    db,
    managementQuery(db, p, view.orgIds)
      .select([sql.ref('r.manageOrgId').as('org'), (eb) => eb.fn.countAll().as('n'), sql<number>`sum(${checkedIn(p)})`.as('v')])
      .groupBy(sql.ref('r.manageOrgId')),
  );
  const acc = new Map(view.rows.map((r) => [r.id, { nb: 0, nbv: 0, ch: 0, chv: 0 }]));
  const bucket = (org: unknown) => (org ? view.bucketOf.get(String(org)) : undefined);
  for (const r of nb) {
    const a = acc.get(bucket(r.org) ?? '');
    if (!a) continue;
    a.nb += Number(r.n);
    a.nbv += Number(r.v ?? 0);
  }
  for (const r of mg) {
    const a = acc.get(bucket(r.org) ?? '');
    if (!a) continue;
    a.ch += Number(r.n);
    a.chv += Number(r.v ?? 0);
  }
  const out = (id: string, name: string, a: { nb: number; nbv: number; ch: number; chv: number }): ChildKpiRow => ({
    orgId: id,
    orgName: name,
    newborns: a.nb,
    newbornsVisited: a.nbv,
    newbornVisitRate: childRate(a.nbv, a.nb),
    childCount: a.ch,
    childrenChecked: a.chv,
    managementRate: childRate(a.chv, a.ch),
  });
  const rows = view.rows.map((r) => out(r.id, r.name, acc.get(r.id)!));
  const sum = [...acc.values()].reduce((s, a) => ({ nb: s.nb + a.nb, nbv: s.nbv + a.nbv, ch: s.ch + a.ch, chv: s.chv + a.chv }), {
    nb: 0,
    nbv: 0,
    ch: 0,
    chv: 0,
  });
  return {
    rows: rows.filter((r) => !view.rows.find((v) => v.id === r.orgId)?.own || r.newborns || r.childCount),
    total: out(view.org.id, view.org.name, sum),
  };
}

/** The children behind one figure of one row (numerator, denominator, or the missing ones), masked, paged. */
export async function childKpiDrill(
  db: Kysely<any>,
  view: KpiOrgView,
  p: Period,
  f: { rowId: string; kpi: 'newbornVisit' | 'management'; part: Part; currentPage: number; pageSize: number },
) {
  const orgIds = [...view.bucketOf.entries()].filter(([, b]) => b === f.rowId).map(([o]) => o);
  const at = now();
  let q;
  if (f.kpi === 'newbornVisit') {
    let b = newbornQuery(db, p, orgIds).innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id');
    if (f.part === 'numerator') b = b.where(visitedInTime, '=', 1);
    if (f.part === 'missing') b = b.where(visitedInTime, '=', 0);
    q = b.select(['r.id as id', 'c.birth_date as birth', 'p.visited_at as visited', 'p.window_end as due']);
  } else {
    let b = managementQuery(db, p, orgIds);
    if (f.part === 'numerator') b = b.where(checkedIn(p), '=', 1);
    if (f.part === 'missing') b = b.where(checkedIn(p), '=', 0);
    q = b.select(['r.id as id', sql.ref('r.birthDate').as('birth'), sql.lit(null).as('visited'), sql.lit(null).as('due')]);
  }
  const total = await db
    .selectFrom(q.as('x'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = await all(
    db,
    db
      .selectFrom(q.as('x'))
      .innerJoin(`${RESIDENT_TABLE} as rr`, 'rr.id', 'x.id')
      .leftJoin('organizations as o', 'o.id', 'rr.manageOrgId')
      .select([
        'x.id as id',
        'x.birth as birth',
        'x.visited as visited',
        'x.due as due',
        sql.ref('rr.fullName').as('fullName'),
        sql.ref('rr.idNumber').as('idNumber'),
        sql.ref('rr.phone').as('phone'),
        sql.ref('rr.sex').as('sex'),
        'o.full_name as org_name',
      ])
      .orderBy('x.birth', 'desc')
      .orderBy('x.id')
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  return {
    list: rows.map((r) =>
      maskRow(
        {
          residentId: String(r.id),
          fullName: String(r.fullName ?? ''),
          idNumber: String(r.idNumber ?? ''),
          phone: String(r.phone ?? ''),
          sex: r.sex ?? null,
          birthDate: r.birth === null ? null : Number(r.birth),
          ageMonths: r.birth === null ? null : ageInMonths(Number(r.birth), at),
          visitedAt: r.visited === null || r.visited === undefined ? null : Number(r.visited),
          dueBy: r.due === null || r.due === undefined ? null : Number(r.due),
          orgName: r.org_name ?? null,
        },
        false,
      ),
    ),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}
