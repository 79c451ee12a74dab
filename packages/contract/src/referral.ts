import { z } from 'zod';

/**
 * Two-way referral (issue 19, M9; health-domain.md §2): the real status
 * dictionary (转诊审核 Z_Z_SHENHE), the state machine of its two approval
 * gates (the sending unit's 同意转出 / 拒绝转出, the receiver's 同意接收 /
 * 拒绝接收), arrival (就诊状态 0 未就诊 / 1 已就诊) and completion, the
 * cancel branches, the waiting-step time limits, and the request schemas.
 * Pure: the server enforces it, the screens show what it allows.
 */

export const REFERRAL_STATUS = {
  pendingApproval: '0', // 待审批
  reviewed: '1', // 已审 (legacy value, not produced by this state machine)
  accepted: '2', // 同意接收 (arrival is the separate `arrived` flag)
  draft: '3', // 待提交
  closed: '4', // 结案
  rejectedOut: '5', // 拒绝转出
  voided: '6', // 作废
  approvedOut: '7', // 同意转出 (waiting for the receiver's answer)
  rejectedIn: '8', // 拒绝接收
  cancelled: '9', // 取消预约
  withdrawn: '10', // 撤销审批
  terminated: '11', // 终止转诊
  other: '99', // 其他
} as const;
export type ReferralStatus = (typeof REFERRAL_STATUS)[keyof typeof REFERRAL_STATUS];
export const REFERRAL_STATUSES = Object.values(REFERRAL_STATUS) as ReferralStatus[];
/** States a referral still moves from (the monitor's "open"). */
export const REFERRAL_OPEN_STATUSES: ReferralStatus[] = ['3', '0', '7', '2'];

export const REFERRAL_DIRECTIONS = ['1', '2'] as const; // 1 上转, 2 下转
export type ReferralDirection = (typeof REFERRAL_DIRECTIONS)[number];
export const REFERRAL_URGENCIES = ['1', '2', '3'] as const; // 一般, 重要, 紧急
/** 转诊原因 (BSOFT's chronic-care reasons + general ones; 6 for down-referrals). */
export const REFERRAL_REASONS = ['1', '2', '3', '4', '5', '6', '9'] as const;
export const REFERRAL_VISIT_TYPES = ['1', '2'] as const; // 门诊, 住院

/** Who acts: the applicant's own unit, the sending unit's approvers, the receiving unit. */
export type ReferralParty = 'applicant' | 'sender' | 'receiver';

export const REFERRAL_ACTIONS = [
  'submit',
  'void',
  'withdraw',
  'approve',
  'rejectOut',
  'accept',
  'rejectIn',
  'cancel',
  'arrive',
  'close',
  'terminate',
] as const;
export type ReferralAction = (typeof REFERRAL_ACTIONS)[number];

export interface TransitionRule {
  from: ReferralStatus[];
  to: ReferralStatus;
  /** Who may take it (any one of). */
  parties: ReferralParty[];
  /** The menu that grants it (server-checked). */
  menu: 'referral_apply' | 'referral_examine' | 'referral_deal';
  reasonRequired: boolean;
  /** Only before (false) or after (true) the patient's arrival. */
  arrived?: boolean;
}

export const REFERRAL_TRANSITIONS: Record<ReferralAction, TransitionRule> = {
  submit: { from: ['3'], to: '0', parties: ['applicant'], menu: 'referral_apply', reasonRequired: false },
  void: { from: ['3'], to: '6', parties: ['applicant'], menu: 'referral_apply', reasonRequired: false },
  withdraw: { from: ['0'], to: '10', parties: ['applicant'], menu: 'referral_apply', reasonRequired: false },
  approve: { from: ['0'], to: '7', parties: ['sender'], menu: 'referral_examine', reasonRequired: false },
  rejectOut: { from: ['0'], to: '5', parties: ['sender'], menu: 'referral_examine', reasonRequired: true },
  accept: { from: ['7'], to: '2', parties: ['receiver'], menu: 'referral_deal', reasonRequired: false },
  rejectIn: { from: ['7'], to: '8', parties: ['receiver'], menu: 'referral_deal', reasonRequired: true },
  cancel: { from: ['7', '2'], to: '9', parties: ['applicant'], menu: 'referral_apply', reasonRequired: true, arrived: false },
  arrive: { from: ['2'], to: '2', parties: ['receiver'], menu: 'referral_deal', reasonRequired: false, arrived: false },
  close: { from: ['2'], to: '4', parties: ['receiver'], menu: 'referral_deal', reasonRequired: false, arrived: true },
  terminate: { from: ['2'], to: '11', parties: ['receiver'], menu: 'referral_deal', reasonRequired: true },
};

/** Why an action is refused on a referral in this state (null: allowed by state). */
export function transitionRefusal(action: ReferralAction, status: string, arrived: boolean): 'state' | null {
  const rule = REFERRAL_TRANSITIONS[action];
  if (!rule.from.includes(status as ReferralStatus)) return 'state';
  if (rule.arrived !== undefined && rule.arrived !== arrived) return 'state';
  return null;
}

/** The actions a party may take now (the screens' buttons). */
export function allowedActions(status: string, arrived: boolean, parties: ReferralParty[]): ReferralAction[] {
  return REFERRAL_ACTIONS.filter(
    (a) => transitionRefusal(a, status, arrived) === null && REFERRAL_TRANSITIONS[a].parties.some((p) => parties.includes(p)),
  );
}

/** The waiting step a referral is in, with its time limit key (null: nobody is waited on). */
export type WaitingStep = 'approval' | 'answer' | 'arrival' | 'close';
export function waitingStep(status: string, arrived: boolean): WaitingStep | null {
  if (status === '0') return 'approval';
  if (status === '7') return 'answer';
  if (status === '2') return arrived ? 'close' : 'arrival';
  return null;
}

