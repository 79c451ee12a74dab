import { DAY_MS, startOfUtcDay } from './chronic.ts';
import type { PlanWindow } from './plans.ts';

/**
 * Maternal care (issue 18, M6; health-domain.md §1.6): the pure rules the
 * server, the seed and the screens share. Dates are UTC midnights (a window's
 * end is the last millisecond of its last day); `at` is always a parameter.
 * - EDD = LMP + 280 days (Naegele's rule as a day count).
 * - Gestational age = whole days since the LMP, shown as weeks + days.
 * - Antenatal windows: first visit before 13 weeks (0w0d–12w6d), 16–20 w,
 *   21–24 w, 28–36 w, 37–40 w (each from its first week's day 0 to its last
 *   week's day 6).
 * - Postpartum visit within 7 days of discharge (discharge day to day 7).
 * - 42-day check from day 42 after delivery; the window closes at day 56
 *   (the end of the 8th week, the usual 产后 6–8 周 tolerance).
 */

export const MAT_EDD_DAYS = 280;
/** Registration before this many days (13 weeks) is 早孕建册. */
export const MAT_EARLY_DAYS = 13 * 7;
export const MAT_POSTPARTUM_DAYS = 7;
export const MAT_CHECK42_DAY = 42;
export const MAT_CHECK42_LAST_DAY = 56;

/** Expected date of delivery. */
export const expectedDelivery = (lmp: number): number => startOfUtcDay(lmp) + MAT_EDD_DAYS * DAY_MS;

export interface GestationalAge {
  /** Whole days since the LMP (negative before it). */
  days: number;
  weeks: number;
  /** Days past the whole weeks (0–6). */
  rest: number;
}

/** Gestational age on the day of `at` (days counted between UTC midnights). */
export function gestationalAge(lmp: number, at: number): GestationalAge {
  const days = Math.floor((startOfUtcDay(at) - startOfUtcDay(lmp)) / DAY_MS);
  const weeks = Math.floor(days / 7);
  return { days, weeks, rest: days - weeks * 7 };
}

/** "11+3" style (weeks + days). */
export const formatGestation = (g: GestationalAge): string => `${g.weeks}+${g.rest}`;

/** Plan kinds (health_plans.kind) of the programme, in order. */
export const MAT_ANTENATAL_KINDS = ['matFirst', 'mat16', 'mat21', 'mat28', 'mat37'] as const;
export const MAT_POST_KINDS = ['matPost', 'mat42'] as const;
export type MatAntenatalKind = (typeof MAT_ANTENATAL_KINDS)[number];
export type MatPlanKind = MatAntenatalKind | (typeof MAT_POST_KINDS)[number];

/** Antenatal windows in whole weeks: [first week, last week] (the last week runs to its day 6). */
export const MAT_ANTENATAL_WEEKS: Record<MatAntenatalKind, [number, number]> = {
  matFirst: [0, 12],
  mat16: [16, 20],
  mat21: [21, 24],
  mat28: [28, 36],
  mat37: [37, 40],
};

/** The window of an antenatal stage for a LMP; the plan date is the window's first day. */
export function antenatalWindow(lmp: number, kind: MatAntenatalKind): PlanWindow {
  const l = startOfUtcDay(lmp);
  const [from, to] = MAT_ANTENATAL_WEEKS[kind];
  const windowStart = l + from * 7 * DAY_MS;
  return { planDate: windowStart, windowStart, windowEnd: l + (to * 7 + 7) * DAY_MS - 1 };
}

/** All five antenatal plans of a pregnancy, with their sequence number (1–5). */
export const antenatalPlans = (lmp: number): (PlanWindow & { kind: MatAntenatalKind; seq: number })[] =>
  MAT_ANTENATAL_KINDS.map((kind, i) => ({ kind, seq: i + 1, ...antenatalWindow(lmp, kind) }));

/** The antenatal stage whose window holds a date (null between windows: 13–15 w, 25–27 w, after 40 w). */
export function antenatalStageOn(lmp: number, date: number): MatAntenatalKind | null {
  for (const k of MAT_ANTENATAL_KINDS) {
    const w = antenatalWindow(lmp, k);
    if (date >= w.windowStart && date <= w.windowEnd) return k;
  }
  return null;
}

/** Postpartum home visit: from the discharge day to 7 days after it. */
export function postpartumWindow(discharge: number): PlanWindow {
  const d = startOfUtcDay(discharge);
  return { planDate: d + 3 * DAY_MS, windowStart: d, windowEnd: d + (MAT_POSTPARTUM_DAYS + 1) * DAY_MS - 1 };
}

