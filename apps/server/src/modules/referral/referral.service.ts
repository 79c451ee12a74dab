import { sql, type Kysely } from 'kysely';
import { allowedActions, type ReferralBody, type ReferralListQuery, type ReferralWorklist } from '@medalliance/contract';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { residentInScope } from '../health/chronic/residents.ts';
import { all, first } from '../health/plans/rows.ts';
import { likeEscape } from '../health/plans/worklist.ts';
import type { HealthScope } from '../health/privacy/scope.ts';
import { partiesOf, type OrgTree } from './parties.ts';
import { baseReferrals, breachedCondition, deadline, pageReferrals, visible, type Q } from './rows.ts';
import { getReferralLimits } from './settings.ts';

/**
 * Referral slips: create and edit a draft (the patient from the archive, the
 * §2 form, the down-referral summary), read one with its history and the
 * caller's allowed actions, and the lists (worklists, query, monitor).
 */

export interface Caller {
  userId: string;
  unitId: string | null;
  isAdministrator: boolean;
  scope: HealthScope;
}

/** A unit's tier: 3 county hospital (under the root, no units below), 2 township centre, 1 village clinic. */
export function tierOf(tree: OrgTree, unitId: string): number {
  const o = tree.byId.get(unitId);
  if (!o || o.category !== 'company' || tree.isRoot(unitId)) return 0;
  const parent = tree.parentUnit(unitId);
  if (parent && !tree.isRoot(parent)) return 1;
  const hasUnitsBelow = tree.units().some((u) => u.parentId === unitId);
  return hasUnitsBelow ? 2 : 3;
}

/** 上转 goes to a higher tier, 下转 to a lower one. */
export function checkDirection(tree: OrgTree, direction: string, fromUnitId: string, toUnitId: string): void {
  const from = tierOf(tree, fromUnitId);
  const to = tierOf(tree, toUnitId);
  if (!to) throw badRequest('referral.badUnit');
  if (!from || from === to || (direction === '1') !== to > from) throw badRequest('referral.badDirection');
}

/** The down-referral summary must be there before it is sent (§2 下转: 出院诊断, 治疗经过, 下一步方案). */
export function checkSummary(r: {
  direction: string;
  dischargeDiagnosis?: string | null;
  treatment?: string | null;
  nextSteps?: string | null;
}) {
  if (r.direction !== '2') return;
  if (!r.dischargeDiagnosis?.trim() || !r.treatment?.trim() || !r.nextSteps?.trim()) throw badRequest('referral.summaryRequired');
}

const columnsOf = (b: ReferralBody) => ({
  direction: b.direction,
  urgency: b.urgency,
  resident_id: b.residentId,
  to_unit_id: b.toUnitId,
  to_dept_id: b.toDeptId ?? null,
  visit_type: b.visitType,
  referral_date: b.referralDate ?? null,
  reason_code: b.reasonCode,
  reason: b.reason,
  diagnosis: b.diagnosis,
  condition_desc: b.condition,
  results: b.results,
  notes: b.notes,
  rehab: b.rehab,
  attachments: JSON.stringify(b.attachments),
  source_programme: b.sourceProgramme ?? null,
  source_visit_id: b.sourceVisitId ?? null,
  discharge_diagnosis: b.dischargeDiagnosis,
  treatment: b.treatment,
  treatment_result: b.treatmentResult,
  next_steps: b.nextSteps,
});

async function checkDept(db: Kysely<any>, tree: OrgTree, b: ReferralBody) {
  if (!b.toDeptId) return;
  if (tree.unitOf(b.toDeptId) !== b.toUnitId || tree.byId.get(b.toDeptId)?.category !== 'department') throw badRequest('referral.badDept');
  void db;
}

/** The sending unit: the caller's own; an administrator sends from the resident's managing unit. */
function sendingUnit(tree: OrgTree, caller: Caller, residentOrg: string | null): string {
  const unit = caller.isAdministrator ? tree.unitOf(residentOrg) : caller.unitId;
  if (!unit) throw forbidden();
  return unit;
}

