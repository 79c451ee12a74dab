import type { Kysely } from 'kysely';
import {
  adherenceRate,
  DAY_MS,
  firstVisitInTime,
  startOfUtcDay,
  TB_CLOSE_REASONS,
  tbCourse,
  tbDosesDue,
  tbPhaseAt,
  tbPlans,
  visitCompletionRate,
  type TbCourse,
} from '@medalliance/contract';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext, type RecordHooks } from '../../visualdev/record-hooks.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { addTimelineEntry } from '../records/timeline.ts';
import { dropFuturePlans, fillPlans, unfillPlans } from '../plans/plans.service.ts';
import { all, first } from '../plans/rows.ts';
import { assertState, bookPlans, CLOSE_REASON_NAME, findCase, TB_TABLE, tbHistory, type TbCase } from './cases.service.ts';
import { TB_MODELS } from './models.ts';
import { getTbSettings } from './settings.ts';

/**
 * The rules of the three TB forms, run inside the write of their records
 * (whichever screen or API writes them):
 * - first visit (tbFirstVisit): only for a 待入户 case; the 72-hour flag, the
 *   course and its plans; the case becomes 治疗管理中;
 * - follow-up (tbVisit): only while 治疗管理中; its phase and treatment month,
 *   the plan it fills, the next plan; missed doses are kept on the record;
 * - closure (tbClosure): only while 治疗管理中; visits and doses due and made,
 *   规律服药率 and 访视完成率 stored on the record and the case; the case becomes
 *   结案 and its plans after the stop day are dropped.
 * Every save adds a timeline and an audit entry. Inside a hook only `h.db`.
 */

const FUTURE_SLACK = 5 * 60_000;
const pending = new WeakMap<Record<string, unknown>, { c: TbCase; course?: TbCourse }>();

/** The case of the record, in the caller's scope; on an edit the stored record's case and scope too. */
async function caseOfRecord(h: RecordHookContext, table: string, data: Record<string, unknown>, id: string | null) {
  const scope = await healthScope(h.ctx, h.session, h.db);
  if (id) {
    const stored = await first(h.db, h.db.selectFrom(table).select(['caseId', 'manageOrgId']).where('id', '=', id));
    if (stored && !orgInScope(scope, stored.manageOrgId as string | null)) throw forbidden();
    if (stored && stored.caseId !== data.caseId) throw badRequest('tb.caseChanged');
  }
  const c = await findCase(h.db, String(data.caseId ?? ''));
  if (!c) throw badRequest('tb.unknownCase');
  if (!orgInScope(scope, c.orgId)) throw forbidden();
  data.residentId = c.residentId;
  data.manageOrgId = c.orgId;
  if (!data.doctorId) data.doctorId = h.session.userId;
  return c;
}

/** A date picker sends the chosen day's local midnight: the nearest UTC midnight is that day in every zone. */
const dayOf = (v: unknown) => Math.round(Number(v) / DAY_MS) * DAY_MS;

async function audit(h: RecordHookContext, residentId: string, target: string) {
  const user = await first(h.db, h.db.selectFrom('users').select('organize_id').where('id', '=', h.session.userId));
  await recordHealthAudit(h.db, {
    userId: h.session.userId,
    orgId: (user?.organize_id as string | null) ?? null,
    action: 'edit',
    residentId,
    target,
  });
}

const courseOf = (c: TbCase): TbCourse => ({
  start: startOfUtcDay(c.firstVisitAt ?? c.notifiedAt),
  intensiveEnd: c.intensiveEnd ?? startOfUtcDay(c.notifiedAt),
  courseEnd: c.courseEnd ?? startOfUtcDay(c.notifiedAt),
});

async function nextOpenPlan(db: Kysely<any>, caseId: string, after: number): Promise<number | null> {
  const r = await first(
    db,
    db
      .selectFrom('health_plans')
      .select('plan_date')
      .where('enrolment_id', '=', caseId)
      .where('programme', '=', 'tb')
      .where('visit_id', 'is', null)
      .where('window_start', '>', after)
      .orderBy('plan_date')
      .limit(1),
  );
  return r ? Number(r.plan_date) : null;
}