/** 42-day check: from day 42 after delivery to day 56. */
export function check42Window(delivery: number): PlanWindow {
  const d = startOfUtcDay(delivery);
  return {
    planDate: d + MAT_CHECK42_DAY * DAY_MS,
    windowStart: d + MAT_CHECK42_DAY * DAY_MS,
    windowEnd: d + (MAT_CHECK42_LAST_DAY + 1) * DAY_MS - 1,
  };
}

/** Days after delivery on a date (day of delivery = 0). */
export const postpartumDay = (delivery: number, date: number): number =>
  Math.floor((startOfUtcDay(date) - startOfUtcDay(delivery)) / DAY_MS);

/** Registered before 13 weeks (早孕建册). */
export const isEarlyRegistration = (lmp: number, registeredAt: number): boolean => gestationalAge(lmp, registeredAt).days < MAT_EARLY_DAYS;

/**
 * 妊娠风险 five-colour grading (孕产妇妊娠风险评估与管理): 绿 low risk, 黄 general
 * risk, 橙 higher, 红 high, 紫 infectious disease. The score is the older
 * high-risk score (5 / 10 / 20 points per factor); a level suggested from it,
 * the doctor may choose higher (紫 is never suggested: it names an infection).
 * 高危孕产妇 (the high-risk list, 专案管理) are 橙, 红 and 紫.
 */
export const MAT_RISK_LEVELS = ['green', 'yellow', 'orange', 'red', 'purple'] as const;
export type MatRiskLevel = (typeof MAT_RISK_LEVELS)[number];
export const MAT_HIGH_RISK: MatRiskLevel[] = ['orange', 'red', 'purple'];
export const MAT_RISK_SCORE_MAX = 200;

export function riskLevelFromScore(score: number): MatRiskLevel {
  if (score >= 20) return 'red';
  if (score >= 10) return 'orange';
  if (score >= 5) return 'yellow';
  return 'green';
}

export const isHighRisk = (level: string | null | undefined): boolean => !!level && (MAT_HIGH_RISK as string[]).includes(level);

/**
 * States 建册 → 孕期管理 → 已分娩 / 终止妊娠 → 产后访视 → 42 天检查 → 结案, or 转诊,
 * 失访, 迁出. 结案 and 迁出 are final. The first visit moves 建册 to 孕期管理, the
 * postpartum visit and the 42-day check move to their states; the others are a
 * doctor's action (server-checked here).
 */
export const MAT_STATES = [
  'registered',
  'antenatal',
  'delivered',
  'terminated',
  'postpartum',
  'check42',
  'closed',
  'referred',
  'lost',
  'movedOut',
] as const;
export type MatState = (typeof MAT_STATES)[number];

const EXITS: MatState[] = ['referred', 'lost', 'movedOut'];
export const MAT_TRANSITIONS: Record<MatState, MatState[]> = {
  registered: ['antenatal', 'delivered', 'terminated', ...EXITS],
  antenatal: ['delivered', 'terminated', ...EXITS],
  delivered: ['postpartum', 'check42', 'closed', ...EXITS],
  terminated: ['postpartum', 'check42', 'closed', 'lost', 'movedOut'],
  postpartum: ['check42', 'closed', ...EXITS],
  check42: ['closed'],
  referred: ['antenatal', 'delivered', 'terminated', 'postpartum', 'closed', 'lost', 'movedOut'],
  lost: ['antenatal', 'delivered', 'terminated', 'postpartum', 'check42', 'closed', 'movedOut'],
  closed: [],
  movedOut: [],
};

export const canTransition = (from: MatState, to: MatState): boolean => MAT_TRANSITIONS[from]?.includes(to) ?? false;

/** Still pregnant (antenatal plans apply). */
export const MAT_PREGNANT_STATES: MatState[] = ['registered', 'antenatal', 'referred', 'lost'];
/** Not yet ended: one such pregnancy per resident at a time. */
export const MAT_OPEN_STATES: MatState[] = MAT_STATES.filter((s) => s !== 'closed' && s !== 'movedOut');
/** After a delivery or termination (postpartum plans apply). */
export const MAT_AFTER_STATES: MatState[] = ['delivered', 'terminated', 'postpartum', 'check42'];
/** Transitions a doctor asks for directly (the others come from visits and the delivery form); a reason is required for these. */
export const MAT_REASON_STATES: MatState[] = ['referred', 'lost', 'movedOut', 'terminated'];
