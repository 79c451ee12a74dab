import type { Kysely } from 'kysely';
import { startOfUtcDay, type ChronicProgramme, type EnrolmentOutcome } from '@medalliance/contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { recordStateChange, stateHistory as readStateHistory } from '../records/state-history.ts';
import { dropFuturePlans, getPlanSettings, rollRegularPlans, type PlanOwner } from '../plans/plans.service.ts';
import { residentInScope } from './residents.ts';
import { first } from '../plans/rows.ts';

/** Enrolments (专病档案) of the hypertension and diabetes programmes (issue 17, M3). */

export const PROGRAMME_NAME: Record<ChronicProgramme, string> = { htn: '高血压', dm: '2型糖尿病' };
const OUTCOME_NAME = ['管理中', '暂时失访', '终止管理'];

export interface Enrolment {
  id: string;
  residentId: string;
  programme: ChronicProgramme;
  diagnosedAt: number | null;
  managementGroup: string | null;
  riskLevel: string | null;
  doctorId: string | null;
  orgId: string | null;
  outcome: EnrolmentOutcome;
  outcomeReason: string | null;
  enrolledAt: number;
  referralFlag: number;
  lastClassification: string | null;
  lastVisitAt: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function enrolmentOut(r: Record<string, unknown>): Enrolment {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    programme: r.programme as ChronicProgramme,
    diagnosedAt: num(r.diagnosed_at),
    managementGroup: (r.management_group as string | null) ?? null,
    riskLevel: (r.risk_level as string | null) ?? null,
    doctorId: (r.doctor_id as string | null) ?? null,
    orgId: (r.org_id as string | null) ?? null,
    outcome: Number(r.outcome) as EnrolmentOutcome,
    outcomeReason: (r.outcome_reason as string | null) ?? null,
    enrolledAt: Number(r.enrolled_at),
    referralFlag: Number(r.referral_flag ?? 0),
    lastClassification: (r.last_classification as string | null) ?? null,
    lastVisitAt: num(r.last_visit_at),
  };
}

export async function findEnrolment(db: Kysely<any>, residentId: string, programme: ChronicProgramme): Promise<Enrolment | null> {
  const r = await first(
    db,
    db.selectFrom('health_chronic_enrolments').selectAll().where('resident_id', '=', residentId).where('programme', '=', programme),
  );
  return r ? enrolmentOut(r) : null;
}

export async function enrolmentById(db: Kysely<any>, scope: HealthScope, programme: ChronicProgramme, id: string): Promise<Enrolment> {
  const r = await first(db, db.selectFrom('health_chronic_enrolments').selectAll().where('id', '=', id).where('programme', '=', programme));
  if (!r) throw notFound();
  const e = enrolmentOut(r);
  if (!orgInScope(scope, e.orgId)) throw forbidden();
  return e;
}

export const planOwner = (e: Enrolment): PlanOwner => ({
  enrolmentId: e.id,
  programme: e.programme,
  residentId: e.residentId,
  enrolledAt: e.enrolledAt,
  doctorId: e.doctorId,
  orgId: e.orgId,
});

async function assertDoctor(db: Kysely<any>, doctorId: string | null | undefined) {
  if (!doctorId) return;
  const u = await db.selectFrom('users').select('id').where('id', '=', doctorId).executeTakeFirst();
  if (!u) throw badRequest('chronic.unknownDoctor');
}

/** A change of an enrolment, kept in the health state history. */
export const stateHistory = (
  db: Kysely<any>,
  e: { entityId: string; field: string; oldValue: string | null; newValue: string | null; reason?: string | null; userId: string | null },
) => recordStateChange(db, { entity: 'chronicEnrolment', ...e });

export interface EnrolInput {
  residentId: string;
  diagnosedAt?: number | null;
  managementGroup?: string | null;
  riskLevel?: string | null;
  doctorId?: string | null;
  enrolledAt?: number;
}

