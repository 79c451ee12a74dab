import type { Kysely } from 'kysely';
import {
  afterReferralWindow,
  maskName,
  referralMonth,
  REFERRAL_TRANSITIONS,
  transitionRefusal,
  type ReferralAction,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { pushStoredMessages, storeSystemMessages, type StoredMessages } from '../message/system-messages.ts';
import { findResident } from '../health/chronic/residents.ts';
import { insertPlans, type PlanOwner } from '../health/plans/plans.service.ts';
import { addTimelineEntry } from '../health/records/timeline.ts';
import { partiesOf, usersWithMenu, type OrgTree } from './parties.ts';
import { checkSummary, referralFor, type Caller, type StoredReferral } from './referral.service.ts';
import './messages.ts';

/**
 * The referral state machine on the server (contract REFERRAL_TRANSITIONS):
 * who may take an action (their menu grant and their side of the referral),
 * from which state; the change is one conditional UPDATE (status and arrival
 * as read), so of two approvers racing exactly one wins and the other gets
 * 409; every change is an event (who, unit, when, why) and a message to the
 * next party, stored in the transaction and pushed after the commit. Side
 * effects: a completed up-referral gives the sending unit a two-week
 * follow-up plan (health_plans programme 'ref', kind 'after_referral'); an
 * accepted down-referral writes its summary into the resident's timeline.
 */

export const PLAN_PROGRAMME = 'ref';
export const PLAN_KIND = 'after_referral';

/** Who hears about the step an action leads to. */
async function recipients(ctx: AppContext, tree: OrgTree, r: StoredReferral, action: ReferralAction): Promise<string[]> {
  switch (action) {
    case 'submit':
    case 'withdraw':
      return usersWithMenu(ctx, tree, tree.senderUnits(r.fromUnitId), 'referral_examine');
    case 'approve':
    case 'cancel':
      return [
        ...(await usersWithMenu(ctx, tree, tree.unitAndAbove(r.toUnitId), 'referral_deal')),
        ...(action === 'approve' ? [r.applicantId] : []),
        ...(r.toDoctorId ? [r.toDoctorId] : []),
      ];
    case 'void':
      return [];
    default:
      return [r.applicantId];
  }
}

export interface ActInput {
  action: ReferralAction;
  reason: string;
}

/** Takes one action on a referral; answers the referral as it is afterwards. */
export async function act(
  ctx: AppContext,
  tree: OrgTree,
  caller: Caller,
  id: string,
  input: ActInput,
): Promise<{ id: string; status: string; arrived: boolean }> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const r = await referralFor(db, caller, id);
  const rule = REFERRAL_TRANSITIONS[input.action];
  const grants = await grantsFor(ctx, caller.userId, caller.isAdministrator);
  if (!grants.isAdministrator && !grants.modules.has(rule.menu)) throw forbidden();
  const parties = partiesOf(tree, r, caller);
  if (!rule.parties.some((p) => parties.includes(p))) throw forbidden('referral.notYourTurn');
  // Separation of duties: the sending unit's approval is a second person's check, even where one person holds both grants.
  if (input.action === 'approve' && r.applicantId === caller.userId && !grants.isAdministrator) throw forbidden('referral.selfApproval');
  if (transitionRefusal(input.action, r.status, r.arrived)) throw conflict('referral.wrongState');
  if (rule.reasonRequired && !input.reason.trim()) throw badRequest('referral.reasonRequired');
  if (input.action === 'submit') checkSummary(r);
  const to = await recipients(ctx, tree, r, input.action);
  const at = now();
  const resident = await findResident(db, r.residentId);
  const unitId = caller.unitId ?? (input.action === 'accept' || input.action === 'arrive' ? r.toUnitId : r.fromUnitId);

  const set: Record<string, unknown> = { status: rule.to, updated_at: at, step_since: at };
  if (input.action === 'submit') Object.assign(set, { submitted_at: at, submit_month: referralMonth(at) });
  if (input.action === 'approve' || input.action === 'rejectOut') set.approved_at = at;
  if (input.action === 'accept' || input.action === 'rejectIn') set.answered_at = at;
  if (input.action === 'arrive') Object.assign(set, { arrived: 1, arrived_at: at });
  if (input.action === 'close' || input.action === 'terminate') set.closed_at = at;
  if (rule.reasonRequired || input.reason) set.answer_reason = input.reason || null;

  let stored: StoredMessages | null = null;
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    const res = await trx
      .updateTable('referrals')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', r.status)
      .where('arrived', '=', r.arrived ? 1 : 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('referral.changedMeanwhile');
    await trx
      .insertInto('referral_events')
      .values({
        id: newId(),
        referral_id: id,
        action: input.action,
        from_status: r.status,
        to_status: rule.to,
        user_id: caller.userId,
        unit_id: unitId,
        reason: input.reason ? input.reason.slice(0, 500) : null,
        at,
      })
      .execute();
    if (input.action === 'close' && r.direction === '1') {
      const owner: PlanOwner = {
        enrolmentId: r.id,
        programme: PLAN_PROGRAMME,
        residentId: r.residentId,
        enrolledAt: at,
        doctorId: r.applicantId,
        orgId: r.fromUnitId,
      };
      await insertPlans(trx, [{ owner, kind: PLAN_KIND as never, seq: 1, ...afterReferralWindow(at) }]);
    }
    if (input.action === 'accept' && r.direction === '2') {
      const title = translate('zh', 'referral.timeline.down', {
        from: tree.name(r.fromUnitId) ?? '',
        to: tree.name(r.toUnitId) ?? '',
        diagnosis: r.dischargeDiagnosis ?? '',
        treatment: r.treatment ?? '',
        result: r.treatmentResult ?? '',
        next: r.nextSteps ?? '',
      });
      await addTimelineEntry(trx, {
        residentId: r.residentId,
        kind: 'referralDown',
        title,
        refModel: 'referral',
        refId: r.id,
        at,
        orgId: r.toUnitId,
      });
    }
    if (input.action === 'submit' && r.direction === '1') {
      await addTimelineEntry(trx, {
        residentId: r.residentId,
        kind: 'referralUp',
        title: translate('zh', 'referral.timeline.up', { to: tree.name(r.toUnitId) ?? '', diagnosis: r.diagnosis }),
        refModel: 'referral',
        refId: r.id,
        at,
        orgId: r.fromUnitId,
      });
    }
    const receivers = to.filter((u) => u !== caller.userId);
    stored = await storeSystemMessages(
      t,
      {
        toUserIds: receivers,
        title: translate('zh', `referral.msg.${input.action}`, { no: r.referralNo, name: maskName(resident?.fullName ?? '') }),
        kind: 'referral',
        body: { kind: 'referral', id: r.id, action: input.action, status: rule.to },
        senderId: caller.userId,
      },
      at,
    );
  });
  if (stored) pushStoredMessages(ctx, stored);
  return { id, status: rule.to, arrived: input.action === 'arrive' ? true : r.arrived };
}

