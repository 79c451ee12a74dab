import { z } from 'zod';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './envelope.ts';
import { patterns } from './rules.ts';

/**
 * System data (spec §7.5, §7.7, §7.8; server-contract §6–§9): request schemas
 * shared by the web forms and the server, and the shapes the server answers.
 */

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'rules.required');
const optionalText = (max: number) => text(max).optional().nullable();

/** An integer sent as a number or as a numeric string (query parameters, older clients). */
export const intField = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A 0/1 flag; true/false accepted too. */
export const flagField = z.union([z.boolean().transform((b) => (b ? 1 : 0)), intField(0, 1)]).pipe(z.union([z.literal(0), z.literal(1)]));

const enCode = (max = 50) => required(max).regex(patterns.enCode, 'rules.enCode');
const id = text(40).regex(/^[A-Za-z0-9_.-]*$/);
const sortCode = intField(-1_000_000, 1_000_000).optional().default(0);

/** Root parent id of dictionary types and data ('-1' accepted and stored as '0'). */
export const DICT_ROOT = '0';
/** Root parent id of the area tree (spec §7.8 "root '-1'"). */
export const AREA_ROOT = '-1';

// ---------------------------------------------------------------- dictionaries

export const dictionaryTypeBody = z.object({
  parentId: id
    .optional()
    .default(DICT_ROOT)
    .transform((p) => (p === '' || p === '-1' ? DICT_ROOT : p)),
  fullName: required(50),
  enCode: enCode(50),
  isTree: flagField.optional().default(0),
  sortCode,
  description: optionalText(500),
});
export type DictionaryTypeInput = z.output<typeof dictionaryTypeBody>;

export const dictionaryDataBody = z.object({
  dictionaryTypeId: required(50),
  parentId: id
    .optional()
    .default(DICT_ROOT)
    .transform((p) => (p === '' || p === '-1' ? DICT_ROOT : p)),
  fullName: required(100),
  enCode: enCode(50),
  simpleSpelling: optionalText(100),
  isDefault: flagField.optional().default(0),
  sortCode,
  enabledMark: flagField.optional().default(1),
  description: optionalText(500),
});
export type DictionaryDataInput = z.output<typeof dictionaryDataBody>;

export const dictionaryListQuery = z.object({
  keyword: text(100).optional().default(''),
  isTree: z.union([z.literal('0'), z.literal('1'), z.literal('')]).optional(),
});

/** One row of a dictionary import file: parents are named by enCode so a file moves between systems. */
export const dictionaryImportRow = z.object({
  fullName: required(100),
  enCode: enCode(50),
  parentEnCode: text(50).optional().nullable(),
  simpleSpelling: optionalText(100),
  isDefault: flagField.optional().default(0),
  sortCode,
  enabledMark: flagField.optional().default(1),
  description: optionalText(500),
});

export const dictionaryImportFile = z.object({
  type: z.object({
    fullName: required(50),
    enCode: enCode(50),
    isTree: flagField.optional().default(0),
    parentEnCode: text(50).optional().nullable(),
    sortCode,
    description: optionalText(500),
  }),
  /** Rows are validated one by one so each bad row is reported; 5000 rows at most. */
  list: z.array(z.unknown()).max(5000),
  /** true: a single bad row imports nothing. */
  allOrNothing: z.boolean().optional().default(true),
  /** An enCode that already exists in the type: keep it ('skip') or update it ('overwrite'). */
  conflict: z.enum(['skip', 'overwrite']).optional().default('skip'),
});

export interface DictionaryImportError {
  /** 1-based row number in the file's list. */
  row: number;
  enCode: string;
  message: string;
}

export interface DictionaryImportResult {
  typeId: string;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  errors: DictionaryImportError[];
}

export interface DictionaryDataNode {
  id: string;
  parentId: string;
  dictionaryTypeId: string;
  fullName: string;
  enCode: string;
  simpleSpelling: string | null;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  hasChildren: boolean;
  children?: DictionaryDataNode[];
}

export interface DictionaryAllEntry {
  id: string;
  enCode: string;
  fullName: string;
  isTree: number;
  dictionaryList: DictionaryDataNode[];
}

// ---------------------------------------------------------------- areas

export const areaBody = z.object({
  parentId: id
    .optional()
    .default(AREA_ROOT)
    .transform((p) => (p === '' || p === '0' ? AREA_ROOT : p)),
  fullName: required(50),
  enCode: required(20).regex(/^[A-Za-z0-9]+$/, 'rules.userAccount'),
  simpleSpelling: optionalText(50),
  /** 1 province, 2 city, 3 district/county, 4 township, 5 village. */
  type: intField(1, 5).optional().nullable(),
  sortCode,
  enabledMark: flagField.optional().default(1),
  description: optionalText(500),
});
export type AreaInput = z.output<typeof areaBody>;