export const firstVisitHooks: RecordHooks = {
  async beforeSave(h, data, id) {
    const c = await caseOfRecord(h, TB_MODELS.first.table, data, id);
    if (id) {
      if (c.firstVisitId !== id) throw badRequest('tb.wrongState', { state: '' });
    } else assertState(c, 0);
    const visitTime = Number(data.visitTime);
    if (!Number.isFinite(visitTime) || visitTime > now() + FUTURE_SLACK) throw badRequest('tb.futureDate', { field: 'visitTime' });
    if (visitTime < c.notifiedAt) throw badRequest('tb.beforeNotification');
    data.inTime = firstVisitInTime(c.notifiedAt, visitTime) ? 1 : 0;
    data.patientType = c.patientType;
    if (id) {
      // The course was booked from the first save; an edit keeps its dates.
      pending.set(data, { c });
      return;
    }
    const s = await getTbSettings(h.db);
    const course = tbCourse(startOfUtcDay(visitTime), c.patientType, c.phase, s);
    data.nextVisitDate = tbPlans(course, s)[0]?.planDate ?? null;
    pending.set(data, { c, course });
  },

  async afterSave(h, id, data, created) {
    const p = pending.get(data);
    if (!p) return;
    pending.delete(data);
    const at = now();
    const visitTime = Number(data.visitTime);
    if (created && p.course) {
      await h.db
        .updateTable(TB_TABLE)
        .set({
          state: 1,
          first_visit_id: id,
          first_visit_at: visitTime,
          drug_usage: (data.usage as string | null) ?? null,
          intensive_end: p.course.intensiveEnd,
          course_end: p.course.courseEnd,
          updated_at: at,
        })
        .where('id', '=', p.c.id)
        .execute();
      await bookPlans(h.db, p.c, p.course, await getTbSettings(h.db));
      await tbHistory(h.db, { entityId: p.c.id, field: 'state', oldValue: '0', newValue: '1', userId: h.session.userId });
    } else {
      await h.db
        .updateTable(TB_TABLE)
        .set({ first_visit_at: visitTime, drug_usage: (data.usage as string | null) ?? null, updated_at: at })
        .where('id', '=', p.c.id)
        .execute();
    }
    const hours = Math.round(((visitTime - p.c.notifiedAt) / 3_600_000) * 10) / 10;
    await addTimelineEntry(h.db, {
      residentId: p.c.residentId,
      kind: TB_MODELS.first.enCode,
      title: `肺结核第一次入户随访${created ? '' : '（修改）'}：报告后 ${hours} 小时${Number(data.inTime) ? '' : '（超过72小时）'}`,
      refModel: TB_MODELS.first.enCode,
      refId: id,
      at: visitTime,
      orgId: p.c.orgId,
    });
    await audit(h, p.c.residentId, `${TB_MODELS.first.enCode}:${id}`);
  },

  async beforeDelete() {
    // The first visit started management: the case's history depends on it.
    throw badRequest('tb.cannotDelete');
  },
};

export const visitHooks: RecordHooks = {
  async beforeSave(h, data, id) {
    const c = await caseOfRecord(h, TB_MODELS.visit.table, data, id);
    assertState(c, 1);
    const course = courseOf(c);
    const visitDate = dayOf(data.visitDate);
    // One day of slack: "today" east of UTC is already tomorrow in UTC.
    if (!Number.isFinite(visitDate) || visitDate > startOfUtcDay(now()) + DAY_MS) throw badRequest('tb.futureDate', { field: 'visitDate' });
    if (visitDate < course.start) throw badRequest('tb.beforeFirstVisit');
    const missed = Number(data.missedDoses);
    if (!Number.isInteger(missed) || missed < 0) throw badRequest('tb.missedDoses');
    data.visitDate = visitDate;
    data.phase = tbPhaseAt(course, visitDate);
    data.treatmentMonth = Math.floor((visitDate - course.start) / (30 * DAY_MS)) + 1;
    data.nextVisitDate = await nextOpenPlan(h.db, c.id, visitDate);
    pending.set(data, { c });
  },

  async afterSave(h, id, data, created) {
    const p = pending.get(data);
    if (!p) return;
    pending.delete(data);
    const visitDate = Number(data.visitDate);
    if (!created) await unfillPlans(h.db, [id]);
    await fillPlans(h.db, p.c.id, id, visitDate);
    const missed = Number(data.missedDoses);
    await addTimelineEntry(h.db, {
      residentId: p.c.residentId,
      kind: TB_MODELS.visit.enCode,
      title: `肺结核随访${created ? '' : '（修改）'}：${data.phase === '1' ? '强化期' : '继续期'}，漏服药 ${missed} 次`,
      refModel: TB_MODELS.visit.enCode,
      refId: id,
      at: visitDate,
      orgId: p.c.orgId,
    });
    await audit(h, p.c.residentId, `${TB_MODELS.visit.enCode}:${id}`);
  },

  async beforeDelete(h, ids) {
    const scope = await healthScope(h.ctx, h.session, h.db);
    const rows = await h.db.selectFrom(TB_MODELS.visit.table).select(['id', 'manageOrgId', 'caseId']).where('id', 'in', ids).execute();
    for (const r of rows) {
      if (!orgInScope(scope, r.manageOrgId as string | null)) throw forbidden();
      const c = await findCase(h.db, String(r.caseId));
      // A closed case's rates were computed from these visits.
      if (c && c.state === 2) throw badRequest('tb.cannotDelete');
    }
    await unfillPlans(h.db, ids);
  },
};

