import type { Kysely } from 'kysely';
import {
  ageOn,
  computeBmi,
  DAY_MS,
  DEFAULT_PLAN_SETTINGS,
  isLateEntry,
  recheckPlan,
  regularPlansUntil,
  startOfUtcDay,
  suggestClassification,
  visitOutcome,
  type ChronicProgramme,
  type VisitClassification,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { PLAN_HORIZON_MS } from '../../../modules/health/plans/plans.service.ts';
import { stableId } from '../menus.ts';
import { seedChronicModels } from './chronic-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * Fictitious hypertension and type 2 diabetes patients among E's residents
 * (issue 17 demo data): about 20 % of the residents with hypertension and 8 %
 * with diabetes (aged 35+, more often the older), enrolled up to five years
 * ago, with two years of follow-ups (controlled, uncontrolled, danger values,
 * drug reactions, late entries, missed plans, two-week rechecks), so every
 * worklist shows figures on a fresh start: the current plans are mostly still
 * open (本期应访), some past ones missed (逾期未访), recent first uncontrolled
 * visits have their recheck open (两周复访), recent consecutive uncontrolled
 * or danger visits flag 需转诊. The rules are the contract's, as on save.
 * Deterministic for a date (fixed PRNG seed), idempotent (skipped when the
 * first enrolment exists), written in batches.
 */

const RESIDENT_TABLE = 'lc_health_resident';
const HISTORY_MS = 2 * 365 * DAY_MS;

export const chronicSeedId = (kind: string, key: string) => stableId('96', `chronic:${kind}:${key}`);

interface Resident {
  id: string;
  birthDate: number | null;
  heightCm: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

const HTN_DRUGS = [
  ['硝苯地平缓释片', '20mg', '2次/日'],
  ['氨氯地平片', '5mg', '1次/日'],
  ['厄贝沙坦片', '150mg', '1次/日'],
  ['美托洛尔缓释片', '47.5mg', '1次/日'],
  ['氢氯噻嗪片', '12.5mg', '1次/日'],
];
const DM_DRUGS = [
  ['二甲双胍片', '0.5g', '3次/日'],
  ['格列美脲片', '2mg', '1次/日'],
  ['阿卡波糖片', '50mg', '3次/日'],
  ['甘精胰岛素注射液', '12U', '1次/日（睡前）'],
];
const CLASS_NAME: Record<string, string> = { '1': '控制满意', '2': '控制不满意', '3': '不良反应', '4': '并发症' };
const PROGRAMME_NAME: Record<ChronicProgramme, string> = { htn: '高血压', dm: '2型糖尿病' };

/** The rows of one programme's demo patients (pure and deterministic for `at`). */
export function demoChronic(programme: ChronicProgramme, residents: Resident[], at: number) {
  const r = mulberry32(programme === 'htn' ? 20260217 : 20260218);
  const share = programme === 'htn' ? 0.2 : 0.08;
  const table = programme === 'htn' ? 'lc_htn_followup' : 'lc_dm_followup';
  const enCode = programme === 'htn' ? 'htnFollowup' : 'dmFollowup';
  const eligible = residents.filter((p) => p.archiveState !== 2 && p.birthDate !== null && ageOn(p.birthDate, at) >= 35);
  // Older residents more often: a weighted draw without replacement (key = u^(1/w)).
  const weighted = eligible
    .map((p) => {
      const age = ageOn(p.birthDate!, at);
      const w = Math.max(0.2, (age - 30) / 10);
      return { p, key: Math.pow(r(), 1 / w) };
    })
    .sort((a, b) => b.key - a.key || (a.p.id < b.p.id ? -1 : 1));
  const chosen = weighted.slice(0, Math.min(weighted.length, Math.round(residents.length * share))).map((x) => x.p);
  chosen.sort((a, b) => (a.id < b.id ? -1 : 1));

  const enrolments: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const visits: Record<string, unknown>[] = [];
  const meds: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];
  const drugs = programme === 'htn' ? HTN_DRUGS : DM_DRUGS;
  const settings = DEFAULT_PLAN_SETTINGS;
  const today = startOfUtcDay(at);

  chosen.forEach((p, idx) => {
    const enrolmentId = chronicSeedId(`${programme}Enrolment`, p.id);
    // Most were enrolled 2–5 years ago; some in the past two years.
    const enrolledAt = today - Math.floor((r() < 0.82 ? 730 + r() * 1095 : 30 + r() * 690) * DAY_MS);
    const diagnosedAt = enrolledAt - Math.floor(r() * 365 * 3) * DAY_MS;
    const doctorId = p.doctorId;
    const orgId = p.manageOrgId;
    // The patient's control: most are well controlled, some poorly, a few badly.
    const control = r();
    const pUncontrolled = control < 0.6 ? 0.12 : control < 0.88 ? 0.45 : 0.8;
    const roll = r();
    const outcome = roll < 0.03 ? 1 : roll < 0.05 ? 2 : 0;
    const weight = 55 + r() * 30;
    const ownPlans = regularPlansUntil(enrolledAt, 0, today + PLAN_HORIZON_MS, settings);
    const planRows: {
      id: string;
      kind: string;
      start: number;
      end: number;
      planDate: number;
      visitId: string | null;
      visitedAt: number | null;
      seq: number;
    }[] = [];
    for (const w of ownPlans) {
      if (w.windowEnd < today - HISTORY_MS) continue;
      if (outcome === 2 && w.windowStart > today) continue;
      planRows.push({
        id: chronicSeedId(`${programme}Plan`, `${p.id}:${w.n}`),
        kind: 'regular',
        start: w.windowStart,
        end: w.windowEnd,
        planDate: w.planDate,
        visitId: null,
        visitedAt: null,
        seq: w.n,
      });
    }
    let previous: VisitClassification | null = null;
    let referralFlag = 0;
    let lastClass: string | null = null;
    let lastVisit: number | null = null;
    let vn = 0;
    const addVisit = (visitDate: number, recheckVisit: boolean) => {
      vn++;
      const id = chronicSeedId(`${programme}Visit`, `${p.id}:${vn}`);
      const age = ageOn(p.birthDate!, visitDate);
      const bad = r() < (recheckVisit ? pUncontrolled * 0.6 : pUncontrolled);
      const danger = bad && r() < 0.05;
      const elderly = age >= 65;
      const systolic = danger
        ? 182 + Math.floor(r() * 15)
        : bad
          ? (elderly ? 152 : 142) + Math.floor(r() * 25)
          : 112 + Math.floor(r() * (elderly ? 36 : 26));
      const diastolic = danger ? 100 + Math.floor(r() * 12) : bad ? 84 + Math.floor(r() * 14) : 68 + Math.floor(r() * 20);
      const glucose = programme === 'dm' ? Math.round((danger ? 17 + r() * 3 : bad ? 7.1 + r() * 4 : 4.8 + r() * 2.1) * 10) / 10 : null;
      const values = {
        systolic: programme === 'dm' && !danger ? Math.min(systolic, 138) : systolic,
        diastolic: programme === 'dm' && !danger ? Math.min(diastolic, 88) : diastolic,
        heartRate: 62 + Math.floor(r() * 30),
        glucose,
        temperature: Math.round((36.2 + r() * 0.8) * 10) / 10,
        drugReaction: r() < 0.02 ? 1 : 0,
        complication: r() < 0.01 ? 1 : 0,
      };
      const suggested = suggestClassification(programme, values, age)!;
      const result = visitOutcome(programme, suggested, previous, values);
      const late = r() < 0.06;
      const enteredAt = Math.min(
        at - 3_600_000,
        visitDate + (late ? 8 + Math.floor(r() * 12) : Math.floor(r() * 3)) * DAY_MS + 9 * 3_600_000,
      );
      const weightKg = Math.round((weight + (r() * 4 - 2)) * 10) / 10;
      visits.push({
        id,
        creator_user_id: doctorId,
        creator_time: enteredAt,
        last_modify_user_id: null,
        last_modify_time: null,
        organize_id: orgId,
        flow_state: 0,
        residentId: p.id,
        enrolmentId,
        visitDate,
        visitMethod: r() < 0.8 ? '1' : r() < 0.6 ? '2' : '3',
        ...values,
        ...(programme === 'htn' ? {} : { glucose }),
        weightKg,
        bmi: computeBmi(weightKg, p.heightCm),
        compliance: r() < 0.85 ? '1' : '2',
        suggestedClassification: suggested,
        classification: suggested,
        overrideReason: null,
        referralFlag: String(result.referralFlag),
        lateEntry: isLateEntry(visitDate, enteredAt) ? 1 : 0,
        nextVisitDate: null,
        doctorId,
        manageOrgId: orgId,
        note: suggested === '1' ? '血压/血糖控制良好，继续当前用药' : '调整用药，加强生活方式指导',
      });
      if (programme === 'htn') delete (visits.at(-1) as Record<string, unknown>).glucose;
      const count = 1 + (idx % 2);
      for (let j = 0; j < count; j++) {
        const [drugName, dose, frequency] = drugs[(idx + j) % drugs.length]!;
        meds.push({
          id: `${id}-m${j}`,
          parent_id: id,
          sort_code: j,
          creator_user_id: doctorId,
          creator_time: enteredAt,
          last_modify_user_id: null,
          last_modify_time: null,
          organize_id: orgId,
          flow_state: 0,
          drugName,
          dose,
          frequency,
        });
      }
      timeline.push({
        id: `${id}-t`,
        resident_id: p.id,
        kind: enCode,
        title: `${PROGRAMME_NAME[programme]}随访：${CLASS_NAME[suggested]} ${values.systolic}/${values.diastolic} mmHg${glucose !== null ? ` 空腹血糖 ${glucose} mmol/L` : ''}`,
        ref_model: enCode,
        ref_id: id,
        at: visitDate,
        org_id: orgId,
      });
      for (const pl of planRows)
        if (!pl.visitId && visitDate >= pl.start && visitDate <= pl.end) {
          pl.visitId = id;
          pl.visitedAt = visitDate;
        }
      // Referrals of the last quarter are still open; older ones were handled by the referral process.
      if (visitDate > today - 90 * DAY_MS) referralFlag = Math.max(referralFlag, result.referralFlag);
      previous = suggested;
      lastClass = suggested;
      lastVisit = visitDate;
      return result;
    };

    for (const pl of [...planRows]) {
      if (pl.kind !== 'regular' || pl.start > today) continue;
      const current = pl.end >= today;
      // The current window: most not yet visited (本期应访); past windows: about 8 % missed (逾期未访).
      if (current ? r() < 0.75 : r() < 0.08) continue;
      if (outcome === 1 && pl.start > today - 200 * DAY_MS) continue;
      const latest = Math.min(pl.end, today - DAY_MS);
      if (latest < pl.start) continue;
      const visitDate = startOfUtcDay(Math.max(pl.start, Math.min(latest, pl.planDate + Math.round((r() * 40 - 20) * DAY_MS))));
      if (pl.visitId) continue;
      const result = addVisit(visitDate, false);
      if (result.recheck) {
        const w = recheckPlan(visitDate);
        const recheck = {
          id: chronicSeedId(`${programme}Recheck`, `${p.id}:${vn}`),
          kind: 'recheck',
          start: w.windowStart,
          end: w.windowEnd,
          planDate: w.planDate,
          visitId: null as string | null,
          visitedAt: null as number | null,
          seq: 0,
        };
        planRows.push(recheck);
        // Past rechecks were mostly done; those still open appear in 两周复访.
        const doneBy = w.windowStart + Math.floor(r() * 13) * DAY_MS;
        if (doneBy < today - DAY_MS && r() < 0.85) addVisit(startOfUtcDay(doneBy), true);
      }
    }

    enrolments.push({
      id: enrolmentId,
      resident_id: p.id,
      programme,
      diagnosed_at: diagnosedAt,
      management_group: ['1', '2', '3', '9'][Math.floor(r() * 4)],
      risk_level: ['1', '2', '3', '4'][Math.floor(r() * 4)],
      doctor_id: doctorId,
      org_id: orgId,
      outcome,
      outcome_reason: outcome === 1 ? '外出务工，暂时联系不上' : outcome === 2 ? '迁出' : null,
      enrolled_at: enrolledAt,
      referral_flag: outcome === 0 ? referralFlag : 0,
      last_classification: lastClass,
      last_visit_at: lastVisit,
      created_at: enrolledAt,
      updated_at: null,
    });
    history.push({
      id: `${enrolmentId}-h0`,
      entity: 'chronicEnrolment',
      entity_id: enrolmentId,
      field: 'outcome',
      old_value: null,
      new_value: '0',
      reason: null,
      user_id: doctorId,
      at: enrolledAt,
    });
    if (outcome)
      history.push({
        id: `${enrolmentId}-h1`,
        entity: 'chronicEnrolment',
        entity_id: enrolmentId,
        field: 'outcome',
        old_value: '0',
        new_value: String(outcome),
        reason: outcome === 1 ? '外出务工，暂时联系不上' : '迁出',
        user_id: doctorId,
        at: today - 120 * DAY_MS,
      });
    timeline.push({
      id: `${enrolmentId}-t`,
      resident_id: p.id,
      kind: `${programme}Enrol`,
      title: `纳入${PROGRAMME_NAME[programme]}管理`,
      ref_model: 'healthChronicEnrolment',
      ref_id: enrolmentId,
      at: enrolledAt,
      org_id: orgId,
    });
    for (const pl of planRows)
      plans.push({
        id: pl.id,
        programme,
        resident_id: p.id,
        enrolment_id: enrolmentId,
        kind: pl.kind,
        seq: pl.seq,
        plan_date: pl.planDate,
        window_start: pl.start,
        window_end: pl.end,
        visit_id: pl.visitId,
        visited_at: pl.visitedAt,
        doctor_id: doctorId,
        org_id: orgId,
        created_at: enrolledAt,
      });
  });
  return { table, enrolments, plans, visits, meds, timeline, history };
}

/** Seeds the follow-up models and the demo patients once; returns how many enrolments were written. */
export async function seedChronic(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedChronicModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('health_chronic_enrolments').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'birthDate', 'heightCm', 'manageOrgId', 'doctorId', 'archiveState'])
    .orderBy('id')
    .execute();
  if (!rows.length) return 0;
  const residents: Resident[] = rows.map((x) => ({
    id: String(x.id),
    birthDate: x.birthDate === null ? null : Number(x.birthDate),
    heightCm: x.heightCm === null ? null : Number(x.heightCm),
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
  }));
  let written = 0;
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    for (const programme of ['htn', 'dm'] as ChronicProgramme[]) {
      const d = demoChronic(programme, residents, at);
      await insertBatches(t, 'health_chronic_enrolments', d.enrolments);
      await insertBatches(t, 'health_plans', d.plans);
      await insertBatches(t, d.table, d.visits);
      await insertBatches(t, `${d.table}__medication`, d.meds);
      await insertBatches(t, 'health_timeline', d.timeline);
      await insertBatches(t, 'health_state_history', d.history);
      written += d.enrolments.length;
    }
  });
  return written;
}
