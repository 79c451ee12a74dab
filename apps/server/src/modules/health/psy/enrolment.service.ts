import type { Kysely } from 'kysely';
import { DAY_MS, startOfUtcDay, type EnrolmentOutcome, type PsyEnrolmentCreateBody } from '@medalliance/contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { PSY_DIAGNOSIS_DICT } from '../../../db/seed/health/psy-models.ts';
import { dictTypeId } from '../../../db/seed/system.ts';
import { residentInScope } from '../chronic/residents.ts';
import { insertPlans, type PlanOwner } from '../plans/plans.service.ts';
import { all, first } from '../plans/rows.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { recordStateChange, stateHistory as readStateHistory } from '../records/state-history.ts';
import { getPsySettings, PSY } from './settings.ts';

/**
 * Enrolments of the severe-mental-disorder programme (issue 18, M4): one per
 * resident, diagnosis from the psyDiagnosis dictionary, guardian, responsible
 * doctor and unit, outcome 管理中 ⇄ 暂时失访 → 终止管理 (with a reason), the
 * first visit planned within firstDays of enrolment.
 */

export const ENROLMENTS = 'health_psy_enrolments';
const ENTITY = 'psyEnrolment';
/** Timeline titles stay neutral: the resident's timeline is read by every records user, this diagnosis is not theirs to see. */
export const TIMELINE_TITLE = { enrol: '纳入专项管理（受限信息）', visit: '专项随访（受限信息）', outcome: '专项管理转归（受限信息）' };

export interface PsyEnrolment {
  id: string;
  residentId: string;
  diagnosis: string;
  diagnosedAt: number | null;
  guardianName: string | null;
  guardianPhone: string | null;
  guardianRelation: string | null;
  doctorId: string | null;
  orgId: string | null;
  outcome: EnrolmentOutcome;
  outcomeReason: string | null;
  enrolledAt: number;
  lastVisitId: string | null;
  lastVisitAt: number | null;
  lastClassification: string | null;
  lastRiskLevel: number | null;
  locked: number;
  inHospital: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function enrolmentOut(r: Record<string, unknown>): PsyEnrolment {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    diagnosis: String(r.diagnosis),
    diagnosedAt: num(r.diagnosed_at),
    guardianName: str(r.guardian_name),
    guardianPhone: str(r.guardian_phone),
    guardianRelation: str(r.guardian_relation),
    doctorId: str(r.doctor_id),
    orgId: str(r.org_id),
    outcome: Number(r.outcome) as EnrolmentOutcome,
    outcomeReason: str(r.outcome_reason),
    enrolledAt: Number(r.enrolled_at),
    lastVisitId: str(r.last_visit_id),
    lastVisitAt: num(r.last_visit_at),
    lastClassification: str(r.last_classification),
    lastRiskLevel: num(r.last_risk_level),
    locked: Number(r.locked ?? 0),
    inHospital: Number(r.in_hospital ?? 0),
  };
}

export async function findPsyEnrolment(db: Kysely<any>, residentId: string): Promise<PsyEnrolment | null> {
  const r = await first(db, db.selectFrom(ENROLMENTS).selectAll().where('resident_id', '=', residentId));
  return r ? enrolmentOut(r) : null;
}

/** The enrolment, 404 when unknown, 403 outside the caller's units. */
export async function psyEnrolmentById(db: Kysely<any>, scope: HealthScope, id: string): Promise<PsyEnrolment> {
  const r = await first(db, db.selectFrom(ENROLMENTS).selectAll().where('id', '=', id));
  if (!r) throw notFound();
  const e = enrolmentOut(r);
  if (!orgInScope(scope, e.orgId)) throw forbidden();
  return e;
}

export const psyPlanOwner = (e: Pick<PsyEnrolment, 'id' | 'residentId' | 'enrolledAt' | 'doctorId' | 'orgId'>): PlanOwner => ({
  enrolmentId: e.id,
  programme: PSY,
  residentId: e.residentId,
  enrolledAt: e.enrolledAt,
  doctorId: e.doctorId,
  orgId: e.orgId,
});

