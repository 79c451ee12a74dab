import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ageOn, DEPENDENT_SCORE, elderlyBirthBound, elderlyYearBounds, SCREEN_POSITIVE, type ElderlyWorklist } from '@medalliance/contract';
import { ELDERLY_CHECK_TABLE } from '../../../db/seed/health/elderly-models.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../plans/worklist.ts';
import { all } from '../plans/rows.ts';

/**
 * The elderly programme's lists (issue 18, M8), each one bound statement
 * filtered, sorted and paged in SQL, scoped by the resident's CURRENT unit
 * (checks belong to the resident, so a transfer moves them with nothing to
 * update) and masked:
 * - eligible residents (archive 正常, born in year − 65 or earlier) with
 *   whether they have a check in the year (本年未检 = those without);
 * - 自理能力依赖: the last check's self-care total ≥ 4;
 * - 筛查阳性: the last check's cognition or emotion screen positive;
 * - the checks themselves.
 */

type Q = SelectQueryBuilder<any, any, any>;
/** archiveState 正常: drafts and cancelled archives are not counted. */
const ARCHIVE_NORMAL = 1;

export interface ElderlyFilter {
  year: number;
  at: number;
  currentPage: number;
  pageSize: number;
  keyword?: string;
  orgId?: string;
  /** Only these units (a KPI row's organisations). */
  orgIds?: string[];
  doctorId?: string;
  checked?: '0' | '1' | '';
}

/** `exists` a check of the resident (alias r) in the year. */
export const checkedIn = (year: number) =>
  sql<boolean>`exists (select 1 from ${sql.table(ELDERLY_CHECK_TABLE)} c where c.${sql.id('residentId')} = r.id and c.${sql.id('checkYear')} = ${year})`;

/** Residents eligible in the year: archive 正常 and born before the year's bound (alias r). */
export function eligibleResidents(db: Kysely<any>, year: number) {
  return db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .where('r.archiveState', '=', ARCHIVE_NORMAL)
    .where('r.birthDate', '<', elderlyBirthBound(year)) as Q;
}

function filtered(q: Q, scope: HealthScope, f: ElderlyFilter): Q {
  q = q.where(inScope(scope, sql.ref('r.manageOrgId')));
  if (f.orgIds) q = f.orgIds.length ? q.where('r.manageOrgId', 'in', f.orgIds) : q.where(sql<boolean>`1 = 0`);
  if (f.orgId) q = q.where('r.manageOrgId', '=', f.orgId);
  if (f.doctorId) q = q.where('r.doctorId', '=', f.doctorId);
  if (f.keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  return q;
}

const n = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

export interface ElderlyRow {
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  age: number | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  checked: boolean;
  lastCheckId: string | null;
  lastCheckDate: number | null;
  selfCareScore: number | null;
  selfCareBand: string | null;
  cognition: string | null;
  emotion: string | null;
}

async function page(db: Kysely<any>, base: Q, f: ElderlyFilter, order: (q: Q) => Q, reveal: boolean) {
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    order(
      base
        .leftJoin('health_old_last as l', 'l.resident_id', 'r.id')
        .leftJoin('organizations as o', 'o.id', 'r.manageOrgId')
        .leftJoin('users as u', 'u.id', 'r.doctorId')
        .select([
          'r.id as resident_id',
          sql.ref('r.fullName').as('fullName'),
          sql.ref('r.idNumber').as('idNumber'),
          sql.ref('r.phone').as('phone'),
          sql.ref('r.sex').as('sex'),
          sql.ref('r.birthDate').as('birthDate'),
          sql.ref('r.manageOrgId').as('org_id'),
          sql.ref('r.doctorId').as('doctor_id'),
          'o.full_name as org_name',
          'u.real_name as doctor_name',
          'l.check_id',
          'l.check_date',
          'l.self_care_score',
          'l.self_care_band',
          'l.cognition',
          'l.emotion',
          sql<number>`case when ${checkedIn(f.year)} then 1 else 0 end`.as('checked'),
        ]),
    )
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const list: ElderlyRow[] = rows.map((r) =>
    maskRow(
      {
        residentId: String(r.resident_id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
        age: n(r.birthDate) === null ? null : ageOn(Number(r.birthDate), f.at),
        orgId: r.org_id ?? null,
        orgName: r.org_name ?? null,
        doctorId: r.doctor_id ?? null,
        doctorName: r.doctor_name ?? null,
        checked: Number(r.checked) === 1,
        lastCheckId: r.check_id ?? null,
        lastCheckDate: n(r.check_date),
        selfCareScore: n(r.self_care_score),
        selfCareBand: r.self_care_band ?? null,
        cognition: r.cognition ?? null,
        emotion: r.emotion ?? null,
      },
      reveal,
    ),
  );
  return { list, pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) } };
}