/** Visits and doses of a case up to its stop day (the closure's counts). */
export async function closureCounts(db: Kysely<any>, c: TbCase, stopDate: number) {
  const course = courseOf(c);
  const plans = await all(
    db,
    db
      .selectFrom('health_plans')
      .select(['visit_id'])
      .where('enrolment_id', '=', c.id)
      .where('programme', '=', 'tb')
      .where('plan_date', '<=', stopDate),
  );
  const missed = await db
    .selectFrom(TB_MODELS.visit.table)
    .select((eb) => eb.fn.sum<number>('missedDoses').as('n'))
    .where('caseId', '=', c.id)
    .where('visitDate', '<=', stopDate)
    .executeTakeFirst();
  // The first visit counts as one visit due and made.
  const visitsDue = plans.length + 1;
  const visitsMade = plans.filter((p) => p.visit_id).length + 1;
  const dosesDue = tbDosesDue(course.start, stopDate, c.usage);
  const dosesTaken = Math.max(0, dosesDue - Number(missed?.n ?? 0));
  return {
    visitsDue,
    visitsMade,
    dosesDue,
    dosesTaken,
    adherenceRate: adherenceRate(dosesTaken, dosesDue),
    visitRate: visitCompletionRate(visitsMade, visitsDue),
  };
}

export const closureHooks: RecordHooks = {
  async beforeSave(h, data, id) {
    // The closure is final: its rates are the case's record.
    if (id) throw badRequest('tb.closureFinal');
    const c = await caseOfRecord(h, TB_MODELS.closure.table, data, id);
    assertState(c, 1);
    const stopDate = dayOf(data.stopDate);
    if (!Number.isFinite(stopDate) || stopDate > startOfUtcDay(now()) + DAY_MS) throw badRequest('tb.futureDate', { field: 'stopDate' });
    if (stopDate < courseOf(c).start) throw badRequest('tb.beforeFirstVisit');
    if (!TB_CLOSE_REASONS.includes(String(data.closeReason) as never)) throw badRequest('tb.closeReason');
    data.stopDate = stopDate;
    Object.assign(data, await closureCounts(h.db, c, stopDate));
    pending.set(data, { c });
  },

  async afterSave(h, id, data) {
    const p = pending.get(data);
    if (!p) return;
    pending.delete(data);
    const stopDate = Number(data.stopDate);
    const reason = String(data.closeReason);
    await h.db
      .updateTable(TB_TABLE)
      .set({
        state: 2,
        close_reason: reason,
        closure_id: id,
        closed_at: stopDate,
        doses_due: data.dosesDue,
        doses_taken: data.dosesTaken,
        visits_due: data.visitsDue,
        visits_made: data.visitsMade,
        adherence_rate: data.adherenceRate ?? null,
        visit_rate: data.visitRate ?? null,
        updated_at: now(),
      })
      .where('id', '=', p.c.id)
      .execute();
    await dropFuturePlans(h.db, p.c.id, stopDate);
    await tbHistory(h.db, {
      entityId: p.c.id,
      field: 'state',
      oldValue: '1',
      newValue: '2',
      reason: CLOSE_REASON_NAME[reason] ?? reason,
      userId: h.session.userId,
    });
    await addTimelineEntry(h.db, {
      residentId: p.c.residentId,
      kind: TB_MODELS.closure.enCode,
      title: `肺结核结案：${CLOSE_REASON_NAME[reason] ?? reason}，规律服药率 ${data.adherenceRate ?? '—'}%，访视完成率 ${data.visitRate ?? '—'}%`,
      refModel: TB_MODELS.closure.enCode,
      refId: id,
      at: stopDate,
      orgId: p.c.orgId,
    });
    await audit(h, p.c.residentId, `${TB_MODELS.closure.enCode}:${id}`);
  },

  async beforeDelete() {
    throw badRequest('tb.closureFinal');
  },
};

/** Registers the rules on the three models (idempotent). */
export function registerTbHooks(): void {
  registerRecordHooks(TB_MODELS.first.enCode, firstVisitHooks);
  registerRecordHooks(TB_MODELS.visit.enCode, visitHooks);
  registerRecordHooks(TB_MODELS.closure.enCode, closureHooks);
}
