import { z } from 'zod';
import { DAY_MS, startOfUtcDay } from './chronic.ts';
import { LENGTH_FOR_AGE, WEIGHT_FOR_AGE, type GrowthRow } from './child-growth-table.ts';

/**
 * Child health 0–6 (issue 18, M7; national standard §1.7): the check-up
 * schedule from the date of birth, the state of each check, the growth
 * evaluation 上 / 中 / 下 against the 2009 national growth standard, the
 * 体弱儿 criteria. Pure: the server applies them on save and in the seed, the
 * screens show the same values. Dates are UTC midnights; a window's end is the
 * last millisecond of its last day.
 *
 * Windows (documented, the standard names only the ages):
 * - newborn visit (新生儿家庭访视): from the discharge day (the birth day when
 *   no discharge date is known) to 7 days after it;
 * - 满月 check: day 28 to day 30 of life;
 * - infant checks at 3, 6, 8 and 12 months: from the day the child reaches the
 *   age until the day before age + 1 month;
 * - toddler checks at 18, 24 and 30 months: until the day before age + 2 months;
 * - 36 months and 4, 5, 6 years: until the day before age + 3 months;
 * - haemoglobin: 6–8 months (from 6 months to the day before 9 months), and at
 *   18 and 30 months in the window of that check.
 * A check is 应查 while its window is open and it is not done, 已查 once done
 * (whenever recorded), 逾期 when its window closed undone, 失访 when the child
 * is marked lost to follow-up (its checks not done are then 失访), 未到 before.
 */

export const CHILD_PROGRAMME = 'child';
export type ChildPlanKind = 'newborn' | 'check' | 'hb';

export interface ChildCheckDef {
  /** Stable code: the check-up form's 体检阶段 value. */
  code: string;
  kind: ChildPlanKind;
  /** Age of the check: months (0 for the newborn visit and 满月 count in days). */
  months: number;
  days?: number;
  /** Window length in months after the age (checks, Hb), or days (newborn, 满月). */
  windowMonths?: number;
  windowDays?: number;
}

export const CHILD_CHECKS: ChildCheckDef[] = [
  { code: 'newborn', kind: 'newborn', months: 0, windowDays: 7 },
  { code: 'd28', kind: 'check', months: 0, days: 28, windowDays: 2 },
  { code: 'm3', kind: 'check', months: 3, windowMonths: 1 },
  { code: 'm6', kind: 'check', months: 6, windowMonths: 1 },
  { code: 'm8', kind: 'check', months: 8, windowMonths: 1 },
  { code: 'm12', kind: 'check', months: 12, windowMonths: 1 },
  { code: 'm18', kind: 'check', months: 18, windowMonths: 2 },
  { code: 'm24', kind: 'check', months: 24, windowMonths: 2 },
  { code: 'm30', kind: 'check', months: 30, windowMonths: 2 },
  { code: 'm36', kind: 'check', months: 36, windowMonths: 3 },
  { code: 'y4', kind: 'check', months: 48, windowMonths: 3 },
  { code: 'y5', kind: 'check', months: 60, windowMonths: 3 },
  { code: 'y6', kind: 'check', months: 72, windowMonths: 3 },
  { code: 'hb1', kind: 'hb', months: 6, windowMonths: 3 },
  { code: 'hb2', kind: 'hb', months: 18, windowMonths: 2 },
  { code: 'hb3', kind: 'hb', months: 30, windowMonths: 2 },
];
export const CHECKUP_STAGES = CHILD_CHECKS.filter((c) => c.kind === 'check').map((c) => c.code);

/** The date `months` calendar months after a UTC day (the 31st becomes the month's last day). */
export function addMonths(day: number, months: number): number {
  const d = new Date(startOfUtcDay(day));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}

export interface ChildPlan {
  code: string;
  kind: ChildPlanKind;
  /** Order in CHILD_CHECKS (health_plans.seq). */
  seq: number;
  planDate: number;
  windowStart: number;
  windowEnd: number;
}

