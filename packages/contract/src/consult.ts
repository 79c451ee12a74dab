import { z } from 'zod';

/**
 * Remote consultation and conferences (issue 19): the states, who may move a
 * request from which state, the fee schedule and the request bodies. The server
 * checks every transition with `consultTransition` / `conferenceTransition`; the
 * screens use the same tables to show only the actions that can succeed.
 */

export const CONSULT_STATES = ['pending', 'refused', 'approved', 'scheduled', 'held', 'answered', 'evaluated', 'cancelled'] as const;
export type ConsultState = (typeof CONSULT_STATES)[number];
/** Who acts: the applying doctor, a member of the approving role (settings), an expert assigned to the request. */
export type ConsultActor = 'applicant' | 'approver' | 'expert';

export const CONSULT_ACTIONS = ['approve', 'refuse', 'schedule', 'hold', 'opinion', 'evaluate', 'cancel'] as const;
export type ConsultAction = (typeof CONSULT_ACTIONS)[number];

/** The state machine: from which states an action is allowed, the state it leads to and who may take it. */
export const CONSULT_TRANSITIONS: Record<ConsultAction, { from: readonly ConsultState[]; to: ConsultState; by: readonly ConsultActor[] }> =
  {
    approve: { from: ['pending'], to: 'approved', by: ['approver'] },
    refuse: { from: ['pending'], to: 'refused', by: ['approver'] },
    schedule: { from: ['approved', 'scheduled'], to: 'scheduled', by: ['approver'] },
    hold: { from: ['scheduled'], to: 'held', by: ['approver', 'expert'] },
    opinion: { from: ['held'], to: 'answered', by: ['expert'] },
    evaluate: { from: ['answered'], to: 'evaluated', by: ['applicant'] },
    cancel: { from: ['pending', 'approved', 'scheduled'], to: 'cancelled', by: ['applicant'] },
  };

/** 'state' when the action is not allowed from this state, 'actor' when none of the caller's roles may take it, else the next state. */
export function consultTransition(
  state: string,
  action: ConsultAction,
  actors: readonly ConsultActor[],
): { ok: true; to: ConsultState } | { ok: false; reason: 'state' | 'actor' } {
  const t = CONSULT_TRANSITIONS[action];
  if (!(t.from as readonly string[]).includes(state)) return { ok: false, reason: 'state' };
  if (!t.by.some((a) => actors.includes(a))) return { ok: false, reason: 'actor' };
  return { ok: true, to: t.to };
}

export const CONFERENCE_STATES = ['pending', 'refused', 'approved', 'finished', 'cancelled'] as const;
export type ConferenceState = (typeof CONFERENCE_STATES)[number];
export const CONFERENCE_ACTIONS = ['approve', 'refuse', 'finish', 'cancel'] as const;
export type ConferenceAction = (typeof CONFERENCE_ACTIONS)[number];
export type ConferenceActor = 'applicant' | 'approver';
export const CONFERENCE_TRANSITIONS: Record<
  ConferenceAction,
  { from: readonly ConferenceState[]; to: ConferenceState; by: readonly ConferenceActor[] }
> = {
  approve: { from: ['pending'], to: 'approved', by: ['approver'] },
  refuse: { from: ['pending'], to: 'refused', by: ['approver'] },
  finish: { from: ['approved'], to: 'finished', by: ['approver', 'applicant'] },
  cancel: { from: ['pending', 'approved'], to: 'cancelled', by: ['applicant', 'approver'] },
};

export function conferenceTransition(
  state: string,
  action: ConferenceAction,
  actors: readonly ConferenceActor[],
): { ok: true; to: ConferenceState } | { ok: false; reason: 'state' | 'actor' } {
  const t = CONFERENCE_TRANSITIONS[action];
  if (!(t.from as readonly string[]).includes(state)) return { ok: false, reason: 'state' };
  if (!t.by.some((a) => actors.includes(a))) return { ok: false, reason: 'actor' };
  return { ok: true, to: t.to };
}

export const CONSULT_URGENCIES = ['normal', 'urgent'] as const;
export type ConsultUrgency = (typeof CONSULT_URGENCIES)[number];
/** How the experts look at the case: a video session, images sent for reading, or a written question. */
export const CONSULT_MODES = ['video', 'image', 'text'] as const;
export type ConsultMode = (typeof CONSULT_MODES)[number];

/** Fees in fen (1/100 yuan) so sums stay exact. */
const fen = z.coerce.number().int().min(0).max(10_000_000);

/**
 * The consultation and conference settings (menu flow_settings): which role
 * approves, the time limits of each waiting step, and the fee schedule by mode
 * and urgency. Stored as a setting, never in code.
 */
export const consultSettingsSchema = z.object({
  consultApproverRole: z.string().trim().min(1).max(50),
  conferenceApproverRole: z.string().trim().min(1).max(50),
  approveHours: z.coerce.number().int().min(1).max(720),
  urgentApproveHours: z.coerce.number().int().min(1).max(720),
  opinionHours: z.coerce.number().int().min(1).max(720),
  fees: z.object({
    video: z.object({ normal: fen, urgent: fen }),
    image: z.object({ normal: fen, urgent: fen }),
    text: z.object({ normal: fen, urgent: fen }),
  }),
});
export type ConsultSettings = z.infer<typeof consultSettingsSchema>;

