import { z } from 'zod';
import { IMAGING_CENTRES, type ImagingCentre } from './imaging.ts';

/**
 * Catalogue, fee schedule and statistics of the two imaging centres (issue
 * 20): the maintained body parts, examination items, organisation order,
 * diagnosis template tree and fee schedule (who pays whom is a setting), and
 * the statistics over released studies with their drill-down. Pure: request
 * schemas and answer types shared by server and screens.
 */

const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);
const name = z.string().trim().min(1).max(100);
const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, . _ -');
const centre = z.enum(IMAGING_CENTRES);
const flag = z.union([z.literal(0), z.literal(1)]);

/** Modalities an item is performed on (DICOM modality codes). */
export const IMG_MODALITIES = ['US', 'DR', 'CR', 'CT', 'MR', 'MG', 'DX', 'ES', 'OT'] as const;
export type ImgModality = (typeof IMG_MODALITIES)[number];

/** Who pays whom for a study: a setting on every fee row, read by whoever settles (finance), never branched on in code. */
export const IMG_PAYER_RULES = ['applicant_to_centre', 'patient_to_centre', 'patient_to_applicant', 'insurance'] as const;
export type ImgPayerRule = (typeof IMG_PAYER_RULES)[number];
export const IMG_FEE_KINDS = ['diag', 'apply'] as const;
export type ImgFeeKind = (typeof IMG_FEE_KINDS)[number];

// ---- catalogue requests ----

export const imgCatalogQuery = z
  .object({
    centre,
    keyword: text(50).optional().default(''),
    /** '' all, '1' enabled only (pickers), '0' disabled only. */
    enabled: z.enum(['', '0', '1']).optional().default(''),
    bodyPartId: id.optional(),
    itemId: id.optional(),
    categoryId: id.optional(),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(500).optional().default(50),
  })
  .strict();
export type ImgCatalogQuery = z.output<typeof imgCatalogQuery>;

export const imgBodyPartBody = z.object({ centre, code, name, enabled: flag.optional().default(1) }).strict();
export type ImgBodyPartBody = z.output<typeof imgBodyPartBody>;

export const imgItemBody = z
  .object({ centre, code, name, bodyPartId: id, modality: z.enum(IMG_MODALITIES), enabled: flag.optional().default(1) })
  .strict();
export type ImgItemBody = z.output<typeof imgItemBody>;

export const imgCategoryBody = z.object({ centre, parentId: id.nullable().optional().default(null), name }).strict();
export type ImgCategoryBody = z.output<typeof imgCategoryBody>;

export const imgTemplateBody = z
  .object({
    centre,
    categoryId: id,
    bodyPartId: id.nullable().optional().default(null),
    itemId: id.nullable().optional().default(null),
    name,
    findings: z.string().trim().min(1).max(4000),
    impression: z.string().trim().min(1).max(2000),
    advice: text(2000).optional().default(''),
    positive: flag.optional().default(0),
    enabled: flag.optional().default(1),
  })
  .strict();
export type ImgTemplateBody = z.output<typeof imgTemplateBody>;

export const imgEnabledBody = z.object({ enabled: flag }).strict();

/** A new order: the ids of one centre's rows (of one category for templates) in the order they should appear. */
export const imgOrderBody = z.object({ centre, ids: z.array(id).min(1).max(500) }).strict();
export type ImgOrderBody = z.output<typeof imgOrderBody>;

/** Move one row one place up or down (the arrow buttons). */
export const imgMoveBody = z.object({ direction: z.enum(['up', 'down']) }).strict();

export const imgOrgSortBody = z.object({ centre, orgIds: z.array(id).min(1).max(500) }).strict();

const epochMs = z.number().int().min(0).max(4_102_444_800_000);
export const imgFeeBody = z
  .object({
    centre,
    itemId: id.nullable().optional().default(null),
    kind: z.enum(IMG_FEE_KINDS),
    /** Fen, at most 100,000 yuan. */
    amount: z.number().int().min(0).max(10_000_000),
    payerRule: z.enum(IMG_PAYER_RULES),
    effectiveFrom: epochMs,
  })
  .strict();
export type ImgFeeBody = z.output<typeof imgFeeBody>;

export const imgFeeQuery = z
  .object({
    centre,
    itemId: id.optional(),
    kind: z
      .enum(['', ...IMG_FEE_KINDS])
      .optional()
      .default(''),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
  })
  .strict();

export const imgFeeInForceQuery = z
  .object({ centre, itemId: id.optional(), at: z.coerce.number().int().min(0).max(4_102_444_800_000) })
  .strict();

// ---- catalogue answers ----