/** Eligible residents of the year, with their last check; `checked` '0' = 本年未检, '1' = checked. Oldest first. */
export async function elderlyResidents(db: Kysely<any>, scope: HealthScope, f: ElderlyFilter, reveal = false) {
  let base = filtered(eligibleResidents(db, f.year), scope, f);
  if (f.checked === '1') base = base.where(checkedIn(f.year));
  else if (f.checked === '0') base = base.where(sql<boolean>`not ${checkedIn(f.year)}`);
  return page(db, base, f, (q) => q.orderBy('r.birthDate', 'asc').orderBy('r.id', 'asc'), reveal);
}

/** One of the three worklists. */
export async function elderlyWorklist(db: Kysely<any>, scope: HealthScope, list: ElderlyWorklist, f: ElderlyFilter, reveal = false) {
  if (list === 'unchecked') return elderlyResidents(db, scope, { ...f, checked: '0' }, reveal);
  // From the last-check rows (index on score / screens), residents whose archive is still 正常.
  let base = db
    .selectFrom('health_old_last as w')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'w.resident_id')
    .where('r.archiveState', '=', ARCHIVE_NORMAL) as Q;
  base =
    list === 'dependent'
      ? base.where('w.self_care_score', '>=', DEPENDENT_SCORE)
      : base.where((eb) => eb.or([eb('w.cognition', '=', SCREEN_POSITIVE), eb('w.emotion', '=', SCREEN_POSITIVE)]));
  base = filtered(base, scope, f);
  return page(
    db,
    base,
    f,
    (q) => (list === 'dependent' ? q.orderBy('w.self_care_score', 'desc') : q).orderBy('w.check_date', 'desc').orderBy('r.id', 'asc'),
    reveal,
  );
}

/** The checks of a year (or all years) in scope, newest first. */
export async function elderlyChecks(db: Kysely<any>, scope: HealthScope, f: ElderlyFilter & { residentId?: string }, reveal = false) {
  let base = db.selectFrom(`${ELDERLY_CHECK_TABLE} as c`).innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.residentId') as Q;
  base = filtered(base, scope, f);
  if (f.year) {
    const { from, to } = elderlyYearBounds(f.year);
    base = base.where('c.checkDate', '>=', from).where('c.checkDate', '<', to);
  }
  if (f.residentId) base = base.where('c.residentId', '=', f.residentId);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'c.manageOrgId')
      .leftJoin('users as u', 'u.id', 'c.doctorId')
      .select([
        'c.id as check_id',
        'c.residentId as resident_id',
        'c.checkDate as check_date',
        'c.selfCareScore as score',
        'c.selfCareBand as band',
        'c.cognition as cognition',
        'c.emotion as emotion',
        'o.full_name as org_name',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        sql.ref('r.sex').as('sex'),
        sql.ref('r.birthDate').as('birthDate'),
      ])
      .orderBy('c.checkDate', 'desc')
      .orderBy('c.id', 'desc')
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  return {
    list: rows.map((r) =>
      maskRow(
        {
          checkId: String(r.check_id),
          residentId: String(r.resident_id),
          fullName: String(r.fullName ?? ''),
          idNumber: String(r.idNumber ?? ''),
          phone: String(r.phone ?? ''),
          sex: r.sex ?? null,
          age: n(r.birthDate) === null ? null : ageOn(Number(r.birthDate), Number(r.check_date)),
          checkDate: Number(r.check_date),
          selfCareScore: n(r.score),
          selfCareBand: r.band ?? null,
          cognition: r.cognition ?? null,
          emotion: r.emotion ?? null,
          orgName: r.org_name ?? null,
          doctorName: r.doctor_name ?? null,
        },
        reveal,
      ),
    ),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}
