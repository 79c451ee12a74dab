import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ageInMonths, ageOn, childCheckState, CHILD_CHECKS, CHILD_PROGRAMME, DAY_MS, type ChildWorklist } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { all } from '../plans/rows.ts';
import { likeEscape, maskRow, planWorklist, RESIDENT_TABLE } from '../plans/worklist.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { CHILD_TABLE, MAX_AGE_MONTHS, type ChildRecord } from './records.service.ts';

/**
 * Lists of the child programme, each scoped to the caller's units, masked and
 * paged in SQL: the children's records (child_case), the four worklists of
 * child_follow (新生儿待访视, 本月应体检, 逾期, 体弱儿 / 转诊), the residents
 * who may get a record and the mothers to link.
 */

type Q = SelectQueryBuilder<any, any, any>;

export interface ChildFilter {
  currentPage: number;
  pageSize: number;
  keyword: string;
  orgId?: string;
  doctorId?: string;
  weak?: string;
}

/** How long the newborn visit stays on 新生儿待访视 after its window closed: the neonatal period (28 days). */
const NEWBORN_LIST_DAYS = 28;
/** 逾期 lists checks whose window closed in the last 180 days; older misses stay visible on the child's page. */
const OVERDUE_LIST_DAYS = 180;

const nameLike = (keyword: string) => sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(keyword)} escape '\\'`;

function childRow(r: Record<string, any>, at: number, reveal: boolean) {
  const birth = Number(r.birth_date);
  const mother = r.motherName === null || r.motherName === undefined ? null : String(r.motherName);
  const row = maskRow(
    {
      childId: String(r.id),
      residentId: String(r.resident_id),
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      sex: r.sex ?? null,
      birthDate: birth,
      ageMonths: ageInMonths(birth, at),
      motherResidentId: r.mother_resident_id ?? null,
      motherPregnancyId: r.mother_pregnancy_id ?? null,
      birthWeightG: r.birth_weight_g === null ? null : Number(r.birth_weight_g),
      gestationalWeeks: r.gestational_weeks === null ? null : Number(r.gestational_weeks),
      dischargeDate: r.discharge_date === null ? null : Number(r.discharge_date),
      weak: Number(r.weak ?? 0),
      weakReason: r.weak_reason ?? null,
      referral: Number(r.referral ?? 0),
      lost: Number(r.lost ?? 0),
      lostReason: r.lost_reason ?? null,
      lastCheckAt: r.last_check_at === null || r.last_check_at === undefined ? null : Number(r.last_check_at),
      lastWeightBand: r.last_weight_band ?? null,
      lastLengthBand: r.last_length_band ?? null,
      orgId: r.org_id ?? null,
      orgName: r.org_name ?? null,
      doctorId: r.doctor_id ?? null,
      doctorName: r.doctor_name ?? null,
    },
    reveal,
  );
  return {
    ...row,
    motherName: mother === null ? null : reveal ? mother : maskRow({ fullName: mother, idNumber: '', phone: '' }, false).fullName,
  };
}

function recordsBase(db: Kysely<any>, scope: HealthScope, f: ChildFilter) {
  let q = db
    .selectFrom(`${CHILD_TABLE} as c`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id')
    .where(inScope(scope, 'c.org_id')) as Q;
  if (f.orgId) q = q.where('c.org_id', '=', f.orgId);
  if (f.doctorId) q = q.where('c.doctor_id', '=', f.doctorId);
  if (f.weak === '1') q = q.where('c.weak', '=', 1);
  if (f.weak === '0') q = q.where('c.weak', '=', 0);
  if (f.keyword) q = q.where(nameLike(f.keyword));
  return q;
}

async function pageRecords(db: Kysely<any>, base: Q, f: ChildFilter, order: 'birth' | 'updated', reveal: boolean) {
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin(`${RESIDENT_TABLE} as m`, 'm.id', 'c.mother_resident_id')
      .leftJoin('organizations as o', 'o.id', 'c.org_id')
      .leftJoin('users as u', 'u.id', 'c.doctor_id')
      .selectAll('c')
      .select([
        'o.full_name as org_name',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.sex').as('sex'),
        sql.ref('m.fullName').as('motherName'),
      ])
      .orderBy(order === 'birth' ? 'c.birth_date' : 'c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const at = now();
  return {
    list: rows.map((r) => childRow(r, at, reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** The children's records in scope, youngest first. */
export const listChildren = (db: Kysely<any>, scope: HealthScope, f: ChildFilter, reveal = false) =>
  pageRecords(db, recordsBase(db, scope, f), f, 'birth', reveal);

/**
 * Plans of children still followed (not 失访). The unary plus keeps SQLite from
 * starting at an index on c.lost (every child record of the county, then their
 * plans: 825 ms for a count at 1,000,000 residents); from the open plans of the
 * caller's units it reads a few rows (21 ms; bench/health-programmes.ts).
 */
const followed =
  (extra: (q: Q) => Q = (q) => q) =>
  (q: Q) =>
    extra(q.innerJoin(`${CHILD_TABLE} as c`, 'c.id', 'p.enrolment_id').where(sql<boolean>`+c.lost = 0`));

/** The first and last millisecond of the UTC calendar month of `at`. */
export function monthOf(at: number): { start: number; end: number } {
  const d = new Date(at);
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - 1 };
}

export async function childWorklist(db: Kysely<any>, scope: HealthScope, list: ChildWorklist, f: ChildFilter, reveal = false) {
  const at = now();
  const common = { ...f, keyword: f.keyword, scope, programme: CHILD_PROGRAMME, at, reveal, sort: 'asc' as const };
  switch (list) {
    case 'newborn':
      return planWorklist(
        db,
        { ...common, kind: 'newborn', state: 'open' },
        followed((q) => q.where('p.window_end', '>=', at - NEWBORN_LIST_DAYS * DAY_MS).where('p.window_start', '<=', at)),
      );
    case 'due': {
      // 本月应体检: checks (and Hb tests) not done whose window opens by the month's end and has not closed yet.
      const m = monthOf(at);
      return planWorklist(
        db,
        { ...common, kind: ['check', 'hb'], state: 'open' },
        followed((q) => q.where('p.window_start', '<=', m.end).where('p.window_end', '>=', at)),
      );
    }
    case 'overdue':
      return planWorklist(
        db,
        { ...common, kind: ['newborn', 'check', 'hb'], state: 'overdue', sort: 'desc' },
        followed((q) => q.where('p.window_end', '>=', at - OVERDUE_LIST_DAYS * DAY_MS)),
      );
    case 'weak': {
      const base = recordsBase(db, scope, f)
        .where('c.lost', '=', 0)
        .where((eb) => eb.or([eb('c.weak', '=', 1), eb('c.referral', '=', 1)]));
      return pageRecords(db, base, f, 'updated', reveal);
    }
  }
}

/** The child's plans with their check code and state (失访 when the child is lost). */
export async function childPlans(db: Kysely<any>, c: ChildRecord, at = now()) {
  const rows = await all(
    db,
    db
      .selectFrom('health_plans')
      .selectAll()
      .where('programme', '=', CHILD_PROGRAMME)
      .where('enrolment_id', '=', c.id)
      .orderBy('window_start')
      .orderBy('seq'),
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    code: CHILD_CHECKS[Number(r.seq)]?.code ?? String(r.seq),
    seq: Number(r.seq),
    planDate: Number(r.plan_date),
    windowStart: Number(r.window_start),
    windowEnd: Number(r.window_end),
    visitId: (r.visit_id as string | null) ?? null,
    visitedAt: r.visited_at === null ? null : Number(r.visited_at),
    state: childCheckState({ windowStart: Number(r.window_start), windowEnd: Number(r.window_end), visitId: r.visit_id }, at, !!c.lost),
  }));
}

/** Residents aged 0–6 in scope without a child record (the new-record picker), masked. */
export async function childCandidates(db: Kysely<any>, scope: HealthScope, keyword: string, reveal = false) {
  const at = now();
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .leftJoin(`${CHILD_TABLE} as c`, 'c.resident_id', 'r.id')
    .select([
      'r.id as id',
      sql.ref('r.fullName').as('fullName'),
      sql.ref('r.idNumber').as('idNumber'),
      sql.ref('r.phone').as('phone'),
      sql.ref('r.sex').as('sex'),
      sql.ref('r.birthDate').as('birthDate'),
      sql.ref('r.familyId').as('familyId'),
    ])
    .where('c.id', 'is', null)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where(sql<boolean>`coalesce(r.${sql.id('archiveState')}, 0) <> 2`)
    .where(sql<boolean>`r.${sql.id('birthDate')} > ${at - (MAX_AGE_MONTHS / 12) * 365.25 * DAY_MS}`) as Q;
  if (keyword) q = q.where(nameLike(keyword));
  const rows = await all(db, q.orderBy(sql.ref('r.birthDate'), 'desc').limit(20));
  return rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex ?? null,
        birthDate: r.birthDate === null ? null : Number(r.birthDate),
        ageMonths: r.birthDate === null ? null : ageInMonths(Number(r.birthDate), at),
        familyId: r.familyId ?? null,
      },
      reveal,
    ),
  );
}

/** Women of the child's family (else of the scope, by name) who may be the mother, masked. */
export async function motherCandidates(db: Kysely<any>, scope: HealthScope, childResidentId: string, keyword: string, reveal = false) {
  const at = now();
  const child = await db.selectFrom(RESIDENT_TABLE).select(['familyId']).where('id', '=', childResidentId).executeTakeFirst();
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .select([
      'r.id as id',
      sql.ref('r.fullName').as('fullName'),
      sql.ref('r.idNumber').as('idNumber'),
      sql.ref('r.phone').as('phone'),
      sql.ref('r.birthDate').as('birthDate'),
    ])
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where('r.sex', '=', '2')
    .where('r.id', '<>', childResidentId) as Q;
  if (keyword) q = q.where(nameLike(keyword));
  else if (child?.familyId) q = q.where('r.familyId', '=', child.familyId);
  else return [];
  const rows = await all(db, q.orderBy('r.id').limit(20));
  return rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        age: r.birthDate === null ? null : ageOn(Number(r.birthDate), at),
      },
      reveal,
    ),
  );
}
