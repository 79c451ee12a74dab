import { z } from 'zod';
import { MAT_RISK_LEVELS, MAT_RISK_SCORE_MAX, MAT_STATES } from './maternal.ts';

/** Request schemas of the maternal-care API (issue 18, M6). */

const id = z.string().trim().min(1).max(40);
const epochMs = z.number().int().min(0).max(4_102_444_800_000);
const text = (max: number) => z.string().trim().max(max);

export const pregnancyCreateBody = z
  .object({
    residentId: id,
    lmp: epochMs,
    gravidity: z.number().int().min(1).max(20),
    parity: z.number().int().min(0).max(20),
    riskScore: z.number().int().min(0).max(MAT_RISK_SCORE_MAX).optional().default(0),
    riskLevel: z.enum(MAT_RISK_LEVELS).optional(),
    registeredAt: epochMs.optional(),
    doctorId: id.nullable().optional(),
  })
  .strict();
export type PregnancyCreateBody = z.output<typeof pregnancyCreateBody>;

export const pregnancyUpdateBody = z
  .object({
    lmp: epochMs.optional(),
    gravidity: z.number().int().min(1).max(20).optional(),
    parity: z.number().int().min(0).max(20).optional(),
    riskScore: z.number().int().min(0).max(MAT_RISK_SCORE_MAX).optional(),
    riskLevel: z.enum(MAT_RISK_LEVELS).optional(),
    doctorId: id.nullable().optional(),
  })
  .strict();

/** Delivery (已分娩) with its dates; the postpartum plans follow from them. */
export const deliveryBody = z
  .object({
    deliveryDate: epochMs,
    dischargeDate: epochMs,
    deliveryMode: z.enum(['1', '2', '3']).optional().default('1'), // 阴道自然分娩, 阴道助产, 剖宫产
    place: text(100).optional().default(''),
  })
  .strict();

/** Any other transition (终止妊娠 needs its date; 转诊 / 失访 / 迁出 / 终止妊娠 a reason). */
export const stateBody = z
  .object({
    state: z.enum(MAT_STATES),
    reason: text(500).optional().default(''),
    date: epochMs.optional(),
  })
  .strict();

export const MAT_WORKLISTS = ['earlyMissing', 'stageDue', 'highRisk', 'postpartumDue', 'check42Due'] as const;
export type MatWorklist = (typeof MAT_WORKLISTS)[number];

export const matListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    orgId: id.optional(),
    mine: z.enum(['0', '1']).optional().default('0'),
    state: z
      .union([z.literal(''), z.enum(MAT_STATES)])
      .optional()
      .default(''),
    riskLevel: z
      .union([z.literal(''), z.enum(MAT_RISK_LEVELS)])
      .optional()
      .default(''),
  })
  .strict();
export type MatListQuery = z.output<typeof matListQuery>;

export const MAT_KPI_METRICS = ['early', 'postpartum'] as const;
export type MatKpiMetric = (typeof MAT_KPI_METRICS)[number];

export const matKpiQuery = z
  .object({
    from: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    to: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
  })
  .strict();

export const matKpiDrillQuery = matKpiQuery.extend({
  orgId: id,
  metric: z.enum(MAT_KPI_METRICS),
  /** num: counted in the numerator; gap: in the denominator only; den: all. */
  part: z.enum(['num', 'gap', 'den']).optional().default('den'),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
});

export interface MatKpiRow {
  orgId: string;
  orgName: string;
  registered: number;
  early: number;
  earlyRate: number | null;
  delivered: number;
  postpartum: number;
  postpartumRate: number | null;
}