/** Time limits of each waiting step, in hours (a setting of programme 'ref'). */
export const referralLimitsSchema = z
  .object({
    approvalHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    answerHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    arrivalHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
    closeHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  })
  .strict();
export type ReferralLimits = z.output<typeof referralLimitsSchema>;
export const DEFAULT_REFERRAL_LIMITS: ReferralLimits = { approvalHours: 24, answerHours: 48, arrivalHours: 72, closeHours: 336 };

const HOUR = 3_600_000;
export const limitMs = (limits: ReferralLimits, step: WaitingStep): number =>
  ({ approval: limits.approvalHours, answer: limits.answerHours, arrival: limits.arrivalHours, close: limits.closeHours })[step] * HOUR;

/** Whether a referral waiting since `since` has breached its step's limit at `at` (strictly after the limit). */
export function isBreached(status: string, arrived: boolean, since: number, limits: ReferralLimits, at: number): boolean {
  const step = waitingStep(status, arrived);
  return step !== null && at - since > limitMs(limits, step);
}

/** The two-week follow-up after a completed up-referral: due from closing day for 14 days (§1.2 转诊后2周内主动随访). */
export const AFTER_REFERRAL_DAYS = 14;
export function afterReferralWindow(closedAt: number): { planDate: number; windowStart: number; windowEnd: number } {
  const day = 86_400_000;
  const start = Math.floor(closedAt / day) * day;
  return { planDate: start + AFTER_REFERRAL_DAYS * day - day, windowStart: start, windowEnd: start + AFTER_REFERRAL_DAYS * day - 1 };
}

/** YYYY-MM (UTC) of a time: the statistics' month. */
export const referralMonth = (at: number): string => new Date(at).toISOString().slice(0, 7);

// ---- request schemas ----

const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);
const epochMs = z.number().int().min(0).max(4_102_444_800_000);

export const referralAttachment = z
  .object({ fileId: text(100).min(1), name: text(200).min(1), fileSize: z.number().int().min(0).optional(), url: text(500).optional() })
  .passthrough();

export const referralBody = z
  .object({
    direction: z.enum(REFERRAL_DIRECTIONS),
    residentId: id,
    toUnitId: id,
    toDeptId: id.nullable().optional(),
    urgency: z.enum(REFERRAL_URGENCIES).optional().default('1'),
    visitType: z.enum(REFERRAL_VISIT_TYPES).optional().default('1'),
    referralDate: epochMs.nullable().optional(),
    reasonCode: z.enum(REFERRAL_REASONS),
    reason: text(500).optional().default(''),
    diagnosis: text(500).min(1),
    condition: text(2000).optional().default(''),
    results: text(2000).optional().default(''),
    notes: text(1000).optional().default(''),
    rehab: text(1000).optional().default(''),
    attachments: z.array(referralAttachment).max(20).optional().default([]),
    sourceProgramme: z.enum(['htn', 'dm']).nullable().optional(),
    sourceVisitId: id.nullable().optional(),
    // The down-referral summary.
    dischargeDiagnosis: text(500).optional().default(''),
    treatment: text(2000).optional().default(''),
    treatmentResult: text(1000).optional().default(''),
    nextSteps: text(2000).optional().default(''),
    /** Submit at once (待审批) instead of saving a draft (待提交). */
    submit: z.boolean().optional().default(false),
  })
  .strict();
export type ReferralBody = z.output<typeof referralBody>;

export const referralActionBody = z.object({ reason: text(500).optional().default('') }).strict();

export const triageBody = z.object({ deptId: id, doctorId: id.nullable().optional() }).strict();

export const REFERRAL_WORKLISTS = [
  'mine',
  'toApprove',
  'toReceive',
  'notArrived',
  'downToReceive',
  'toClose',
  'afterReferral',
  'breached',
  'triage',
] as const;
export type ReferralWorklist = (typeof REFERRAL_WORKLISTS)[number];

export const referralListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    direction: z
      .enum(['', ...REFERRAL_DIRECTIONS])
      .optional()
      .default(''),
    status: z
      .enum(['', ...REFERRAL_STATUSES])
      .optional()
      .default(''),
    fromUnitId: id.optional(),
    toUnitId: id.optional(),
    dateFrom: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    dateTo: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
  })
  .strict();
export type ReferralListQuery = z.output<typeof referralListQuery>;

export const referralStatsQuery = z
  .object({
    monthFrom: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    monthTo: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  })
  .strict();

// ---- answers ----

export interface ReferralRow {
  id: string;
  referralNo: string;
  direction: ReferralDirection;
  urgency: string;
  status: ReferralStatus;
  arrived: boolean;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  birthDate: number | null;
  fromUnitId: string;
  fromUnitName: string | null;
  toUnitId: string;
  toUnitName: string | null;
  toDeptName: string | null;
  toDoctorName: string | null;
  applicantId: string;
  applicantName: string | null;
  reasonCode: string;
  diagnosis: string;
  createdAt: number;
  submittedAt: number | null;
  stepSince: number;
  /** Waiting time of the current step (ms; null when nobody is waited on). */
  waitingMs: number | null;
  breached: boolean;
}

export interface ReferralStatsRow {
  unitId: string;
  unitName: string;
  month: string;
  up: number;
  down: number;
  answered: number;
  /** Mean hours from submission to the receiver's answer (null: none answered). */
  turnaroundHours: number | null;
  accepted: number;
  arrivedCount: number;
  /** arrived / accepted (null: none accepted). */
  arrivalRate: number | null;
}