/** The triage centre assigns the receiving department and doctor of an incoming up-referral (and tells the doctor). */
export async function assignTriage(
  ctx: AppContext,
  tree: OrgTree,
  caller: Caller,
  id: string,
  deptId: string,
  doctorId: string | null,
): Promise<void> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const r = await referralFor(db, caller, id);
  if (!partiesOf(tree, r, caller).includes('receiver')) throw forbidden('referral.notYourTurn');
  if (r.direction !== '1' || !['7', '2'].includes(r.status) || r.arrived) throw conflict('referral.wrongState');
  if (tree.byId.get(deptId)?.category !== 'department' || tree.unitOf(deptId) !== r.toUnitId) throw badRequest('referral.badDept');
  if (doctorId) {
    const d = await db
      .selectFrom('users')
      .select(['organize_id as orgId'])
      .where('id', '=', doctorId)
      .where('enabled_mark', '=', 1)
      .executeTakeFirst();
    if (!d || tree.unitOf(String(d.orgId)) !== r.toUnitId) throw badRequest('referral.badDoctor');
  }
  const resident = await findResident(db, r.residentId);
  const at = now();
  let stored: StoredMessages | null = null;
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    await trx.updateTable('referrals').set({ to_dept_id: deptId, to_doctor_id: doctorId, updated_at: at }).where('id', '=', id).execute();
    await trx
      .insertInto('referral_events')
      .values({
        id: newId(),
        referral_id: id,
        action: 'triage',
        from_status: r.status,
        to_status: r.status,
        user_id: caller.userId,
        unit_id: caller.unitId,
        reason: tree.name(deptId),
        at,
      })
      .execute();
    if (doctorId && doctorId !== caller.userId)
      stored = await storeSystemMessages(
        t,
        {
          toUserIds: [doctorId],
          title: translate('zh', 'referral.msg.triage', { no: r.referralNo, name: maskName(resident?.fullName ?? '') }),
          kind: 'referral',
          body: { kind: 'referral', id: r.id, action: 'triage' },
          senderId: caller.userId,
        },
        at,
      );
  });
  if (stored) pushStoredMessages(ctx, stored);
}

/** The primary unit records its follow-up after an up-referral: fills the two-week plan (late ones count as not compliant). */
export async function recordFollowUp(
  ctx: AppContext,
  tree: OrgTree,
  caller: Caller,
  id: string,
  note: string,
): Promise<{ visitedAt: number; inTime: boolean }> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const r = await referralFor(db, caller, id);
  if (!partiesOf(tree, r, caller).includes('applicant')) throw forbidden('referral.notYourTurn');
  const plan = await db
    .selectFrom('health_plans')
    .select(['id', 'window_end as windowEnd'])
    .where('programme', '=', PLAN_PROGRAMME)
    .where('enrolment_id', '=', id)
    .where('visit_id', 'is', null)
    .executeTakeFirst();
  if (!plan) throw conflict('referral.noFollowUp');
  const at = now();
  const eventId = newId();
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    await trx
      .updateTable('health_plans')
      .set({ visit_id: eventId, visited_at: at })
      .where('id', '=', plan.id)
      .where('visit_id', 'is', null)
      .execute();
    await trx
      .insertInto('referral_events')
      .values({
        id: eventId,
        referral_id: id,
        action: 'followUp',
        from_status: r.status,
        to_status: r.status,
        user_id: caller.userId,
        unit_id: caller.unitId,
        reason: note.slice(0, 500) || null,
        at,
      })
      .execute();
    await addTimelineEntry(trx, {
      residentId: r.residentId,
      kind: 'referralFollowUp',
      title: translate('zh', 'referral.timeline.followUp', { note }),
      refModel: 'referral',
      refId: r.id,
      at,
      orgId: r.fromUnitId,
    });
  });
  return { visitedAt: at, inTime: at <= Number(plan.windowEnd) };
}
