import { z } from 'zod';

/**
 * Family-doctor contracting (issue 21, M11; health-domain.md §4): contract
 * states (签约状态) and termination reasons, population groups (人群分类),
 * service-plan task states (计划状态), the visit-record checklist, the
 * authenticity result (服务有效性认证), the request schemas and the pure
 * rules both sides need: the contract's end date, task planning across the
 * term, the distance between two positions and the authenticity verdict.
 */

const DAY = 86_400_000;

export const FD_CONTRACT_STATUSES = ['pending', 'signed', 'renewed', 'terminated', 'expired'] as const;
export type FdContractStatus = (typeof FD_CONTRACT_STATUSES)[number];
/** States that hold the resident (at most one such contract per resident). */
export const FD_ACTIVE_STATUSES: FdContractStatus[] = ['pending', 'signed', 'renewed'];

/** 解约原因: 01 失访, 02 迁出, 03 死亡, 04 本人要求/拒绝, 05 改签/重签, 06 发票作废, 99 其他. */
export const FD_TERMINATE_REASONS = ['01', '02', '03', '04', '05', '06', '99'] as const;
export type FdTerminateReason = (typeof FD_TERMINATE_REASONS)[number];

/** 人群分类 of §4, in the order the form lists them. */
export const FD_POPULATION_GROUPS = ['10', '03', '02', '01', '04', '05', '07', '06', '08', '13', '09', '11', '19', '12', '22'] as const;
export type FdPopulationGroup = (typeof FD_POPULATION_GROUPS)[number];
/** Key populations (重点人群): every group but 10 一般人群. */
export const FD_KEY_GROUPS = FD_POPULATION_GROUPS.filter((g) => g !== '10');

/** 计划状态: 0 未做, 1 已做, 2 失访, 3 未访, 4 过访 (open past its due date, shown, never stored), 8 解约, 9 档案注销. */
export const FD_TASK_STATUSES = ['0', '1', '2', '3', '4', '8', '9'] as const;
export type FdTaskStatus = (typeof FD_TASK_STATUSES)[number];

/** The visit-record checklist of §4 (健康管理 … 其他), codes c01..c14 in that order. */
export const FD_CHECKLIST = ['c01', 'c02', 'c03', 'c04', 'c05', 'c06', 'c07', 'c08', 'c09', 'c10', 'c11', 'c12', 'c13', 'c14'] as const;
export type FdChecklistCode = (typeof FD_CHECKLIST)[number];

/** 0 未匹配, 1 有效, 2 无效. */
export const FD_AUTHENTICITY = ['0', '1', '2'] as const;
export type FdAuthenticity = (typeof FD_AUTHENTICITY)[number];
export const FD_AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FdAuditStatus = (typeof FD_AUDIT_STATUSES)[number];

export const FD_WORKLISTS = ['expiring', 'audit', 'overdue', 'unsigned'] as const;
export type FdWorklist = (typeof FD_WORKLISTS)[number];
/** The renewal worklist's horizon. */
export const FD_EXPIRING_DAYS = 30;

export const FD_ACTIONS = ['confirm', 'terminate', 'renew', 'change'] as const;
export type FdAction = (typeof FD_ACTIONS)[number];

/** Which actions a contract in this state allows (the server refuses the rest). */
export function fdAllowedActions(status: FdContractStatus): FdAction[] {
  if (status === 'pending') return ['confirm', 'terminate', 'change'];
  if (status === 'signed' || status === 'renewed') return ['terminate', 'renew', 'change'];
  return [];
}

/** Last day (UTC midnight) of a term of `years` starting on `start` (a UTC midnight): the day before the anniversary. */
export function fdContractEnd(start: number, years: number): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()) - DAY;
}

export interface FdPlannedTask {
  itemId: string;
  seq: number;
  planDate: number;
  dueDate: number;
}

/**
 * Tasks of a term: each item's `times` per year × years, spread evenly across
 * [start, end]: task k (0-based) of n opens on start + k·span/n and is due on
 * the day before the next one opens (the last one on the end date). Dates are
 * UTC midnights (floored to the day).
 */