/** A new slip: a draft (待提交), or submitted at once (待审批) when asked. The event and messages are the caller's (transitions). */
export async function insertReferral(
  db: Kysely<any>,
  tree: OrgTree,
  caller: Caller,
  b: ReferralBody,
): Promise<{ id: string; fromUnitId: string }> {
  const resident = await residentInScope(db, caller.scope, b.residentId);
  if (resident.archiveState === 2) throw badRequest('referral.archiveCancelled');
  const fromUnitId = sendingUnit(tree, caller, resident.manageOrgId);
  checkDirection(tree, b.direction, fromUnitId, b.toUnitId);
  await checkDept(db, tree, b);
  const at = now();
  const id = newId();
  await db
    .insertInto('referrals')
    .values({
      id,
      referral_no: `ZZ${new Date(at).toISOString().slice(0, 10).replace(/-/g, '')}${id.slice(-6)}`,
      status: '3',
      arrived: 0,
      from_unit_id: fromUnitId,
      applicant_id: caller.userId,
      created_at: at,
      step_since: at,
      updated_at: at,
      ...columnsOf(b),
    })
    .execute();
  await db
    .insertInto('referral_events')
    .values({
      id: newId(),
      referral_id: id,
      action: 'create',
      from_status: null,
      to_status: '3',
      user_id: caller.userId,
      unit_id: fromUnitId,
      reason: null,
      at,
    })
    .execute();
  return { id, fromUnitId };
}

export interface StoredReferral {
  id: string;
  referralNo: string;
  direction: string;
  status: string;
  arrived: boolean;
  residentId: string;
  fromUnitId: string;
  toUnitId: string;
  toDeptId: string | null;
  toDoctorId: string | null;
  applicantId: string;
  approvedAt: number | null;
  submittedAt: number | null;
  closedAt: number | null;
  dischargeDiagnosis: string | null;
  treatment: string | null;
  treatmentResult: string | null;
  nextSteps: string | null;
  diagnosis: string;
  stepSince: number;
}

export async function findReferral(db: Kysely<any>, id: string): Promise<StoredReferral | null> {
  const r = await first(
    db,
    db
      .selectFrom('referrals')
      .select([
        'id',
        'referral_no as referralNo',
        'direction',
        'status',
        'arrived',
        'resident_id as residentId',
        'from_unit_id as fromUnitId',
        'to_unit_id as toUnitId',
        'to_dept_id as toDeptId',
        'to_doctor_id as toDoctorId',
        'applicant_id as applicantId',
        'approved_at as approvedAt',
        'submitted_at as submittedAt',
        'closed_at as closedAt',
        'discharge_diagnosis as dischargeDiagnosis',
        'treatment',
        'treatment_result as treatmentResult',
        'next_steps as nextSteps',
        'diagnosis',
        'step_since as stepSince',
      ])
      .where('id', '=', id),
  );
  if (!r) return null;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(r as any),
    id: String(r.id),
    status: String(r.status),
    arrived: Number(r.arrived) === 1,
    approvedAt: n(r.approvedAt),
    submittedAt: n(r.submittedAt),
    closedAt: n(r.closedAt),
    stepSince: Number(r.stepSince),
  };
}

/** Whether the caller may see the referral at all (the same rule as the lists' `visible`). */
export function canSee(scope: HealthScope, r: StoredReferral): boolean {
  if (scope.all) return true;
  if (scope.orgIds.includes(r.fromUnitId)) return true;
  return r.approvedAt !== null && scope.orgIds.includes(r.toUnitId);
}

/** The referral, 404 when unknown, 403 outside the caller's scope. */
export async function referralFor(db: Kysely<any>, caller: Caller, id: string): Promise<StoredReferral> {
  const r = await findReferral(db, id);
  if (!r) throw notFound();
  if (!canSee(caller.scope, r)) throw forbidden();
  return r;
}

