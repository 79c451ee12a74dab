import type { Kysely } from 'kysely';
import {
  tbPlans,
  type TbCourse,
  type TbNotifyBody,
  type TbPatientType,
  type TbPhase,
  type TbSettings,
  type TbState,
} from '@medalliance/contract';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { orgInScope, type HealthScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { recordStateChange, stateHistory } from '../records/state-history.ts';
import { insertPlans, type PlanOwner } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { residentInScope } from '../chronic/residents.ts';

/**
 * TB cases (issue 18, M5): notification → 待入户 (0) → 治疗管理中 (1) → 结案 (2).
 * The transitions are the server's: the notification here, the first visit and
 * the closure in their record hooks (visit-hooks.ts), each checked against the
 * current state and kept in the health state history (entity 'tbCase').
 */

export const TB_TABLE = 'health_tb_cases';
export const STATE_NAME = ['待入户', '治疗管理中', '结案'];
export const CLOSE_REASON_NAME: Record<string, string> = { '1': '完成疗程', '2': '死亡', '3': '丢失', '4': '转入耐多药治疗' };

export interface TbCase {
  id: string;
  residentId: string;
  notifiedAt: number;
  notifyOrg: string;
  patientType: TbPatientType;
  phase: TbPhase;
  state: TbState;
  closeReason: string | null;
  doctorId: string | null;
  orgId: string | null;
  firstVisitId: string | null;
  firstVisitAt: number | null;
  usage: string | null;
  intensiveEnd: number | null;
  courseEnd: number | null;
  closureId: string | null;
  closedAt: number | null;
  dosesDue: number | null;
  dosesTaken: number | null;
  visitsDue: number | null;
  visitsMade: number | null;
  adherenceRate: number | null;
  visitRate: number | null;
  createdAt: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function caseOut(r: Record<string, unknown>): TbCase {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    notifiedAt: Number(r.notified_at),
    notifyOrg: String(r.notify_org ?? ''),
    patientType: String(r.patient_type) as TbPatientType,
    phase: String(r.phase) as TbPhase,
    state: Number(r.state) as TbState,
    closeReason: str(r.close_reason),
    doctorId: str(r.doctor_id),
    orgId: str(r.org_id),
    firstVisitId: str(r.first_visit_id),
    firstVisitAt: num(r.first_visit_at),
    usage: str(r.drug_usage),
    intensiveEnd: num(r.intensive_end),
    courseEnd: num(r.course_end),
    closureId: str(r.closure_id),
    closedAt: num(r.closed_at),
    dosesDue: num(r.doses_due),
    dosesTaken: num(r.doses_taken),
    visitsDue: num(r.visits_due),
    visitsMade: num(r.visits_made),
    adherenceRate: num(r.adherence_rate),
    visitRate: num(r.visit_rate),
    createdAt: Number(r.created_at),
  };
}

export async function findCase(db: Kysely<any>, id: string): Promise<TbCase | null> {
  const r = await first(db, db.selectFrom(TB_TABLE).selectAll().where('id', '=', id));
  return r ? caseOut(r) : null;
}

/** The case, refused with 404 when unknown and 403 outside the caller's scope. */
export async function caseById(db: Kysely<any>, scope: HealthScope, id: string): Promise<TbCase> {
  const c = await findCase(db, id);
  if (!c) throw notFound();
  if (!orgInScope(scope, c.orgId)) throw forbidden();
  return c;
}

/** A transition is refused unless the case is in the state it starts from. */
export function assertState(c: TbCase, expected: TbState): void {
  if (c.state !== expected) throw badRequest('tb.wrongState', { state: STATE_NAME[c.state] ?? String(c.state) });
}

export const tbPlanOwner = (c: TbCase): PlanOwner => ({
  enrolmentId: c.id,
  programme: 'tb',
  residentId: c.residentId,
  enrolledAt: c.firstVisitAt ?? c.notifiedAt,
  doctorId: c.doctorId,
  orgId: c.orgId,
});

/** Books the case's follow-up plans of the course (those after `from`). */
export async function bookPlans(db: Kysely<any>, c: TbCase, course: TbCourse, s: TbSettings, from = course.start): Promise<number> {
  const list = tbPlans(course, s, from);
  await insertPlans(
    db,
    list.map((p) => ({
      owner: tbPlanOwner(c),
      kind: p.kind,
      seq: p.seq,
      planDate: p.planDate,
      windowStart: p.windowStart,
      windowEnd: p.windowEnd,
    })),
  );
  return list.length;
}

export const tbHistory = (
  db: Kysely<any>,
  e: { entityId: string; field: string; oldValue: string | null; newValue: string | null; reason?: string | null; userId: string | null },
) => recordStateChange(db, { entity: 'tbCase', ...e });

export const caseHistory = (db: Kysely<any>, id: string) => stateHistory(db, 'tbCase', id);

/** A notification from the TB institution: a 待入户 case of a resident in scope (one open case per resident). */
export async function notify(db: Kysely<any>, scope: HealthScope, userId: string, input: TbNotifyBody): Promise<TbCase> {
  const resident = await residentInScope(db, scope, input.residentId);
  if (resident.archiveState === 2) throw badRequest('tb.archiveCancelled');
  const at = now();
  // A few minutes of slack for the clocks of the notifying system.
  if (input.notifiedAt > at + 5 * 60_000) throw badRequest('tb.futureDate', { field: 'notifiedAt' });
  if (input.doctorId) {
    const u = await db.selectFrom('users').select('id').where('id', '=', input.doctorId).executeTakeFirst();
    if (!u) throw badRequest('tb.unknownDoctor');
  }
  const open = await db.selectFrom(TB_TABLE).select('id').where('resident_id', '=', resident.id).where('state', '<', 2).executeTakeFirst();
  if (open) throw conflict('tb.openCase');
  const row = {
    id: newId(),
    resident_id: resident.id,
    notified_at: input.notifiedAt,
    notify_org: input.notifyOrg,
    patient_type: input.patientType,
    phase: input.phase,
    state: 0,
    close_reason: null,
    doctor_id: input.doctorId ?? resident.doctorId ?? userId,
    org_id: resident.manageOrgId,
    first_visit_id: null,
    first_visit_at: null,
    drug_usage: null,
    intensive_end: null,
    course_end: null,
    closure_id: null,
    closed_at: null,
    doses_due: null,
    doses_taken: null,
    visits_due: null,
    visits_made: null,
    adherence_rate: null,
    visit_rate: null,
    created_by: userId,
    created_at: at,
    updated_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto(TB_TABLE).values(row).execute();
    await tbHistory(trx, { entityId: row.id, field: 'state', oldValue: null, newValue: '0', reason: input.notifyOrg, userId });
    await addTimelineEntry(trx, {
      residentId: resident.id,
      kind: 'tbNotify',
      title: `肺结核报告（${input.notifyOrg}），待入户随访`,
      refModel: 'healthTbCase',
      refId: row.id,
      at: input.notifiedAt,
      orgId: resident.manageOrgId,
    });
  });
  return caseOut(row);
}

