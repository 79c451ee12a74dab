import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  ageOn,
  computeBmi,
  DAY_MS,
  dangerSigns,
  isLateEntry,
  suggestClassification,
  visitOutcome,
  type ChronicProgramme,
  type ClassifyAnswer,
  type Worklist,
} from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { likeEscape, maskRow, planWorklist, RESIDENT_TABLE } from '../plans/worklist.ts';
import { findEnrolment } from './enrolment.service.ts';
import { residentInScope } from './residents.ts';
import { FOLLOWUP_MODELS, previousVisit } from './visit-hooks.ts';
import { all } from '../plans/rows.ts';

/** Lists of the chronic programmes: patients, the five worklists, follow-ups across programmes; the live classification. */

type Q = SelectQueryBuilder<any, any, any>;

export interface ListFilter {
  currentPage: number;
  pageSize: number;
  keyword: string;
  orgId?: string;
  doctorId?: string;
  sort: 'asc' | 'desc';
}

const activeEnrolment = (q: Q) => q.innerJoin('health_chronic_enrolments as e', 'e.id', 'p.enrolment_id').where('e.outcome', '=', 0);

const residentColumns = [
  sql.ref('r.fullName').as('fullName'),
  sql.ref('r.idNumber').as('idNumber'),
  sql.ref('r.phone').as('phone'),
  sql.ref('r.sex').as('sex'),
  sql.ref('r.birthDate').as('birthDate'),
];

function enrolmentRow(r: Record<string, any>, at: number, reveal: boolean) {
  const birth = r.birthDate === null || r.birthDate === undefined ? null : Number(r.birthDate);
  return maskRow(
    {
      enrolmentId: String(r.id),
      residentId: String(r.resident_id),
      programme: r.programme,
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      sex: r.sex ?? null,
      age: birth === null ? null : ageOn(birth, at),
      orgId: r.org_id ?? null,
      orgName: r.org_name ?? null,
      doctorId: r.doctor_id ?? null,
      doctorName: r.doctor_name ?? null,
      outcome: Number(r.outcome),
      outcomeReason: r.outcome_reason ?? null,
      diagnosedAt: r.diagnosed_at === null ? null : Number(r.diagnosed_at),
      managementGroup: r.management_group ?? null,
      riskLevel: r.risk_level ?? null,
      referralFlag: Number(r.referral_flag ?? 0),
      lastClassification: r.last_classification ?? null,
      lastVisitAt: r.last_visit_at === null || r.last_visit_at === undefined ? null : Number(r.last_visit_at),
      enrolledAt: Number(r.enrolled_at),
    },
    reveal,
  );
}

