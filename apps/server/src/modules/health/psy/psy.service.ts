import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ageOn, maskName, maskPhone, PSY_PLAN_KINDS, type PsyWorklist } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { all } from '../plans/rows.ts';
import { likeEscape, maskRow, planWorklist, RESIDENT_TABLE } from '../plans/worklist.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { PSY_DIAGNOSIS_DICT, PSY_TABLE } from '../../../db/seed/health/psy-models.ts';
import { dictTypeId } from '../../../db/seed/system.ts';
import { ENROLMENTS } from './enrolment.service.ts';
import { PSY } from './settings.ts';

/**
 * Lists of the programme: patients and the five worklists, scoped to the
 * caller's units, masked (names, ID numbers, phones, the guardian) and paged in
 * SQL; the visits of one enrolment; residents not yet enrolled.
 */

type Q = SelectQueryBuilder<any, any, any>;
const DIAGNOSIS_TYPE_ID = dictTypeId(PSY_DIAGNOSIS_DICT);

export interface PsyListFilter {
  currentPage: number;
  pageSize: number;
  keyword: string;
  orgId?: string;
  doctorId?: string;
  outcome?: string;
}

const residentColumns = [
  sql.ref('r.fullName').as('fullName'),
  sql.ref('r.idNumber').as('idNumber'),
  sql.ref('r.phone').as('phone'),
  sql.ref('r.sex').as('sex'),
  sql.ref('r.birthDate').as('birthDate'),
];

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function patientRow(r: Record<string, any>, at: number, reveal: boolean) {
  const birth = n(r.birthDate);
  const row = maskRow(
    {
      enrolmentId: String(r.id),
      residentId: String(r.resident_id),
      fullName: String(r.fullName ?? ''),
      idNumber: String(r.idNumber ?? ''),
      phone: String(r.phone ?? ''),
      sex: r.sex ?? null,
      age: birth === null ? null : ageOn(birth, at),
      diagnosis: String(r.diagnosis),
      diagnosisName: r.diagnosis_name ?? null,
      diagnosedAt: n(r.diagnosed_at),
      guardianName: r.guardian_name ?? null,
      guardianPhone: r.guardian_phone ?? null,
      guardianRelation: r.guardian_relation ?? null,
      orgId: r.org_id ?? null,
      orgName: r.org_name ?? null,
      doctorId: r.doctor_id ?? null,
      doctorName: r.doctor_name ?? null,
      outcome: Number(r.outcome),
      outcomeReason: r.outcome_reason ?? null,
      enrolledAt: Number(r.enrolled_at),
      lastVisitAt: n(r.last_visit_at),
      lastClassification: r.last_classification ?? null,
      lastRiskLevel: n(r.last_risk_level),
      locked: Number(r.locked ?? 0),
      inHospital: Number(r.in_hospital ?? 0),
    },
    reveal,
  );
  if (!reveal) {
    row.guardianName = row.guardianName ? maskName(row.guardianName) : null;
    row.guardianPhone = row.guardianPhone ? maskPhone(row.guardianPhone) : null;
  }
  return row;
}