/** Edit a draft (待提交): the applicant's side only. */
export async function updateDraft(db: Kysely<any>, tree: OrgTree, caller: Caller, id: string, b: ReferralBody): Promise<void> {
  const r = await referralFor(db, caller, id);
  if (!partiesOf(tree, r, caller).includes('applicant')) throw forbidden('referral.notYourTurn');
  if (r.status !== '3') throw badRequest('referral.notDraft');
  if (b.residentId !== r.residentId) throw badRequest('referral.residentChanged');
  checkDirection(tree, b.direction, r.fromUnitId, b.toUnitId);
  await checkDept(db, tree, b);
  const res = await db
    .updateTable('referrals')
    .set({ ...columnsOf(b), updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', '3')
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw badRequest('referral.notDraft');
}

/** One referral in full: the form, its history (who, which unit, when, why), the caller's actions, the follow-up plan. */
export async function referralDetail(db: Kysely<any>, tree: OrgTree, caller: Caller, id: string, reveal: boolean) {
  const r = await referralFor(db, caller, id);
  const limits = await getReferralLimits(db);
  const at = now();
  const page = await pageReferrals(db, baseReferrals(db).where('f.id', '=', id), {
    page: 1,
    pageSize: 1,
    reveal,
    at,
    limits,
    order: (q) => q,
  });
  const form = await first(
    db,
    db
      .selectFrom('referrals')
      .select([
        'visit_type as visitType',
        'referral_date as referralDate',
        'reason',
        'condition_desc as condition',
        'results',
        'notes',
        'rehab',
        'attachments',
        'source_programme as sourceProgramme',
        'source_visit_id as sourceVisitId',
        'discharge_diagnosis as dischargeDiagnosis',
        'treatment',
        'treatment_result as treatmentResult',
        'next_steps as nextSteps',
        'answer_reason as answerReason',
        'to_dept_id as toDeptId',
        'to_doctor_id as toDoctorId',
        'approved_at as approvedAt',
        'answered_at as answeredAt',
        'arrived_at as arrivedAt',
        'closed_at as closedAt',
      ])
      .where('id', '=', id),
  );
  const events = await all(
    db,
    db
      .selectFrom('referral_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('organizations as o', 'o.id', 'e.unit_id')
      .select([
        'e.id as id',
        'e.action as action',
        'e.from_status as fromStatus',
        'e.to_status as toStatus',
        'e.reason as reason',
        'e.at as at',
        'u.real_name as userName',
        'o.full_name as unitName',
      ])
      .where('e.referral_id', '=', id)
      .orderBy('e.at')
      .orderBy('e.id'),
  );
  const plans = await all(
    db,
    db
      .selectFrom('health_plans')
      .select(['id', 'window_start as windowStart', 'window_end as windowEnd', 'visited_at as visitedAt'])
      .where('programme', '=', 'ref')
      .where('enrolment_id', '=', id),
  );
  let attachments: unknown[] = [];
  try {
    attachments = JSON.parse(String(form?.attachments ?? '[]')) as unknown[];
  } catch {
    attachments = [];
  }
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...page.list[0]!,
    ...form,
    referralDate: n(form?.referralDate),
    approvedAt: n(form?.approvedAt),
    answeredAt: n(form?.answeredAt),
    arrivedAt: n(form?.arrivedAt),
    closedAt: n(form?.closedAt),
    attachments,
    events: events.map((e) => ({ ...e, at: Number(e.at) })),
    followUp: plans.map((p) => ({
      id: String(p.id),
      windowStart: Number(p.windowStart),
      windowEnd: Number(p.windowEnd),
      visitedAt: n(p.visitedAt),
    })),
    actions: allowedActions(r.status, r.arrived, partiesOf(tree, r, caller)),
    parties: partiesOf(tree, r, caller),
  };
}

/** Units the caller answers for as the receiving side: their unit and every unit below it (all for the root / administrators). */
export function receiverUnits(tree: OrgTree, caller: Caller): string[] | 'all' {
  if (caller.isAdministrator) return 'all';
  if (!caller.unitId) return [];
  if (tree.isRoot(caller.unitId)) return 'all';
  return tree
    .units()
    .map((u) => u.id)
    .filter((u) => tree.unitAndAbove(u).includes(caller.unitId!));
}

/** Units whose sending the caller approves: their unit and the units directly below it. */
export function senderApprovalUnits(tree: OrgTree, caller: Caller): string[] | 'all' {
  if (caller.isAdministrator) return 'all';
  if (!caller.unitId || tree.isRoot(caller.unitId)) return [];
  return tree
    .units()
    .map((u) => u.id)
    .filter((u) => tree.senderUnits(u).includes(caller.unitId!));
}

const inUnits = (q: Q, column: string, units: string[] | 'all'): Q =>
  units === 'all' ? q : units.length ? q.where(column, 'in', units) : q.where(sql<boolean>`1 = 0`);

/** A worklist of the caller (the screens' tabs). */
export async function referralWorklist(
  db: Kysely<any>,
  tree: OrgTree,
  caller: Caller,
  list: ReferralWorklist,
  f: ReferralListQuery,
  reveal = false,
) {
  const limits = await getReferralLimits(db);
  const at = now();
  let q = baseReferrals(db).where(visible(caller.scope));
  let order = (x: Q) => x.orderBy('f.step_since', 'asc').orderBy('f.id', 'asc');
  switch (list) {
    case 'mine':
      q = q.where((eb) =>
        caller.unitId
          ? eb.or([eb('f.applicant_id', '=', caller.userId), eb('f.from_unit_id', '=', caller.unitId)])
          : eb('f.applicant_id', '=', caller.userId),
      );
      order = (x) => x.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc');
      break;
    case 'toApprove':
      q = inUnits(q.where('f.status', '=', '0'), 'f.from_unit_id', senderApprovalUnits(tree, caller));
      break;
    case 'toReceive':
      q = inUnits(q.where('f.status', '=', '7'), 'f.to_unit_id', receiverUnits(tree, caller));
      break;
    case 'downToReceive':
      q = inUnits(q.where('f.status', '=', '7').where('f.direction', '=', '2'), 'f.to_unit_id', receiverUnits(tree, caller));
      break;
    case 'notArrived':
      q = q.where('f.status', '=', '2').where('f.arrived', '=', 0);
      break;
    case 'toClose':
      q = inUnits(q.where('f.status', '=', '2').where('f.arrived', '=', 1), 'f.to_unit_id', receiverUnits(tree, caller));
      break;
    case 'triage': {
      const county = tree
        .units()
        .map((u) => u.id)
        .filter((u) => tierOf(tree, u) === 3);
      const mine = receiverUnits(tree, caller);
      const units = mine === 'all' ? county : county.filter((u) => mine.includes(u));
      q = inUnits(q.where('f.direction', '=', '1').where('f.status', 'in', ['7', '2']).where('f.arrived', '=', 0), 'f.to_unit_id', units);
      order = (x) =>
        x
          .orderBy(sql`case when f.to_doctor_id is null then 0 else 1 end`)
          .orderBy('f.step_since', 'asc')
          .orderBy('f.id', 'asc');
      break;
    }
    case 'afterReferral':
      q = q.innerJoin('health_plans as p', (j) =>
        j.onRef('p.enrolment_id', '=', 'f.id').on('p.programme', '=', 'ref').on('p.kind', '=', 'after_referral'),
      );
      q = q.where('p.visit_id', 'is', null);
      if (!caller.scope.all) q = q.where('p.org_id', 'in', caller.scope.orgIds.length ? caller.scope.orgIds : ['-']);
      order = (x) => x.orderBy('p.window_end', 'asc').orderBy('f.id', 'asc');
      break;
    case 'breached':
      q = q.where(breachedCondition(limits, at));
      order = (x) => x.orderBy(deadline(limits), 'asc').orderBy('f.id', 'asc');
      break;
  }
  q = applyFilters(q, f);
  return pageReferrals(db, q, { page: f.currentPage, pageSize: f.pageSize, reveal, at, limits, order });
}

export function applyFilters(q: Q, f: ReferralListQuery): Q {
  if (f.direction) q = q.where('f.direction', '=', f.direction);
  if (f.status) q = q.where('f.status', '=', f.status);
  if (f.fromUnitId) q = q.where('f.from_unit_id', '=', f.fromUnitId);
  if (f.toUnitId) q = q.where('f.to_unit_id', '=', f.toUnitId);
  if (f.dateFrom !== undefined) q = q.where('f.created_at', '>=', f.dateFrom);
  if (f.dateTo !== undefined) q = q.where('f.created_at', '<=', f.dateTo);
  if (f.keyword)
    q = q.where((eb) =>
      eb.or([
        eb('f.referral_no', 'like', likeEscape(f.keyword)),
        eb(sql.ref('r.fullName'), 'like', likeEscape(f.keyword)),
        eb('f.diagnosis', 'like', likeEscape(f.keyword)),
      ]),
    );
  return q;
}

/** Every referral the caller sees, filtered (the query screen and its export). */
export async function referralQuery(db: Kysely<any>, caller: Caller, f: ReferralListQuery, reveal = false) {
  const limits = await getReferralLimits(db);
  const q = applyFilters(baseReferrals(db).where(visible(caller.scope)), f);
  return pageReferrals(db, q, {
    page: f.currentPage,
    pageSize: f.pageSize,
    reveal,
    at: now(),
    limits,
    order: (x) => x.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc'),
  });
}

/** The county's monitor: every open referral (sent, not finished), breached first, then the longest waiting. */
export async function referralMonitor(db: Kysely<any>, caller: Caller, f: ReferralListQuery) {
  const limits = await getReferralLimits(db);
  const at = now();
  const q = applyFilters(baseReferrals(db).where(visible(caller.scope)).where('f.status', 'in', ['0', '7', '2']), f);
  const summary = await all(
    db,
    baseReferrals(db)
      .where(visible(caller.scope))
      .where('f.status', 'in', ['0', '7', '2'])
      .select([
        'f.status as status',
        'f.arrived as arrived',
        sql<number>`count(*)`.as('n'),
        sql<number>`sum(case when ${deadline(limits)} < ${at} then 1 else 0 end)`.as('breached'),
      ])
      .groupBy(['f.status', 'f.arrived']),
  );
  const page = await pageReferrals(db, q, {
    page: f.currentPage,
    pageSize: f.pageSize,
    reveal: false,
    at,
    limits,
    order: (x) =>
      x
        .orderBy(sql`case when ${deadline(limits)} < ${at} then 0 else 1 end`)
        .orderBy('f.step_since', 'asc')
        .orderBy('f.id', 'asc'),
  });
  return {
    ...page,
    summary: summary.map((s) => ({
      status: String(s.status),
      arrived: Number(s.arrived) === 1,
      count: Number(s.n),
      breached: Number(s.breached ?? 0),
    })),
    limits,
  };
}
