import type { Kysely } from 'kysely';
import {
  adherenceRate,
  ageOn,
  DAY_MS,
  DEFAULT_TB_SETTINGS,
  firstVisitInTime,
  startOfUtcDay,
  tbCourse,
  tbDosesDue,
  tbPlans,
  visitCompletionRate,
  type TbPatientType,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { TB_MODELS } from '../../../modules/health/tb/models.ts';
import { stableId } from '../menus.ts';
import { seedTbModels } from './tb-models.ts';
import { insertBatches } from '../batches.ts';

/**
 * Fictitious pulmonary tuberculosis cases among E's residents (issue 18 demo
 * data): 20 cases spread over the units, in every state, relative to the seed
 * time `at`: 待入户 ones notified 10, 30, 50 and 80 hours ago (the 72-hour
 * worklist shows hours left and one overdue); cases in the intensive and the
 * continuation phase with a plan open today (本期应访), some with missed doses
 * (漏服药), one past its course end (待结案评估); closed cases for each reason
 * with their rates. The rules are the contract's, as on save. Deterministic for
 * `at`, idempotent (skipped when a case exists), written in one transaction.
 */

const RESIDENT_TABLE = 'lc_health_resident';
const H = 3_600_000;

export const tbSeedId = (kind: string, key: string) => stableId('97', `tb:${kind}:${key}`);

interface Resident {
  id: string;
  birthDate: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

/** A case's story: when notified, first visit (hours after), days since the first visit, and how it ended. */
interface Scenario {
  notifiedHoursAgo?: number;
  days?: number;
  firstVisitAfterHours?: number;
  type: TbPatientType;
  missed?: number[];
  openCurrent?: boolean;
  close?: { reason: '1' | '2' | '3' | '4'; afterDays: number };
}

// Assigned round-robin over the units sorted by id (8 in the demo): 东风村 (dengshan's) gets #1, #9 and #17 —
// the 30-hour case, a missed-dose case due today and a case past its course end — so a village doctor sees every worklist.
const SCENARIOS: Scenario[] = [
  { notifiedHoursAgo: 80, type: '1' },
  { notifiedHoursAgo: 30, type: '1' },
  { days: 41, firstVisitAfterHours: 30, type: '2', missed: [0, 0, 1], openCurrent: true },
  { notifiedHoursAgo: 10, type: '2' },
  { notifiedHoursAgo: 50, type: '1' },
  { days: 9, firstVisitAfterHours: 20, type: '1', openCurrent: true },
  { days: 59, firstVisitAfterHours: 90, type: '1', missed: [0, 1, 0, 0, 0], openCurrent: true },
  { days: 92, firstVisitAfterHours: 26, type: '1', missed: [0, 0, 0, 0, 0, 0, 2], openCurrent: true },
  { days: 240, firstVisitAfterHours: 28, type: '1', missed: [0, 1, 0, 2], close: { reason: '1', afterDays: 180 } },
  { days: 21, firstVisitAfterHours: 46, type: '1', missed: [2], openCurrent: true },
  { days: 120, firstVisitAfterHours: 30, type: '1', close: { reason: '2', afterDays: 70 } },
  { days: 121, firstVisitAfterHours: 60, type: '1', openCurrent: true },
  { days: 148, firstVisitAfterHours: 40, type: '2', missed: [0, 0, 0, 0, 0, 0, 0, 0, 3], openCurrent: true },
  { days: 14, firstVisitAfterHours: 70, type: '2' },
  { days: 200, firstVisitAfterHours: 36, type: '2', openCurrent: true },
  { days: 300, firstVisitAfterHours: 50, type: '1', close: { reason: '1', afterDays: 180 } },
  { days: 330, firstVisitAfterHours: 100, type: '2', missed: [1, 0, 0, 4, 0, 0, 1], close: { reason: '1', afterDays: 240 } },
  { days: 185, firstVisitAfterHours: 22, type: '1' },
  { days: 150, firstVisitAfterHours: 65, type: '1', missed: [3, 5], close: { reason: '3', afterDays: 40 } },
  { days: 100, firstVisitAfterHours: 18, type: '2', close: { reason: '4', afterDays: 50 } },
];

const NOTIFY_ORGS = ['县疾病预防控制中心结核病门诊', '县人民医院结核病定点门诊'];
const REASON_NAME: Record<string, string> = { '1': '完成疗程', '2': '死亡', '3': '丢失', '4': '转入耐多药治疗' };

const sys = (doctorId: string | null, orgId: string | null, at: number) => ({
  creator_user_id: doctorId,
  creator_time: at,
  last_modify_user_id: null,
  last_modify_time: null,
  organize_id: orgId,
  flow_state: 0,
});

/** Adults of distinct units, round-robin over the units (sorted by id), as many as scenarios. */
function pickResidents(residents: Resident[], at: number, n: number): Resident[] {
  const byOrg = new Map<string, Resident[]>();
  for (const p of residents) {
    if (p.archiveState === 2 || !p.manageOrgId || p.birthDate === null || ageOn(p.birthDate, at) < 15) continue;
    const list = byOrg.get(p.manageOrgId) ?? [];
    list.push(p);
    byOrg.set(p.manageOrgId, list);
  }
  const orgs = [...byOrg.keys()].sort();
  for (const o of orgs) byOrg.get(o)!.sort((a, b) => (a.id < b.id ? -1 : 1));
  const out: Resident[] = [];
  // Every 37th resident of the unit: not the first of each list, which other programmes favour.
  for (let round = 0; out.length < n && round < 50; round++)
    for (const o of orgs) {
      const list = byOrg.get(o)!;
      const p = list[(round * 37 + 11) % list.length];
      if (p && !out.includes(p) && out.length < n) out.push(p);
    }
  return out;
}

/** The rows of the demo cases (pure and deterministic for `at`). */
export function demoTb(residents: Resident[], at: number) {
  const s = DEFAULT_TB_SETTINGS;
  const today = startOfUtcDay(at);
  const cases: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const firstVisits: Record<string, unknown>[] = [];
  const visits: Record<string, unknown>[] = [];
  const closures: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];
  const chosen = pickResidents(residents, at, SCENARIOS.length);
  chosen.forEach((p, i) => {
    const sc = SCENARIOS[i]!;
    const id = tbSeedId('case', p.id);
    const doctorId = p.doctorId;
    const orgId = p.manageOrgId;
    const notifyOrg = NOTIFY_ORGS[i % NOTIFY_ORGS.length]!;
    const usage = i % 5 === 3 ? '2' : '1';
    let notifiedAt: number;
    let firstVisitAt: number | null = null;
    let state = 0;
    const row: Record<string, unknown> = {};
    history.push({
      id: `${id}-h0`,
      entity: 'tbCase',
      entity_id: id,
      field: 'state',
      old_value: null,
      new_value: '0',
      reason: notifyOrg,
      user_id: doctorId,
    });
    if (sc.notifiedHoursAgo !== undefined) {
      notifiedAt = at - sc.notifiedHoursAgo * H;
    } else {
      // The first visit at 10:00 UTC of its day, the notification the given hours before it.
      firstVisitAt = today - sc.days! * DAY_MS + 2 * H;
      notifiedAt = firstVisitAt - sc.firstVisitAfterHours! * H;
      state = 1;
      const course = tbCourse(startOfUtcDay(firstVisitAt), sc.type, '1', s);
      const stopDate = sc.close ? course.start + sc.close.afterDays * DAY_MS : null;
      const fvId = tbSeedId('first', p.id);
      const own = tbPlans(course, s).filter((w) => (stopDate === null ? true : w.windowStart <= stopDate));
      firstVisits.push({
        id: fvId,
        ...sys(doctorId, orgId, firstVisitAt + H),
        caseId: id,
        residentId: p.id,
        visitTime: firstVisitAt,
        visitMethod: '2',
        patientType: sc.type,
        sputum: i % 3 === 0 ? '1' : '2',
        resistance: '2',
        inTime: firstVisitInTime(notifiedAt, firstVisitAt) ? 1 : 0,
        symptoms: JSON.stringify(i % 2 ? ['1', '2'] : ['1']),
        regimen: sc.type === '2' ? '2HRZES/6HRE' : '2HRZE/4HR',
        usage,
        dosageForm: '1',
        supervisor: i % 4 === 0 ? '1' : '2',
        separateRoom: '1',
        ventilation: i % 3 === 2 ? '2' : '1',
        smoking: 0,
        drinking: 0,
        drugPlace: '乡镇卫生院',
        drugTime: startOfUtcDay(firstVisitAt),
        mastered: JSON.stringify(['1', '2', '3', '4', '5', '6', '7', '8', '9']),
        nextVisitDate: own[0]?.planDate ?? null,
        doctorId,
        manageOrgId: orgId,
        note: null,
      });
      timeline.push({
        id: `${fvId}-t`,
        resident_id: p.id,
        kind: TB_MODELS.first.enCode,
        title: `肺结核第一次入户随访：报告后 ${sc.firstVisitAfterHours} 小时${firstVisitInTime(notifiedAt, firstVisitAt) ? '' : '（超过72小时）'}`,
        ref_model: TB_MODELS.first.enCode,
        ref_id: fvId,
        at: firstVisitAt,
        org_id: orgId,
      });
      history.push({
        id: `${id}-h1`,
        entity: 'tbCase',
        entity_id: id,
        field: 'state',
        old_value: '0',
        new_value: '1',
        reason: null,
        user_id: doctorId,
      });
      let missedTotal = 0;
      let made = 0;
      own.forEach((w, k) => {
        const past = w.windowEnd < at;
        const current = w.windowStart <= at && !past;
        // Past plans visited (every 6th missed), the current one open when the scenario wants 本期应访.
        const visit = (past && (k + i) % 6 !== 5) || (current && !sc.openCurrent && w.planDate <= today);
        const visitDate = visit ? Math.min(w.planDate + ((k % 3) - 1) * DAY_MS, today - DAY_MS) : null;
        const vid = visit ? tbSeedId('visit', `${p.id}:${w.seq}`) : null;
        if (visit && visitDate !== null && (stopDate === null || visitDate <= stopDate)) {
          const missed = sc.missed?.[made] ?? 0;
          made++;
          missedTotal += missed;
          const phase = visitDate < course.intensiveEnd ? '1' : '2';
          visits.push({
            id: vid,
            ...sys(doctorId, orgId, visitDate + 9 * H),
            caseId: id,
            residentId: p.id,
            visitDate,
            visitMethod: k % 3 === 2 ? '3' : '2',
            treatmentMonth: Math.floor((visitDate - course.start) / (30 * DAY_MS)) + 1,
            phase,
            supervisor: i % 4 === 0 ? '1' : '2',
            symptoms: JSON.stringify(k < 3 ? ['1'] : ['0']),
            regimen: sc.type === '2' ? '2HRZES/6HRE' : '2HRZE/4HR',
            usage,
            dosageForm: '1',
            missedDoses: missed,
            adverseReaction: missed > 2 ? '1' : '0',
            complication: '0',
            referralDept: null,
            referralReason: null,
            referralResult: null,
            nextVisitDate: own[k + 1]?.planDate ?? null,
            doctorId,
            manageOrgId: orgId,
            advice: missed ? '强调规律服药，督导人员每日督促' : '继续按时服药',
          });
          timeline.push({
            id: `${vid}-t`,
            resident_id: p.id,
            kind: TB_MODELS.visit.enCode,
            title: `肺结核随访：${phase === '1' ? '强化期' : '继续期'}，漏服药 ${missed} 次`,
            ref_model: TB_MODELS.visit.enCode,
            ref_id: vid,
            at: visitDate,
            org_id: orgId,
          });
        }
        const filled = visit && visitDate !== null && (stopDate === null || visitDate <= stopDate);
        plans.push({
          id: tbSeedId('plan', `${p.id}:${w.seq}`),
          programme: 'tb',
          resident_id: p.id,
          enrolment_id: id,
          kind: w.kind,
          seq: w.seq,
          plan_date: w.planDate,
          window_start: w.windowStart,
          window_end: w.windowEnd,
          visit_id: filled ? vid : null,
          visited_at: filled ? visitDate : null,
          doctor_id: doctorId,
          org_id: orgId,
          created_at: firstVisitAt,
        });
      });
      Object.assign(row, {
        first_visit_id: fvId,
        first_visit_at: firstVisitAt,
        drug_usage: usage,
        intensive_end: course.intensiveEnd,
        course_end: course.courseEnd,
      });
      if (sc.close && stopDate !== null) {
        state = 2;
        // The closure's counts, as the closure hook computes them (plans up to the stop day, the first visit counted once).
        const due = own.filter((w) => w.planDate <= stopDate).length + 1;
        const madeCount = plans.filter((x) => x.enrolment_id === id && x.visit_id && Number(x.plan_date) <= stopDate).length + 1;
        const dosesDue = tbDosesDue(course.start, stopDate, usage);
        const dosesTaken = Math.max(0, dosesDue - missedTotal);
        const clId = tbSeedId('closure', p.id);
        const rates = { adherenceRate: adherenceRate(dosesTaken, dosesDue), visitRate: visitCompletionRate(madeCount, due) };
        closures.push({
          id: clId,
          ...sys(doctorId, orgId, stopDate + 9 * H),
          caseId: id,
          residentId: p.id,
          stopDate,
          closeReason: sc.close.reason,
          visitsDue: due,
          visitsMade: madeCount,
          dosesDue,
          dosesTaken,
          ...rates,
          cardReturned: sc.close.reason === '1' ? 1 : 0,
          doctorId,
          manageOrgId: orgId,
          note: null,
        });
        Object.assign(row, {
          close_reason: sc.close.reason,
          closure_id: clId,
          closed_at: stopDate,
          doses_due: dosesDue,
          doses_taken: dosesTaken,
          visits_due: due,
          visits_made: madeCount,
          adherence_rate: rates.adherenceRate,
          visit_rate: rates.visitRate,
        });
        timeline.push({
          id: `${clId}-t`,
          resident_id: p.id,
          kind: TB_MODELS.closure.enCode,
          title: `肺结核结案：${REASON_NAME[sc.close.reason]}，规律服药率 ${rates.adherenceRate ?? '—'}%，访视完成率 ${rates.visitRate ?? '—'}%`,
          ref_model: TB_MODELS.closure.enCode,
          ref_id: clId,
          at: stopDate,
          org_id: orgId,
        });
        history.push({
          id: `${id}-h2`,
          entity: 'tbCase',
          entity_id: id,
          field: 'state',
          old_value: '1',
          new_value: '2',
          reason: REASON_NAME[sc.close.reason],
          user_id: doctorId,
        });
      }
    }
    timeline.push({
      id: `${id}-t`,
      resident_id: p.id,
      kind: 'tbNotify',
      title: `肺结核报告（${notifyOrg}），待入户随访`,
      ref_model: 'healthTbCase',
      ref_id: id,
      at: notifiedAt,
      org_id: orgId,
    });
    cases.push({
      id,
      resident_id: p.id,
      notified_at: notifiedAt,
      notify_org: notifyOrg,
      patient_type: sc.type,
      phase: '1',
      state,
      close_reason: null,
      doctor_id: doctorId,
      org_id: orgId,
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
      created_by: doctorId,
      created_at: notifiedAt,
      updated_at: null,
      ...row,
    });
    // History times: the notification, the first visit, the closure.
    const times = [notifiedAt, firstVisitAt ?? notifiedAt, Number(row.closed_at ?? firstVisitAt ?? notifiedAt)];
    for (const h of history) if (h.entity_id === id && h.at === undefined) h.at = times[Number(String(h.id).slice(-1))];
  });
  return { cases, plans, firstVisits, visits, closures, timeline, history };
}

/** Seeds the three forms and, once, the demo cases; returns how many cases were written. */
export async function seedTb(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedTbModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('health_tb_cases').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'birthDate', 'manageOrgId', 'doctorId', 'archiveState'])
    .orderBy('id')
    .execute();
  if (!rows.length) return 0;
  const residents: Resident[] = rows.map((x) => ({
    id: String(x.id),
    birthDate: x.birthDate === null ? null : Number(x.birthDate),
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
  }));
  const d = demoTb(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'health_tb_cases', d.cases);
    await insertBatches(t, 'health_plans', d.plans);
    await insertBatches(t, TB_MODELS.first.table, d.firstVisits);
    await insertBatches(t, TB_MODELS.visit.table, d.visits);
    await insertBatches(t, TB_MODELS.closure.table, d.closures);
    await insertBatches(t, 'health_timeline', d.timeline);
    await insertBatches(t, 'health_state_history', d.history);
  });
  return d.cases.length;
}
