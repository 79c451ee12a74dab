import { z } from 'zod';

/**
 * Health KPIs (issue 17, M3 §1.9): for a year, by organisation (each row with
 * its subtree) and by responsible doctor, for hypertension ('htn') and type 2
 * diabetes ('dm'):
 * - 管理人数 (managed): enrolled patients with at least one visit in the year;
 * - 规范管理 (standard): of those, patients with at least 4 face-to-face visits
 *   in the year (telephone visits, visitMethod '3', do not count);
 * - 控制满意 (controlled): of those, patients whose last visit of the year was
 *   classified 控制满意 ('1');
 * - 健康档案使用率: normal archives with a record in the 12 months before now ÷ normal archives.
 * Rates are counts ÷ 管理人数 (or ÷ archives), null when the denominator is 0.
 */

export const KPI_PROGRAMMES = ['htn', 'dm'] as const;
export type KpiProgramme = (typeof KPI_PROGRAMMES)[number];

/** The menus whose screens show the KPIs (any one of them opens the KPI API). */
export const KPI_MENUS = ['hypertension_manage_org', 'diabetes_manage_org', 'chronic_standard', 'area_statistics'] as const;
export type KpiMenu = (typeof KPI_MENUS)[number];

/** The figures a drill-down lists the patients (or archives) of. */
export const KPI_METRICS = ['managed', 'standard', 'controlled', 'archives', 'archivesUsed'] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];

/** Minimum face-to-face visits a year for 规范管理. */
export const KPI_STANDARD_VISITS = 4;
/** visitMethod of a telephone visit. */
export const KPI_PHONE_METHOD = '3';

const id = z.string().trim().min(1).max(40);
const year = z.coerce.number().int().min(2000).max(2100);

export const kpiQuery = z
  .object({
    programme: z.enum(KPI_PROGRAMMES).optional().default('htn'),
    year: year.optional(),
    /** The organisation whose subtree is shown; default: the caller's whole scope. */
    orgId: id.optional(),
    groupBy: z.enum(['org', 'doctor']).optional().default('org'),
  })
  .strict();
export type KpiQuery = z.output<typeof kpiQuery>;

export const kpiPatientsQuery = z
  .object({
    programme: z.enum(KPI_PROGRAMMES).optional().default('htn'),
    year: year.optional(),
    orgId: id.optional(),
    /** One row of the by-organisation table: that organisation with its subtree. */
    rowOrgId: id.optional(),
    /** One row of the by-doctor table ('-' : no responsible doctor). */
    doctorId: id.optional(),
    metric: z.enum(KPI_METRICS),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
  })
  .strict();
export type KpiPatientsQuery = z.output<typeof kpiPatientsQuery>;

export const kpiExportQuery = z
  .object({
    year: year.optional(),
    orgId: id.optional(),
    programmes: z
      .string()
      .trim()
      .max(20)
      .optional()
      .default('htn,dm')
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(z.enum(KPI_PROGRAMMES)).min(1)),
  })
  .strict();

/** One row of a KPI table: its counts and rates. */
export interface KpiFigures {
  managed: number;
  standard: number;
  controlled: number;
  archives: number;
  archivesUsed: number;
  standardRate: number | null;
  controlRate: number | null;
  archiveRate: number | null;
}

export interface KpiRow extends KpiFigures {
  /** An organisation id (by organisation) or a doctor's user id ('-' for none) (by doctor). */
  key: string;
  name: string;
  /** By organisation: whether the row is the selected organisation's own patients (not a child's). */
  own?: boolean;
}

export interface KpiResult {
  programme: KpiProgramme;
  year: number;
  groupBy: 'org' | 'doctor';
  org: { id: string | null; name: string };
  /** Start and end (exclusive) of the year in epoch ms, and the cut-off of 健康档案使用率. */
  from: number;
  to: number;
  activeSince: number;
  total: KpiFigures;
  rows: KpiRow[];
}

export interface KpiOrgNode {
  id: string;
  parentId: string | null;
  name: string;
  children?: KpiOrgNode[];
}

export interface KpiMeta {
  year: number;
  years: number[];
  /** The units the caller may choose, as a tree rooted at their scope. */
  orgs: KpiOrgNode[];
  canExport: boolean;
}

export interface KpiPatient {
  id: string;
  residentId: string;
  name: string;
  idNumber: string;
  sex: string | null;
  birthDate: number | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  visits: number | null;
  faceToFace: number | null;
  lastVisitAt: number | null;
  /** Whether the last visit of the year was 控制满意 (null for an archive row). */
  lastControlled: boolean | null;
  lastActivityAt: number | null;
}

/** count ÷ denominator, rounded to 4 decimals (a share, 0–1); null for no denominator. */
export function kpiRate(count: number, denominator: number): number | null {
  if (!denominator) return null;
  return Math.round((count / denominator) * 10_000) / 10_000;
}

/** A rate as a percentage text with one decimal ('—' for none). */
export function formatKpiRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** Figures with their rates from the counts. */
export function kpiFigures(c: Pick<KpiFigures, 'managed' | 'standard' | 'controlled' | 'archives' | 'archivesUsed'>): KpiFigures {
  return {
    ...c,
    standardRate: kpiRate(c.standard, c.managed),
    controlRate: kpiRate(c.controlled, c.managed),
    archiveRate: kpiRate(c.archivesUsed, c.archives),
  };
}

/** The UTC bounds of a calendar year: [from, to). */
export function kpiYearBounds(y: number): { from: number; to: number } {
  return { from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) };
}

/** The start of the 12 months before `nowMs` (same day and time a year earlier, UTC). */
export function twelveMonthsBefore(nowMs: number): number {
  const d = new Date(nowMs);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}