export const areaIdsBody = z.object({
  idsList: z.array(z.union([z.array(text(40)).max(10), text(40)])).max(500),
});

export interface AreaNode {
  id: string;
  parentId: string;
  enCode: string;
  fullName: string;
  type: number | null;
  sortCode: number;
  enabledMark: number;
  isLeaf: boolean;
  hasChildren: boolean;
}

// ---------------------------------------------------------------- bill rules

export const BILL_DATE_FORMATS = [
  'YYYY',
  'YYYYMM',
  'YYYYMMDD',
  'YYYYMMDDHH',
  'YYYYMMDDHHmm',
  'YYYYMMDDHHmmss',
  'YYYYMMDDHHmmssSSS',
  'no',
] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];

export const billRuleBody = z.object({
  fullName: required(50),
  enCode: enCode(50),
  categoryId: optionalText(40),
  prefix: text(20)
    .regex(/^[^\s]*$/, 'rules.billAffix')
    .optional()
    .nullable()
    .default(''),
  dateFormat: z.enum(BILL_DATE_FORMATS).optional().default('YYYYMMDD'),
  digit: intField(1, 12).optional().default(4),
  startNumber: intField(0, 999_999_999_999).optional().default(1),
  suffix: text(20)
    .regex(/^[^\s]*$/, 'rules.billAffix')
    .optional()
    .nullable()
    .default(''),
  sortCode,
  enabledMark: flagField.optional().default(1),
  description: optionalText(500),
});
export type BillRuleInput = z.output<typeof billRuleBody>;

export interface BillRule {
  id: string;
  categoryId: string | null;
  fullName: string;
  enCode: string;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: number;
  suffix: string;
  /** An example of the number this rule issues (computed, not stored). */
  example: string;
  /** Numbers issued in the current date period. */
  thisNumber: number;
  /** The last number issued, or null when none yet. */
  outputNumber: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  updatedAt: number | null;
}

// ---------------------------------------------------------------- data interfaces

export const DATA_INTERFACE_TYPES = { sql: 1, static: 2, api: 3 } as const;

const jsonOrValue = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      return v; // fails the schema below, which names the field
    }
  }, schema);

const fieldName = text(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'rules.fieldName');

/** A declared parameter of an interface (server-contract §6 ParameterJson). */
export const interfaceParamDef = z.object({
  field: fieldName,
  fieldName: optionalText(100),
  dataType: z.enum(['varchar', 'int', 'bigint', 'decimal', 'datetime', 'text']).optional().default('varchar'),
  required: flagField.optional().default(0),
  defaultValue: z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]).optional(),
});
export type InterfaceParamDef = z.output<typeof interfaceParamDef>;

const keyValue = z.object({
  field: text(100).min(1, 'rules.required'),
  value: z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]).optional(),
  defaultValue: z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]).optional(),
});

export const dataInterfaceBody = z
  .object({
    categoryId: required(40),
    fullName: required(50),
    enCode: enCode(50),
    dataType: intField(1, 3),
    /** SQL text (type 1) or the static JSON (type 2). */
    query: z.string().max(200_000).optional().nullable(),
    path: optionalText(2000),
    requestMethod: z
      .enum(['GET', 'POST', 'get', 'post'])
      .optional()
      .default('GET')
      .transform((m) => m.toUpperCase() as 'GET' | 'POST'),
    requestHeaders: jsonOrValue(z.array(keyValue).max(50)).optional().default([]),
    requestParameters: jsonOrValue(z.array(keyValue).max(100)).optional().default([]),
    parameterJson: jsonOrValue(z.array(interfaceParamDef).max(100)).optional().default([]),
    /** Dotted path to the rows in an API answer, e.g. "data.list"; empty = unwrap `data`, then `list`. */
    responsePath: text(200)
      .regex(/^[A-Za-z0-9_.]*$/, 'rules.fieldName')
      .optional()
      .nullable(),
    /** Per-interface timeout, within the system limit. */
    timeoutMs: intField(100, 60_000).optional().nullable(),
    sortCode,
    enabledMark: flagField.optional().default(1),
    description: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.dataType === 1 && !v.query?.trim()) ctx.addIssue({ code: 'custom', path: ['query'], message: 'rules.required' });
    if (v.dataType === 2) {
      let ok = false;
      try {
        const parsed: unknown = JSON.parse(v.query ?? '');
        ok = Array.isArray(parsed) || (!!parsed && typeof parsed === 'object');
      } catch {
        ok = false;
      }
      if (!ok) ctx.addIssue({ code: 'custom', path: ['query'], message: 'rules.json' });
    }
    if (v.dataType === 3 && !/^https?:\/\/[^\s]+$/i.test(v.path ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'rules.httpUrl' });
    }
  });
