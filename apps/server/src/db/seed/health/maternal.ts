import type { Kysely } from 'kysely';
import {
  ageOn,
  antenatalPlans,
  check42Window,
  DAY_MS,
  expectedDelivery,
  formatGestation,
  gestationalAge,
  postpartumWindow,
  riskLevelFromScore,
  startOfUtcDay,
  type MatRiskLevel,
  type MatState,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { MAT_MODELS, type MatVisitType } from '../../../modules/health/maternal/models.ts';
import { stableId } from '../menus.ts';
import { seedMaternalModels } from './maternal-models.ts';
import { insertBatches } from '../batches.ts';
import { mulberry32 } from '../random.ts';

/**
 * Fictitious pregnancies among E's female residents aged 20–40 (issue 18 demo
 * data): one scenario per pregnancy from the list below, spread round-robin
 * over the managing units, so every state, worklist and KPI shows figures on a
 * fresh start: women under 13 weeks without their first visit, a late
 * registration, a missed first visit, every antenatal window due, a missed
 * window, 橙 / 红 / 紫 high-risk women, deliveries with the postpartum visit
 * and the 42-day check due, overdue or done, a termination, 转诊, 失访, 迁出
 * and closed records (with and without a postpartum visit, for the KPIs).
 * Rows follow the contract's rules, as on save. Deterministic for a date,
 * idempotent (skipped when a pregnancy exists), no date after `at`.
 */

const RESIDENT_TABLE = 'lc_health_resident';
export const matSeedId = (kind: string, key: string) => stableId('97', `mat:${kind}:${key}`);

export interface MatResident {
  id: string;
  sex: string | null;
  birthDate: number | null;
  manageOrgId: string | null;
  doctorId: string | null;
  archiveState: number;
}

/**
 * A scenario: `g` gestational days today (pregnant), or `delivered` days ago;
 * `reg` gestational day of registration; `visits` gestational days of the
 * antenatal visits (the first is the first visit); `pp` / `c42` days after
 * delivery of the postpartum visit / 42-day check; the final state.
 */
interface Scenario {
  g?: number;
  delivered?: number;
  reg: number;
  visits: number[];
  pp?: number;
  c42?: number;
  state: MatState;
  risk?: number;
  level?: MatRiskLevel;
  reason?: string;
  ended?: number;
}

const SCENARIOS: Scenario[] = [
  { g: 60, reg: 58, visits: [], state: 'registered' },
  { g: 82, reg: 80, visits: [], state: 'registered', risk: 5 },
  { g: 110, reg: 105, visits: [105], state: 'antenatal' },
  { g: 100, reg: 70, visits: [], state: 'registered' },
  { g: 118, reg: 72, visits: [75], state: 'antenatal' },
  { g: 140, reg: 68, visits: [70], state: 'antenatal', risk: 10 },
  { g: 155, reg: 78, visits: [80, 122], state: 'antenatal' },
  { g: 200, reg: 82, visits: [84, 126, 156], state: 'antenatal', risk: 15, level: 'orange' },
  { g: 262, reg: 60, visits: [63, 115, 150, 203], state: 'antenatal', risk: 25, level: 'red' },
  { g: 180, reg: 58, visits: [60, 133], state: 'antenatal' },
  { g: 230, reg: 66, visits: [68, 118, 160, 205], state: 'antenatal', risk: 10, level: 'purple' },
  { g: 90, reg: 76, visits: [77], state: 'antenatal' },
  { g: 170, reg: 85, visits: [86, 120], state: 'antenatal', risk: 5 },
  { g: 285, reg: 70, visits: [72, 118, 155, 210, 262], state: 'antenatal', risk: 12 },
  { delivered: 2, reg: 65, visits: [66, 115, 152, 200, 260], state: 'delivered' },
  { delivered: 5, reg: 72, visits: [74, 120, 160, 205, 265], state: 'delivered', risk: 10 },
  { delivered: 12, reg: 80, visits: [81, 125, 158, 210], state: 'delivered' },
  { delivered: 20, reg: 60, visits: [62, 117, 154, 199, 268], pp: 4, state: 'postpartum' },
  { delivered: 45, reg: 95, visits: [96, 130, 160, 215, 262], pp: 5, state: 'postpartum' },
  { delivered: 50, reg: 70, visits: [71, 119, 151, 208], state: 'delivered', risk: 20, level: 'red' },
  { delivered: 60, reg: 75, visits: [76, 121, 163, 220, 266], pp: 3, state: 'postpartum' },
  { delivered: 50, reg: 66, visits: [67, 116, 150, 201, 264], pp: 3, c42: 43, state: 'check42' },
  { delivered: 120, reg: 70, visits: [72, 118, 152, 202, 263], pp: 4, c42: 44, state: 'closed', ended: 75 },
  { delivered: 200, reg: 100, visits: [101, 135, 165, 210, 265], pp: 6, c42: 45, state: 'closed', ended: 150 },
  { delivered: 90, reg: 64, visits: [65, 118, 160, 209], state: 'closed', reason: '产妇外出务工，未能访视', ended: 40 },
  { g: 90, reg: 50, visits: [52], state: 'terminated', reason: '稽留流产，行清宫术', ended: 30 },
  { g: 210, reg: 75, visits: [76, 120, 155, 200], state: 'referred', risk: 20, level: 'red', reason: '重度子痫前期，转县妇幼保健院' },
  { g: 150, reg: 72, visits: [73, 118], state: 'lost', reason: '外出务工，电话无法联系' },
  { g: 130, reg: 68, visits: [70], state: 'movedOut', reason: '随丈夫迁往外省', ended: 10 },
];

/** Women aged 20–40 with a normal archive, one per unit in turn (ids in order), as many as scenarios × `scale`. */
export function pickMothers(residents: MatResident[], at: number, count: number): MatResident[] {
  const byOrg = new Map<string, MatResident[]>();
  for (const p of [...residents].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (p.sex !== '2' || p.archiveState === 2 || p.birthDate === null || !p.manageOrgId) continue;
    const age = ageOn(p.birthDate, at);
    if (age < 20 || age > 40) continue;
    const list = byOrg.get(p.manageOrgId) ?? [];
    list.push(p);
    byOrg.set(p.manageOrgId, list);
  }
  const orgs = [...byOrg.keys()].sort();
  const out: MatResident[] = [];
  for (let i = 0; out.length < count; i++) {
    let added = false;
    for (const o of orgs) {
      const p = byOrg.get(o)![i];
      if (p && out.length < count) {
        out.push(p);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

type Row = Record<string, unknown>;
interface PlanRow {
  id: string;
  kind: string;
  seq: number;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  visitedAt: number | null;
}

/** The rows of the demo pregnancies (pure and deterministic for `at`); `scale` repeats the scenarios for a benchmark. */
export function demoMaternal(residents: MatResident[], at: number, scale = 1) {
  const r = mulberry32(20260618);
  const today = startOfUtcDay(at);
  const mothers = pickMothers(residents, at, SCENARIOS.length * scale);
  const pregnancies: Row[] = [];
  const plans: Row[] = [];
  const visits: Record<MatVisitType, Row[]> = { first: [], antenatal: [], postpartum: [], check42: [] };
  const timeline: Row[] = [];
  const history: Row[] = [];

  mothers.forEach((m, idx) => {
    const s = SCENARIOS[idx % SCENARIOS.length]!;
    const id = matSeedId('pregnancy', m.id);
    const doctorId = m.doctorId;
    const orgId = m.manageOrgId;
    // Delivered ones: at 38–40 weeks; discharged 1–3 days later (a caesarean later).
    const deliveryWeeksDays = 266 + Math.floor(r() * 14);
    const lmp = s.delivered !== undefined ? today - (s.delivered + deliveryWeeksDays) * DAY_MS : today - s.g! * DAY_MS;
    const delivery = s.delivered !== undefined ? today - s.delivered * DAY_MS : null;
    const caesarean = r() < 0.3;
    const discharge = delivery === null ? null : Math.min(today, delivery + (caesarean ? 4 : 1 + Math.floor(r() * 2)) * DAY_MS);
    const termination = s.state === 'terminated' ? today - (s.ended ?? 0) * DAY_MS : null;
    const registeredAt = lmp + s.reg * DAY_MS + 9 * 3_600_000;
    const score = s.risk ?? 0;
    const level = s.level ?? riskLevelFromScore(score);
    const gravidity = 1 + Math.floor(r() * 3);
    const parity = Math.min(gravidity - 1, Math.floor(r() * 2));
    const endedAt = s.ended !== undefined ? today - s.ended * DAY_MS + 10 * 3_600_000 : null;
    const planRows: PlanRow[] = antenatalPlans(lmp)
      .filter((w) => w.windowEnd >= startOfUtcDay(registeredAt))
      .map((w) => ({ ...w, id: matSeedId('plan', `${m.id}:${w.kind}`), visitId: null, visitedAt: null }));
    const base = (vid: string, visitDate: number): Row => ({
      id: vid,
      creator_user_id: doctorId,
      creator_time: Math.min(at - 3_600_000, visitDate + 10 * 3_600_000),
      last_modify_user_id: null,
      last_modify_time: null,
      organize_id: orgId,
      flow_state: 0,
      residentId: m.id,
      pregnancyId: id,
      visitDate,
      doctorId,
      manageOrgId: orgId,
      referral: 0,
    });
    const fill = (vid: string, visitDate: number, kinds: string[]) => {
      const pl = planRows.find((p) => kinds.includes(p.kind) && !p.visitId && visitDate >= p.windowStart && visitDate <= p.windowEnd);
      if (pl) {
        pl.visitId = vid;
        pl.visitedAt = visitDate;
      }
    };
    const tl = (kind: string, title: string, when: number, refModel: string, refId: string) =>
      timeline.push({ id: `${refId}-t`, resident_id: m.id, kind, title, ref_model: refModel, ref_id: refId, at: when, org_id: orgId });

    let lastVisit: number | null = null;
    s.visits.forEach((gd, i) => {
      const visitDate = lmp + gd * DAY_MS;
      if (visitDate > today) return;
      const vid = matSeedId('visit', `${m.id}:${i}`);
      const gestation = formatGestation(gestationalAge(lmp, visitDate));
      const abnormal = level !== 'green' && level !== 'yellow';
      const common = {
        systolic: (level === 'red' ? 142 : 104) + Math.floor(r() * 16),
        diastolic: (level === 'red' ? 92 : 64) + Math.floor(r() * 12),
        hemoglobin: 105 + Math.floor(r() * 25),
        urineProtein: level === 'red' ? '2' : '0',
        riskScore: score,
        riskLevel: level,
        riskFactors: score
          ? level === 'purple'
            ? '梅毒血清学阳性'
            : level === 'red'
              ? '妊娠期高血压疾病'
              : level === 'orange'
                ? '瘢痕子宫'
                : '年龄≥35岁'
          : null,
        classification: abnormal ? '2' : '1',
        gestation,
      };
      if (i === 0) {
        const weightKg = Math.round((50 + r() * 15) * 10) / 10;
        const heightCm = 152 + Math.floor(r() * 16);
        visits.first.push({
          ...base(vid, visitDate),
          ...common,
          confirmMethod: r() < 0.5 ? '2' : '3',
          gravidity,
          parityVaginal: parity,
          parityCaesarean: 0,
          heightCm,
          weightKg,
          bmi: Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10,
          bloodType: ['A', 'B', 'O', 'AB'][Math.floor(r() * 4)],
          rh: '1',
          hbsag: '1',
          syphilis: level === 'purple' ? '2' : '1',
          hiv: '1',
          prenatalScreening: '1',
          note: '建立母子健康手册，告知孕期保健要点',
        });
        fill(vid, visitDate, ['matFirst']);
        tl(MAT_MODELS.first.enCode, `第1次产前随访（孕${gestation}周）`, visitDate, MAT_MODELS.first.enCode, vid);
      } else {
        visits.antenatal.push({
          ...base(vid, visitDate),
          ...common,
          visitNo: i + 1,
          weightKg: Math.round((55 + gd / 14 + r() * 5) * 10) / 10,
          fundalHeight: Math.max(0, Math.round(gd / 7 - 4)),
          abdominalGirth: 80 + Math.round(gd / 10),
          fetalPosition: gd > 200 ? '头位' : null,
          fetalHeartRate: 130 + Math.floor(r() * 25),
          note: '胎儿发育与孕周相符',
        });
        fill(vid, visitDate, ['mat16', 'mat21', 'mat28', 'mat37']);
        tl(MAT_MODELS.antenatal.enCode, `第${i + 1}次产前随访（孕${gestation}周）`, visitDate, MAT_MODELS.antenatal.enCode, vid);
      }
      lastVisit = visitDate;
    });
    // After the delivery or termination: open antenatal plans go; the postpartum plans come.
    const end = delivery ?? termination;
    const kept = planRows.filter((p) => end === null || p.visitId || p.windowEnd < end);
    const postRows: PlanRow[] = [];
    if (delivery !== null && discharge !== null) {
      postRows.push({
        ...postpartumWindow(discharge),
        kind: 'matPost',
        seq: 6,
        id: matSeedId('plan', `${m.id}:matPost`),
        visitId: null,
        visitedAt: null,
      });
      postRows.push({
        ...check42Window(delivery),
        kind: 'mat42',
        seq: 7,
        id: matSeedId('plan', `${m.id}:mat42`),
        visitId: null,
        visitedAt: null,
      });
      for (const [type, day, kind] of [
        ['postpartum', s.pp, 'matPost'],
        ['check42', s.c42, 'mat42'],
      ] as const) {
        if (day === undefined) continue;
        const visitDate = delivery + day * DAY_MS;
        if (visitDate > today) continue;
        const vid = matSeedId(type, m.id);
        visits[type].push({
          ...base(vid, visitDate),
          postpartumDays: day,
          ...(type === 'postpartum' ? { temperature: Math.round((36.4 + r() * 0.6) * 10) / 10 } : {}),
          systolic: 104 + Math.floor(r() * 16),
          diastolic: 64 + Math.floor(r() * 12),
          generalHealth: '良好',
          mentalHealth: '良好',
          breast: '1',
          lochia: '1',
          uterus: '1',
          wound: '1',
          classification: '1',
          note: type === 'postpartum' ? '与新生儿访视同时进行，指导母乳喂养' : '产后恢复良好',
        });
        const pl = postRows.find((p) => p.kind === kind)!;
        if (visitDate >= pl.windowStart && visitDate <= pl.windowEnd) {
          pl.visitId = vid;
          pl.visitedAt = visitDate;
        }
        const enCode = MAT_MODELS[type].enCode;
        tl(enCode, `${type === 'postpartum' ? '产后访视' : '产后42天健康检查'}（产后${day}天）`, visitDate, enCode, vid);
        lastVisit = visitDate;
      }
    }
    const all = [...kept, ...postRows].filter(
      (p) => !(endedAt !== null && (s.state === 'closed' || s.state === 'movedOut') && !p.visitId && p.windowEnd >= endedAt),
    );
    for (const p of all)
      plans.push({
        id: p.id,
        programme: 'mat',
        resident_id: m.id,
        enrolment_id: id,
        kind: p.kind,
        seq: p.seq,
        plan_date: p.planDate,
        window_start: p.windowStart,
        window_end: p.windowEnd,
        visit_id: p.visitId,
        visited_at: p.visitedAt,
        doctor_id: doctorId,
        org_id: orgId,
        created_at: registeredAt,
      });
    const firstVisit = s.visits.length && lmp + s.visits[0]! * DAY_MS <= today ? lmp + s.visits[0]! * DAY_MS : null;
    pregnancies.push({
      id,
      resident_id: m.id,
      org_id: orgId,
      doctor_id: doctorId,
      lmp,
      edd: expectedDelivery(lmp),
      gravidity,
      parity,
      risk_score: score,
      risk_level: level,
      state: s.state,
      state_reason: s.reason ?? null,
      registered_at: registeredAt,
      first_visit_at: firstVisit,
      last_visit_at: lastVisit,
      delivery_date: delivery,
      discharge_date: discharge,
      delivery_mode: delivery === null ? null : caesarean ? '3' : '1',
      delivery_place: delivery === null ? null : '县妇幼保健院',
      termination_date: termination,
      postpartum_at: delivery !== null && s.pp !== undefined ? delivery + s.pp * DAY_MS : null,
      check42_at: delivery !== null && s.c42 !== undefined ? delivery + s.c42 * DAY_MS : null,
      closed_at: s.state === 'closed' ? endedAt : null,
      created_at: registeredAt,
      updated_at: null,
    });
    timeline.push({
      id: `${id}-t`,
      resident_id: m.id,
      kind: 'matRegister',
      title: `孕产妇建册（孕${Math.floor(s.reg / 7)}周）`,
      ref_model: 'healthMatPregnancy',
      ref_id: id,
      at: registeredAt,
      org_id: orgId,
    });
    if (delivery !== null)
      timeline.push({
        id: `${id}-td`,
        resident_id: m.id,
        kind: 'matDelivery',
        title: `分娩（孕${gestationalAge(lmp, delivery).weeks}周）`,
        ref_model: 'healthMatPregnancy',
        ref_id: id,
        at: delivery,
        org_id: orgId,
      });
    const h = (n: number, oldValue: string | null, newValue: string, when: number, reason: string | null = null) =>
      history.push({
        id: `${id}-h${n}`,
        entity: 'matPregnancy',
        entity_id: id,
        field: 'state',
        old_value: oldValue,
        new_value: newValue,
        reason,
        user_id: doctorId,
        at: when,
      });
    h(0, null, 'registered', registeredAt);
    if (s.state !== 'registered') h(1, 'registered', s.state, endedAt ?? lastVisit ?? delivery ?? registeredAt, s.reason ?? null);
  });
  return { pregnancies, plans, visits, timeline, history };
}

/** Seeds the four forms and, once, the demo pregnancies; returns how many pregnancies were written. */
export async function seedMaternal(ctx: AppContext, at = Date.now()): Promise<number> {
  await seedMaternalModels(ctx);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (await db.selectFrom('health_mat_pregnancies').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = await db
    .selectFrom(RESIDENT_TABLE)
    .select(['id', 'sex', 'birthDate', 'manageOrgId', 'doctorId', 'archiveState'])
    .where('sex', '=', '2')
    .orderBy('id')
    .execute();
  if (!rows.length) return 0;
  const residents: MatResident[] = rows.map((x) => ({
    id: String(x.id),
    sex: x.sex === null ? null : String(x.sex),
    birthDate: x.birthDate === null ? null : Number(x.birthDate),
    manageOrgId: (x.manageOrgId as string | null) ?? null,
    doctorId: (x.doctorId as string | null) ?? null,
    archiveState: Number(x.archiveState ?? 1),
  }));
  const d = demoMaternal(residents, at);
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins() as unknown as Kysely<any>;
    await insertBatches(t, 'health_mat_pregnancies', d.pregnancies);
    await insertBatches(t, 'health_plans', d.plans);
    for (const type of Object.keys(d.visits) as MatVisitType[]) await insertBatches(t, MAT_MODELS[type].table, d.visits[type]);
    await insertBatches(t, 'health_timeline', d.timeline);
    await insertBatches(t, 'health_state_history', d.history);
  });
  return d.pregnancies.length;
}
