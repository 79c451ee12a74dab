import { z } from 'zod';

/**
 * Request bodies of the health records API (issue 17: residents, worklists,
 * families, transfers, reveal, audit log). Every string has a length bound and
 * every list a size bound; the server parses with these at the edge.
 */

const page = {
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);

export const RESIDENT_SORTS = ['fullName', 'birthDate', 'completeness', 'lastActivityAt', 'creatorTime', 'auditLevel'] as const;

export const residentListBody = z.object({
  ...page,
  keyword: text(50).optional().default(''),
  orgId: z.string().trim().max(40).optional().default(''),
  familyId: z.string().trim().max(40).optional().default(''),
  /** Only the residents of one employer (工作单位), exactly as the archive spells it. */
  workUnit: text(100).optional().default(''),
  archiveState: z
    .union([z.literal(''), z.coerce.number().int().min(0).max(2)])
    .optional()
    .default(''),
  auditLevel: z
    .union([z.literal(''), z.coerce.number().int().min(0).max(3)])
    .optional()
    .default(''),
  sort: z.enum(RESIDENT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type ResidentListBody = z.output<typeof residentListBody>;

export const RESIDENT_WORKLISTS = ['pendingAudit', 'incomplete', 'inactive', 'duplicates', 'badPhone', 'toCancel'] as const;
export type ResidentWorklistKind = (typeof RESIDENT_WORKLISTS)[number];

export const RESIDENT_ACTIONS = ['activate', 'cancel', 'restore', 'audit', 'cancelAudit', 'returnAudit'] as const;
export const residentActionBody = z.object({
  reason: text(500).optional().default(''),
  cancelReason: z.enum(['1', '2', '3', '4', '9']).optional(),
});

export const revealBody = z.object({ reason: text(500).min(1) });

export const exportBody = z.object({
  ...residentListBody.shape,
  worklist: z.enum(RESIDENT_WORKLISTS).optional(),
  /** Unmasked export: needs the reveal grant too, and a reason (audited). */
  reveal: z.boolean().optional().default(false),
  reason: text(500).optional().default(''),
});

export const familyListBody = z.object({
  ...page,
  keyword: text(50).optional().default(''),
  orgId: z.string().trim().max(40).optional().default(''),
  sort: z.enum(['familyName', 'memberCount', 'creatorTime']).optional(),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
});

export const ENTERPRISE_SORTS = ['workUnit', 'persons', 'htn', 'dm', 'incomplete', 'inactive'] as const;

/** The employers of the archive's residents (企业人员健康), grouped with their people's health figures. */
export const enterpriseListBody = z.object({
  ...page,
  keyword: text(50).optional().default(''),
  sort: z.enum(ENTERPRISE_SORTS).optional().default('persons'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type EnterpriseListBody = z.output<typeof enterpriseListBody>;

export const familyCreateBody = z.object({
  familyName: text(100).min(1),
  address: text(200).optional().default(''),
  headResidentId: id.optional(),
  members: z
    .array(z.object({ id, relationToHead: z.enum(['0', '1', '2', '3', '4', '5', '6', '7', '9']) }))
    .max(50)
    .optional()
    .default([]),
});

export const familyMemberBody = z.object({ relationToHead: z.enum(['0', '1', '2', '3', '4', '5', '6', '7', '9']).nullable() });

export const transferListBody = z.object({
  ...page,
  box: z.enum(['out', 'in', 'all']).default('all'),
  state: z
    .union([z.literal(''), z.coerce.number().int().min(0).max(3)])
    .optional()
    .default(''),
  keyword: text(50).optional().default(''),
});

export const transferCreateBody = z
  .object({
    kind: z.enum(['person', 'family']),
    residentId: id.optional(),
    familyId: id.optional(),
    toOrgId: id,
    toDoctorId: id.optional(),
    reason: text(500).min(1),
    submit: z.boolean().optional().default(true),
  })
  .refine((b) => (b.kind === 'person' ? !!b.residentId : !!b.familyId), { message: 'residentId or familyId', path: ['residentId'] });

export const transferActionBody = z.object({ reason: text(500).optional().default(''), toDoctorId: id.optional() });

export const auditLogListBody = z.object({
  ...page,
  action: z
    .union([z.literal(''), z.enum(['view', 'edit', 'export', 'print', 'reveal'])])
    .optional()
    .default(''),
  keyword: text(50).optional().default(''),
  residentId: z.string().trim().max(40).optional().default(''),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
