import type { Kysely } from 'kysely';
import {
  ageInMonths,
  ageInMonthsExact,
  CHECKUP_STAGES,
  CHILD_CHECKS,
  childSchedule,
  DAY_MS,
  GROWTH_BAND_NAME,
  growthBand,
  stageFor,
  startOfUtcDay,
  weakReasons,
  WEAK_REASON_NAME,
  type GrowthBand,
} from '@medalliance/contract';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { unfillPlans } from '../plans/plans.service.ts';
import { first } from '../plans/rows.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { residentInScope, type ResidentFacts } from '../chronic/residents.ts';
import { CHILD_TABLE, childHistory, findChild, type ChildRecord } from './records.service.ts';

/**
 * The rules of the newborn visit and the check-up, run inside the write of a
 * healthChildNewborn / healthChildCheckup record (whichever screen or API
 * writes it). Before the row: the child in the caller's scope with a child
 * record, the date (not in the future, not before birth), the stage (the
 * form's, else the check whose window holds the date), the age in months,
 * the growth bands of weight and length against the standard, the 体弱儿
 * criteria, the next check's date. After the row: the plan of the stage
 * (and a haemoglobin plan when Hb was measured in its window) is 已查; the
 * record's last check, bands, 体弱儿 and 转诊 flags; a timeline entry and an
 * audit entry.
 */

export const CHILD_FORMS = {
  newborn: { enCode: 'healthChildNewborn', table: 'lc_health_child_newborn' },
  checkup: { enCode: 'healthChildCheckup', table: 'lc_health_child_checkup' },
} as const;
type Form = keyof typeof CHILD_FORMS;

interface Pending {
  resident: ResidentFacts;
  child: ChildRecord;
  stage: string | null;
  reasons: string[];
}
const pending = new WeakMap<Record<string, unknown>, Pending>();
const numOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
const SEQ = new Map(CHILD_CHECKS.map((c, i) => [c.code, i]));

/** Marks one open plan of the child 已查 by this visit. */
async function fillPlan(db: Kysely<any>, childId: string, kind: string, seq: number, visitId: string, visitDate: number) {
  await db
    .updateTable('health_plans')
    .set({ visit_id: visitId, visited_at: visitDate })
    .where('enrolment_id', '=', childId)
    .where('kind', '=', kind)
    .where('seq', '=', seq)
    .where('visit_id', 'is', null)
    .execute();
}

