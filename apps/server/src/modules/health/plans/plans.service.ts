import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_PLAN_SETTINGS,
  planSettingsSchema,
  recheckPlan,
  regularPlansUntil,
  type PlanKind,
  type PlanSettings,
} from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { first } from './rows.ts';
import { readProgrammeSetting, writeProgrammeSetting } from './programme-settings.ts';

/**
 * The one plan module of the health programmes (issue 17 M3; reused by the
 * referral follow-ups of issue 18 and later programmes): plans with windows
 * generated from an enrolment date and rolled forward, two-week rechecks,
 * filling a plan by a visit, moving open plans to a new doctor. A plan's state
 * is never stored: 未到 / 应访 / 已访 / 逾期 come from the clock
 * (contract planState, and the worklist filters below).
 */

/** How far ahead regular plans exist: one year past now. */
export const PLAN_HORIZON_MS = 366 * 86_400_000;

const KEY = 'plans';

export async function getPlanSettings(db: Kysely<any>, programme: string): Promise<PlanSettings> {
  return readProgrammeSetting(db, programme, KEY, planSettingsSchema, DEFAULT_PLAN_SETTINGS);
}

export async function setPlanSettings(db: Kysely<any>, programme: string, s: PlanSettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, programme, KEY, s, userId);
}

export interface PlanOwner {
  enrolmentId: string;
  programme: string;
  residentId: string;
  enrolledAt: number;
  doctorId: string | null;
  orgId: string | null;
}

/** Regular plans from the last one generated up to one past now + the horizon (no duplicate: numbered by seq). */
export async function rollRegularPlans(db: Kysely<any>, owner: PlanOwner, settings: PlanSettings, at = now()): Promise<number> {
  const last = await db
    .selectFrom('health_plans')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('enrolment_id', '=', owner.enrolmentId)
    .where('kind', '=', 'regular')
    .executeTakeFirst();
  const from = Number(last?.seq ?? 0);
  const lastPlan = from
    ? await first(
        db,
        db
          .selectFrom('health_plans')
          .select('plan_date')
          .where('enrolment_id', '=', owner.enrolmentId)
          .where('kind', '=', 'regular')
          .where('seq', '=', from),
      )
    : undefined;
  const until = at + PLAN_HORIZON_MS;
  if (lastPlan && Number(lastPlan.plan_date) > until) return 0;
  // Counted from the last plan (or the enrolment): the same dates while the cycle stays, the new cycle from there when it changed.
  const anchor = lastPlan ? Number(lastPlan.plan_date) : owner.enrolledAt;
  const list = regularPlansUntil(anchor, 0, until, settings);
  await insertPlans(
    db,
    list.map((w) => ({ owner, kind: 'regular' as PlanKind, ...w, seq: from + w.n })),
  );
  return list.length;
}

/**
 * A programme's plan settings changed: the regular plans not yet open and not
 * visited are dropped, so the next roll-forward books them on the new cycle and
 * windows from the last plan that stays. Open, visited and overdue plans keep
 * the windows they were booked with.
 */
export async function dropUpcomingRegularPlans(db: Kysely<any>, programme: string, at = now()): Promise<number> {
  const res = await db
    .deleteFrom('health_plans')
    .where('programme', '=', programme)
    .where('kind', '=', 'regular')
    .where('visit_id', 'is', null)
    .where('window_start', '>', at)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function insertPlans(
  db: Kysely<any>,
  plans: { owner: PlanOwner; kind: PlanKind; seq: number; planDate: number; windowStart: number; windowEnd: number }[],
): Promise<void> {
  const created = now();
  const rows = plans.map((p) => ({
    id: newId(),
    programme: p.owner.programme,
    resident_id: p.owner.residentId,
    enrolment_id: p.owner.enrolmentId,
    kind: p.kind,
    seq: p.seq,
    plan_date: p.planDate,
    window_start: p.windowStart,
    window_end: p.windowEnd,
    visit_id: null,
    visited_at: null,
    doctor_id: p.owner.doctorId,
    org_id: p.owner.orgId,
    created_at: created,
  }));
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('health_plans')
      .values(rows.slice(i, i + 50))
      .execute();
}

/** The two-week recheck after a visit, unless the enrolment already has one due on that date. */
export async function addRecheckPlan(db: Kysely<any>, owner: PlanOwner, visitDate: number): Promise<boolean> {
  const w = recheckPlan(visitDate);
  const existing = await db
    .selectFrom('health_plans')
    .select('id')
    .where('enrolment_id', '=', owner.enrolmentId)
    .where('kind', '=', 'recheck')
    .where('plan_date', '=', w.planDate)
    .executeTakeFirst();
  if (existing) return false;
  await insertPlans(db, [{ owner, kind: 'recheck', seq: 0, ...w }]);
  return true;
}

/** A saved visit fills every open plan of its enrolment whose window holds its date (a recheck and a regular plan may both). */
export async function fillPlans(db: Kysely<any>, enrolmentId: string, visitId: string, visitDate: number): Promise<number> {
  const res = await db
    .updateTable('health_plans')
    .set({ visit_id: visitId, visited_at: visitDate })
    .where('enrolment_id', '=', enrolmentId)
    .where('visit_id', 'is', null)
    .where('window_start', '<=', visitDate)
    .where('window_end', '>=', visitDate)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The plans a visit filled become open again (its date changed, or it was deleted). */
export async function unfillPlans(db: Kysely<any>, visitIds: string[]): Promise<void> {
  if (!visitIds.length) return;
  await db.updateTable('health_plans').set({ visit_id: null, visited_at: null }).where('visit_id', 'in', visitIds).execute();
}

/** On a confirmed transfer: the residents' open plans (not visited, window not closed) go to the new unit and doctor. */
export async function moveOpenPlans(
  db: Kysely<any>,
  residentIds: string[],
  toOrgId: string,
  toDoctorId: string | null,
  at = now(),
): Promise<number> {
  if (!residentIds.length) return 0;
  let moved = 0;
  for (let i = 0; i < residentIds.length; i += 500) {
    const res = await db
      .updateTable('health_plans')
      .set({ org_id: toOrgId, doctor_id: toDoctorId })
      .where('resident_id', 'in', residentIds.slice(i, i + 500))
      .where('visit_id', 'is', null)
      .where('window_end', '>=', at)
      .executeTakeFirst();
    moved += Number(res.numUpdatedRows);
  }
  return moved;
}

/** Drops the open plans not yet due (an enrolment whose management ended). */
export async function dropFuturePlans(db: Kysely<any>, enrolmentId: string, at = now()): Promise<void> {
  await db
    .deleteFrom('health_plans')
    .where('enrolment_id', '=', enrolmentId)
    .where('visit_id', 'is', null)
    .where('window_start', '>', at)
    .execute();
}

export type PlanStateFilter = 'due' | 'overdue' | 'open' | 'upcoming';

/** The WHERE condition of plans in a state at `at` (alias p). */
export function planStateCondition(state: PlanStateFilter, at: number) {
  switch (state) {
    case 'due':
      return sql<boolean>`p.visit_id is null and p.window_start <= ${at} and p.window_end >= ${at}`;
    case 'overdue':
      return sql<boolean>`p.visit_id is null and p.window_end < ${at}`;
    case 'upcoming':
      return sql<boolean>`p.visit_id is null and p.window_start > ${at}`;
    default:
      return sql<boolean>`p.visit_id is null`;
  }
}