export interface ImgBodyPart {
  id: string;
  centre: ImagingCentre;
  code: string;
  name: string;
  sortCode: number;
  enabled: number;
  itemCount: number;
}
export interface ImgItem {
  id: string;
  centre: ImagingCentre;
  code: string;
  name: string;
  bodyPartId: string | null;
  bodyPartName: string | null;
  modality: string;
  sortCode: number;
  enabled: number;
}
export interface ImgTemplateCategory {
  id: string;
  centre: ImagingCentre;
  parentId: string | null;
  name: string;
  sortCode: number;
  templateCount: number;
}
export interface ImgTemplate {
  id: string;
  centre: ImagingCentre;
  categoryId: string | null;
  categoryName: string | null;
  bodyPartId: string | null;
  bodyPartName: string | null;
  itemId: string | null;
  itemName: string | null;
  name: string;
  findings: string;
  impression: string;
  advice: string;
  positive: number;
  sortCode: number;
  enabled: number;
}
export interface ImgOrgSortRow {
  orgId: string;
  name: string;
  parentName: string | null;
  /** null: not placed yet (listed after the placed ones, by name). */
  sortCode: number | null;
}
export interface ImgFee {
  id: string;
  centre: ImagingCentre;
  itemId: string | null;
  itemName: string | null;
  kind: ImgFeeKind;
  amount: number;
  payerRule: ImgPayerRule;
  effectiveFrom: number;
  /** Whether this row is the one in force now for its item (or the default) and kind. */
  inForce: boolean;
  createdAt: number;
}
export interface ImgFeeInForce {
  diagFee: number;
  applyFee: number;
  diag: ImgFee | null;
  apply: ImgFee | null;
}
export interface ImgCatalogMeta {
  /** Centres the caller may use (the switch), in display order. */
  centres: ImagingCentre[];
  /** Per catalogue page: may the caller add / edit / remove. */
  rights: Record<string, { view: boolean; add: boolean; edit: boolean; remove: boolean }>;
}

// ---- statistics ----

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export const imgStatsQuery = z
  .object({ centre, monthFrom: month, monthTo: month, unitId: id.optional() })
  .strict()
  .refine((q) => q.monthFrom <= q.monthTo, { message: 'monthFrom after monthTo', path: ['monthFrom'] });
export type ImgStatsQuery = z.output<typeof imgStatsQuery>;

/**
 * What a figure counts, for its drill-down:
 * - released: studies released in the period (fees, turnaround, workload, positive and audit-change rates);
 * - registered / breached: studies registered in the period / of them, those that passed a stage limit;
 * - positive / disagree: released ones with a positive finding / with an audit that disagreed with the report;
 * - reader / auditor: released ones reported / audited by user `key`;
 * - grade: released ones whose image-quality review gave grade `key`.
 */
export const IMG_STATS_MEASURES = ['released', 'registered', 'breached', 'positive', 'disagree', 'reader', 'auditor', 'grade'] as const;
export type ImgStatsMeasure = (typeof IMG_STATS_MEASURES)[number];

export const imgDrillQuery = z
  .object({
    centre,
    monthFrom: month,
    monthTo: month,
    unitId: id.optional(),
    /** One month of the period (a cell of the month table). */
    month: month.optional(),
    measure: z.enum(IMG_STATS_MEASURES),
    key: text(40).optional().default(''),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
  })
  .strict()
  .refine((q) => q.monthFrom <= q.monthTo, { message: 'monthFrom after monthTo', path: ['monthFrom'] });
export type ImgDrillQuery = z.output<typeof imgDrillQuery>;

export interface ImgStatsTotals {
  registered: number;
  breached: number;
  released: number;
  /** Mean hours registration → release of the released ones (null: none). */
  turnaroundHours: number | null;
  positive: number;
  /** Released ones whose positive flag is set (either way): the positive rate's denominator. */
  judged: number;
  positiveRate: number | null;
  disagree: number;
  disagreeRate: number | null;
  diagFee: number;
  applyFee: number;
}
export interface ImgStatsUnitRow extends ImgStatsTotals {
  unitId: string;
  unitName: string;
}
export interface ImgStatsFeeRow {
  unitId: string;
  unitName: string;
  month: string;
  released: number;
  diagFee: number;
  applyFee: number;
}
export interface ImgStatsStage {
  /** registered→uploaded, uploaded→qc, qc→triaged, triaged→reading, reading→reported, reported→audited, audited→released */
  stage: 'upload' | 'qc' | 'triage' | 'start' | 'report' | 'audit' | 'release';
  count: number;
  avgHours: number | null;
}
export interface ImgStatsDoctorRow {
  userId: string;
  realName: string;
  reports: number;
  audits: number;
  positive: number;
  diagFee: number;
}
export interface ImgStatsGradeRow {
  grade: string;
  count: number;
}
export interface ImgStatsMonthRow {
  month: string;
  released: number;
  diagFee: number;
  applyFee: number;
}
export interface ImgStats {
  centre: ImagingCentre;
  monthFrom: string;
  monthTo: string;
  totals: ImgStatsTotals;
  units: ImgStatsUnitRow[];
  fees: ImgStatsFeeRow[];
  months: ImgStatsMonthRow[];
  stages: ImgStatsStage[];
  doctors: ImgStatsDoctorRow[];
  grades: ImgStatsGradeRow[];
}
/** The fee pages' answer: fees by unit and month only (the cheap grouped SUM over the fee index). */
export interface ImgFeeStats {
  centre: ImagingCentre;
  monthFrom: string;
  monthTo: string;
  totals: { released: number; diagFee: number; applyFee: number };
  units: { unitId: string; unitName: string; released: number; diagFee: number; applyFee: number }[];
  fees: ImgStatsFeeRow[];
  months: ImgStatsMonthRow[];
}
export interface ImgDrillRow {
  id: string;
  applyNo: string;
  status: string;
  patientName: string;
  unitId: string;
  unitName: string;
  itemName: string | null;
  readerName: string | null;
  auditorName: string | null;
  registeredAt: number;
  releasedAt: number | null;
  turnaroundHours: number | null;
  positive: number | null;
  diagFee: number;
  applyFee: number;
}
export interface ImgDrill {
  list: ImgDrillRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
  /** Over every page: equal to the figure drilled into. */
  sums: { count: number; diagFee: number; applyFee: number };
}