/** The covered diagnoses: the enabled items of the psyDiagnosis dictionary. */
export async function diagnoses(db: Kysely<any>): Promise<{ code: string; name: string }[]> {
  const rows = await all(
    db,
    db
      .selectFrom('dictionary_data')
      .select(['en_code as code', 'full_name as name'])
      .where('dictionary_type_id', '=', dictTypeId(PSY_DIAGNOSIS_DICT))
      .where('enabled_mark', '=', 1)
      .orderBy('sort_code'),
  );
  return rows.map((r) => ({ code: String(r.code), name: String(r.name) }));
}

async function assertDiagnosis(db: Kysely<any>, code: string | undefined) {
  if (code === undefined) return;
  if (!(await diagnoses(db)).some((d) => d.code === code)) throw badRequest('psy.unknownDiagnosis');
}

async function assertDoctor(db: Kysely<any>, doctorId: string | null | undefined) {
  if (!doctorId) return;
  const u = await db.selectFrom('users').select('id').where('id', '=', doctorId).executeTakeFirst();
  if (!u) throw badRequest('psy.unknownDoctor');
}

const endOfToday = () => startOfUtcDay(now()) + DAY_MS - 1;
const history = (
  db: Kysely<any>,
  e: { entityId: string; field: string; oldValue: string | null; newValue: string | null; reason?: string | null; userId: string | null },
) => recordStateChange(db, { entity: ENTITY, ...e });

/** The first visit, due within firstDays of enrolment (the enrolment day fills it too). */
export function firstPlan(enrolledAt: number, firstDays: number) {
  const d = startOfUtcDay(enrolledAt);
  return { planDate: d + firstDays * DAY_MS, windowStart: d, windowEnd: d + (firstDays + 1) * DAY_MS - 1 };
}

export async function enrolPsy(db: Kysely<any>, scope: HealthScope, userId: string, input: PsyEnrolmentCreateBody): Promise<PsyEnrolment> {
  const resident = await residentInScope(db, scope, input.residentId);
  if (resident.archiveState === 2) throw badRequest('psy.archiveCancelled');
  if (input.diagnosedAt && input.diagnosedAt > endOfToday()) throw badRequest('psy.futureDate', { field: 'diagnosedAt' });
  if (input.enrolledAt && input.enrolledAt > endOfToday()) throw badRequest('psy.futureDate', { field: 'enrolledAt' });
  await assertDiagnosis(db, input.diagnosis);
  await assertDoctor(db, input.doctorId);
  if (await findPsyEnrolment(db, resident.id)) throw conflict('psy.alreadyEnrolled');
  const at = now();
  const row = {
    id: newId(),
    resident_id: resident.id,
    diagnosis: input.diagnosis,
    diagnosed_at: input.diagnosedAt ?? null,
    guardian_name: input.guardianName || null,
    guardian_phone: input.guardianPhone || null,
    guardian_relation: input.guardianRelation || null,
    doctor_id: input.doctorId ?? resident.doctorId ?? userId,
    org_id: resident.manageOrgId,
    outcome: 0,
    outcome_reason: null,
    enrolled_at: input.enrolledAt ?? at,
    last_visit_id: null,
    last_visit_at: null,
    last_classification: null,
    last_risk_level: null,
    locked: 0,
    in_hospital: 0,
    created_at: at,
    updated_at: null,
  };
  await db.transaction().execute(async (trx) => {
    try {
      await trx.insertInto(ENROLMENTS).values(row).execute();
    } catch {
      throw conflict('psy.alreadyEnrolled');
    }
    const e = enrolmentOut(row);
    const s = await getPsySettings(trx);
    await insertPlans(trx, [{ owner: psyPlanOwner(e), kind: 'first', seq: 0, ...firstPlan(e.enrolledAt, s.firstDays) }]);
    await history(trx, { entityId: e.id, field: 'outcome', oldValue: null, newValue: '0', userId });
    await addTimelineEntry(trx, {
      residentId: resident.id,
      kind: 'psyEnrol',
      title: TIMELINE_TITLE.enrol,
      refModel: 'healthPsyEnrolment',
      refId: e.id,
      at,
      orgId: resident.manageOrgId,
    });
  });
  return enrolmentOut(row);
}

