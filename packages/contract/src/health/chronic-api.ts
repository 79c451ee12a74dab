import { z } from 'zod';

/** Request schemas and answer types of the chronic-disease API (issue 17, M3). */

const id = z.string().trim().min(1).max(40);
const epochMs = z.number().int().min(0).max(4_102_444_800_000);
const text = (max: number) => z.string().trim().max(max);

export const MANAGEMENT_GROUPS = ['1', '2', '3', '9'] as const; // 一组, 二组, 三组, 一般管理
export const RISK_LEVELS = ['1', '2', '3', '4'] as const; // 低危, 中危, 高危, 很高危

export const enrolmentCreateBody = z
  .object({
    residentId: id,
    diagnosedAt: epochMs.nullable().optional(),
    managementGroup: z.enum(MANAGEMENT_GROUPS).nullable().optional(),
    riskLevel: z.enum(RISK_LEVELS).nullable().optional(),
    doctorId: id.nullable().optional(),
    enrolledAt: epochMs.optional(),
  })
  .strict();
export type EnrolmentCreateBody = z.output<typeof enrolmentCreateBody>;

export const enrolmentUpdateBody = z
  .object({
    diagnosedAt: epochMs.nullable().optional(),
    managementGroup: z.enum(MANAGEMENT_GROUPS).nullable().optional(),
    riskLevel: z.enum(RISK_LEVELS).nullable().optional(),
    doctorId: id.nullable().optional(),
  })
  .strict();

/** 管理中 → 暂时失访 → 终止管理 (a reason required for both), or back to 管理中 from 暂时失访. */
export const enrolmentOutcomeBody = z
  .object({
    outcome: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    reason: text(500).optional().default(''),
  })
  .strict();

export const WORKLISTS = ['due', 'overdue', 'recheck', 'referral', 'late'] as const;
export type Worklist = (typeof WORKLISTS)[number];

export const worklistQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    orgId: id.optional(),
    doctorId: id.optional(),
    /** Only the caller's own patients. */
    mine: z.enum(['0', '1']).optional().default('0'),
    sort: z.enum(['asc', 'desc']).optional().default('asc'),
  })
  .strict();

export const enrolmentListQuery = worklistQuery.extend({
  outcome: z.enum(['0', '1', '2', '']).optional().default(''),
  referral: z.enum(['0', '1', '2', '']).optional().default(''),
});

export const visitListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    programme: z.enum(['htn', 'dm', '']).optional().default(''),
    classification: z.enum(['1', '2', '3', '4', '']).optional().default(''),
    from: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    to: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    residentId: id.optional(),
    lateEntry: z.enum(['0', '1', '']).optional().default(''),
  })
  .strict();

/** The live suggestion while a visit is typed (the same rules as on save). */
export const classifyBody = z
  .object({
    residentId: id,
    enrolmentId: id.optional(),
    visitDate: epochMs,
    systolic: z.number().finite().nullable().optional(),
    diastolic: z.number().finite().nullable().optional(),
    heartRate: z.number().finite().nullable().optional(),
    glucose: z.number().finite().nullable().optional(),
    temperature: z.number().finite().nullable().optional(),
    weightKg: z.number().finite().nullable().optional(),
    drugReaction: z
      .union([z.number(), z.string().max(5), z.boolean()])
      .nullable()
      .optional(),
    complication: z
      .union([z.number(), z.string().max(5), z.boolean()])
      .nullable()
      .optional(),
  })
  .strict();

export interface ClassifyAnswer {
  suggested: string | null;
  ageYears: number | null;
  bmi: number | null;
  danger: string[];
  referralFlag: number;
  recheck: boolean;
  previousClassification: string | null;
  lateEntry: boolean;
}

export interface ChronicPatientRow {
  enrolmentId: string;
  residentId: string;
  programme: 'htn' | 'dm';
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  age: number | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  outcome: number;
  referralFlag: number;
  lastClassification: string | null;
  lastVisitAt: number | null;
  enrolledAt: number;
  /** Worklists: the plan behind the row. */
  planId?: string;
  planKind?: string;
  planDate?: number;
  windowStart?: number;
  windowEnd?: number;
  planState?: string;
  /** 延后录入: the late visit. */
  visitId?: string;
  visitDate?: number;
  enteredAt?: number;
}
