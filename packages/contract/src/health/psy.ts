import { z } from 'zod';
import { DAY_MS, startOfUtcDay } from './chronic.ts';
import type { PlanWindow } from './plans.ts';

/**
 * Severe mental disorders (严重精神障碍, issue 18 M4; health-domain §1.4):
 * the visit classification the server suggests from the risk level (0–5),
 * insight and drug reaction, the next plan it drives, the programme settings
 * (days to the next visit per classification) and the API's request schemas.
 * Pure, so the server applies the same rules on save as the form shows live.
 */

/** The six covered diagnoses (codes of the seeded dictionary psyDiagnosis; an administrator may add more). */
export const PSY_DIAGNOSES: [string, string][] = [
  ['1', '精神分裂症'],
  ['2', '分裂情感性障碍'],
  ['3', '偏执性精神病'],
  ['4', '双相情感障碍'],
  ['5', '癫痫所致精神障碍'],
  ['6', '精神发育迟滞伴发精神障碍'],
];

/** 本次随访分类: 1 不稳定, 2 基本稳定, 3 稳定, 0 未访到. */
export type PsyClass = '0' | '1' | '2' | '3';
export const PSY_CLASSES: PsyClass[] = ['1', '2', '3', '0'];
export const PSY_CLASS = { unreached: '0', unstable: '1', basic: '2', stable: '3' } as const;

/** 自知力: 1 完全, 2 不全, 3 缺失. */
export const PSY_INSIGHT = { full: '1', partial: '2', none: '3' } as const;
/** 药物不良反应: 0 无, 1 有（一般）, 2 严重. */
export const PSY_ADR = { none: '0', mild: '1', severe: '2' } as const;
/** 关锁情况: 1 无关锁, 2 关锁, 3 关锁已解除. */
export const PSY_LOCKED = '2';
/** 住院情况: 1 从未住院, 2 目前正在住院, 3 既往住院现未住院. */
export const PSY_IN_HOSPITAL = '2';

export interface PsyVisitValues {
  /** 0: the patient was not reached (未访到). */
  reached?: boolean | number | string | null;
  riskLevel?: number | string | null;
  insight?: string | number | null;
  drugReaction?: string | number | null;
}

const yesNo = (v: unknown, dflt: boolean) =>
  v === null || v === undefined || v === '' ? dflt : v === true || v === 1 || v === '1' || v === 'true';

/** The risk level 0–5 (null when missing or out of range). */
export function riskLevelOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : null;
}

/**
 * The suggested classification: 未访到 when not reached; 不稳定 at risk 3–5, no
 * insight or a severe drug reaction; 基本稳定 at risk 1–2 or incomplete insight;
 * 稳定 at risk 0 with full insight. Null: the risk level or insight is missing.
 */
export function suggestPsyClass(v: PsyVisitValues): PsyClass | null {
  if (!yesNo(v.reached, true)) return '0';
  const risk = riskLevelOf(v.riskLevel);
  const insight = v.insight === null || v.insight === undefined || v.insight === '' ? null : String(v.insight);
  const severe = String(v.drugReaction ?? '') === PSY_ADR.severe;
  if ((risk !== null && risk >= 3) || insight === PSY_INSIGHT.none || severe) return '1';
  if (risk === null || insight === null) return null;
  if (risk >= 1 || insight === PSY_INSIGHT.partial) return '2';
  return insight === PSY_INSIGHT.full ? '3' : null;
}

/** Days to the next visit per classification (programme settings, key 'psyPlans'). */
export interface PsySettings {
  /** After a 不稳定 visit (2 weeks). */
  unstableDays: number;
  /** After a 基本稳定 visit (2 months). */
  basicDays: number;
  /** After a 稳定 visit (3 months). */
  stableDays: number;
  /** After a 未访到 attempt: try again within. */
  unreachedDays: number;
  /** After enrolment: the first visit within. */
  firstDays: number;
}

export const DEFAULT_PSY_SETTINGS: PsySettings = { unstableDays: 14, basicDays: 60, stableDays: 90, unreachedDays: 14, firstDays: 14 };
export const PSY_SETTINGS_KEY = 'psyPlans';

const days = z.number().int().min(1).max(366);
export const psySettingsSchema = z
  .object({ unstableDays: days, basicDays: days, stableDays: days, unreachedDays: days, firstDays: days })
  .strict()
  .refine((s) => s.unstableDays <= s.basicDays && s.basicDays <= s.stableDays, {
    message: 'unstableDays ≤ basicDays ≤ stableDays',
    path: ['basicDays'],
  });