export async function updatePsyEnrolment(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  id: string,
  input: Partial<Omit<PsyEnrolmentCreateBody, 'residentId' | 'enrolledAt'>>,
): Promise<PsyEnrolment> {
  const e = await psyEnrolmentById(db, scope, id);
  if (input.diagnosedAt && input.diagnosedAt > endOfToday()) throw badRequest('psy.futureDate', { field: 'diagnosedAt' });
  await assertDiagnosis(db, input.diagnosis);
  await assertDoctor(db, input.doctorId);
  const set: Record<string, unknown> = { updated_at: now() };
  if (input.diagnosis !== undefined) set.diagnosis = input.diagnosis;
  if (input.diagnosedAt !== undefined) set.diagnosed_at = input.diagnosedAt;
  if (input.guardianName !== undefined) set.guardian_name = input.guardianName || null;
  if (input.guardianPhone !== undefined) set.guardian_phone = input.guardianPhone || null;
  if (input.guardianRelation !== undefined) set.guardian_relation = input.guardianRelation || null;
  if (input.doctorId) set.doctor_id = input.doctorId;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(ENROLMENTS).set(set).where('id', '=', id).execute();
    if (set.doctor_id && set.doctor_id !== e.doctorId) {
      await trx
        .updateTable('health_plans')
        .set({ doctor_id: set.doctor_id })
        .where('enrolment_id', '=', id)
        .where('visit_id', 'is', null)
        .execute();
      await history(trx, { entityId: id, field: 'doctorId', oldValue: e.doctorId, newValue: String(set.doctor_id), userId });
    }
    if (set.diagnosis !== undefined && set.diagnosis !== e.diagnosis)
      await history(trx, { entityId: id, field: 'diagnosis', oldValue: e.diagnosis, newValue: String(set.diagnosis), userId });
  });
  return psyEnrolmentById(db, scope, id);
}

/** 管理中 ⇄ 暂时失访 → 终止管理 (final); a reason for both; 终止管理 drops the plans still open or to come. */
export async function setPsyOutcome(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  id: string,
  outcome: EnrolmentOutcome,
  reason: string,
): Promise<PsyEnrolment> {
  const e = await psyEnrolmentById(db, scope, id);
  if (e.outcome === 2 || e.outcome === outcome) throw badRequest('psy.outcomeRefused');
  if (outcome !== 0 && !reason.trim()) throw badRequest('psy.outcomeReasonRequired');
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(ENROLMENTS)
      .set({ outcome, outcome_reason: outcome === 0 ? null : reason.trim(), updated_at: at })
      .where('id', '=', id)
      .execute();
    await history(trx, {
      entityId: id,
      field: 'outcome',
      oldValue: String(e.outcome),
      newValue: String(outcome),
      reason: reason.trim() || null,
      userId,
    });
    // Management ended: the open plans go (missed ones stay as history); dropFuturePlans would keep today's open window.
    if (outcome === 2)
      await trx
        .deleteFrom('health_plans')
        .where('enrolment_id', '=', id)
        .where('visit_id', 'is', null)
        .where('window_end', '>=', at)
        .execute();
    await addTimelineEntry(trx, {
      residentId: e.residentId,
      kind: 'psyOutcome',
      title: TIMELINE_TITLE.outcome,
      refModel: 'healthPsyEnrolment',
      refId: id,
      at,
      orgId: e.orgId,
    });
  });
  return psyEnrolmentById(db, scope, id);
}

export const psyEnrolmentHistory = (db: Kysely<any>, id: string) => readStateHistory(db, ENTITY, id);
