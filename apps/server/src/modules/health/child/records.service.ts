import type { Kysely } from 'kysely';
import {
  ageInMonths,
  childSchedule,
  CHILD_PROGRAMME,
  startOfUtcDay,
  weakReasons,
  WEAK_REASON_NAME,
  type ChildCreateBody,
} from '@medalliance/contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { insertPlans, type PlanOwner } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';
import { recordStateChange, stateHistory } from '../records/state-history.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { residentInScope } from '../chronic/residents.ts';

/**
 * The child's record of the child health programme (issue 18, M7): one per
 * resident aged 0–6 of the archive, linked to the mother (a resident; the
 * maternal programme's pregnancy id when known), with the birth facts. Its
 * creation writes the whole schedule as plans (programme 'child').
 */

export const CHILD_TABLE = 'health_child_records';
/** The child programme takes children under 7 (0–6 years). */
export const MAX_AGE_MONTHS = 84;

export interface ChildRecord {
  id: string;
  residentId: string;
  motherResidentId: string | null;
  motherPregnancyId: string | null;
  birthDate: number;
  birthWeightG: number | null;
  birthLengthCm: number | null;
  gestationalWeeks: number | null;
  dischargeDate: number | null;
  weak: number;
  weakReason: string | null;
  referral: number;
  lost: number;
  lostReason: string | null;
  doctorId: string | null;
  orgId: string | null;
  lastCheckAt: number | null;
  lastWeightBand: string | null;
  lastLengthBand: string | null;
  createdAt: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function childOut(r: Record<string, unknown>): ChildRecord {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    motherResidentId: (r.mother_resident_id as string | null) ?? null,
    motherPregnancyId: (r.mother_pregnancy_id as string | null) ?? null,
    birthDate: Number(r.birth_date),
    birthWeightG: num(r.birth_weight_g),
    birthLengthCm: num(r.birth_length_cm),
    gestationalWeeks: num(r.gestational_weeks),
    dischargeDate: num(r.discharge_date),
    weak: Number(r.weak ?? 0),
    weakReason: (r.weak_reason as string | null) ?? null,
    referral: Number(r.referral ?? 0),
    lost: Number(r.lost ?? 0),
    lostReason: (r.lost_reason as string | null) ?? null,
    doctorId: (r.doctor_id as string | null) ?? null,
    orgId: (r.org_id as string | null) ?? null,
    lastCheckAt: num(r.last_check_at),
    lastWeightBand: (r.last_weight_band as string | null) ?? null,
    lastLengthBand: (r.last_length_band as string | null) ?? null,
    createdAt: Number(r.created_at),
  };
}

export async function findChild(db: Kysely<any>, residentId: string): Promise<ChildRecord | null> {
  const r = await first(db, db.selectFrom(CHILD_TABLE).selectAll().where('resident_id', '=', residentId));
  return r ? childOut(r) : null;
}

/** The record, 404 when unknown, 403 outside the caller's scope. */
export async function childById(db: Kysely<any>, scope: HealthScope, id: string): Promise<ChildRecord> {
  const r = await first(db, db.selectFrom(CHILD_TABLE).selectAll().where('id', '=', id));
  if (!r) throw notFound();
  const c = childOut(r);
  if (!orgInScope(scope, c.orgId)) throw forbidden();
  return c;
}

export const childOwner = (c: ChildRecord): PlanOwner => ({
  enrolmentId: c.id,
  programme: CHILD_PROGRAMME,
  residentId: c.residentId,
  enrolledAt: c.createdAt,
  doctorId: c.doctorId,
  orgId: c.orgId,
});

/** The schedule's plans for a child (all 16, past ones included so missed checks show as 逾期). */
export async function writeSchedule(db: Kysely<any>, c: ChildRecord): Promise<void> {
  await insertPlans(
    db,
    childSchedule(c.birthDate, c.dischargeDate).map((p) => ({
      owner: childOwner(c),
      kind: p.kind,
      seq: p.seq,
      planDate: p.planDate,
      windowStart: p.windowStart,
      windowEnd: p.windowEnd,
    })),
  );
}

export const childHistory = (
  db: Kysely<any>,
  e: { entityId: string; field: string; oldValue: string | null; newValue: string | null; reason?: string | null; userId: string | null },
) => recordStateChange(db, { entity: 'childRecord', ...e });

export const readChildHistory = (db: Kysely<any>, id: string) => stateHistory(db, 'childRecord', id);

/** The 体弱儿 reason text of the birth criteria (with any manual reason). */
function birthWeakReason(input: { birthWeightG?: number | null; gestationalWeeks?: number | null }): string | null {
  const reasons = weakReasons(input).map((r) => WEAK_REASON_NAME[r]);
  return reasons.length ? reasons.join('、') : null;
}

async function assertMother(db: Kysely<any>, scope: HealthScope, childId: string, motherId: string | null | undefined) {
  if (!motherId) return;
  if (motherId === childId) throw badRequest('child.badMother');
  const m = await residentInScope(db, scope, motherId);
  if (m.sex !== '2') throw badRequest('child.badMother');
}

