import { z } from 'zod';
import { reportDefinition, type ReportDefinition } from './definition.ts';

/** Saving a report (create and update). */
export const reportBody = z.object({
  fullName: z.string().trim().min(1).max(100),
  enCode: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'a letter, then letters, digits or _'),
  category: z.string().trim().max(64).optional().default(''),
  description: z.string().trim().max(500).optional().default(''),
  sortCode: z.coerce.number().int().min(0).max(999_999).optional().default(0),
  enabledMark: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(1),
  definition: reportDefinition,
});
export type ReportBody = z.output<typeof reportBody>;
export type ReportBodyInput = z.input<typeof reportBody>;

/** A parameter's value: a scalar, or [from, to] of a date range (epoch ms). */
const paramValue = z.union([
  z.string().max(500),
  z.number(),
  z.null(),
  z.array(z.union([z.string().max(500), z.number(), z.null()])).max(2),
]);

/** Running a report: parameter values, sort and paging. */
export const reportRunInput = z.object({
  params: z.record(z.string().max(64), paramValue).optional().default({}),
  sidx: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_]*$/)
    .optional()
    .default(''),
  sort: z
    .enum(['asc', 'desc', 'ASC', 'DESC', ''])
    .optional()
    .default('asc')
    .transform((s) => (s.toLowerCase() === 'desc' ? 'desc' : 'asc')),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  /** The type-5 menu it is opened from (whose row and column rules apply). */
  menuId: z.string().max(64).optional(),
});
export type ReportRunInput = z.input<typeof reportRunInput>;

/** Previewing a draft definition in the designer. */
export const reportPreviewInput = reportRunInput.and(z.object({ definition: reportDefinition }));

export type ReportRow = Record<string, unknown>;

export interface ReportSubtotal {
  /** How many leading group-by fields it sums over (1 = the first field). */
  level: number;
  keys: ReportRow;
  values: ReportRow;
  count: number;
}

export interface ReportChartData {
  index: number;
  rows: ReportRow[];
}

export interface ReportRunResult {
  /** The definition as run for this caller (columns they may not see removed). */
  definition: ReportDefinition;
  rows: ReportRow[];
  subtotals: ReportSubtotal[];
  total: ReportRow | null;
  charts: ReportChartData[];
  /** Display names of dictionary and organisation values: field → value → name. */
  labels: Record<string, Record<string, string>>;
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A saved report as the designer reads it. */
export interface ReportInfo {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  definition: ReportDefinition;
  createdAt: number;
  updatedAt: number | null;
}

/** A field a source offers to the designer. */
export interface ReportSourceField {
  field: string;
  label: string;
  kind: 'string' | 'text' | 'int' | 'decimal' | 'datetime';
  /** The model field's control (dicSelect, depSelect...), a hint for formats and parameters. */
  control?: string;
  dictionaryType?: string;
}