export const DEFAULT_CONSULT_SETTINGS: ConsultSettings = {
  consultApproverRole: 'countyDoctor',
  conferenceApproverRole: 'countyDoctor',
  approveHours: 24,
  urgentApproveHours: 2,
  opinionHours: 48,
  fees: { video: { normal: 20000, urgent: 30000 }, image: { normal: 10000, urgent: 15000 }, text: { normal: 5000, urgent: 8000 } },
};

/** The charge of a held consultation, in fen, from the fee schedule. */
export function consultFee(settings: ConsultSettings, mode: ConsultMode, urgency: ConsultUrgency): number {
  return settings.fees[mode][urgency];
}

/** When an application waits too long for approval: its deadline from the settings. */
export function approveDeadline(settings: ConsultSettings, urgency: ConsultUrgency, createdAt: number): number {
  return createdAt + (urgency === 'urgent' ? settings.urgentApproveHours : settings.approveHours) * 3_600_000;
}

/** The accounting month of a charge, in China time (UTC+8, no daylight saving): 'YYYY-MM'. */
export function chargeMonth(at: number): string {
  const d = new Date(at + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

// ---- request bodies -------------------------------------------------------

const page = {
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);
const time = z.coerce.number().int().min(0).max(8_640_000_000_000);

export const attachmentSchema = z.object({
  name: text(255).min(1),
  fileId: text(100).min(1),
  fileSize: z.coerce.number().int().min(0).max(10_000_000_000),
  fileExtension: text(20).default(''),
  fileVersionId: text(100).default(''),
  url: text(500).default(''),
  fileName: text(255).optional(),
});
const attachments = z.array(attachmentSchema).max(20).default([]);

export const consultApplyBody = z.object({
  residentId: id,
  question: text(2000).min(1),
  summary: text(4000).default(''),
  urgency: z.enum(CONSULT_URGENCIES),
  mode: z.enum(CONSULT_MODES),
  deptId: z.string().trim().max(40).default(''),
  expertId: z.string().trim().max(40).default(''),
  attachments,
});

export const consultApproveBody = z.object({ expertIds: z.array(id).min(1).max(10), note: text(500).default('') });
export const consultRefuseBody = z.object({ reason: text(500).min(1) });
/** A room or a link is required (checked by the server with a translated message). */
export const consultScheduleBody = z.object({ scheduledAt: time, room: text(200).default(''), link: text(500).default('') });
export const consultOpinionBody = z.object({ opinion: text(4000).min(1), templateId: z.string().trim().max(40).default('') });
export const consultEvaluateBody = z.object({ score: z.coerce.number().int().min(1).max(5), comment: text(1000).default('') });
export const consultCancelBody = z.object({ reason: text(500).min(1) });
export const consultRevealBody = z.object({ reason: text(200).min(1) });

export const CONSULT_BOXES = ['mine', 'approve', 'expert', 'all'] as const;
export const consultListBody = z.object({
  ...page,
  box: z.enum(CONSULT_BOXES).default('all'),
  state: z.union([z.literal(''), z.enum(CONSULT_STATES)]).default(''),
  urgency: z.union([z.literal(''), z.enum(CONSULT_URGENCIES)]).default(''),
  orgId: z.string().trim().max(40).default(''),
  keyword: text(50).default(''),
  from: time.optional(),
  to: time.optional(),
});
export type ConsultListQuery = z.input<typeof consultListBody>;

export const chargeListBody = z.object({
  month: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}$/)]).default(''),
  orgId: z.string().trim().max(40).default(''),
});

export const templateBody = z.object({
  deptId: id,
  title: text(100).min(1),
  content: text(4000).min(1),
  sortCode: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const templateSortBody = z.object({ ids: z.array(id).min(1).max(500) });

export const CONFERENCE_MODES = ['online', 'offline'] as const;
/** End after start, a place (offline) or link (online), and someone invited: checked by the server with translated messages. */
export const conferenceBody = z.object({
  title: text(200).min(1),
  mode: z.enum(CONFERENCE_MODES),
  startAt: time,
  endAt: time,
  place: text(200).default(''),
  link: text(500).default(''),
  agenda: text(4000).default(''),
  orgIds: z.array(id).max(100).default([]),
  roleIds: z.array(id).max(50).default([]),
  userIds: z.array(id).max(500).default([]),
  attachments,
});
export type ConferenceInput = z.input<typeof conferenceBody>;

export const conferenceListBody = z.object({
  ...page,
  box: z.enum(['mine', 'approve', 'all', 'attend']).default('all'),
  state: z.union([z.literal(''), z.enum(CONFERENCE_STATES)]).default(''),
  keyword: text(50).default(''),
});
export const conferenceMinutesBody = z.object({ minutes: text(20000).min(1) });
export const conferenceItemBody = z.object({ content: text(500).min(1), ownerId: id, dueAt: time.optional() });
export const conferenceRateBody = z.object({ score: z.coerce.number().int().min(1).max(5), comment: text(500).default('') });
export const conferenceRefuseBody = z.object({ reason: text(500).min(1) });

/** The rule a conference's data must meet beyond the field types: a message key, or null when valid. */
export function conferenceProblem(b: {
  startAt: number;
  endAt: number;
  mode: string;
  place: string;
  link: string;
  orgIds: unknown[];
  roleIds: unknown[];
  userIds: unknown[];
}): string | null {
  if (b.endAt <= b.startAt) return 'conference.endBeforeStart';
  if (b.mode === 'online' ? !b.link : !b.place) return 'conference.placeOrLink';
  if (!b.orgIds.length && !b.roleIds.length && !b.userIds.length) return 'conference.noParticipants';
  return null;
}