export type DataInterfaceInput = z.output<typeof dataInterfaceBody>;

/** A parameter value sent by a form or picker (server-contract §6 paramList). */
export const interfaceParamValue = z.object({
  field: fieldName,
  defaultValue: z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]).optional(),
  relationField: z.union([z.string().max(200), z.number(), z.null()]).optional(),
  /** 1 form field, 2 literal, 3 empty, 4 system variable. */
  sourceType: intField(1, 4).optional().nullable(),
  isSubTable: z.boolean().optional(),
  dataType: text(20).optional().nullable(),
  required: z
    .union([z.boolean(), intField(0, 1)])
    .optional()
    .nullable(),
  fieldName: optionalText(100),
});
export type InterfaceParamValue = z.output<typeof interfaceParamValue>;

const columnOptions = z
  .union([text(2000), z.array(z.union([text(64), z.object({ value: text(64) }).passthrough()])).max(100)])
  .optional()
  .transform((c) => {
    if (!c) return [] as string[];
    const list = typeof c === 'string' ? c.split(',') : c.map((x) => (typeof x === 'string' ? x : x.value));
    return list.map((s) => s.trim()).filter(Boolean);
  });

/** The body of List / Preview / Info / InfoByIds (server-contract §6 DataInterfacePreviewInput, spec §7.8). */
export const interfaceCallBody = z
  .object({
    currentPage: intField(1, 1_000_000).optional(),
    pageIndex: intField(1, 1_000_000).optional(),
    pageSize: intField(1, MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
    keyword: text(200)
      .optional()
      .nullable()
      .transform((k) => k ?? ''),
    sidx: text(64)
      .optional()
      .nullable()
      .transform((s) => s ?? ''),
    sort: z
      .string()
      .max(8)
      .optional()
      .nullable()
      .transform((s) => (String(s ?? '').toLowerCase() === 'asc' ? 'asc' : 'desc')),
    columnOptions,
    propsValue: text(64).optional().nullable(),
    relationField: text(64).optional().nullable(),
    id: z
      .union([text(200), z.number()])
      .optional()
      .nullable(),
    ids: z
      .array(z.union([text(200), z.number()]))
      .max(1000)
      .optional(),
    paramList: jsonOrValue(z.array(interfaceParamValue).max(100)).optional().default([]),
    sourceData: z.record(z.string(), z.unknown()).optional().nullable(),
    queryJson: jsonOrValue(z.record(z.string(), z.unknown())).optional().nullable(),
    json: jsonOrValue(z.record(z.string(), z.unknown())).optional().nullable(),
    interfaceId: text(40).optional(),
    tenantId: z
      .union([text(40), z.number()])
      .optional()
      .nullable(),
    origin: text(20).optional().nullable(),
  })
  .transform(({ pageIndex, currentPage, json, queryJson, ...rest }) => ({
    ...rest,
    currentPage: currentPage ?? pageIndex ?? 1,
    queryJson: queryJson ?? json ?? null,
  }));
export type InterfaceCallInput = z.output<typeof interfaceCallBody>;

export interface DataInterface {
  id: string;
  categoryId: string;
  fullName: string;
  enCode: string;
  dataType: number;
  query: string | null;
  path: string | null;
  requestMethod: 'GET' | 'POST';
  requestHeaders: { field: string; value?: unknown }[];
  requestParameters: { field: string; value?: unknown; defaultValue?: unknown }[];
  parameterJson: InterfaceParamDef[];
  responsePath: string | null;
  timeoutMs: number | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  updatedAt: number | null;
}

export interface DataInterfaceLogRow {
  id: string;
  interfaceId: string;
  userId: string | null;
  userName: string | null;
  ip: string | null;
  userAgent: string | null;
  duration: number;
  success: number;
  message: string | null;
  source: string;
  createdAt: number;
  /** JNPF spellings of the same fields. */
  invokTime: number;
  invokIp: string | null;
  invokDevice: string | null;
  invokWasteTime: number;
  invokType: string;
}

// ---------------------------------------------------------------- print templates

const sqlTemplate = jsonOrValue(z.array(z.object({ sql: z.string().max(20_000) }).passthrough()).max(10));

export const printDevBody = z.object({
  fullName: required(50),
  enCode: enCode(50),
  /** The enCode of a 'printDev' dictionary item. */
  category: required(50),
  /** 1 flow form, 2 business form. */
  type: intField(1, 2).optional().default(2),
  sqlTemplate: sqlTemplate.optional().default([]),
  leftFields: jsonOrValue(z.array(z.unknown()).max(500)).optional().nullable(),
  printTemplate: z.string().max(500_000).optional().nullable(),
  pageParam: jsonOrValue(z.record(z.string(), z.unknown())).optional().nullable(),
  sortCode,
  enabledMark: flagField.optional().default(1),
  description: optionalText(500),
});
export type PrintDevInput = z.output<typeof printDevBody>;

export const printFieldsBody = z.object({
  sqlTemplate,
  dbLinkId: text(40).optional().nullable(),
});

export const printDataQuery = z.object({
  id: required(40),
  formId: text(200).optional().nullable(),
});

// ---------------------------------------------------------------- system settings

const hostPattern = text(253).regex(/^(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$|^\[?[0-9a-fA-F:.]+\]?(:\d{1,5})?$/, 'rules.host');
const cidr = text(60).regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'rules.cidr');

/** PUT /api/system/SysConfig: every key optional, each within its range. */
export const sysConfigBody = z
  .object({
    sysName: text(50).min(1, 'rules.required'),
    sysVersion: text(30),
    logoIcon: text(500),
    navigationIcon: text(500),
    copyright: text(200),
    tokenTimeout: intField(5, 43_200),
    captchaAfterFailures: intField(0, 20),
    captchaLength: intField(3, 6),
    lockAfterFailures: intField(1, 50),
    lockMinutes: intField(0, 1440),
    addressFailureLimit: intField(1, 10_000),
    addressWindowSeconds: intField(10, 86_400),
    addressSmsLimit: intField(1, 1000),
    singleLogin: z.boolean(),
    passwordMinLength: intField(6, 16),
    passwordRequireMixed: z.boolean(),
    passwordExpireDays: intField(0, 3650),
    passwordRefuseReuse: z.boolean(),
    smsCodeMinutes: intField(1, 60),
    smsResendSeconds: intField(10, 600),
    smsMaxAttempts: intField(1, 20),
    smsDailyLimit: intField(1, 100),
    smsSignName: text(20),
    interfaceAllowedHosts: z.array(hostPattern).max(200),
    interfaceAllowedNetworks: z.array(cidr).max(100),
    interfaceTimeoutMs: intField(100, 60_000),
    interfaceMaxResponseBytes: intField(1024, 20 * 1024 * 1024),
    sqlTimeoutMs: intField(100, 60_000),
    logRetentionDays: intField(1, 3650),
    timeZone: text(64).refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'rules.timeZone'),
  })
  .partial()
  .strict();