/** Enrolments of a programme in scope (the patients tab; the 需转诊 worklist with referral). */
export async function listEnrolments(
  db: Kysely<any>,
  scope: HealthScope,
  programme: ChronicProgramme,
  f: ListFilter & { outcome?: string; referral?: 'any' | '0' | '1' | '2' | '' },
  reveal = false,
) {
  let base = db
    .selectFrom('health_chronic_enrolments as e')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'e.resident_id')
    .where('e.programme', '=', programme)
    .where(inScope(scope, 'e.org_id')) as Q;
  if (f.outcome) base = base.where('e.outcome', '=', Number(f.outcome));
  if (f.referral === 'any') base = base.where('e.referral_flag', '>', 0).where('e.outcome', '=', 0);
  else if (f.referral) base = base.where('e.referral_flag', '=', Number(f.referral));
  if (f.orgId) base = base.where('e.org_id', '=', f.orgId);
  if (f.doctorId) base = base.where('e.doctor_id', '=', f.doctorId);
  if (f.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'e.org_id')
      .leftJoin('users as u', 'u.id', 'e.doctor_id')
      .selectAll('e')
      .select(['o.full_name as org_name', 'u.real_name as doctor_name', ...residentColumns])
      .orderBy(f.referral === 'any' ? 'e.updated_at' : 'e.enrolled_at', f.sort)
      .orderBy('e.id', f.sort)
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const at = now();
  return {
    list: rows.map((r) => enrolmentRow(r, at, reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** Follow-up records (one programme's table, alias v) joined to the resident and the enrolment. */
function visitsOf(db: Kysely<any>, programme: ChronicProgramme) {
  return db
    .selectFrom(`${FOLLOWUP_MODELS[programme].table} as v`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'v.residentId')
    .select([
      'v.id as id',
      sql.lit(programme).as('programme'),
      'v.residentId as resident_id',
      'v.enrolmentId as enrolment_id',
      'v.visitDate as visit_date',
      'v.visitMethod as visit_method',
      'v.systolic as systolic',
      'v.diastolic as diastolic',
      (programme === 'dm' ? sql.ref('v.glucose') : sql.lit(null)).as('glucose'),
      'v.classification as classification',
      'v.referralFlag as referral_flag',
      'v.lateEntry as late_entry',
      'v.doctorId as doctor_id',
      'v.manageOrgId as org_id',
      'v.creator_time as entered_at',
      ...residentColumns,
    ]) as Q;
}

function visitRow(r: Record<string, any>, reveal: boolean) {
  return maskRow(
    {
      visitId: String(r.id),
      programme: r.programme,
      residentId: String(r.resident_id),
      enrolmentId: r.enrolment_id ?? null,
      visitDate: Number(r.visit_date),
      visitMethod: r.visit_method ?? null,
      systolic: r.systolic === null ? null : Number(r.systolic),
      diastolic: r.diastolic === null ? null : Number(r.diastolic),
      glucose: r.glucose === null || r.glucose === undefined ? null : Number(r.glucose),
      classification: r.classification ?? null,
      referralFlag: Number(r.referral_flag ?? 0),
      lateEntry: Number(r.late_entry ?? 0),
      doctorId: r.doctor_id ?? null,
      doctorName: r.doctor_name ?? null,
      orgId: r.org_id ?? null,
      orgName: r.org_name ?? null,
      enteredAt: r.entered_at === null ? null : Number(r.entered_at),
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      sex: r.sex ?? null,
    },
    reveal,
  );
}

export interface VisitFilter extends ListFilter {
  programmes: ChronicProgramme[];
  classification?: string;
  from?: number;
  to?: number;
  residentId?: string;
  lateEntry?: string;
}

/** Follow-ups of one or both programmes in scope (treatment_list; the 延后录入 worklist), newest visit first, paged in SQL. */
export async function listVisits(db: Kysely<any>, scope: HealthScope, f: VisitFilter, reveal = false) {
  const part = (p: ChronicProgramme) => {
    let q = visitsOf(db, p).where(inScope(scope, sql.ref('v.manageOrgId')));
    if (f.classification) q = q.where('v.classification', '=', f.classification);
    if (f.lateEntry) q = q.where('v.lateEntry', '=', Number(f.lateEntry));
    if (f.from !== undefined) q = q.where('v.visitDate', '>=', f.from);
    if (f.to !== undefined) q = q.where('v.visitDate', '<=', f.to);
    if (f.residentId) q = q.where('v.residentId', '=', f.residentId);
    if (f.orgId) q = q.where('v.manageOrgId', '=', f.orgId);
    if (f.doctorId) q = q.where('v.doctorId', '=', f.doctorId);
    if (f.keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
    return q;
  };
  const [first, ...rest] = f.programmes.map(part);
  const union = rest.reduce((acc, q) => acc.unionAll(q), first!);
  const from = db.selectFrom(union.as('x'));
  const total = await from.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    from
      .leftJoin('organizations as o', 'o.id', 'x.org_id')
      .leftJoin('users as u', 'u.id', 'x.doctor_id')
      .selectAll('x')
      .select(['o.full_name as org_name', 'u.real_name as doctor_name'])
      .orderBy('x.visit_date', f.sort)
      .orderBy('x.id', f.sort)
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  return {
    list: rows.map((r) => visitRow(r, reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** One of the five worklists of a programme. */
export async function worklist(
  db: Kysely<any>,
  scope: HealthScope,
  programme: ChronicProgramme,
  list: Worklist,
  f: ListFilter,
  reveal = false,
) {
  const at = now();
  switch (list) {
    case 'due':
    case 'overdue':
      return planWorklist(db, { ...f, scope, programme, kind: 'regular', state: list, at, reveal }, activeEnrolment);
    case 'recheck':
      // Newest first, as referrals and late entries: the rechecks of the last two weeks are the ones to act on.
      return planWorklist(
        db,
        { ...f, scope, programme, kind: 'recheck', state: 'open', at, reveal, sort: f.sort === 'asc' ? 'desc' : 'asc' },
        activeEnrolment,
      );
    case 'referral':
      return listEnrolments(db, scope, programme, { ...f, referral: 'any', sort: f.sort === 'asc' ? 'desc' : 'asc' }, reveal);
    case 'late':
      return listVisits(db, scope, { ...f, programmes: [programme], lateEntry: '1', sort: f.sort === 'asc' ? 'desc' : 'asc' }, reveal);
  }
}

/** The suggestion the visit form shows while values are typed: the same rules the save runs. */
export async function classify(
  db: Kysely<any>,
  scope: HealthScope,
  programme: ChronicProgramme,
  input: {
    residentId: string;
    visitDate: number;
    systolic?: number | null;
    diastolic?: number | null;
    heartRate?: number | null;
    glucose?: number | null;
    temperature?: number | null;
    weightKg?: number | null;
    drugReaction?: unknown;
    complication?: unknown;
  },
): Promise<ClassifyAnswer> {
  const resident = await residentInScope(db, scope, input.residentId);
  const visitDate = Math.round(input.visitDate / DAY_MS) * DAY_MS;
  const age = resident.birthDate !== null ? ageOn(resident.birthDate, visitDate) : null;
  const values = input as Parameters<typeof suggestClassification>[1];
  const suggested = suggestClassification(programme, values, age);
  const enrolment = await findEnrolment(db, resident.id, programme);
  const prev = enrolment ? await previousVisit(db, programme, enrolment.id, visitDate, null) : null;
  const outcome = visitOutcome(programme, suggested, prev?.classification ?? null, values);
  return {
    suggested,
    ageYears: age,
    bmi: computeBmi(input.weightKg, resident.heightCm),
    danger: dangerSigns(programme, values),
    referralFlag: outcome.referralFlag,
    recheck: outcome.recheck,
    previousClassification: prev?.classification ?? null,
    lateEntry: isLateEntry(visitDate, now()),
  };
}

/** Residents in scope not yet enrolled in the programme (the enrol dialog's picker), masked. */
export async function candidates(db: Kysely<any>, scope: HealthScope, programme: ChronicProgramme, keyword: string, reveal = false) {
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .leftJoin('health_chronic_enrolments as e', (j) => j.onRef('e.resident_id', '=', 'r.id').on('e.programme', '=', programme))
    .select(['r.id as id', sql.ref('r.manageOrgId').as('org_id'), ...residentColumns])
    .where('e.id', 'is', null)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .where(sql<boolean>`coalesce(r.${sql.id('archiveState')}, 0) <> 2`) as Q;
  if (keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(keyword)} escape '\\'`);
  const rows = await all(db, q.orderBy('r.id').limit(20));
  const at = now();
  return rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex ?? null,
        age: r.birthDate === null || r.birthDate === undefined ? null : ageOn(Number(r.birthDate), at),
        orgId: r.org_id ?? null,
      },
      reveal,
    ),
  );
}
