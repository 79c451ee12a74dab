import type { Kysely } from 'kysely';
import {
  DAY_MS,
  PSY_CLASSES,
  PSY_IN_HOSPITAL,
  PSY_LOCKED,
  PSY_PLAN_KIND,
  psyDaysFor,
  psyNextPlan,
  riskLevelOf,
  startOfUtcDay,
  suggestPsyClass,
  type PsyClass,
} from '@medalliance/contract';
import { PSY_MODEL, PSY_TABLE } from '../../../db/seed/health/psy-models.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { residentInScope, type ResidentFacts } from '../chronic/residents.ts';
import { fillPlans, insertPlans, unfillPlans } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { ENROLMENTS, findPsyEnrolment, psyPlanOwner, TIMELINE_TITLE, type PsyEnrolment } from './enrolment.service.ts';
import { getPsySettings } from './settings.ts';

/**
 * The follow-up rules, run inside the write of a psyFollowup record (whichever
 * screen or API writes it). Before the row: the resident in the caller's scope
 * and enrolled (management not ended); the suggested classification (an
 * override needs a reason, stored); the next visit date from the programme
 * settings. After the row: the plans its date fills; the next plan (kind by
 * classification: 不稳定 → 'unstable' within two weeks, ...) when it is the
 * enrolment's latest visit; the enrolment's last-visit facts (risk level,
 * classification, locked, in hospital) the worklists filter on; a timeline and
 * an audit entry.
 */

interface Pending {
  resident: ResidentFacts;
  enrolment: PsyEnrolment;
  classification: PsyClass;
  next: { planDate: number; windowStart: number; windowEnd: number };
  oldNextPlanId: string | null;
}
const pending = new WeakMap<Record<string, unknown>, Pending>();

/** Recomputes the enrolment's last-visit facts from its visits (minus `exceptIds`, rows about to be deleted). */
export async function refreshLastVisit(db: Kysely<any>, enrolmentId: string, exceptIds: string[] = []) {
  const latest = (reachedOnly: boolean) => {
    let q = db
      .selectFrom(PSY_TABLE)
      .select(['id', 'visitDate', 'classification', 'riskLevel', 'lockState', 'hospitalState'])
      .where('enrolmentId', '=', enrolmentId);
    if (reachedOnly) q = q.where('classification', '<>', '0');
    if (exceptIds.length) q = q.where('id', 'not in', exceptIds);
    return first(db, q.orderBy('visitDate', 'desc').orderBy('id', 'desc').limit(1));
  };
  const last = await latest(false);
  // Risk level, locking and hospital come from the last visit that reached the patient: a failed attempt says nothing of them.
  const reached = await latest(true);
  await db
    .updateTable(ENROLMENTS)
    .set({
      last_visit_id: last ? String(last.id) : null,
      last_visit_at: last ? Number(last.visitDate) : null,
      last_classification: last ? String(last.classification) : null,
      last_risk_level: reached ? riskLevelOf(reached.riskLevel) : null,
      locked: reached && String(reached.lockState ?? '') === PSY_LOCKED ? 1 : 0,
      in_hospital: reached && String(reached.hospitalState ?? '') === PSY_IN_HOSPITAL ? 1 : 0,
      updated_at: now(),
    })
    .where('id', '=', enrolmentId)
    .execute();
  return last;
}

/** Deletes a visit's generated next plan unless a later visit already filled it. */
async function dropNextPlan(db: Kysely<any>, planId: string | null) {
  if (planId) await db.deleteFrom('health_plans').where('id', '=', planId).where('visit_id', 'is', null).execute();
}

