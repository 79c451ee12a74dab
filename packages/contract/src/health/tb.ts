import { z } from 'zod';
import { DAY_MS } from './chronic.ts';

/**
 * Pulmonary tuberculosis patient management (issue 18, M5; health-domain §1.5):
 * a case is notified by the TB institution (待入户), the first home visit is due
 * within 72 hours and starts management (治疗管理中), follow-ups are booked every
 * 10 days in the intensive phase and monthly in the continuation phase, and the
 * closure (结案) computes the adherence and visit-completion rates. Pure rules:
 * the clock is a parameter.
 */

const HOUR_MS = 3_600_000;
/** The first home visit is due within this many hours of the notification. */
export const TB_FIRST_VISIT_HOURS = 72;

/** 0 待入户 (notified, no first visit), 1 治疗管理中, 2 结案. */
export const TB_STATES = [0, 1, 2] as const;
export type TbState = (typeof TB_STATES)[number];
/** 1 完成疗程, 2 死亡, 3 丢失, 4 转入耐多药治疗. */
export const TB_CLOSE_REASONS = ['1', '2', '3', '4'] as const;
/** 1 初治, 2 复治. */
export const TB_PATIENT_TYPES = ['1', '2'] as const;
/** 1 强化期, 2 继续期. */
export const TB_PHASES = ['1', '2'] as const;
export type TbPatientType = (typeof TB_PATIENT_TYPES)[number];
export type TbPhase = (typeof TB_PHASES)[number];

/** Plan kinds in health_plans (programme 'tb'): a follow-up of the intensive or the continuation phase. */
export const TB_PLAN_KINDS = ['tbInt', 'tbCont'] as const;

// ---------- settings (health_programme_settings, programme 'tb', key 'tb') ----------

export interface TbSettings {
  intensiveIntervalDays: number;
  continuationIntervalDays: number;
  /** A plan is open from this many days before to this many days after its date. */
  windowDays: number;
  intensiveDaysNew: number;
  intensiveDaysRetreat: number;
  courseDaysNew: number;
  courseDaysRetreat: number;
}

/** 初治 2HRZE/4HR (6 months, intensive 2), 复治 2HRZES/6HRE (8 months, intensive 2); visits 10-daily then monthly. */
export const DEFAULT_TB_SETTINGS: TbSettings = {
  intensiveIntervalDays: 10,
  continuationIntervalDays: 30,
  windowDays: 3,
  intensiveDaysNew: 60,
  intensiveDaysRetreat: 60,
  courseDaysNew: 180,
  courseDaysRetreat: 240,
};

const days = (min: number, max: number) => z.number().int().min(min).max(max);

/** An administrator's change: windows may not overlap (2 × window < each interval), the intensive phase lies within the course. */
export const tbSettingsSchema = z
  .object({
    intensiveIntervalDays: days(3, 60),
    continuationIntervalDays: days(7, 90),
    windowDays: days(0, 15),
    intensiveDaysNew: days(0, 365),
    intensiveDaysRetreat: days(0, 365),
    courseDaysNew: days(30, 730),
    courseDaysRetreat: days(30, 730),
  })
  .strict()
  .refine((s) => s.windowDays * 2 < s.intensiveIntervalDays && s.windowDays * 2 < s.continuationIntervalDays, {
    message: '2 × windowDays must be less than each interval',
    path: ['windowDays'],
  })
  .refine((s) => s.intensiveDaysNew < s.courseDaysNew && s.intensiveDaysRetreat < s.courseDaysRetreat, {
    message: 'the intensive phase must be shorter than the course',
    path: ['intensiveDaysNew'],
  });

// ---------- the 72-hour first visit ----------

export const firstVisitDeadline = (notifiedAt: number) => notifiedAt + TB_FIRST_VISIT_HOURS * HOUR_MS;

/** Hours left until the 72-hour deadline (negative: hours overdue), one decimal, rounded toward zero. */
export function hoursToFirstVisitDeadline(notifiedAt: number, at: number): number {
  const h = (firstVisitDeadline(notifiedAt) - at) / HOUR_MS;
  return Math.trunc(h * 10) / 10;
}

/** Whether the first visit came within 72 hours of the notification (the boundary itself counts as in time). */
export const firstVisitInTime = (notifiedAt: number, visitAt: number) => visitAt - notifiedAt <= TB_FIRST_VISIT_HOURS * HOUR_MS;

// ---------- course and plans ----------

export interface TbCourse {
  /** The first visit (start of management), a UTC midnight. */
  start: number;
  /** The last day of the intensive phase (= start when managed from the continuation phase). */
  intensiveEnd: number;
  /** When the course is complete: the closure assessment is due. */
  courseEnd: number;
}

