import { z } from 'zod';
import { DAY_MS, startOfUtcDay, THRESHOLDS } from './chronic.ts';

/**
 * Follow-up plans with windows (issue 17, M3; reused by every programme that
 * books visits): plans every `cycleDays` from enrolment, each open from
 * `windowBeforeDays` before to `windowAfterDays` after its plan date. Dates are
 * UTC midnights; a window's end is the last millisecond of its last day.
 */

export interface PlanSettings {
  /** Plans a year (informative: the cycle decides the dates). */
  perYear: number;
  cycleDays: number;
  windowBeforeDays: number;
  windowAfterDays: number;
}

export const DEFAULT_PLAN_SETTINGS: PlanSettings = { perYear: 4, cycleDays: 90, windowBeforeDays: 30, windowAfterDays: 30 };

/** An administrator's change: windows may not overlap (before + after < cycle), so one visit fills one regular plan. */
export const planSettingsSchema = z
  .object({
    perYear: z.number().int().min(1).max(52),
    cycleDays: z.number().int().min(7).max(366),
    windowBeforeDays: z.number().int().min(0).max(180),
    windowAfterDays: z.number().int().min(0).max(180),
  })
  .strict()
  .refine((s) => s.windowBeforeDays + s.windowAfterDays < s.cycleDays, {
    message: 'windowBeforeDays + windowAfterDays must be less than cycleDays',
    path: ['windowAfterDays'],
  });

/** Chronic programmes use regular and recheck; later programmes add their own kinds (antenatal stages, child checks, ...). */
export type PlanKind = 'regular' | 'recheck' | (string & {});
/** 未到, 应访, 已访, 逾期. */
export type PlanState = 'upcoming' | 'due' | 'visited' | 'overdue';
export const PLAN_STATES: PlanState[] = ['upcoming', 'due', 'visited', 'overdue'];

export interface PlanWindow {
  planDate: number;
  windowStart: number;
  windowEnd: number;
}

/** The window of a plan date. */
export function planWindow(planDate: number, s: Pick<PlanSettings, 'windowBeforeDays' | 'windowAfterDays'>): PlanWindow {
  const d = startOfUtcDay(planDate);
  return { planDate: d, windowStart: d - s.windowBeforeDays * DAY_MS, windowEnd: d + (s.windowAfterDays + 1) * DAY_MS - 1 };
}

/** The n-th regular plan (n ≥ 1) counted from the enrolment date. */
export function regularPlan(enrolledAt: number, n: number, s: PlanSettings): PlanWindow {
  return planWindow(startOfUtcDay(enrolledAt) + n * s.cycleDays * DAY_MS, s);
}

/** Regular plans after `fromIndex` up to (and including) the first plan date beyond `until`. */
export function regularPlansUntil(enrolledAt: number, fromIndex: number, until: number, s: PlanSettings): (PlanWindow & { n: number })[] {
  const out: (PlanWindow & { n: number })[] = [];
  for (let n = fromIndex + 1; n < fromIndex + 1000; n++) {
    const w = regularPlan(enrolledAt, n, s);
    out.push({ ...w, n });
    if (w.planDate > until) break;
  }
  return out;
}

/** The two-week recheck after a visit: open from the next day until 14 days after the visit. */
export function recheckPlan(visitDate: number): PlanWindow {
  const d = startOfUtcDay(visitDate);
  return {
    planDate: d + THRESHOLDS.recheckDays * DAY_MS,
    windowStart: d + DAY_MS,
    windowEnd: d + (THRESHOLDS.recheckDays + 1) * DAY_MS - 1,
  };
}

/** A plan's state from the clock: 已访 once a visit fills it, else 未到 / 应访 / 逾期 by its window. */
export function planState(p: { windowStart: number; windowEnd: number; visitId?: string | null }, nowMs: number): PlanState {
  if (p.visitId) return 'visited';
  if (nowMs < p.windowStart) return 'upcoming';
  if (nowMs > p.windowEnd) return 'overdue';
  return 'due';
}

/** Whether a visit date lies in a plan's window. */
export const inWindow = (p: { windowStart: number; windowEnd: number }, visitDate: number): boolean =>
  visitDate >= p.windowStart && visitDate <= p.windowEnd;