/** Plan kinds of the programme in health_plans (programme 'psy'). */
export const PSY_PLAN_KIND: Record<PsyClass | 'first', string> = {
  first: 'first',
  '1': 'unstable',
  '2': 'basic',
  '3': 'stable',
  '0': 'unreached',
};
export const PSY_PLAN_KINDS = ['first', 'unstable', 'basic', 'stable', 'unreached'];

export function psyDaysFor(c: PsyClass, s: PsySettings): number {
  return c === '1' ? s.unstableDays : c === '2' ? s.basicDays : c === '3' ? s.stableDays : s.unreachedDays;
}

/**
 * The plan after a visit: open from the visit day (the brief: "from the visit
 * date up to the due date"; the visit itself is saved before its plan, so it
 * never fills it) until the end of the due day, `daysAhead` after the visit.
 */
export function psyNextPlan(fromDate: number, daysAhead: number): PlanWindow {
  const d = startOfUtcDay(fromDate);
  return { planDate: d + daysAhead * DAY_MS, windowStart: d, windowEnd: d + (daysAhead + 1) * DAY_MS - 1 };
}

/** 规范管理: at least this many visits (patient reached) in the year. */
export const PSY_STANDARD_VISITS = 4;

/** One patient's year for the KPIs: reached visits counted, the classification of the last one. */
export interface PsyKpiPatient {
  visits: number;
  lastClass: string | null;
}

/** 规范管理率 = patients with ≥ 4 reached visits ÷ managed; 稳定率 = last reached visit 稳定 ÷ patients with a reached visit. */
export function psyKpiOf(patients: PsyKpiPatient[]) {
  const managed = patients.length;
  const standard = patients.filter((p) => p.visits >= PSY_STANDARD_VISITS).length;
  const followed = patients.filter((p) => p.visits > 0).length;
  const stable = patients.filter((p) => p.visits > 0 && p.lastClass === '3').length;
  const rate = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : null);
  return { managed, standard, standardRate: rate(standard, managed), followed, stable, stableRate: rate(stable, followed) };
}

// ---- API request schemas ----

const id = z.string().trim().min(1).max(40);
const epochMs = z.number().int().min(0).max(4_102_444_800_000);
const text = (max: number) => z.string().trim().max(max);

export const psyEnrolmentCreateBody = z
  .object({
    residentId: id,
    diagnosis: z.string().trim().min(1).max(20),
    diagnosedAt: epochMs.nullable().optional(),
    guardianName: text(50).nullable().optional(),
    guardianPhone: text(20).nullable().optional(),
    guardianRelation: text(20).nullable().optional(),
    doctorId: id.nullable().optional(),
    enrolledAt: epochMs.optional(),
  })
  .strict();
export type PsyEnrolmentCreateBody = z.output<typeof psyEnrolmentCreateBody>;

export const psyEnrolmentUpdateBody = psyEnrolmentCreateBody.omit({ residentId: true, enrolledAt: true }).partial().strict();

export const psyOutcomeBody = z
  .object({ outcome: z.union([z.literal(0), z.literal(1), z.literal(2)]), reason: text(500).optional().default('') })
  .strict();

export const PSY_WORKLISTS = ['highRisk', 'unstable', 'overdue', 'locked', 'hospital'] as const;
export type PsyWorklist = (typeof PSY_WORKLISTS)[number];

export const psyListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    orgId: id.optional(),
    mine: z.enum(['0', '1']).optional().default('0'),
    outcome: z.enum(['0', '1', '2', '']).optional().default(''),
  })
  .strict();

export const psyClassifyBody = z
  .object({
    residentId: id,
    reached: z
      .union([z.number(), z.string().max(5), z.boolean()])
      .nullable()
      .optional(),
    riskLevel: z
      .union([z.number().int().min(0).max(5), z.string().max(1)])
      .nullable()
      .optional(),
    insight: z.string().max(1).nullable().optional(),
    drugReaction: z.string().max(1).nullable().optional(),
  })
  .strict();

export const psyRevealBody = z.object({ reason: z.string().trim().min(1).max(200) }).strict();

export const psyKpiQuery = z
  .object({
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    orgId: id.optional(),
  })
  .strict();

export const psyKpiPatientsQuery = psyKpiQuery.extend({
  measure: z.enum(['managed', 'standard', 'followed', 'stable']),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
});