/** Enrolments in scope; `flag` narrows to a worklist on the enrolment's last-visit facts. */
export async function listPatients(
  db: Kysely<any>,
  scope: HealthScope,
  f: PsyListFilter,
  flag?: 'highRisk' | 'locked' | 'hospital',
  reveal = false,
) {
  let base = db
    .selectFrom(`${ENROLMENTS} as e`)
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'e.resident_id')
    .where(inScope(scope, 'e.org_id')) as Q;
  if (f.outcome) base = base.where('e.outcome', '=', Number(f.outcome));
  if (flag) base = base.where('e.outcome', '<>', 2);
  if (flag === 'highRisk') base = base.where('e.last_risk_level', '>=', 3);
  if (flag === 'locked') base = base.where('e.locked', '=', 1);
  if (flag === 'hospital') base = base.where('e.in_hospital', '=', 1);
  if (f.orgId) base = base.where('e.org_id', '=', f.orgId);
  if (f.doctorId) base = base.where('e.doctor_id', '=', f.doctorId);
  if (f.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(f.keyword)} escape '\\'`);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'e.org_id')
      .leftJoin('users as u', 'u.id', 'e.doctor_id')
      .leftJoin('dictionary_data as d', (j) => j.onRef('d.en_code', '=', 'e.diagnosis').on('d.dictionary_type_id', '=', DIAGNOSIS_TYPE_ID))
      .selectAll('e')
      .select(['o.full_name as org_name', 'u.real_name as doctor_name', 'd.full_name as diagnosis_name', ...residentColumns])
      .orderBy(flag ? 'e.last_visit_at' : 'e.enrolled_at', flag ? 'asc' : 'desc')
      .orderBy('e.id')
      .limit(f.pageSize)
      .offset((f.currentPage - 1) * f.pageSize),
  );
  const at = now();
  return {
    list: rows.map((r) => patientRow(r, at, reveal)),
    pagination: { currentPage: f.currentPage, pageSize: f.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** Open plans of an active enrolment not yet overtaken by a visit (a later visit than the one that made the plan fills or supersedes it). */
const currentPlan = (q: Q) =>
  q
    .innerJoin(`${ENROLMENTS} as e`, 'e.id', 'p.enrolment_id')
    .where('e.outcome', '=', 0)
    .where((eb) => eb.or([eb('e.last_visit_at', 'is', null), eb('e.last_visit_at', '<=', eb.ref('p.window_start'))]));

/** One of the five worklists. */
export async function psyWorklist(db: Kysely<any>, scope: HealthScope, list: PsyWorklist, f: PsyListFilter, reveal = false) {
  const at = now();
  const plans = { ...f, scope, programme: PSY, at, reveal, sort: 'asc' as const };
  switch (list) {
    case 'unstable':
      return planWorklist(db, { ...plans, kind: 'unstable', state: 'open' }, currentPlan);
    case 'overdue':
      return planWorklist(db, { ...plans, kind: PSY_PLAN_KINDS, state: 'overdue' }, currentPlan);
    default:
      return listPatients(db, scope, f, list, reveal);
  }
}

/** The visits of one enrolment, newest first (the patient's page; the caller audits the view). */
export async function enrolmentVisits(db: Kysely<any>, enrolmentId: string) {
  const rows = await all(
    db,
    db
      .selectFrom(`${PSY_TABLE} as v`)
      .leftJoin('users as u', 'u.id', 'v.doctorId')
      .select([
        'v.id as id',
        sql.ref('v.visitDate').as('visitdate'),
        sql.ref('v.riskLevel').as('risklevel'),
        'v.insight as insight',
        sql.ref('v.suggestedClassification').as('suggested'),
        'v.classification as classification',
        sql.ref('v.overrideReason').as('reason'),
        sql.ref('v.lockState').as('lockstate'),
        sql.ref('v.hospitalState').as('hospitalstate'),
        sql.ref('v.nextVisitDate').as('nextvisit'),
        'u.real_name as doctor',
      ])
      .where('v.enrolmentId', '=', enrolmentId)
      .orderBy('v.visitDate', 'desc')
      .orderBy('v.id', 'desc')
      .limit(200),
  );
  return rows.map((r) => ({
    id: String(r.id),
    visitDate: Number(r.visitdate),
    riskLevel: r.risklevel === null || r.risklevel === undefined ? null : String(r.risklevel),
    insight: r.insight ?? null,
    suggestedClassification: r.suggested ?? null,
    classification: r.classification ?? null,
    overrideReason: r.reason ?? null,
    lockState: r.lockstate ?? null,
    hospitalState: r.hospitalstate ?? null,
    nextVisitDate: n(r.nextvisit),
    doctorName: r.doctor ?? null,
  }));
}

/** Residents in scope not yet enrolled (the enrol dialog's picker), masked. */
export async function psyCandidates(db: Kysely<any>, scope: HealthScope, keyword: string) {
  let q = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .leftJoin(`${ENROLMENTS} as e`, 'e.resident_id', 'r.id')
    .select(['r.id as id', ...residentColumns])
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
        age: n(r.birthDate) === null ? null : ageOn(Number(r.birthDate), at),
      },
      false,
    ),
  );
}