/** The window of one check for a birth date (and a discharge date for the newborn visit). */
export function childPlan(def: ChildCheckDef, birthDate: number, dischargeDate?: number | null): ChildPlan {
  const birth = startOfUtcDay(birthDate);
  const seq = CHILD_CHECKS.indexOf(def);
  if (def.kind === 'newborn') {
    const start = startOfUtcDay(Math.max(birth, dischargeDate ?? birth));
    return {
      code: def.code,
      kind: def.kind,
      seq,
      planDate: start,
      windowStart: start,
      windowEnd: start + (def.windowDays! + 1) * DAY_MS - 1,
    };
  }
  if (def.days) {
    const start = birth + def.days * DAY_MS;
    return {
      code: def.code,
      kind: def.kind,
      seq,
      planDate: start,
      windowStart: start,
      windowEnd: start + (def.windowDays! + 1) * DAY_MS - 1,
    };
  }
  const start = addMonths(birth, def.months);
  return {
    code: def.code,
    kind: def.kind,
    seq,
    planDate: start,
    windowStart: start,
    windowEnd: addMonths(birth, def.months + def.windowMonths!) - 1,
  };
}

/** The whole schedule of a child (16 plans: newborn visit, 12 checks, 3 haemoglobin tests). */
export function childSchedule(birthDate: number, dischargeDate?: number | null): ChildPlan[] {
  return CHILD_CHECKS.map((c) => childPlan(c, birthDate, dischargeDate));
}

/** 未到, 应查, 已查, 逾期, 失访. */
export type ChildCheckState = 'upcoming' | 'due' | 'done' | 'overdue' | 'lost';

export function childCheckState(
  p: { windowStart: number; windowEnd: number; visitId?: string | null },
  at: number,
  lost = false,
): ChildCheckState {
  if (p.visitId) return 'done';
  if (lost) return 'lost';
  if (at < p.windowStart) return 'upcoming';
  if (at > p.windowEnd) return 'overdue';
  return 'due';
}

/** Age in whole months on a date (a month is complete on the same day of the month, the 31st on the month's last day). */
export function ageInMonths(birthDate: number, at: number): number {
  const b = new Date(startOfUtcDay(birthDate));
  const d = new Date(startOfUtcDay(at));
  let m = (d.getUTCFullYear() - b.getUTCFullYear()) * 12 + d.getUTCMonth() - b.getUTCMonth();
  if (addMonths(birthDate, m) > startOfUtcDay(at)) m -= 1;
  return m;
}

/** Age in months with a fraction (for interpolating the growth table). */
export function ageInMonthsExact(birthDate: number, at: number): number {
  const whole = ageInMonths(birthDate, at);
  const from = addMonths(birthDate, whole);
  const to = addMonths(birthDate, whole + 1);
  return whole + (startOfUtcDay(at) - from) / (to - from);
}

/** The check-up stage a date belongs to: the check whose window holds it, else the last check whose age is reached. */
export function stageFor(birthDate: number, visitDate: number): string | null {
  const checks = CHILD_CHECKS.filter((c) => c.kind === 'check').map((c) => childPlan(c, birthDate));
  const inside = checks.find((p) => visitDate >= p.windowStart && visitDate <= p.windowEnd);
  if (inside) return inside.code;
  const reached = checks.filter((p) => p.windowStart <= visitDate);
  return reached.length ? reached[reached.length - 1]!.code : null;
}

/** 上 / 中 / 下 of a measure against the standard. */
export type GrowthBand = 'up' | 'mid' | 'down';
export const GROWTH_BAND_NAME: Record<GrowthBand, string> = { up: '上', mid: '中', down: '下' };

/** The −2SD and +2SD of a table at an age in months, interpolated linearly between the tabulated ages; null outside 0–72 months. */
export function growthLimits(rows: readonly GrowthRow[], months: number): { minus2sd: number; median: number; plus2sd: number } | null {
  if (!Number.isFinite(months) || months < 0 || months > rows[rows.length - 1]![0] + 11.999) return null;
  const last = rows[rows.length - 1]!;
  if (months >= last[0]) return { minus2sd: last[1], median: last[2], plus2sd: last[3] };
  for (let i = 0; i < rows.length - 1; i++) {
    const a = rows[i]!;
    const b = rows[i + 1]!;
    if (months >= a[0] && months <= b[0]) {
      const t = (months - a[0]) / (b[0] - a[0]);
      const lerp = (x: number, y: number) => Math.round((x + (y - x) * t) * 100) / 100;
      return { minus2sd: lerp(a[1], b[1]), median: lerp(a[2], b[2]), plus2sd: lerp(a[3], b[3]) };
    }
  }
  return null;
}

/**
 * The growth band: 上 above +2SD, 下 below −2SD, 中 from −2SD to +2SD inclusive
 * (the rule of the 2009 standard's 离差法 with the ±2SD cut-offs). Null without
 * a sex, a value, or an age in the table's range (0 to 6 years 11 months).
 */