function hooks(form: Form): RecordHooks {
  const { table, enCode } = CHILD_FORMS[form];
  return {
    async beforeSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
      const scope = await healthScope(h.ctx, h.session, h.db);
      if (id) {
        const stored = await first(h.db, h.db.selectFrom(table).select(['residentId', 'manageOrgId']).where('id', '=', id));
        if (stored && !orgInScope(scope, stored.manageOrgId as string | null)) throw forbidden();
        if (stored && stored.residentId !== data.residentId) throw badRequest('child.residentChanged');
      }
      const resident = await residentInScope(h.db, scope, String(data.residentId ?? ''));
      const child = await findChild(h.db, resident.id);
      if (!child) throw badRequest('child.notRecorded');
      // A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone.
      const visitDate = Math.round(Number(data.visitDate) / DAY_MS) * DAY_MS;
      if (!Number.isFinite(visitDate) || visitDate > startOfUtcDay(now()) + DAY_MS) throw badRequest('child.futureDate');
      if (visitDate < child.birthDate) throw badRequest('child.beforeBirth');
      data.visitDate = visitDate;
      data.childRecordId = child.id;
      data.manageOrgId = resident.manageOrgId;
      if (!data.doctorId) data.doctorId = h.session.userId;
      data.referral = data.referral ? 1 : 0;
      const schedule = childSchedule(child.birthDate, child.dischargeDate);
      let stage: string | null = null;
      const reasons: string[] = [];
      if (form === 'checkup') {
        const chosen = data.stage ? String(data.stage) : '';
        if (chosen && !CHECKUP_STAGES.includes(chosen)) throw badRequest('child.badStage');
        stage = chosen || stageFor(child.birthDate, visitDate);
        if (!stage) throw badRequest('child.tooYoung');
        data.stage = stage;
        const months = ageInMonthsExact(child.birthDate, visitDate);
        data.ageMonths = ageInMonths(child.birthDate, visitDate);
        const weightBand = growthBand('weight', resident.sex, months, data.weightKg);
        const lengthBand = growthBand('length', resident.sex, months, data.lengthCm);
        data.weightBand = weightBand;
        data.lengthBand = lengthBand;
        for (const r of weakReasons(child, {
          weightBand,
          lengthBand,
          haemoglobin: numOrNull(data.haemoglobin),
          ageMonths: Number(data.ageMonths),
        }))
          reasons.push(WEAK_REASON_NAME[r]);
        data.weak = reasons.length ? 1 : 0;
        data.weakReason = reasons.length ? reasons.join('、') : null;
        const seq = SEQ.get(stage)!;
        data.nextVisitDate = schedule.find((p) => p.kind === 'check' && p.seq > seq)?.planDate ?? null;
      } else {
        data.nextVisitDate = schedule.find((p) => p.code === 'd28')!.planDate;
      }
      pending.set(data, { resident, child, stage, reasons });
    },

    async afterSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
      const p = pending.get(data);
      if (!p) return;
      pending.delete(data);
      const visitDate = Number(data.visitDate);
      if (!created) await unfillPlans(h.db, [id]);
      const set: Record<string, unknown> = { updated_at: now() };
      if (form === 'newborn') await fillPlan(h.db, p.child.id, 'newborn', 0, id, visitDate);
      else {
        await fillPlan(h.db, p.child.id, 'check', SEQ.get(p.stage!)!, id, visitDate);
        if (numOrNull(data.haemoglobin) !== null) {
          // The haemoglobin test whose window holds the date (6–8, 18 or 30 months).
          const hb = childSchedule(p.child.birthDate).find(
            (x) => x.kind === 'hb' && visitDate >= x.windowStart && visitDate <= x.windowEnd,
          );
          if (hb) await fillPlan(h.db, p.child.id, 'hb', hb.seq, id, visitDate);
        }
        const latest = await first(
          h.db,
          h.db
            .selectFrom(table)
            .select(['visitDate', 'weightBand', 'lengthBand'])
            .where('childRecordId', '=', p.child.id)
            .orderBy('visitDate', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        );
        set.last_check_at = numOrNull(latest?.visitDate);
        set.last_weight_band = (latest?.weightBand as string | null) ?? null;
        set.last_length_band = (latest?.lengthBand as string | null) ?? null;
        // 体弱儿 is raised by the rules; only a doctor lowers it (with a reason, in the record's history).
        if (p.reasons.length && !p.child.weak) {
          set.weak = 1;
          set.weak_reason = p.reasons.join('、');
          await childHistory(h.db, {
            entityId: p.child.id,
            field: 'weak',
            oldValue: '0',
            newValue: '1',
            reason: set.weak_reason as string,
            userId: h.session.userId,
          });
        }
      }
      if (data.referral && !p.child.referral) set.referral = 1;
      await h.db.updateTable(CHILD_TABLE).set(set).where('id', '=', p.child.id).execute();
      const stageName = p.stage ? stageLabel(p.stage) : '';
      const bands =
        form === 'checkup'
          ? ` 体重 ${data.weightKg} kg（${GROWTH_BAND_NAME[data.weightBand as GrowthBand] ?? '—'}） 身长 ${data.lengthCm} cm（${GROWTH_BAND_NAME[data.lengthBand as GrowthBand] ?? '—'}）`
          : '';
      await addTimelineEntry(h.db, {
        residentId: p.resident.id,
        kind: enCode.slice(0, 32),
        title: `${form === 'newborn' ? '新生儿家庭访视' : `儿童健康检查（${stageName}）`}${created ? '' : '（修改）'}${bands}`,
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
      const rows = await h.db.selectFrom(table).select(['id', 'manageOrgId']).where('id', 'in', ids).execute();
      for (const r of rows) if (!orgInScope(scope, r.manageOrgId as string | null)) throw forbidden();
      await unfillPlans(h.db, ids);
    },
  };
}

const STAGE_NAME: Record<string, string> = {
  d28: '满月',
  m3: '3月龄',
  m6: '6月龄',
  m8: '8月龄',
  m12: '12月龄',
  m18: '18月龄',
  m24: '24月龄',
  m30: '30月龄',
  m36: '36月龄',
  y4: '4岁',
  y5: '5岁',
  y6: '6岁',
};
export const stageLabel = (code: string) => STAGE_NAME[code] ?? code;

export const newbornHooks = hooks('newborn');
export const checkupHooks = hooks('checkup');

export function registerChildHooks(): void {
  registerRecordHooks(CHILD_FORMS.newborn.enCode, newbornHooks);
  registerRecordHooks(CHILD_FORMS.checkup.enCode, checkupHooks);
}