export const psyHooks: RecordHooks = {
  async beforeSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
    const scope = await healthScope(h.ctx, h.session, h.db);
    let stored: Record<string, unknown> | undefined;
    if (id) {
      stored = await first(h.db, h.db.selectFrom(PSY_TABLE).select(['residentId', 'manageOrgId', 'nextPlanId']).where('id', '=', id));
      if (stored && !orgInScope(scope, stored.manageOrgId as string | null)) throw forbidden();
      if (stored && stored.residentId !== data.residentId) throw badRequest('psy.residentChanged');
    }
    const resident = await residentInScope(h.db, scope, String(data.residentId ?? ''));
    const enrolment = await findPsyEnrolment(h.db, resident.id);
    if (!enrolment) throw badRequest('psy.notEnrolled');
    if (enrolment.outcome === 2) throw badRequest('psy.managementEnded');
    // A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone.
    const visitDate = Math.round(Number(data.visitDate) / DAY_MS) * DAY_MS;
    // One day of slack: "today" east of UTC is already tomorrow in UTC.
    if (!Number.isFinite(visitDate) || visitDate > startOfUtcDay(now()) + DAY_MS)
      throw badRequest('psy.futureDate', { field: 'visitDate' });
    if (visitDate < enrolment.enrolledAt - 366 * DAY_MS) throw badRequest('psy.beforeEnrolment');
    if (data.riskLevel !== null && data.riskLevel !== undefined && data.riskLevel !== '' && riskLevelOf(data.riskLevel) === null)
      throw badRequest('psy.badRiskLevel');
    data.visitDate = visitDate;
    data.enrolmentId = enrolment.id;
    data.manageOrgId = resident.manageOrgId;
    if (!data.doctorId) data.doctorId = h.session.userId;
    const suggested = suggestPsyClass(data);
    data.suggestedClassification = suggested;
    const chosen =
      data.classification === null || data.classification === undefined || data.classification === '' ? null : String(data.classification);
    if (chosen && !PSY_CLASSES.includes(chosen as PsyClass)) throw badRequest('psy.classificationRequired');
    if (!chosen && !suggested) throw badRequest('psy.classificationRequired');
    const classification = (chosen ?? suggested) as PsyClass;
    const reason = typeof data.overrideReason === 'string' ? data.overrideReason.trim() : '';
    if (suggested && classification !== suggested && !reason) throw badRequest('psy.overrideReasonRequired');
    data.classification = classification;
    data.overrideReason = classification === suggested ? null : reason || null;
    const next = psyNextPlan(visitDate, psyDaysFor(classification, await getPsySettings(h.db)));
    data.nextVisitDate = next.planDate;
    pending.set(data, { resident, enrolment, classification, next, oldNextPlanId: (stored?.nextPlanId as string | null) ?? null });
  },

  async afterSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
    const p = pending.get(data);
    if (!p) return;
    pending.delete(data);
    const visitDate = Number(data.visitDate);
    if (!created) {
      await dropNextPlan(h.db, p.oldNextPlanId);
      await unfillPlans(h.db, [id]);
    }
    await fillPlans(h.db, p.enrolment.id, id, visitDate);
    const last = await refreshLastVisit(h.db, p.enrolment.id);
    let nextPlanId: string | null = null;
    // Only the latest visit plans the next one; an older visit entered late does not reopen the past.
    if (last && String(last.id) === id) {
      const kind = PSY_PLAN_KIND[p.classification];
      // Open plans of earlier visits not yet due are replaced by this visit's plan (one open plan at a time).
      await h.db
        .deleteFrom('health_plans')
        .where('enrolment_id', '=', p.enrolment.id)
        .where('programme', '=', 'psy')
        .where('visit_id', 'is', null)
        .where('window_start', '>', visitDate)
        .execute();
      await insertPlans(h.db, [{ owner: psyPlanOwner(p.enrolment), kind, seq: 0, ...p.next }]);
      const plan = await first(
        h.db,
        h.db
          .selectFrom('health_plans')
          .select('id')
          .where('enrolment_id', '=', p.enrolment.id)
          .where('kind', '=', kind)
          .where('plan_date', '=', p.next.planDate)
          .where('visit_id', 'is', null)
          .orderBy('created_at', 'desc')
          .limit(1),
      );
      nextPlanId = plan ? String(plan.id) : null;
    }
    await h.db
      .updateTable(PSY_TABLE)
      .set({ nextPlanId, nextVisitDate: nextPlanId ? p.next.planDate : null })
      .where('id', '=', id)
      .execute();
    await addTimelineEntry(h.db, {
      residentId: p.resident.id,
      kind: 'psyVisit',
      title: TIMELINE_TITLE.visit,
      refModel: PSY_MODEL,
      refId: id,
      at: visitDate,
      orgId: p.resident.manageOrgId,
    });
    const user = await first(h.db, h.db.selectFrom('users').select('organize_id').where('id', '=', h.session.userId));
    await recordHealthAudit(h.db, {
      userId: h.session.userId,
      orgId: (user?.organize_id as string | null) ?? null,
      action: 'edit',
      residentId: p.resident.id,
      target: `${PSY_MODEL}:${id}`,
    });
  },

  async beforeDelete(h: RecordHookContext, ids: string[]) {
    const scope = await healthScope(h.ctx, h.session, h.db);
    const rows = await h.db
      .selectFrom(PSY_TABLE)
      .select(['id', 'manageOrgId', 'enrolmentId', 'nextPlanId'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) if (!orgInScope(scope, r.manageOrgId as string | null)) throw forbidden();
    await unfillPlans(h.db, ids);
    for (const r of rows) await dropNextPlan(h.db, (r.nextPlanId as string | null) ?? null);
    for (const e of new Set(rows.map((r) => String(r.enrolmentId)))) await refreshLastVisit(h.db, e, ids);
  },
};

/** Registers the rules on the model (idempotent). */
export function registerPsyHooks(): void {
  registerRecordHooks(PSY_MODEL, psyHooks);
}