export function growthBand(measure: 'weight' | 'length', sex: unknown, months: number, value: unknown): GrowthBand | null {
  const s = String(sex ?? '');
  if (s !== '1' && s !== '2') return null;
  const v = value === null || value === undefined || value === '' ? NaN : Number(value);
  if (!Number.isFinite(v) || v <= 0) return null;
  const lim = growthLimits((measure === 'weight' ? WEIGHT_FOR_AGE : LENGTH_FOR_AGE)[s], months);
  if (!lim) return null;
  if (v > lim.plus2sd) return 'up';
  if (v < lim.minus2sd) return 'down';
  return 'mid';
}

/** Haemoglobin below which a child 6 months to 6 years counts as anaemic (g/L; WHO cut-off used by the 体弱儿 criteria). */
export const ANAEMIA_HB = 110;
export const LOW_BIRTH_WEIGHT_G = 2500;
export const PRETERM_WEEKS = 37;

export type WeakReason = 'lowBirthWeight' | 'preterm' | 'underweight' | 'stunted' | 'anaemia';
export const WEAK_REASON_NAME: Record<WeakReason, string> = {
  lowBirthWeight: '低出生体重',
  preterm: '早产',
  underweight: '低体重',
  stunted: '生长迟缓',
  anaemia: '贫血',
};

/** The 体弱儿 criteria met by the birth facts and a check-up's values. */
export function weakReasons(
  birth: { birthWeightG?: number | null; gestationalWeeks?: number | null },
  check?: { weightBand?: GrowthBand | null; lengthBand?: GrowthBand | null; haemoglobin?: number | null; ageMonths?: number | null },
): WeakReason[] {
  const out: WeakReason[] = [];
  if (birth.birthWeightG && birth.birthWeightG < LOW_BIRTH_WEIGHT_G) out.push('lowBirthWeight');
  if (birth.gestationalWeeks && birth.gestationalWeeks < PRETERM_WEEKS) out.push('preterm');
  if (check?.weightBand === 'down') out.push('underweight');
  if (check?.lengthBand === 'down') out.push('stunted');
  if (check?.haemoglobin && check.haemoglobin < ANAEMIA_HB && (check.ageMonths ?? 6) >= 6) out.push('anaemia');
  return out;
}

/** A rate as a share (0 when the denominator is 0), rounded to 4 decimals. */
export const childRate = (num: number, den: number): number => (den > 0 ? Math.round((num / den) * 10_000) / 10_000 : 0);

// ---- API shapes ----

const id = z.string().trim().min(1).max(40);
const text = (n: number) => z.string().trim().max(n);
const day = z.number().int().min(0).max(8_640_000_000_000);

export const CHILD_WORKLISTS = ['newborn', 'due', 'overdue', 'weak'] as const;
export type ChildWorklist = (typeof CHILD_WORKLISTS)[number];

export const childListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    orgId: id.optional(),
    mine: z.enum(['0', '1']).optional().default('0'),
    weak: z.enum(['0', '1', '']).optional().default(''),
  })
  .strict();

export const childCreateBody = z
  .object({
    residentId: id,
    motherResidentId: id.nullable().optional(),
    motherPregnancyId: id.nullable().optional(),
    birthWeightG: z.number().int().min(300).max(7000).nullable().optional(),
    birthLengthCm: z.number().min(20).max(70).nullable().optional(),
    gestationalWeeks: z.number().int().min(20).max(45).nullable().optional(),
    dischargeDate: day.nullable().optional(),
    weak: z.boolean().optional(),
    weakReason: text(200).nullable().optional(),
  })
  .strict();
export type ChildCreateBody = z.output<typeof childCreateBody>;

export const childUpdateBody = childCreateBody.omit({ residentId: true }).extend({
  lost: z.boolean().optional(),
  lostReason: text(200).nullable().optional(),
});

export const childRevealBody = z.object({ reason: z.string().trim().min(2).max(200) }).strict();

export const childKpiQuery = z
  .object({
    year: z.coerce.number().int().min(2000).max(2100).optional(),
  })
  .strict();

export const childKpiDrillQuery = childKpiQuery.extend({
  /** The selected organisation (default: the caller's), and the row of the by-unit table. */
  orgId: id.optional(),
  rowId: id,
  kpi: z.enum(['newbornVisit', 'management']),
  part: z.enum(['numerator', 'denominator', 'missing']).optional().default('missing'),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
});

export interface ChildKpiRow {
  orgId: string;
  orgName: string;
  newborns: number;
  newbornsVisited: number;
  newbornVisitRate: number;
  /** Children 0–6 (not `children`: a table would take it for tree rows). */
  childCount: number;
  childrenChecked: number;
  managementRate: number;
}