/** Enrols a resident of the caller's scope: the enrolment, its plans for the coming year, a timeline entry and the history. */
export async function enrol(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  programme: ChronicProgramme,
  input: EnrolInput,
): Promise<Enrolment> {
  const resident = await residentInScope(db, scope, input.residentId);
  if (resident.archiveState === 2) throw badRequest('chronic.archiveCancelled');
  const today = startOfUtcDay(now());
  if (input.diagnosedAt && input.diagnosedAt > today + 86_400_000 - 1) throw badRequest('chronic.futureDate', { field: 'diagnosedAt' });
  if (input.enrolledAt && input.enrolledAt > today + 86_400_000 - 1) throw badRequest('chronic.futureDate', { field: 'enrolledAt' });
  await assertDoctor(db, input.doctorId);
  if (await findEnrolment(db, resident.id, programme)) throw conflict(`chronic.alreadyEnrolled.${programme}`);
  const at = now();
  const row = {
    id: newId(),
    resident_id: resident.id,
    programme,
    diagnosed_at: input.diagnosedAt ?? null,
    management_group: input.managementGroup ?? null,
    risk_level: input.riskLevel ?? null,
    doctor_id: input.doctorId ?? resident.doctorId ?? userId,
    org_id: resident.manageOrgId,
    outcome: 0,
    outcome_reason: null,
    enrolled_at: input.enrolledAt ?? at,
    referral_flag: 0,
    last_classification: null,
    last_visit_at: null,
    created_at: at,
    updated_at: null,
  };
  await db.transaction().execute(async (trx) => {
    try {
      await trx.insertInto('health_chronic_enrolments').values(row).execute();
    } catch {
      throw conflict(`chronic.alreadyEnrolled.${programme}`);
    }
    const e = enrolmentOut(row);
    await rollRegularPlans(trx, planOwner(e), await getPlanSettings(trx, programme));
    await stateHistory(trx, { entityId: e.id, field: 'outcome', oldValue: null, newValue: '0', userId });
    await addTimelineEntry(trx, {
      residentId: resident.id,
      kind: `${programme}Enrol`,
      title: `纳入${PROGRAMME_NAME[programme]}管理`,
      refModel: 'healthChronicEnrolment',
      refId: e.id,
      at,
      orgId: resident.manageOrgId,
    });
  });
  return enrolmentOut(row);
}

export async function updateEnrolment(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  programme: ChronicProgramme,
  id: string,
  input: { diagnosedAt?: number | null; managementGroup?: string | null; riskLevel?: string | null; doctorId?: string | null },
): Promise<Enrolment> {
  const e = await enrolmentById(db, scope, programme, id);
  if (input.diagnosedAt && input.diagnosedAt > startOfUtcDay(now()) + 86_400_000 - 1)
    throw badRequest('chronic.futureDate', { field: 'diagnosedAt' });
  await assertDoctor(db, input.doctorId);
  const set: Record<string, unknown> = { updated_at: now() };
  if (input.diagnosedAt !== undefined) set.diagnosed_at = input.diagnosedAt;
  if (input.managementGroup !== undefined) set.management_group = input.managementGroup;
  if (input.riskLevel !== undefined) set.risk_level = input.riskLevel;
  if (input.doctorId !== undefined && input.doctorId) set.doctor_id = input.doctorId;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('health_chronic_enrolments').set(set).where('id', '=', id).execute();
    if (set.doctor_id && set.doctor_id !== e.doctorId) {
      await trx
        .updateTable('health_plans')
        .set({ doctor_id: set.doctor_id })
        .where('enrolment_id', '=', id)
        .where('visit_id', 'is', null)
        .execute();
      await stateHistory(trx, { entityId: id, field: 'doctorId', oldValue: e.doctorId, newValue: String(set.doctor_id), userId });
    }
    for (const [field, col] of [
      ['managementGroup', 'management_group'],
      ['riskLevel', 'risk_level'],
    ] as const) {
      const old = field === 'managementGroup' ? e.managementGroup : e.riskLevel;
      if (set[col] !== undefined && set[col] !== old)
        await stateHistory(trx, { entityId: id, field, oldValue: old, newValue: (set[col] as string | null) ?? null, userId });
    }
  });
  return enrolmentById(db, scope, programme, id);
}

/** 管理中 ⇄ 暂时失访 → 终止管理 (final), with a reason for 暂时失访 and 终止管理; kept in the state history. */
export async function setOutcome(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  programme: ChronicProgramme,
  id: string,
  outcome: EnrolmentOutcome,
  reason: string,
): Promise<Enrolment> {
  const e = await enrolmentById(db, scope, programme, id);
  if (e.outcome === 2 || e.outcome === outcome) throw badRequest('chronic.outcomeRefused');
  if (outcome !== 0 && !reason.trim()) throw badRequest('chronic.outcomeReasonRequired');
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('health_chronic_enrolments')
      .set({ outcome, outcome_reason: outcome === 0 ? null : reason.trim(), updated_at: at })
      .where('id', '=', id)
      .execute();
    await stateHistory(trx, {
      entityId: id,
      field: 'outcome',
      oldValue: String(e.outcome),
      newValue: String(outcome),
      reason: reason.trim() || null,
      userId,
    });
    if (outcome === 2) await dropFuturePlans(trx, id, at);
    if (outcome === 0) await rollRegularPlans(trx, planOwner(e), await getPlanSettings(trx, programme), at);
    await addTimelineEntry(trx, {
      residentId: e.residentId,
      kind: `${programme}Outcome`,
      title: `${PROGRAMME_NAME[programme]}管理转归：${OUTCOME_NAME[outcome]}${reason.trim() ? `（${reason.trim()}）` : ''}`,
      refModel: 'healthChronicEnrolment',
      refId: id,
      at,
      orgId: e.orgId,
    });
  });
  return enrolmentById(db, scope, programme, id);
}

/** The enrolment's state history, newest first. */
export const enrolmentHistory = (db: Kysely<any>, id: string) => readStateHistory(db, 'chronicEnrolment', id);