/** The course of a case from the first visit's day, its type and the phase it was notified in. */
export function tbCourse(start: number, patientType: TbPatientType, phase: TbPhase, s: TbSettings): TbCourse {
  const intensive = patientType === '2' ? s.intensiveDaysRetreat : s.intensiveDaysNew;
  const course = patientType === '2' ? s.courseDaysRetreat : s.courseDaysNew;
  if (phase === '2') return { start, intensiveEnd: start, courseEnd: start + (course - intensive) * DAY_MS };
  return { start, intensiveEnd: start + intensive * DAY_MS, courseEnd: start + course * DAY_MS };
}

/** The phase on a day: intensive until its last day, then continuation. */
export const tbPhaseAt = (c: Pick<TbCourse, 'intensiveEnd'>, at: number): TbPhase => (at < c.intensiveEnd ? '1' : '2');

export interface TbPlan {
  seq: number;
  kind: (typeof TB_PLAN_KINDS)[number];
  planDate: number;
  windowStart: number;
  windowEnd: number;
}

/**
 * Follow-up plans after the first visit: every intensive interval up to the
 * intensive phase's end, then every continuation interval from that end (a step
 * that would cross the end is replaced by end + continuation interval), up to
 * the end of the course. `from`: only plans whose date is after it (a
 * phase switch rebooks the rest).
 */
export function tbPlans(c: TbCourse, s: TbSettings, from = c.start): TbPlan[] {
  const out: TbPlan[] = [];
  let d = c.start;
  let seq = 0;
  while (out.length < 400) {
    if (d < c.intensiveEnd) {
      d += s.intensiveIntervalDays * DAY_MS;
      // Past the intensive phase's end (shortened by a switch): continuation from that end.
      if (d > c.intensiveEnd) d = c.intensiveEnd + s.continuationIntervalDays * DAY_MS;
    } else d += s.continuationIntervalDays * DAY_MS;
    if (d > c.courseEnd) break;
    seq++;
    if (d <= from) continue;
    out.push({
      seq,
      kind: d <= c.intensiveEnd ? 'tbInt' : 'tbCont',
      planDate: d,
      windowStart: d - s.windowDays * DAY_MS,
      windowEnd: d + (s.windowDays + 1) * DAY_MS - 1,
    });
  }
  return out;
}

// ---------- closure ----------

/** Doses due from the start to the stop day: one a day (每日), or three a week (间歇). */
export function tbDosesDue(start: number, stop: number, usage: '1' | '2' | string | null | undefined): number {
  const d = Math.max(0, Math.floor((stop - start) / DAY_MS));
  return usage === '2' ? Math.round((d * 3) / 7) : d;
}

/** A share in percent with one decimal (null when nothing was due). */
export function tbPercent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.round((Math.min(part, whole) / whole) * 1000) / 10;
}

/** 规律服药率 = doses taken ÷ doses due. */
export const adherenceRate = (taken: number, due: number) => tbPercent(taken, due);
/** 访视完成率 = visits made ÷ visits due. */
export const visitCompletionRate = (made: number, due: number) => tbPercent(made, due);

// ---------- API ----------

const id = z.string().trim().min(1).max(40);
const epochMs = z.number().int().min(0).max(4_102_444_800_000);

export const tbNotifyBody = z
  .object({
    residentId: id,
    notifiedAt: epochMs,
    notifyOrg: z.string().trim().min(1).max(100),
    patientType: z.enum(TB_PATIENT_TYPES),
    phase: z.enum(TB_PHASES),
    doctorId: id.nullable().optional(),
  })
  .strict();
export type TbNotifyBody = z.output<typeof tbNotifyBody>;

export const TB_WORKLISTS = ['first72', 'due', 'missed', 'closing'] as const;
export type TbWorklist = (typeof TB_WORKLISTS)[number];

export const tbListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: z.string().trim().max(50).optional().default(''),
    orgId: id.optional(),
    state: z.enum(['0', '1', '2', '']).optional().default(''),
    mine: z.enum(['0', '1']).optional().default('0'),
  })
  .strict();
export type TbListQuery = z.output<typeof tbListQuery>;

export const tbKpiQuery = z
  .object({
    from: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    to: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
  })
  .strict();

export interface TbCaseRow {
  caseId: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  notifiedAt: number;
  notifyOrg: string;
  patientType: TbPatientType;
  phase: TbPhase;
  state: TbState;
  closeReason: string | null;
  firstVisitAt: number | null;
  intensiveEnd: number | null;
  courseEnd: number | null;
  adherenceRate: number | null;
  visitRate: number | null;
  /** 待入户: the 72-hour deadline, hours left (negative: overdue) and whether it has passed. */
  deadline?: number;
  hoursLeft?: number;
  overdue?: boolean;
  /** 本期应访: the plan. */
  planId?: string;
  planDate?: number;
  windowEnd?: number;
  /** 漏服药: missed doses in the current phase. */
  missedDoses?: number;
}

export interface TbKpiRow {
  orgId: string;
  orgName: string;
  notified: number;
  managed: number;
  firstVisitDue: number;
  firstVisitInTime: number;
  firstVisitRate: number | null;
  dosesDue: number;
  dosesTaken: number;
  adherenceRate: number | null;
}
