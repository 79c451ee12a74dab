import { z } from 'zod';
import { FD_POPULATION_GROUPS, type FdPopulationGroup } from './family-doctor.ts';

/**
 * Family-doctor teams, service items, packages, residents' questions and the
 * contracting KPIs (issue 21, M11; health-domain.md §4 / §7): the states, the
 * request schemas and the answers. Money is integer fen; a package's
 * discount is a percentage (100 = full price) and its real price is
 * price × discount / 100, rounded to the fen.
 */

/** draft (saved, not submitted) → pending (in the audit flow) → active | rejected; active ⇄ disabled. */
export const FD_TEAM_STATUSES = ['draft', 'pending', 'active', 'rejected', 'disabled'] as const;
export type FdTeamStatus = (typeof FD_TEAM_STATUSES)[number];
/** A team may be edited and (re)submitted from these states. */
export const FD_TEAM_EDITABLE: FdTeamStatus[] = ['draft', 'rejected', 'active', 'disabled'];

export const FD_MEMBER_ROLES = ['doctor', 'nurse', 'public_health'] as const;
export type FdMemberRole = (typeof FD_MEMBER_ROLES)[number];

/** The flow form kind of the team audit and the seeded flow's code. */
export const FD_TEAM_FLOW_KIND = 'fdTeam';
export const FD_TEAM_FLOW_CODE = 'fdTeamAudit';

/** Public-health forms that prove an item was done (their saves complete the matching task). */
export const FD_FORM_CODES = ['htn_visit', 'dm_visit', 'old_check', 'psy_visit', 'tb_visit', 'child_visit', 'mat_visit'] as const;
export type FdFormCode = (typeof FD_FORM_CODES)[number];

/** 1 基础服务, 2 增值服务. */
export const FD_ITEM_NATURES = [1, 2] as const;

export const FD_QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export type FdQuestionStatus = (typeof FD_QUESTION_STATUSES)[number];

export const fdRealPrice = (price: number, discount: number): number => Math.round((price * discount) / 100);

// ---- requests ----

const id = z.string().trim().min(1).max(40);
const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9._-]+$/);
const name = z.string().trim().min(1).max(100);
const intro = z.string().trim().max(500).optional().default('');
const day = z.number().int().min(0).max(4_102_444_800_000);
const groups = z
  .array(z.enum(FD_POPULATION_GROUPS))
  .min(1)
  .max(FD_POPULATION_GROUPS.length)
  .transform((g) => [...new Set(g)] as FdPopulationGroup[]);
const fen = z.number().int().min(0).max(100_000_000);
const page = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
  keyword: z.string().trim().max(50).optional().default(''),
};
const sort = z.enum(['asc', 'desc']).optional().default('desc');

export const fdTeamBody = z
  .object({
    orgId: id,
    code,
    name,
    leaderId: id,
    intro,
    members: z
      .array(z.object({ userId: id, role: z.enum(FD_MEMBER_ROLES) }).strict())
      .min(1)
      .max(30),
  })
  .strict()
  .refine((b) => new Set(b.members.map((m) => m.userId)).size === b.members.length, { message: 'duplicate member', path: ['members'] })
  .refine((b) => b.members.some((m) => m.userId === b.leaderId), { message: 'leader must be a member', path: ['leaderId'] });
export type FdTeamBody = z.output<typeof fdTeamBody>;

export const fdTeamListQuery = z
  .object({
    ...page,
    status: z
      .enum(['', ...FD_TEAM_STATUSES])
      .optional()
      .default(''),
    orgId: id.optional(),
    sidx: z.enum(['createdAt', 'code', 'name', 'submittedAt']).optional().default('createdAt'),
    sort,
  })
  .strict();
export type FdTeamListQuery = z.output<typeof fdTeamListQuery>;

/** The approver's decision on the team_audit page (runs the engine's approve / reject). */
export const fdTeamDecisionBody = z
  .object({ decision: z.enum(['approve', 'reject']), opinion: z.string().trim().max(500).optional().default('') })
  .strict()
  .refine((b) => b.decision === 'approve' || b.opinion.length >= 2, { message: 'reason required', path: ['opinion'] });

export const fdItemBody = z
  .object({
    code,
    parentId: id.nullable().optional().default(null),
    name,
    nature: z.union([z.literal(1), z.literal(2)]),
    times: z.number().int().min(1).max(52),
    price: fen,
    formCode: z.enum(FD_FORM_CODES).nullable().optional().default(null),
    groups,
    intro,
    enabled: z.boolean().optional().default(true),
  })
  .strict();
export type FdItemBody = z.output<typeof fdItemBody>;

export const fdPackageBody = z
  .object({
    orgId: id.nullable().optional().default(null),
    code,
    name,
    price: fen,
    discount: z.number().int().min(1).max(100),
    validFrom: day,
    validTo: day.nullable().optional().default(null),
    groups,
    intro: z.string().trim().max(1000).optional().default(''),
    enabled: z.boolean().optional().default(true),
    items: z
      .array(z.object({ itemId: id, times: z.number().int().min(1).max(52) }).strict())
      .min(1)
      .max(50),
  })
  .strict()
  .refine((b) => b.validTo === null || b.validTo >= b.validFrom, { message: 'validTo before validFrom', path: ['validTo'] })
  .refine((b) => new Set(b.items.map((i) => i.itemId)).size === b.items.length, { message: 'duplicate item', path: ['items'] });
