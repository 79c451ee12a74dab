import { z } from 'zod';

/**
 * Elderly 65+ health management (issue 18, M8; national standard §1.8):
 * eligibility from the birth date, the self-care assessment's item scores,
 * total and band, and the request shapes of the elderly and by-unit follow-up
 * APIs. Pure: dates are UTC milliseconds and "now" is a parameter.
 */

const DAY = 86_400_000;
export const ELDERLY_AGE = 65;
/** The programme code of the elderly programme (health_programme_settings, timeline kinds). */
export const ELDERLY_PROGRAMME = 'old';

/** A stored date as the UTC day it names: a date picker may send local midnight, the nearest UTC midnight is that day. */
const utcDay = (ms: number) => Math.round(ms / DAY) * DAY;

/** The calendar year (UTC) of an instant. */
export const yearOf = (at: number): number => new Date(at).getUTCFullYear();

/** 65 or older at some point during `year`: born in year − 65 or earlier (the birthday may be 31 December). */
export function elderlyEligibleIn(birthDate: number | null | undefined, year: number): boolean {
  if (birthDate === null || birthDate === undefined || !Number.isFinite(birthDate)) return false;
  return new Date(utcDay(birthDate)).getUTCFullYear() <= year - ELDERLY_AGE;
}

/** Eligible in the calendar year of `at`. */
export const isElderlyEligible = (birthDate: number | null | undefined, at: number): boolean => elderlyEligibleIn(birthDate, yearOf(at));

/**
 * The SQL form of elderlyEligibleIn: eligible ⇔ birthDate < this bound
 * (1 January of year − 64, less half a day, so a local midnight of that
 * 1 January east of UTC is not counted while the UTC midnight of 31 December is).
 */
export const elderlyBirthBound = (year: number): number => Date.UTC(year - ELDERLY_AGE + 1, 0, 1) - DAY / 2;

/** [from, to) of a calendar year. */
export const elderlyYearBounds = (year: number) => ({ from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) });

// ---- Self-care assessment (老年人生活自理能力评估表) ----

export const SELF_CARE_ITEMS = ['meal', 'grooming', 'dressing', 'toilet', 'activity'] as const;
export type SelfCareItem = (typeof SELF_CARE_ITEMS)[number];
/** Levels 1 可自理 / 2 轻度依赖 / 3 中度依赖 / 4 不能自理, stored as '1'..'4'. */
export const SELF_CARE_LEVELS = ['1', '2', '3', '4'] as const;
export type SelfCareLevel = (typeof SELF_CARE_LEVELS)[number];

/** Item scores per level (the national form): 进餐 0/0/3/5, 梳洗 0/1/3/7, 穿衣 0/0/3/5, 如厕 0/1/5/10, 活动 0/1/5/10. */
export const SELF_CARE_SCORES: Record<SelfCareItem, [number, number, number, number]> = {
  meal: [0, 0, 3, 5],
  grooming: [0, 1, 3, 7],
  dressing: [0, 0, 3, 5],
  toilet: [0, 1, 5, 10],
  activity: [0, 1, 5, 10],
};
/** The model's field of each item. */
export const SELF_CARE_FIELDS: Record<SelfCareItem, string> = {
  meal: 'scMeal',
  grooming: 'scGrooming',
  dressing: 'scDressing',
  toilet: 'scToilet',
  activity: 'scActivity',
};

/** One item's score, null for a missing or unknown level. */
export function selfCareItemScore(item: SelfCareItem, level: unknown): number | null {
  const i = SELF_CARE_LEVELS.indexOf(String(level ?? '') as SelfCareLevel);
  return i < 0 ? null : SELF_CARE_SCORES[item][i]!;
}

/** The total of the five items from a record's fields; null unless all five are answered. */
export function selfCareTotal(values: Record<string, unknown>): number | null {
  let total = 0;
  for (const item of SELF_CARE_ITEMS) {
    const s = selfCareItemScore(item, values[SELF_CARE_FIELDS[item]]);
    if (s === null) return null;
    total += s;
  }
  return total;
}

