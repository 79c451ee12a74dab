import type { Kysely } from 'kysely';
import {
  ageOn,
  DAY_MS,
  CLASSIFICATIONS,
  computeBmi,
  isLateEntry,
  startOfUtcDay,
  suggestClassification,
  visitOutcome,
  visitRangeError,
  type ChronicProgramme,
  type VisitClassification,
} from '@medalliance/contract';
import { badRequest } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { addRecheckPlan, fillPlans, getPlanSettings, rollRegularPlans, unfillPlans } from '../plans/plans.service.ts';
import { findEnrolment, planOwner, PROGRAMME_NAME, type Enrolment } from './enrolment.service.ts';
import { residentInScope, type ResidentFacts } from './residents.ts';
import { forbidden } from '../../../http/errors.ts';
import { first } from '../plans/rows.ts';

/**
 * The follow-up rules, run inside the write of a htnFollowup / dmFollowup
 * record (whichever screen or API writes it):
 * before the row: the resident in the caller's scope and enrolled; the
 * suggested classification (an override needs a reason), BMI from the
 * archive's height, 延后录入, the referral flag (danger values → 2, two
 * consecutive 控制不满意 → 1);
 * after the row: the plans its date fills, a two-week recheck after a first
 * 控制不满意 or a 不良反应, the enrolment's referral flag and last visit, a
 * timeline entry and an audit entry.
 */

export const FOLLOWUP_MODELS: Record<ChronicProgramme, { enCode: string; table: string }> = {
  htn: { enCode: 'htnFollowup', table: 'lc_htn_followup' },
  dm: { enCode: 'dmFollowup', table: 'lc_dm_followup' },
};

const CLASS_NAME: Record<string, string> = { '1': '控制满意', '2': '控制不满意', '3': '不良反应', '4': '并发症' };

interface Pending {
  resident: ResidentFacts;
  enrolment: Enrolment;
  recheck: boolean;
  referralFlag: number;
  previousVisitId: string | null;
}
const pending = new WeakMap<Record<string, unknown>, Pending>();

const numOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The enrolment's visit just before this date (another record), for "consecutive". */
export async function previousVisit(
  db: Kysely<any>,
  programme: ChronicProgramme,
  enrolmentId: string,
  visitDate: number,
  exceptId: string | null,
) {
  let q = db
    .selectFrom(FOLLOWUP_MODELS[programme].table)
    .select(['id', 'classification', 'visitDate'])
    .where('enrolmentId', '=', enrolmentId)
    .where('visitDate', '<', visitDate)
    .orderBy('visitDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const r = await q.executeTakeFirst();
  return r ? { id: String(r.id), classification: (r.classification as VisitClassification | null) ?? null } : null;
}

/** The enrolment's last visit and classification: its newest visit by date, leaving out `except` (visits being deleted). */
async function refreshLastVisit(db: Kysely<any>, programme: ChronicProgramme, enrolmentId: string, except: string[] = []) {
  let q = db
    .selectFrom(FOLLOWUP_MODELS[programme].table)
    .select(['classification', 'visitDate'])
    .where('enrolmentId', '=', enrolmentId)
    .orderBy('visitDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (except.length) q = q.where('id', 'not in', except);
  const latest = await q.executeTakeFirst();
  await db
    .updateTable('health_chronic_enrolments')
    .set({
      last_classification: (latest?.classification as string | null) ?? null,
      last_visit_at: numOrNull(latest?.visitDate),
      updated_at: now(),
    })
    .where('id', '=', enrolmentId)
    .execute();
}

function followupHooks(programme: ChronicProgramme): RecordHooks {
  const { table, enCode } = FOLLOWUP_MODELS[programme];
  return {
    async beforeSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
      const scope = await healthScope(h.ctx, h.session, h.db);
      let stored: Record<string, unknown> | undefined;
      if (id) {
        stored = await first(h.db, h.db.selectFrom(table).select(['residentId', 'creator_time', 'manageOrgId']).where('id', '=', id));
        if (stored && !orgInScope(scope, stored.manageOrgId as string | null)) throw forbidden();
        if (stored && stored.residentId !== data.residentId) throw badRequest('chronic.residentChanged');
      }
      const resident = await residentInScope(h.db, scope, String(data.residentId ?? ''));
      const enrolment = await findEnrolment(h.db, resident.id, programme);
      if (!enrolment) throw badRequest(`chronic.notEnrolled.${programme}`);
      if (enrolment.outcome === 2) throw badRequest(`chronic.managementEnded.${programme}`);
      // A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone.
      const visitDate = Math.round(Number(data.visitDate) / DAY_MS) * DAY_MS;
      const at = now();
      // One day of slack: "today" east of UTC is already tomorrow in UTC.
      if (!Number.isFinite(visitDate) || visitDate > startOfUtcDay(at) + DAY_MS)
        throw badRequest('chronic.futureDate', { field: 'visitDate' });
      const range = visitRangeError(data);
      if (range) throw badRequest('chronic.outOfRange', range);
      data.visitDate = visitDate;
      data.enrolmentId = enrolment.id;
      data.manageOrgId = resident.manageOrgId;
      if (!data.doctorId) data.doctorId = h.session.userId;
      const age = resident.birthDate !== null ? ageOn(resident.birthDate, visitDate) : null;
      const suggested = suggestClassification(programme, data, age);
      data.suggestedClassification = suggested;
      const chosen = data.classification ? String(data.classification) : null;
      if (chosen && !CLASSIFICATIONS.includes(chosen as VisitClassification)) throw badRequest('chronic.classificationRequired');
      if (!chosen && !suggested) throw badRequest('chronic.classificationRequired');
      const classification = (chosen ?? suggested) as VisitClassification;
      const reason = typeof data.overrideReason === 'string' ? data.overrideReason.trim() : '';
      if (suggested && classification !== suggested && !reason) throw badRequest('chronic.overrideReasonRequired');
      data.classification = classification;
      data.overrideReason = classification === suggested ? null : reason || null;
      data.bmi = computeBmi(data.weightKg, resident.heightCm);
      const enteredAt = stored ? Number(stored.creator_time) : at;
      data.lateEntry = isLateEntry(visitDate, enteredAt) ? 1 : 0;
      const prev = await previousVisit(h.db, programme, enrolment.id, visitDate, id);
      const outcome = visitOutcome(programme, classification, prev?.classification ?? null, data);
      data.referralFlag = String(outcome.referralFlag);
      pending.set(data, {
        resident,
        enrolment,
        recheck: outcome.recheck,
        referralFlag: outcome.referralFlag,
        previousVisitId: prev?.id ?? null,
      });
    },

    async afterSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
      const p = pending.get(data);
      if (!p) return;
      pending.delete(data);
      const visitDate = Number(data.visitDate);
      const owner = planOwner(p.enrolment);
      await rollRegularPlans(h.db, owner, await getPlanSettings(h.db, programme));
      if (!created) await unfillPlans(h.db, [id]);
      await fillPlans(h.db, p.enrolment.id, id, visitDate);
      if (p.recheck) await addRecheckPlan(h.db, owner, visitDate);
      // The enrolment's referral flag is only ever raised here (the referral module clears it).
      await h.db
        .updateTable('health_chronic_enrolments')
        .set({ referral_flag: Math.max(p.enrolment.referralFlag, p.referralFlag) })
        .where('id', '=', p.enrolment.id)
        .execute();
      await refreshLastVisit(h.db, programme, p.enrolment.id);
      const bp = data.systolic !== null && data.systolic !== undefined ? ` ${data.systolic}/${data.diastolic} mmHg` : '';
      const glucose = programme === 'dm' && data.glucose !== null && data.glucose !== undefined ? ` 空腹血糖 ${data.glucose} mmol/L` : '';
      await addTimelineEntry(h.db, {
        residentId: p.resident.id,
        kind: enCode,
        title: `${PROGRAMME_NAME[programme]}随访${created ? '' : '（修改）'}：${CLASS_NAME[String(data.classification)] ?? ''}${bp}${glucose}`,
        refModel: enCode,
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
        target: `${enCode}:${id}`,
      });
    },

    async beforeDelete(h: RecordHookContext, ids: string[]) {
      const scope = await healthScope(h.ctx, h.session, h.db);
      const rows = await h.db.selectFrom(table).select(['id', 'manageOrgId', 'enrolmentId']).where('id', 'in', ids).execute();
      for (const r of rows) if (!orgInScope(scope, r.manageOrgId as string | null)) throw forbidden();
      await unfillPlans(h.db, ids);
      // The enrolments' last visit is the newest one that stays.
      for (const enrolmentId of new Set(rows.map((r) => String(r.enrolmentId)))) await refreshLastVisit(h.db, programme, enrolmentId, ids);
    },
  };
}

export const htnHooks = followupHooks('htn');
export const dmHooks = followupHooks('dm');

/** Registers the follow-up rules on both models (idempotent). */
export function registerFollowupHooks(): void {
  registerRecordHooks(FOLLOWUP_MODELS.htn.enCode, htnHooks);
  registerRecordHooks(FOLLOWUP_MODELS.dm.enCode, dmHooks);
}
