import { z } from 'zod';

/**
 * Training centre (issue 21): courses with materials, course demand from
 * units, applications to attend (approved through the workflow engine, form
 * kind 'trainingApply'), course review, comments and ratings, live broadcasts
 * (approved through the engine, kind 'trainingLive') with comments,
 * attendance and replays, and video on demand with watch progress.
 * Pure: the server enforces it, the screens show what it allows.
 */

export const TRAINING_APPLY_KIND = 'trainingApply';
export const TRAINING_LIVE_KIND = 'trainingLive';
/** The seeded flow definitions (enCode) the applications start. */
export const TRAINING_APPLY_FLOW = 'trainingApplyFlow';
export const TRAINING_LIVE_FLOW = 'trainingLiveFlow';

/** Cross-field rules (ranges, reasons) are the server's, answered with translated messages. */
/** draft → pending (submitted for review) → published | rejected (back to editing); published → closed. */
export const COURSE_STATUSES = ['draft', 'pending', 'published', 'rejected', 'closed'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_CATEGORIES = ['clinical', 'publicHealth', 'chronic', 'maternalChild', 'tcm', 'nursing', 'management'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const APPLY_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApplyStatus = (typeof APPLY_STATUSES)[number];
export const DEMAND_STATUSES = ['open', 'adopted', 'closed'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];
export const LIVE_STATUSES = ['pending', 'approved', 'rejected', 'live', 'ended'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const MATERIAL_KINDS = ['video', 'doc'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** A video counts as watched once this share of it has been seen. */
export const WATCH_COMPLETE_RATIO = 0.9;
/** How often the player saves its position (seconds). */
export const WATCH_SAVE_SECONDS = 5;

/** Whether a watch position completes a material of `duration` seconds. */
export const watchCompletes = (watchedS: number, durationS: number): boolean =>
  durationS > 0 && watchedS >= Math.ceil(durationS * WATCH_COMPLETE_RATIO);

const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);
const time = z.number().int().min(0).max(4_102_444_800_000);
const paging = {
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(50).optional().default(''),
};
const sortOrder = z.enum(['asc', 'desc']).optional().default('desc');

export const courseBody = z
  .object({
    title: text(200).min(2),
    category: z.enum(COURSE_CATEGORIES),
    teacherId: id.nullable().optional(),
    teacherName: text(100).min(1),
    intro: text(5000).optional().default(''),
    coverFileId: id.nullable().optional(),
    startsAt: time.nullable().optional(),
    endsAt: time.nullable().optional(),
    capacity: z.number().int().min(0).max(100_000).default(0),
    credit: z.number().int().min(0).max(100).default(0),
  })
  .strict();
export type CourseBody = z.input<typeof courseBody>;

export const COURSE_BOXES = ['manage', 'review', 'catalogue'] as const;
export const courseListQuery = z
  .object({
    ...paging,
    box: z.enum(COURSE_BOXES).default('catalogue'),
    status: z.enum(COURSE_STATUSES).optional(),
    category: z.enum(COURSE_CATEGORIES).optional(),
    sort: z.enum(['createdAt', 'startsAt', 'title', 'courseNo']).optional().default('createdAt'),
    order: sortOrder,
  })
  .strict();
export type CourseListQuery = z.input<typeof courseListQuery>;

export const materialBody = z
  .object({
    fileId: z
      .string()
      .trim()
      .regex(/^\d{1,19}$/),
    kind: z.enum(MATERIAL_KINDS),
    title: text(200).min(1),
    durationS: z.number().int().min(0).max(86_400).default(0),
    sortCode: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type MaterialBody = z.input<typeof materialBody>;

export const reviewBody = z.object({ decision: z.enum(['approve', 'reject']), comment: text(500).optional().default('') }).strict();

export const demandBody = z
  .object({
    topic: text(200).min(2),
    category: z.enum(COURSE_CATEGORIES),
    content: text(2000).optional().default(''),
    headcount: z.number().int().min(1).max(10_000).default(1),
    expectedMonth: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .nullable()
      .optional(),
  })
  .strict();
export type DemandBody = z.input<typeof demandBody>;
export const demandReplyBody = z
  .object({ status: z.enum(['adopted', 'closed']), reply: text(500).optional().default(''), courseId: id.nullable().optional() })
  .strict();
export const demandListQuery = z
  .object({ ...paging, status: z.enum(DEMAND_STATUSES).optional(), category: z.enum(COURSE_CATEGORIES).optional(), order: sortOrder })
  .strict();

export const applyBody = z.object({ courseId: id, reason: text(500).optional().default('') }).strict();
export const APPLY_BOXES = ['mine', 'todo', 'all'] as const;
export const applyListQuery = z
  .object({ ...paging, box: z.enum(APPLY_BOXES).default('mine'), status: z.enum(APPLY_STATUSES).optional(), order: sortOrder })
  .strict();

export const commentBody = z.object({ courseId: id, rating: z.number().int().min(1).max(5), content: text(2000).min(1) }).strict();
export const commentListQuery = z
  .object({
    ...paging,
    courseId: id.optional(),
    hidden: z.enum(['0', '1']).optional(),
    sort: z.enum(['createdAt', 'rating']).optional().default('createdAt'),
    order: sortOrder,
  })
  .strict();
export const hideBody = z.object({ hidden: z.boolean(), reason: text(500).optional().default('') }).strict();

export const liveBody = z
  .object({
    title: text(200).min(2),
    speaker: text(100).min(1),
    courseId: id.nullable().optional(),
    intro: text(5000).optional().default(''),
    startsAt: time,
    endsAt: time,
  })
  .strict();
export type LiveBody = z.input<typeof liveBody>;
export const LIVE_BOXES = ['mine', 'todo', 'schedule', 'replay'] as const;
export const liveListQuery = z
  .object({ ...paging, box: z.enum(LIVE_BOXES).default('schedule'), status: z.enum(LIVE_STATUSES).optional(), order: sortOrder })
  .strict();
export const LIVE_ACTIONS = ['start', 'end'] as const;
export const liveCommentBody = z.object({ content: text(1000).min(1) }).strict();
export const replayBody = z
  .object({
    fileId: z
      .string()
      .trim()
      .regex(/^\d{1,19}$/),
  })
  .strict();

/** The live provider: the page embeds `urlTemplate` with {id} replaced by the live's id. */
export const liveProviderSchema = z
  .object({
    name: text(100).min(1),
    urlTemplate: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/[^\s"'<>]+$/),
    kind: z.enum(['video', 'iframe']),
  })
  .strict();
export type LiveProvider = z.infer<typeof liveProviderSchema>;
export const DEFAULT_LIVE_PROVIDER: LiveProvider = {
  name: '县医共体直播平台',
  urlTemplate: 'https://live.qingshan.example/hls/{id}.m3u8',
  kind: 'video',
};

export const progressBody = z
  .object({
    positionS: z.number().min(0).max(86_400),
    /** Seconds newly watched since the last save (capped by the server to the time elapsed). */
    deltaS: z.number().min(0).max(600),
    durationS: z.number().min(0).max(86_400).optional(),
  })
  .strict();
export type ProgressBody = z.input<typeof progressBody>;

export interface CourseRow {
  id: string;
  courseNo: string;
  title: string;
  category: CourseCategory;
  teacherId: string | null;
  teacherName: string;
  orgId: string | null;
  intro: string | null;
  status: CourseStatus;
  startsAt: number | null;
  endsAt: number | null;
  capacity: number;
  credit: number;
  createdAt: number;
  createdBy: string | null;
  creatorName: string | null;
  submittedAt: number | null;
  reviewComment: string | null;
  materials: number;
  approved: number;
  rating: number | null;
  ratings: number;
  /** The caller's application status, when they applied. */
  myApply: ApplyStatus | null;
  /** The caller's progress over the course's videos, 0..100. */
  myProgress: number;
}

export interface MaterialRow {
  id: string;
  courseId: string;
  fileId: string;
  kind: MaterialKind;
  title: string;
  durationS: number;
  sortCode: number;
  fileName: string | null;
  fileSize: number;
  positionS: number;
  watchedS: number;
  completed: boolean;
}

export interface DemandRow {
  id: string;
  orgId: string;
  orgName: string | null;
  userId: string;
  userName: string | null;
  topic: string;
  category: CourseCategory;
  content: string | null;
  headcount: number;
  expectedMonth: string | null;
  status: DemandStatus;
  reply: string | null;
  courseId: string | null;
  createdAt: number;
}

export interface ApplicationRow {
  id: string;
  courseId: string;
  courseNo: string;
  courseTitle: string;
  userId: string;
  userName: string | null;
  orgName: string | null;
  reason: string | null;
  status: ApplyStatus;
  flowInstanceId: string | null;
  appliedAt: number;
  decidedAt: number | null;
  decisionComment: string | null;
  /** The caller's open task on this application's flow, to approve or reject through the engine. */
  taskId: string | null;
}

export interface CommentRow {
  id: string;
  courseId: string;
  courseTitle: string;
  userId: string;
  userName: string | null;
  rating: number;
  content: string;
  hidden: boolean;
  hiddenReason: string | null;
  createdAt: number;
  mine: boolean;
}

export interface LiveRow {
  id: string;
  courseId: string | null;
  courseTitle: string | null;
  title: string;
  speaker: string;
  intro: string | null;
  startsAt: number;
  endsAt: number;
  status: LiveStatus;
  applicantId: string;
  applicantName: string | null;
  replayFileId: string | null;
  flowInstanceId: string | null;
  startedAt: number | null;
  endedAt: number | null;
  attendees: number;
  taskId: string | null;
}

export interface LiveCommentRow {
  id: string;
  userId: string;
  userName: string | null;
  content: string;
  createdAt: number;
}

export interface AttendanceRow {
  userId: string;
  userName: string | null;
  orgName: string | null;
  firstJoinedAt: number;
  lastLeftAt: number | null;
  seconds: number;
}