export function fdPlanTasks(start: number, end: number, years: number, items: { itemId: string; times: number }[]): FdPlannedTask[] {
  const span = end + DAY - start;
  const out: FdPlannedTask[] = [];
  for (const it of items) {
    const n = Math.max(0, Math.floor(it.times)) * years;
    for (let k = 0; k < n; k++) {
      const planDate = start + Math.floor((k * span) / n / DAY) * DAY;
      const next = start + Math.floor(((k + 1) * span) / n / DAY) * DAY;
      out.push({ itemId: it.itemId, seq: k + 1, planDate, dueDate: k === n - 1 ? end : next - DAY });
    }
  }
  return out;
}

/** The state a list shows: an open task past its due date (the due day ended) is 过访. */
export function fdShownTaskStatus(status: string, dueDate: number, at: number): FdTaskStatus {
  if (status === '0' && dueDate + DAY <= at) return '4';
  return status as FdTaskStatus;
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface FdVerifySettings {
  /** Radius around the resident's address, metres. */
  radiusM: number;
  /** The service must be recorded within this many days of being given. */
  days: number;
}
export const DEFAULT_FD_VERIFY: FdVerifySettings = { radiusM: 500, days: 7 };
export const fdVerifySchema = z.object({ radiusM: z.number().int().min(10).max(100_000), days: z.number().int().min(1).max(365) }).strict();

/**
 * 服务有效性认证: 未匹配 when the record or the resident has no position;
 * 有效 when the record lies within the radius of the resident's address and
 * was recorded within `days` of the service (never before it); else 无效.
 */
export function fdAuthenticity(
  rec: { lat: number | null; lng: number | null; servedAt: number; recordedAt: number },
  home: { lat: number; lng: number } | null,
  s: FdVerifySettings,
): { result: FdAuthenticity; distanceM: number | null } {
  if (rec.lat === null || rec.lng === null || !home) return { result: '0', distanceM: null };
  const distanceM = haversineMetres(rec.lat, rec.lng, home.lat, home.lng);
  const lag = rec.recordedAt - rec.servedAt;
  const inTime = lag >= -DAY && lag <= s.days * DAY;
  return { result: distanceM <= s.radiusM && inTime ? '1' : '2', distanceM };
}

// ---- requests ----

const id = z.string().trim().min(1).max(40);
const day = z.coerce.number().int().min(0).max(4_102_444_800_000);
const note = z.string().trim().max(500);

export const fdSignBody = z
  .object({
    residentId: id,
    teamId: id,
    packageId: id,
    populationGroup: z.enum(FD_POPULATION_GROUPS),
    termYears: z.number().int().min(1).max(5),
    /** First day of the term (default: today). */
    startDate: day.optional(),
    /** false: 待签约 (the resident has not signed the agreement yet). */
    confirm: z.boolean().optional().default(true),
    note: note.optional().default(''),
  })
  .strict();
export type FdSignBody = z.output<typeof fdSignBody>;

export const fdActionBody = z
  .object({
    reason: z.enum(FD_TERMINATE_REASONS).optional(),
    termYears: z.number().int().min(1).max(5).optional(),
    teamId: id.optional(),
    packageId: id.optional(),
    note: note.optional().default(''),
  })
  .strict();
export type FdActionBody = z.output<typeof fdActionBody>;

/** A doctor marks an open task as not reached (失访) or not visited (未访). */
export const fdTaskMarkBody = z.object({ status: z.enum(['2', '3']), note: note.optional().default('') }).strict();

export const fdRecordBody = z
  .object({
    contractId: id,
    taskId: id.optional(),
    itemId: id.optional(),
    servedAt: day,
    checklist: z.array(z.enum(FD_CHECKLIST)).min(1).max(FD_CHECKLIST.length),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
    address: z.string().trim().max(200).optional().default(''),
    note: note.optional().default(''),
  })
  .strict();
export type FdRecordBody = z.output<typeof fdRecordBody>;

export const fdAuditBody = z.object({ decision: z.enum(['approved', 'rejected']), comment: note.optional().default('') }).strict();

export const fdPositionBody = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict();

const page = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
  keyword: z.string().trim().max(50).optional().default(''),
};
const sortOrder = z.enum(['asc', 'desc']).optional().default('desc');