/** Opens a child's record: a resident aged 0–6 of the caller's scope, its whole schedule, the history and a timeline entry. */
export async function createChild(db: Kysely<any>, scope: HealthScope, userId: string, input: ChildCreateBody): Promise<ChildRecord> {
  const resident = await residentInScope(db, scope, input.residentId);
  if (resident.archiveState === 2) throw badRequest('child.archiveCancelled');
  const at = now();
  if (resident.birthDate === null) throw badRequest('child.noBirthDate');
  const months = ageInMonths(resident.birthDate, at);
  if (months < 0 || months >= MAX_AGE_MONTHS) throw badRequest('child.notAChild');
  if (input.dischargeDate !== null && input.dischargeDate !== undefined) {
    if (input.dischargeDate < startOfUtcDay(resident.birthDate) || input.dischargeDate > startOfUtcDay(at) + 86_400_000)
      throw badRequest('child.badDischarge');
  }
  await assertMother(db, scope, resident.id, input.motherResidentId);
  if (await findChild(db, resident.id)) throw conflict('child.alreadyRecorded');
  const autoReason = birthWeakReason(input);
  const weak = input.weak || !!autoReason ? 1 : 0;
  const row = {
    id: newId(),
    resident_id: resident.id,
    mother_resident_id: input.motherResidentId ?? null,
    mother_pregnancy_id: input.motherPregnancyId ?? null,
    birth_date: startOfUtcDay(resident.birthDate),
    birth_weight_g: input.birthWeightG ?? null,
    birth_length_cm: input.birthLengthCm ?? null,
    gestational_weeks: input.gestationalWeeks ?? null,
    discharge_date: input.dischargeDate === null || input.dischargeDate === undefined ? null : startOfUtcDay(input.dischargeDate),
    weak,
    weak_reason: weak ? input.weakReason?.trim() || autoReason : null,
    referral: 0,
    lost: 0,
    lost_reason: null,
    doctor_id: resident.doctorId ?? userId,
    org_id: resident.manageOrgId,
    last_check_at: null,
    last_weight_band: null,
    last_length_band: null,
    created_at: at,
    updated_at: null,
  };
  const c = childOut(row);
  await db.transaction().execute(async (trx) => {
    try {
      await trx.insertInto(CHILD_TABLE).values(row).execute();
    } catch {
      throw conflict('child.alreadyRecorded');
    }
    await writeSchedule(trx, c);
    await childHistory(trx, { entityId: c.id, field: 'weak', oldValue: null, newValue: String(weak), reason: row.weak_reason, userId });
    await addTimelineEntry(trx, {
      residentId: resident.id,
      kind: 'childRecord',
      title: `建立儿童健康档案${row.weak ? `（体弱儿：${row.weak_reason ?? ''}）` : ''}`,
      refModel: 'healthChildRecord',
      refId: c.id,
      at,
      orgId: resident.manageOrgId,
    });
  });
  return c;
}

/** Changes the birth facts, the mother, 体弱儿 and 失访 (kept in the history); a new discharge date moves the open newborn visit. */
export async function updateChild(
  db: Kysely<any>,
  scope: HealthScope,
  userId: string,
  id: string,
  input: Partial<Omit<ChildCreateBody, 'residentId'>> & { lost?: boolean; lostReason?: string | null },
): Promise<ChildRecord> {
  const c = await childById(db, scope, id);
  await assertMother(db, scope, c.residentId, input.motherResidentId);
  const set: Record<string, unknown> = { updated_at: now() };
  if (input.motherResidentId !== undefined) set.mother_resident_id = input.motherResidentId;
  if (input.motherPregnancyId !== undefined) set.mother_pregnancy_id = input.motherPregnancyId;
  if (input.birthWeightG !== undefined) set.birth_weight_g = input.birthWeightG;
  if (input.birthLengthCm !== undefined) set.birth_length_cm = input.birthLengthCm;
  if (input.gestationalWeeks !== undefined) set.gestational_weeks = input.gestationalWeeks;
  if (input.dischargeDate !== undefined) {
    if (input.dischargeDate !== null && (input.dischargeDate < c.birthDate || input.dischargeDate > startOfUtcDay(now()) + 86_400_000))
      throw badRequest('child.badDischarge');
    set.discharge_date = input.dischargeDate === null ? null : startOfUtcDay(input.dischargeDate);
  }
  if (input.weak !== undefined) {
    if (input.weak && !input.weakReason?.trim() && !c.weakReason) throw badRequest('child.weakReasonRequired');
    set.weak = input.weak ? 1 : 0;
    set.weak_reason = input.weak ? input.weakReason?.trim() || c.weakReason : null;
  }
  if (input.lost !== undefined) {
    if (input.lost && !input.lostReason?.trim()) throw badRequest('child.lostReasonRequired');
    set.lost = input.lost ? 1 : 0;
    set.lost_reason = input.lost ? input.lostReason!.trim() : null;
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(CHILD_TABLE).set(set).where('id', '=', id).execute();
    if (set.discharge_date !== undefined) {
      const p = childSchedule(c.birthDate, set.discharge_date as number | null)[0]!;
      await trx
        .updateTable('health_plans')
        .set({ plan_date: p.planDate, window_start: p.windowStart, window_end: p.windowEnd })
        .where('enrolment_id', '=', id)
        .where('kind', '=', 'newborn')
        .where('visit_id', 'is', null)
        .execute();
    }
    for (const [field, col, old] of [
      ['weak', 'weak', String(c.weak)],
      ['lost', 'lost', String(c.lost)],
    ] as const)
      if (set[col] !== undefined && String(set[col]) !== old)
        await childHistory(trx, {
          entityId: id,
          field,
          oldValue: old,
          newValue: String(set[col]),
          reason: (field === 'weak' ? set.weak_reason : set.lost_reason) as string | null,
          userId,
        });
    if (set.lost !== undefined && set.lost !== c.lost)
      await addTimelineEntry(trx, {
        residentId: c.residentId,
        kind: 'childLost',
        title: set.lost ? `儿童健康管理失访：${String(set.lost_reason ?? '')}` : '儿童健康管理恢复随访',
        refModel: 'healthChildRecord',
        refId: id,
        at: now(),
        orgId: c.orgId,
      });
  });
  return childById(db, scope, id);
}