export type SysConfigInput = z.output<typeof sysConfigBody>;

// ---------------------------------------------------------------- logs

/** Log categories: 1 sign-in, 3 operation, 4 exception, 5 request (JNPF numbering). */
export const LOG_CATEGORIES = { login: 1, operation: 3, exception: 4, request: 5 } as const;

export const logQuery = z.object({
  category: intField(1, 5).optional().default(1),
  type: intField(1, 5).optional(),
  keyword: text(100).optional().default(''),
  startTime: intField(0, 9_999_999_999_999).optional(),
  endTime: intField(0, 9_999_999_999_999).optional(),
  currentPage: intField(1, 1_000_000).optional(),
  pageIndex: intField(1, 1_000_000).optional(),
  pageSize: intField(1, 500).optional().default(DEFAULT_PAGE_SIZE),
});

export const logDeleteBody = z.object({
  ids: z.array(text(40)).min(1, 'rules.required').max(1000),
});

export interface SysLogRow {
  id: string;
  category: number;
  userId: string | null;
  userName: string | null;
  ip: string | null;
  /** Request and exception logs. */
  method: string | null;
  path: string | null;
  status: number | null;
  duration: number | null;
  /** Operation logs. */
  module: string | null;
  action: string | null;
  targetId: string | null;
  summary: string | null;
  /** Exception logs: message and stack. */
  message: string | null;
  createdAt: number;
}

// ---------------------------------------------------------------- business calls (spec §7.7)

export const accountQueryBody = z.object({
  flag: intField(0, 9).optional(),
  accountType: z.union([intField(1, 5), z.literal(''), z.null()]).optional(),
  accountName: text(100).optional().nullable(),
  keyword: text(100).optional().nullable(),
  currentPage: intField(1, 1_000_000).optional().default(1),
  pageSize: intField(1, MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
  orgId: text(40).optional().nullable(),
});

export const stockQueryBody = z.object({
  keyword: text(100).optional().nullable(),
  itemName: text(100).optional().nullable(),
  orgCode: text(50).optional().nullable(),
  orgId: text(40).optional().nullable(),
  currentPage: intField(1, 1_000_000).optional().default(1),
  pageSize: intField(1, MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});

export const officeDictBody = z.object({
  dataType: intField(0, 9).optional().default(0),
  sort: z.string().max(8).optional().nullable(),
  orgCode: text(50).optional().nullable(),
  keyword: text(100).optional().nullable(),
});
