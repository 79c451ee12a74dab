import type { Kysely } from 'kysely';
import {
  ageOn,
  DAY_MS,
  DEFAULT_PSY_SETTINGS,
  PSY_DIAGNOSES,
  PSY_PLAN_KIND,
  psyDaysFor,
  psyNextPlan,
  startOfUtcDay,
  suggestPsyClass,
  type PsyClass,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { stableId } from '../menus.ts';
import { PSY_MODEL, PSY_TABLE, seedPsyModels } from './psy-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * Fictitious severe-mental-disorder patients among E's residents (issue 18
 * demo data): about 0.65 % of the adults, spread over the units round-robin,
 * each with a profile (stable, basically stable, recently unstable at risk
 * 3–4, locked at home, in hospital, overdue, mixed with failed attempts and an
 * override, temporarily lost) and about a year of visits generated backwards
 * from the last one, each visit filling the plan its predecessor generated, so
 * every worklist and KPI shows figures on a fresh start. The classification is
 * the contract's rule, as on save. Pure and deterministic for `at`.
 */

const RESIDENT_TABLE = 'lc_health_resident';
export const psySeedId = (kind: string, key: string) => stableId('97', `psy:${kind}:${key}`);

export interface PsyDemoResident {
  id: string;
  birthDate: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

const DRUGS = [
  ['利培酮片', '2mg', '2次/日'],
  ['奥氮平片', '10mg', '1次/日'],
  ['阿立哌唑片', '10mg', '1次/日'],
  ['丙戊酸钠缓释片', '0.5g', '2次/日'],
  ['碳酸锂片', '0.25g', '3次/日'],
  ['喹硫平片', '200mg', '2次/日'],
];
const GUARDIANS = [
  ['父亲', '某国'],
  ['母亲', '某兰'],
  ['配偶', '某华'],
  ['子女', '某军'],
  ['兄弟姐妹', '某平'],
];
const SURNAMES = '王李张刘陈杨黄赵周吴';

type Profile = 'stable' | 'basic' | 'unstable' | 'locked' | 'hospital' | 'overdue' | 'mixed' | 'lost';
const PROFILES: Profile[] = ['stable', 'basic', 'unstable', 'locked', 'hospital', 'overdue', 'mixed', 'lost'];

/** The share of adults enrolled. */
export const PSY_SHARE = 0.0065;

/** Values of a visit that the rule classifies as `c` (risk, insight, drug reaction). */
function valuesFor(c: PsyClass, r: () => number) {
  switch (c) {
    case '3':
      return { reached: '1', riskLevel: '0', insight: '1', drugReaction: r() < 0.1 ? '1' : '0' };
    case '2':
      return r() < 0.5
        ? { reached: '1', riskLevel: r() < 0.6 ? '1' : '2', insight: r() < 0.5 ? '1' : '2', drugReaction: '0' }
        : { reached: '1', riskLevel: '0', insight: '2', drugReaction: '0' };
    case '1':
      return r() < 0.75
        ? { reached: '1', riskLevel: String(3 + Math.floor(r() * 2)), insight: r() < 0.5 ? '2' : '3', drugReaction: '0' }
        : { reached: '1', riskLevel: '1', insight: '3', drugReaction: r() < 0.3 ? '2' : '0' };
    default:
      return { reached: '0', riskLevel: null, insight: null, drugReaction: null };
  }
}

/** The classifications of a profile's visits, newest first (index 0 = the last visit). */
function classOf(profile: Profile, k: number, r: () => number): PsyClass {
  switch (profile) {
    case 'stable':
      return r() < 0.9 ? '3' : '2';
    case 'basic':
    case 'locked':
    case 'hospital':
      return k === 0 ? '2' : r() < 0.7 ? '2' : '3';
    case 'unstable':
      return k === 0 ? '1' : r() < 0.5 ? '1' : '2';
    case 'overdue':
      return k === 0 ? '1' : '2';
    case 'mixed':
      return k === 1 ? '0' : r() < 0.8 ? '3' : '2';
    case 'lost':
      return k === 0 ? '0' : '2';
  }
}

/** Days before today of the last visit, per profile. */
function lastVisitAgo(profile: Profile, r: () => number): number {
  switch (profile) {
    case 'unstable':
      return 1 + Math.floor(r() * 9);
    case 'overdue':
      return 14 + 20 + Math.floor(r() * 30);
    case 'lost':
      return 150 + Math.floor(r() * 40);
    case 'hospital':
      return 5 + Math.floor(r() * 20);
    default:
      return 5 + Math.floor(r() * 40);
  }
}

/** The demo rows (pure and deterministic for `at`). */
export function demoPsy(residents: PsyDemoResident[], at: number) {
  const r = mulberry32(20261118);
  const today = startOfUtcDay(at);
  const settings = DEFAULT_PSY_SETTINGS;
  const adults = residents.filter((p) => p.archiveState !== 2 && p.birthDate !== null && p.manageOrgId && ageOn(p.birthDate, at) >= 18);
  const count = Math.min(adults.length, Math.max(1, Math.round(adults.length * PSY_SHARE)));
  // Round-robin over the units, each unit's adults in a shuffled order, so every unit has patients.
  const byUnit = new Map<string, { p: PsyDemoResident; key: number }[]>();
  for (const p of adults) byUnit.set(p.manageOrgId!, [...(byUnit.get(p.manageOrgId!) ?? []), { p, key: r() }]);
  const queues = [...byUnit.keys()].sort().map((k) => byUnit.get(k)!.sort((a, b) => a.key - b.key || (a.p.id < b.p.id ? -1 : 1)));
  // Profiles shift by half the list each round, so a unit's patients differ (a village with two has, say, basic + overdue).
  const chosen: { p: PsyDemoResident; profile: Profile }[] = [];
  for (let round = 0; chosen.length < count; round++) {
    let took = false;
    queues.forEach((q, u) => {
      if (chosen.length < count && q[round]) {
        chosen.push({ p: q[round]!.p, profile: PROFILES[(u + round * (PROFILES.length / 2)) % PROFILES.length]! });
        took = true;
      }
    });
    if (!took) break;
  }

  const enrolments: Record<string, unknown>[] = [];
  const plans: Record<string, unknown>[] = [];
  const visits: Record<string, unknown>[] = [];
  const meds: Record<string, unknown>[] = [];
  const timeline: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];

  chosen.forEach(({ p, profile }, idx) => {
    const enrolmentId = psySeedId('enrolment', p.id);
    const enrolledAt = today - Math.floor((400 + r() * 1500) * DAY_MS);
    const orgId = p.manageOrgId;
    const doctorId = p.doctorId;
    const start = Math.max(enrolledAt, today - 420 * DAY_MS);
    // Visits newest first: the last one, then each predecessor so that its plan's window holds the next visit.
    const dated: { date: number; c: PsyClass }[] = [];
    let date = today - lastVisitAgo(profile, r) * DAY_MS;
    let c = classOf(profile, 0, r);
    for (let k = 0; date >= start; k++) {
      dated.push({ date, c });
      // The predecessor's class sets the gap: its plan's window (its day to the due day) must hold this visit.
      c = classOf(profile, k + 1, r);
      const days = psyDaysFor(c, settings);
      date -= (days - Math.floor(r() * Math.min(10, days - 1))) * DAY_MS;
    }
    dated.reverse();
    const drug = DRUGS[idx % DRUGS.length]!;
    type Last = { id: string; date: number; c: PsyClass; risk: number | null; lock: string; hosp: string };
    const seen: { last: Last | null; reached: Last | null } = { last: null, reached: null };
    dated.forEach((v, i) => {
      const id = psySeedId('visit', `${p.id}:${i}`);
      const values = valuesFor(v.c, r);
      const suggested = suggestPsyClass(values)!;
      // One override in the mixed profile: suggested 基本稳定, judged 稳定 with the reason stored.
      const override = profile === 'mixed' && i === 0 && suggested === '2';
      const classification: PsyClass = override ? '3' : suggested;
      const isLast = i === dated.length - 1;
      const lock = profile === 'locked' && v.c !== '0' ? '2' : '1';
      const hosp = profile === 'hospital' && isLast ? '2' : profile === 'hospital' ? '3' : '1';
      const next = psyNextPlan(v.date, psyDaysFor(classification, settings));
      const planId = psySeedId('plan', `${p.id}:${i}`);
      const enteredAt = Math.min(at - 3_600_000, v.date + 9 * 3_600_000 + Math.floor(r() * 2) * DAY_MS);
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
        visitDate: v.date,
        reached: values.reached,
        unreachedReason: values.reached === '0' ? '入户未遇，家属外出' : null,
        riskLevel: values.riskLevel,
        insight: values.insight,
        symptoms: values.reached === '0' ? null : JSON.stringify(classification === '3' ? ['11'] : ['1', '3']),
        sleep: values.reached === '0' ? null : classification === '1' ? '3' : '1',
        diet: values.reached === '0' ? null : '1',
        selfCare: values.reached === '0' ? null : classification === '3' ? '1' : '2',
        housework: null,
        work: null,
        learning: null,
        social: null,
        mildTrouble: classification === '1' ? 1 : 0,
        trouble: 0,
        disaster: 0,
        selfHarm: 0,
        suicideAttempt: 0,
        otherHarm: 0,
        lockState: values.reached === '0' ? null : lock,
        hospitalState: values.reached === '0' ? null : hosp,
        lastDischarge: null,
        labTest: '0',
        compliance: values.reached === '0' ? null : classification === '1' ? '2' : '1',
        drugReaction: values.drugReaction,
        effect: values.reached === '0' ? null : classification === '1' ? '3' : '2',
        rehab: values.reached === '0' ? null : JSON.stringify(['1', '4']),
        referral: '0',
        referralReason: null,
        referralTo: null,
        suggestedClassification: suggested,
        classification,
        overrideReason: override ? '家属反映近期情况良好，复核后判定稳定' : null,
        nextVisitDate: isLast ? next.planDate : null,
        nextPlanId: isLast ? planId : null,
        doctorId,
        manageOrgId: orgId,
        note:
          classification === '1'
            ? '病情波动，已通知家属加强看护，两周内复访'
            : classification === '0'
              ? '未访到'
              : '病情平稳，继续当前治疗',
      });
      if (values.reached !== '0')
        meds.push({
          id: `${id}-m0`,
          parent_id: id,
          sort_code: 0,
          creator_user_id: doctorId,
          creator_time: enteredAt,
          last_modify_user_id: null,
          last_modify_time: null,
          organize_id: orgId,
          flow_state: 0,
          drugName: drug[0],
          dose: drug[1],
          frequency: drug[2],
        });
      timeline.push({
        id: `${id}-t`,
        resident_id: p.id,
        kind: 'psyVisit',
        title: '专项随访（受限信息）',
        ref_model: PSY_MODEL,
        ref_id: id,
        at: v.date,
        org_id: orgId,
      });
      // The plan this visit generated, filled by the next visit (whose date lies in its window by construction).
      const filler = dated[i + 1];
      plans.push({
        id: planId,
        programme: 'psy',
        resident_id: p.id,
        enrolment_id: enrolmentId,
        kind: PSY_PLAN_KIND[classification],
        seq: 0,
        plan_date: next.planDate,
        window_start: next.windowStart,
        window_end: next.windowEnd,
        visit_id: filler ? psySeedId('visit', `${p.id}:${i + 1}`) : null,
        visited_at: filler ? filler.date : null,
        doctor_id: doctorId,
        org_id: orgId,
        created_at: enteredAt,
      });
      seen.last = { id, date: v.date, c: classification, risk: values.riskLevel === null ? null : Number(values.riskLevel), lock, hosp };
      if (values.reached !== '0') seen.reached = seen.last;
    });
    const outcome = profile === 'lost' ? 1 : 0;
    const [relation, given] = GUARDIANS[idx % GUARDIANS.length]!;
    const { last: l, reached: lr } = seen;
    enrolments.push({
      id: enrolmentId,
      resident_id: p.id,
      diagnosis: PSY_DIAGNOSES[idx % PSY_DIAGNOSES.length]![0],
      diagnosed_at: enrolledAt - Math.floor(r() * 365 * 5) * DAY_MS,
      guardian_name: `${SURNAMES[idx % SURNAMES.length]}${given}`,
      guardian_phone: `1390000${String(1000 + idx).slice(-4)}`,
      guardian_relation: relation,
      doctor_id: doctorId,
      org_id: orgId,
      outcome,
      outcome_reason: outcome ? '外出务工，暂时联系不上' : null,
      enrolled_at: enrolledAt,
      last_visit_id: l?.id ?? null,
      last_visit_at: l?.date ?? null,
      last_classification: l?.c ?? null,
      last_risk_level: lr?.risk ?? null,
      locked: lr?.lock === '2' ? 1 : 0,
      in_hospital: lr?.hosp === '2' ? 1 : 0,
      created_at: enrolledAt,
      updated_at: null,
    });
    history.push({
      id: `${enrolmentId}-h0`,
      entity: 'psyEnrolment',
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
        entity: 'psyEnrolment',
        entity_id: enrolmentId,
        field: 'outcome',
        old_value: '0',
        new_value: '1',
        reason: '外出务工，暂时联系不上',
        user_id: doctorId,
        at: today - 60 * DAY_MS,
      });
    timeline.push({
      id: `${enrolmentId}-t`,
      resident_id: p.id,
      kind: 'psyEnrol',
      title: '纳入专项管理（受限信息）',
      ref_model: 'healthPsyEnrolment',
      ref_id: enrolmentId,
      at: enrolledAt,
      org_id: orgId,
    });
  });
  return { enrolments, plans, visits, meds, timeline, history };
}

/** Seeds the model and the dictionary always; the demo patients once, when the demo residents exist. Returns the enrolments written. */
export async function seedPsy(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedPsyModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('health_psy_enrolments').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'birthDate', 'manageOrgId', 'doctorId', 'archiveState'])
    .orderBy('id')
    .execute();
  if (!rows.length) return 0;
  const residents: PsyDemoResident[] = rows.map((x) => ({
    id: String(x.id),
    birthDate: x.birthDate === null ? null : Number(x.birthDate),
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
  }));
  const d = demoPsy(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'health_psy_enrolments', d.enrolments);
    await insertBatches(t, 'health_plans', d.plans);
    await insertBatches(t, PSY_TABLE, d.visits);
    await insertBatches(t, `${PSY_TABLE}__medication`, d.meds);
    await insertBatches(t, 'health_timeline', d.timeline);
    await insertBatches(t, 'health_state_history', d.history);
  });
  return d.enrolments.length;
}