/**
 * 强化期 → 继续期 ahead of (or behind) the booked date: the intensive phase ends
 * today, the open plans after today are rebooked at the continuation interval.
 */
export async function switchToContinuation(db: Kysely<any>, scope: HealthScope, userId: string, id: string, s: TbSettings) {
  const c = await caseById(db, scope, id);
  assertState(c, 1);
  const at = now();
  if (c.intensiveEnd === null || c.courseEnd === null || c.intensiveEnd <= at) throw badRequest('tb.notIntensive');
  const today = Math.floor(at / 86_400_000) * 86_400_000;
  const start = Math.floor((c.firstVisitAt ?? c.notifiedAt) / 86_400_000) * 86_400_000;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('health_plans')
      .where('enrolment_id', '=', id)
      .where('programme', '=', 'tb')
      .where('visit_id', 'is', null)
      .where('plan_date', '>', today)
      .execute();
    await trx.updateTable(TB_TABLE).set({ intensive_end: today, updated_at: at }).where('id', '=', id).execute();
    await bookPlans(trx, c, { start, intensiveEnd: today, courseEnd: c.courseEnd! }, s, today);
    await tbHistory(trx, { entityId: id, field: 'phase', oldValue: '1', newValue: '2', userId });
    await addTimelineEntry(trx, {
      residentId: c.residentId,
      kind: 'tbPhase',
      title: '肺结核治疗进入继续期',
      refModel: 'healthTbCase',
      refId: id,
      at,
      orgId: c.orgId,
    });
  });
  return caseById(db, scope, id);
}
