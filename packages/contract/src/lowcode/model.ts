import { z } from 'zod';
import { formDefinition } from './form-schema.ts';
import { listDefinition } from './list-schema.ts';

/**
 * A model (the reference's Base record, /api/visualdev/Base): a form and a
 * list definition with a draft and a released version. Release turns the
 * released form into real tables: `tableName` (main) and one per sub-table.
 */

/** 1 pure form, 2 list + form, 3 list + form + workflow. */
export const WEB_TYPES = [1, 2, 3] as const;
/** 0 draft (never released or disabled), 1 released. */
export const MODEL_STATES = [0, 1] as const;

/** The SQL table of a model: lower-case, prefixed so it never meets a system table. */
export const MODEL_TABLE = /^lc_[a-z][a-z0-9_]{0,40}$/;

export const modelBody = z.object({
  fullName: z.string().trim().min(1).max(100),
  enCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/),
  category: z.string().max(64).default(''),
  webType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
  description: z.string().max(500).default(''),
  sortCode: z.coerce.number().int().min(0).max(999_999).default(0),
  formData: formDefinition,
  columnData: listDefinition,
  /** Bind to an existing table of our database instead of creating one (read-only mapping). */
  boundTable: z.string().max(64).optional(),
});
export type ModelBody = z.output<typeof modelBody>;

/** One record as the API sends and takes it: field key → value; sub-tables as arrays of rows. */
export type RecordData = Record<string, unknown>;

/** POST OnlineDev/{id}/List body (server-contract §3.4; `json` and `queryJson` both read). */
export const recordListBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  sidx: z.string().max(80).default(''),
  sort: z.enum(['asc', 'desc']).default('desc'),
  keyword: z.string().trim().max(200).default(''),
  /** field → value: a string, a number, [min, max], or a list for `in`. */
  queryJson: z.union([z.string().max(20_000), z.record(z.string(), z.unknown())]).optional(),
  json: z.union([z.string().max(20_000), z.record(z.string(), z.unknown())]).optional(),
  menuId: z.string().max(64).optional(),
  /** '0' the current page; '1' every row (export). */
  dataType: z.enum(['0', '1']).default('0'),
  selectKey: z.array(z.string().max(80)).max(200).optional(),
});
export type RecordListBody = z.output<typeof recordListBody>;

/** What a release would lose (the 409 answer's `data.lost`), one entry per column or sub-table. */
export interface LostData {
  table: string;
  column?: string;
  /** drop: a removed field or sub-table; narrow: a shorter varchar; retype: another kind. */
  change: 'drop' | 'narrow' | 'retype';
  from?: string;
  to?: string;
  /** Rows holding a value that would be lost. */
  rows: number;
}

export interface ReleaseResult {
  version: number;
  tables: string[];
  /** What a confirmed release moved aside (`__old_<version>`). */
  keptAside: string[];
}