export const fdContractListQuery = z
  .object({
    ...page,
    status: z
      .enum(['', ...FD_CONTRACT_STATUSES])
      .optional()
      .default(''),
    teamId: id.optional(),
    mine: z.enum(['0', '1']).optional().default('0'),
    sidx: z.enum(['signedAt', 'endDate', 'contractNo']).optional().default('signedAt'),
    sort: sortOrder,
  })
  .strict();
export type FdContractListQuery = z.output<typeof fdContractListQuery>;

export const fdTaskListQuery = z
  .object({
    ...page,
    contractId: id.optional(),
    status: z
      .enum(['', ...FD_TASK_STATUSES])
      .optional()
      .default(''),
    dueFrom: day.optional(),
    dueTo: day.optional(),
    sidx: z.enum(['dueDate', 'planDate']).optional().default('dueDate'),
    sort: z.enum(['asc', 'desc']).optional().default('asc'),
  })
  .strict();
export type FdTaskListQuery = z.output<typeof fdTaskListQuery>;

export const fdRecordListQuery = z
  .object({
    ...page,
    contractId: id.optional(),
    authenticity: z
      .enum(['', ...FD_AUTHENTICITY])
      .optional()
      .default(''),
    auditStatus: z
      .enum(['', ...FD_AUDIT_STATUSES])
      .optional()
      .default(''),
    sidx: z.enum(['servedAt', 'createdAt']).optional().default('servedAt'),
    sort: sortOrder,
  })
  .strict();
export type FdRecordListQuery = z.output<typeof fdRecordListQuery>;

export const fdWorklistQuery = z.object({ ...page }).strict();
export type FdWorklistQuery = z.output<typeof fdWorklistQuery>;

// ---- answers ----

interface Person {
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
}

export interface FdContractRow extends Person {
  id: string;
  contractNo: string;
  teamId: string;
  teamName: string | null;
  doctorId: string;
  doctorName: string | null;
  packageId: string;
  packageName: string | null;
  populationGroup: FdPopulationGroup;
  termYears: number;
  signedAt: number | null;
  startDate: number;
  endDate: number;
  status: FdContractStatus;
  terminateReason: FdTerminateReason | null;
  terminatedAt: number | null;
  renewedFrom: string | null;
  orgId: string;
  orgName: string | null;
  price: number;
  tasksDone: number;
  tasksTotal: number;
  actions: FdAction[];
}

export interface FdTaskRow extends Person {
  id: string;
  contractId: string;
  contractNo: string;
  itemId: string;
  itemName: string | null;
  formCode: string | null;
  seq: number;
  planDate: number;
  dueDate: number;
  /** As stored (0 for an overdue open task). */
  status: FdTaskStatus;
  /** As shown (4 过访 for an overdue open task). */
  shownStatus: FdTaskStatus;
  doneAt: number | null;
  doctorName: string | null;
}

export interface FdRecordRow extends Person {
  id: string;
  contractId: string;
  contractNo: string;
  taskId: string | null;
  itemId: string | null;
  itemName: string | null;
  doctorId: string;
  doctorName: string | null;
  servedAt: number;
  createdAt: number;
  checklist: FdChecklistCode[];
  lat: number | null;
  lng: number | null;
  address: string;
  note: string;
  authenticity: FdAuthenticity;
  distanceM: number | null;
  auditStatus: FdAuditStatus;
  auditedBy: string | null;
  auditedAt: number | null;
  auditComment: string | null;
}

export interface FdUnsignedRow extends Person {
  sex: string | null;
  birthDate: number | null;
  orgId: string | null;
  orgName: string | null;
  groups: FdPopulationGroup[];
}

export interface FdPackageOption {
  id: string;
  code: string;
  name: string;
  realPrice: number;
  groups: string[];
  items: { itemId: string; name: string; times: number; formCode: string | null }[];
}
export interface FdTeamOption {
  id: string;
  name: string;
  orgId: string;
  orgName: string | null;
  member: boolean;
}
export interface FdMeta {
  teams: FdTeamOption[];
  packages: FdPackageOption[];
  verify: FdVerifySettings;
  rights: { sign: boolean; modify: boolean; verify: boolean; records: boolean; plans: boolean; settings: boolean; reveal: boolean };
  counts: Record<FdWorklist, number>;
}