export type FdPackageBody = z.output<typeof fdPackageBody>;

export const fdEnabledBody = z.object({ enabled: z.boolean() }).strict();

export const fdCatalogListQuery = z
  .object({
    ...page,
    enabled: z.enum(['', '0', '1']).optional().default(''),
    nature: z.enum(['', '1', '2']).optional().default(''),
  })
  .strict();
export type FdCatalogListQuery = z.output<typeof fdCatalogListQuery>;

export const fdQuestionListQuery = z
  .object({
    ...page,
    status: z
      .enum(['', ...FD_QUESTION_STATUSES])
      .optional()
      .default(''),
    teamId: id.optional(),
    askedFrom: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    askedTo: z.coerce.number().int().min(0).max(4_102_444_800_000).optional(),
    sort,
  })
  .strict();
export type FdQuestionListQuery = z.output<typeof fdQuestionListQuery>;

/** A question recorded on a resident's behalf (phone, visit) by a team member. */
export const fdQuestionBody = z
  .object({ residentId: id, teamId: id, title: z.string().trim().min(2).max(200), content: z.string().trim().min(2).max(2000) })
  .strict();
export const fdAnswerBody = z.object({ answer: z.string().trim().min(2).max(2000) }).strict();
export const fdQuestionStatusBody = z.object({ status: z.enum(['open', 'closed']) }).strict();

export const FD_KPI_DIMENSIONS = ['unit', 'team', 'doctor'] as const;
export type FdKpiDimension = (typeof FD_KPI_DIMENSIONS)[number];
/** Population groups the archive flags (the others are chosen at signing only). */
export const FD_KPI_GROUPS = ['03', '02', '04', '05', '08'] as const;
export type FdKpiGroup = (typeof FD_KPI_GROUPS)[number];

export const fdKpiQuery = z.object({ by: z.enum(FD_KPI_DIMENSIONS).optional().default('unit') }).strict();

export const FD_KPI_DRILLS = ['signed', 'unsigned', 'due', 'done', 'undone', 'revenue'] as const;
export type FdKpiDrill = (typeof FD_KPI_DRILLS)[number];
export const fdKpiDrillQuery = z
  .object({
    ...page,
    by: z.enum(FD_KPI_DIMENSIONS),
    key: id,
    metric: z.enum(FD_KPI_DRILLS),
    group: z.enum(FD_KPI_GROUPS).optional(),
  })
  .strict();
export type FdKpiDrillQuery = z.output<typeof fdKpiDrillQuery>;

// ---- answers ----

export interface FdTeamMember {
  userId: string;
  realName: string | null;
  account: string | null;
  role: FdMemberRole;
}

export interface FdTeamRow {
  id: string;
  orgId: string;
  orgName: string | null;
  code: string;
  name: string;
  leaderId: string | null;
  leaderName: string | null;
  status: FdTeamStatus;
  intro: string;
  memberCount: number;
  members: FdTeamMember[];
  flowInstanceId: string | null;
  submittedAt: number | null;
  auditedAt: number | null;
  auditComment: string | null;
  createdAt: number;
  /** The caller's waiting audit task on this team's flow (team_audit acts on it). */
  myTaskId: string | null;
}

export interface FdItemRow {
  id: string;
  code: string;
  parentId: string | null;
  name: string;
  nature: 1 | 2;
  times: number;
  price: number;
  formCode: FdFormCode | null;
  groups: FdPopulationGroup[];
  intro: string;
  enabled: boolean;
  packageCount: number;
}

export interface FdPackageRow {
  id: string;
  orgId: string | null;
  orgName: string | null;
  code: string;
  name: string;
  price: number;
  discount: number;
  realPrice: number;
  validFrom: number;
  validTo: number | null;
  groups: FdPopulationGroup[];
  intro: string;
  enabled: boolean;
  items: { itemId: string; code: string; name: string; nature: 1 | 2; times: number; formCode: string | null }[];
}

export interface FdQuestionRow {
  id: string;
  residentId: string;
  fullName: string;
  phone: string;
  teamId: string;
  teamName: string | null;
  title: string;
  content: string;
  askedAt: number;
  answer: string | null;
  answeredBy: string | null;
  answeredByName: string | null;
  answeredAt: number | null;
  status: FdQuestionStatus;
}

export interface FdKpiRow {
  key: string;
  name: string;
  /** Residents in scope (normal archives) and how many hold an active contract. */
  residents: number;
  contracted: number;
  signRate: number | null;
  groups: Record<FdKpiGroup, { residents: number; contracted: number; rate: number | null }>;
  /** Tasks due (due_date ≤ now, not voided by termination / archive cancellation) and done. */
  due: number;
  done: number;
  keepRate: number | null;
  contracts: number;
  revenue: number;
}

export interface FdKpiResult {
  by: FdKpiDimension;
  at: number;
  rows: FdKpiRow[];
  total: FdKpiRow;
  packages: { packageId: string; name: string; contracts: number; revenue: number }[];
}

export interface FdKpiDrillRow {
  id: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  teamName: string | null;
  doctorName: string | null;
  packageName: string | null;
  itemName: string | null;
  status: string;
  date: number | null;
  price: number | null;
}