/** Bands: 1 可自理 0–3, 2 轻度依赖 4–8, 3 中度依赖 9–18, 4 不能自理 ≥ 19. */
export type SelfCareBand = '1' | '2' | '3' | '4';
export const SELF_CARE_BANDS: SelfCareBand[] = ['1', '2', '3', '4'];
export function selfCareBand(total: number | null | undefined): SelfCareBand | null {
  if (total === null || total === undefined || !Number.isFinite(total) || total < 0) return null;
  if (total <= 3) return '1';
  if (total <= 8) return '2';
  if (total <= 18) return '3';
  return '4';
}
/** Dependent: a total of 4 or more (轻度依赖 and worse). */
export const DEPENDENT_SCORE = 4;

/** Screens (认知 / 情感 粗筛): '1' 阴性, '2' 阳性. */
export const SCREEN_NEGATIVE = '1';
export const SCREEN_POSITIVE = '2';

// ---- Request shapes ----

export const ELDERLY_WORKLISTS = ['unchecked', 'dependent', 'positive'] as const;
export type ElderlyWorklist = (typeof ELDERLY_WORKLISTS)[number];

const page = {
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const id40 = z.string().trim().min(1).max(40);
const year = z.coerce.number().int().min(2000).max(2100);

export const elderlyListQuery = z
  .object({
    ...page,
    keyword: z.string().trim().max(50).optional().default(''),
    orgId: id40.optional(),
    mine: z.enum(['0', '1']).optional(),
    /** residents: '1' checked this year, '0' not yet. */
    checked: z.enum(['0', '1', '']).optional(),
    year: year.optional(),
  })
  .strict();
export type ElderlyListQuery = z.infer<typeof elderlyListQuery>;

export const elderlyKpiQuery = z.object({ year: year.optional(), orgId: id40.optional() }).strict();
export const elderlyKpiResidentsQuery = z
  .object({
    ...page,
    year: year.optional(),
    orgId: id40.optional(),
    /** The row of the table (a unit, or the selected organisation's own residents). */
    rowId: id40,
    metric: z.enum(['eligible', 'checked', 'unchecked']),
  })
  .strict();

export const elderlySettingsSchema = z
  .object({
    /** 老年人健康管理率 target (%), units below it are marked. */
    targetRate: z.number().int().min(0).max(100),
  })
  .strict();
export type ElderlySettings = z.infer<typeof elderlySettingsSchema>;
export const DEFAULT_ELDERLY_SETTINGS: ElderlySettings = { targetRate: 70 };

export interface ElderlyKpiRow {
  id: string;
  name: string;
  own: boolean;
  eligible: number;
  checked: number;
  /** Percent with one decimal, null without eligible residents. */
  rate: number | null;
}

// ---- Follow-up list by organisation (treatment_list_org) ----

export const followupOrgQuery = z
  .object({ orgId: id40.optional(), from: z.coerce.number().int().min(0).optional(), to: z.coerce.number().int().min(0).optional() })
  .strict();
export const FOLLOWUP_ORG_METRICS = ['due', 'visited', 'overdue'] as const;
export type FollowupOrgMetric = (typeof FOLLOWUP_ORG_METRICS)[number];
export const followupOrgPlansQuery = z
  .object({
    ...page,
    orgId: id40.optional(),
    rowId: id40,
    programme: z.string().trim().min(1).max(16),
    metric: z.enum(FOLLOWUP_ORG_METRICS),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
  })
  .strict();

/** The default period of the by-unit follow-up counts: the calendar quarter (UTC) of `at`, [from, to). */
export function quarterBounds(at: number): { from: number; to: number } {
  const d = new Date(at);
  const q = Math.floor(d.getUTCMonth() / 3) * 3;
  return { from: Date.UTC(d.getUTCFullYear(), q, 1), to: Date.UTC(d.getUTCFullYear(), q + 3, 1) };
}

export interface FollowupOrgCell {
  due: number;
  visited: number;
  overdue: number;
}
export interface FollowupOrgRow {
  id: string;
  name: string;
  own: boolean;
  /** programme code → counts. */
  counts: Record<string, FollowupOrgCell>;
}
