import type { Kysely } from 'kysely';
import { ageOn, psyKpiOf, PSY_STANDARD_VISITS } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { PSY_TABLE } from '../../../db/seed/health/psy-models.ts';
import { all } from '../plans/rows.ts';
import { maskRow, RESIDENT_TABLE } from '../plans/worklist.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { ENROLMENTS } from './enrolment.service.ts';

/**
 * KPIs of the programme for a calendar year (UTC), by managing unit:
 * 规范管理率 = managed patients with at least 4 visits that reached them in the
 * year ÷ patients managed (enrolled before the year's end, management not
 * ended); 稳定率 = patients whose last reached visit of the year is 稳定 ÷
 * patients with a reached visit in the year. One row per enrolment comes from
 * SQL (its count and last classification as subqueries on the enrolment/date
 * index); the ratios are the contract's psyKpiOf, so the tests and the screen
 * quote the same arithmetic. The drill-down lists the patients behind a figure.
 */

export type PsyKpiMeasure = 'managed' | 'standard' | 'followed' | 'stable';

interface PatientYear {
  enrolmentId: string;
  residentId: string;
  orgId: string | null;
  orgName: string | null;
  visits: number;
  lastClass: string | null;
}

export const yearWindow = (year: number) => ({ start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1) });

async function patientYears(db: Kysely<any>, scope: HealthScope, year: number, orgId?: string): Promise<PatientYear[]> {
  const { start, end } = yearWindow(year);
  const reached = (eb: any) =>
    eb
      .selectFrom(`${PSY_TABLE} as v`)
      .whereRef('v.enrolmentId', '=', 'e.id')
      .where('v.visitDate', '>=', start)
      .where('v.visitDate', '<', end)
      .where('v.classification', '<>', '0');
  let q = db
    .selectFrom(`${ENROLMENTS} as e`)
    .leftJoin('organizations as o', 'o.id', 'e.org_id')
    .select((eb) => [
      'e.id as eid',
      'e.resident_id as rid',
      'e.org_id as org',
      'o.full_name as orgname',
      reached(eb)
        .select((x: any) => x.fn.countAll().as('c'))
        .as('n'),
      reached(eb).select('v.classification').orderBy('v.visitDate', 'desc').orderBy('v.id', 'desc').limit(1).as('last'),
    ])
    .where(inScope(scope, 'e.org_id'))
    .where('e.enrolled_at', '<', end)
    .where('e.outcome', '<>', 2);
  if (orgId) q = q.where('e.org_id', '=', orgId);
  const rows = await all(db, q.orderBy('e.id'));
  return rows.map((r) => ({
    enrolmentId: String(r.eid),
    residentId: String(r.rid),
    orgId: r.org ?? null,
    orgName: r.orgname ?? null,
    visits: Number(r.n ?? 0),
    lastClass: r.last === null || r.last === undefined ? null : String(r.last),
  }));
}

export const currentYear = () => new Date(now()).getUTCFullYear();

/** The KPI table: one row per unit with patients, and the total. */
export async function psyKpiTable(db: Kysely<any>, scope: HealthScope, year: number) {
  const years = await patientYears(db, scope, year);
  const byOrg = new Map<string, PatientYear[]>();
  for (const p of years) {
    const k = p.orgId ?? '';
    byOrg.set(k, [...(byOrg.get(k) ?? []), p]);
  }
  const rows = [...byOrg.entries()]
    .map(([orgId, ps]) => ({ orgId, orgName: ps[0]!.orgName ?? '', ...psyKpiOf(ps) }))
    .sort((a, b) => a.orgName.localeCompare(b.orgName, 'zh'));
  return { year, standardVisits: PSY_STANDARD_VISITS, rows, total: psyKpiOf(years) };
}

const inMeasure = (p: PatientYear, m: PsyKpiMeasure) =>
  m === 'managed' ||
  (m === 'standard' && p.visits >= PSY_STANDARD_VISITS) ||
  (m === 'followed' && p.visits > 0) ||
  (m === 'stable' && p.visits > 0 && p.lastClass === '3');

/** The patients behind a figure (masked), paged. */
export async function psyKpiPatients(
  db: Kysely<any>,
  scope: HealthScope,
  q: { year: number; orgId?: string; measure: PsyKpiMeasure; currentPage: number; pageSize: number },
) {
  const chosen = (await patientYears(db, scope, q.year, q.orgId)).filter((p) => inMeasure(p, q.measure));
  const page = chosen.slice((q.currentPage - 1) * q.pageSize, q.currentPage * q.pageSize);
  const residents = page.length
    ? await all(
        db,
        db
          .selectFrom(RESIDENT_TABLE)
          .select(['id', 'fullName', 'idNumber', 'phone', 'sex', 'birthDate'])
          .where(
            'id',
            'in',
            page.map((p) => p.residentId),
          ),
      )
    : [];
  const byId = new Map(residents.map((r) => [String(r.id), r]));
  const at = now();
  return {
    list: page.map((p) => {
      const r = byId.get(p.residentId) ?? {};
      return maskRow(
        {
          ...p,
          fullName: String(r.fullName ?? ''),
          idNumber: String(r.idNumber ?? ''),
          phone: String(r.phone ?? ''),
          sex: r.sex ?? null,
          age: r.birthDate === null || r.birthDate === undefined ? null : ageOn(Number(r.birthDate), at),
        },
        false,
      );
    }),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: chosen.length },
  };
}
