import { z } from 'zod';

/**
 * Remote ultrasound and the image centre (issue 20, M10; health-domain.md §3):
 * one study engine for both centres. The report states of a RIS (登记 → 检查 →
 * 报告 → 审核 → 发布), the image-quality checklist of the collaborative audit,
 * the per-stage time limits (SLA) and the request schemas. Pure: the server
 * enforces it, the screens show what it allows.
 */

export const IMAGING_CENTRES = ['ultrasound', 'imaging'] as const;
export type ImagingCentre = (typeof IMAGING_CENTRES)[number];

export const IMAGING_STATUS = {
  registered: 'registered', // 已登记
  uploaded: 'uploaded', // 已上传
  qcReturned: 'qc_returned', // 退回补传
  qcPassed: 'qc_passed', // 初审合格
  triaged: 'triaged', // 已分诊
  reading: 'reading', // 诊断中
  preliminary: 'preliminary', // 初步报告
  auditing: 'auditing', // 审核中
  audited: 'audited', // 已审核
  auditReturned: 'audit_returned', // 退回修改
  released: 'released', // 已发布
  revised: 'revised', // 已修订
  cancelled: 'cancelled', // 已撤销
} as const;
export type ImagingStatus = (typeof IMAGING_STATUS)[keyof typeof IMAGING_STATUS];
export const IMAGING_STATUSES = Object.values(IMAGING_STATUS) as ImagingStatus[];

export const IMAGING_STATUS_LABELS: Record<ImagingStatus, { zh: string; zhtw: string; en: string }> = {
  registered: { zh: '已登记', zhtw: '已登記', en: 'Registered' },
  uploaded: { zh: '已上传', zhtw: '已上傳', en: 'Uploaded' },
  qc_returned: { zh: '退回补传', zhtw: '退回補傳', en: 'Returned for images' },
  qc_passed: { zh: '初审合格', zhtw: '初審合格', en: 'Quality passed' },
  triaged: { zh: '已分诊', zhtw: '已分診', en: 'Triaged' },
  reading: { zh: '诊断中', zhtw: '診斷中', en: 'Reading' },
  preliminary: { zh: '初步报告', zhtw: '初步報告', en: 'Preliminary report' },
  auditing: { zh: '审核中', zhtw: '審核中', en: 'In audit' },
  audited: { zh: '已审核', zhtw: '已審核', en: 'Audited' },
  audit_returned: { zh: '退回修改', zhtw: '退回修改', en: 'Returned for revision' },
  released: { zh: '已发布', zhtw: '已發佈', en: 'Released' },
  revised: { zh: '已修订', zhtw: '已修訂', en: 'Revised' },
  cancelled: { zh: '已撤销', zhtw: '已撤銷', en: 'Cancelled' },
};

/** States in which the study still waits for someone (has a stage deadline). */
export const IMAGING_OPEN_STATUSES: ImagingStatus[] = [
  'registered',
  'uploaded',
  'qc_returned',
  'qc_passed',
  'triaged',
  'reading',
  'preliminary',
  'auditing',
  'audited',
  'audit_returned',
];
export const IMAGING_RELEASED_STATUSES: ImagingStatus[] = ['released', 'revised'];

/** 0 routine (普通), 1 urgent (加急), 2 emergency (急诊): the queue orders by it, highest first. */
export const IMAGING_PRIORITIES = [0, 1, 2] as const;
export type ImagingPriority = (typeof IMAGING_PRIORITIES)[number];
export const IMAGING_PRIORITY_LABELS: Record<ImagingPriority, { zh: string; zhtw: string; en: string }> = {
  0: { zh: '普通', zhtw: '普通', en: 'Routine' },
  1: { zh: '加急', zhtw: '加急', en: 'Urgent' },
  2: { zh: '急诊', zhtw: '急診', en: 'Emergency' },
};

/** The 16-item image-quality checklist (health-domain.md §3, [IMGQC]), in its order. */
export const IMAGING_CHECKLIST = [
  'q01',
  'q02',
  'q03',
  'q04',
  'q05',
  'q06',
  'q07',
  'q08',
  'q09',
  'q10',
  'q11',
  'q12',
  'q13',
  'q14',
  'q15',
  'q16',
] as const;
export type ImagingChecklistCode = (typeof IMAGING_CHECKLIST)[number];
export const IMAGING_CHECKLIST_LABELS: Record<ImagingChecklistCode, { zh: string; zhtw: string; en: string }> = {
  q01: { zh: '检查部位错误', zhtw: '檢查部位錯誤', en: 'Wrong body part' },
  q02: { zh: '多部位部位不全', zhtw: '多部位部位不全', en: 'Multi-part study incomplete' },
  q03: { zh: '受检者信息有误或不全', zhtw: '受檢者資訊有誤或不全', en: 'Patient details wrong or incomplete' },
  q04: { zh: '检查前准备不充分', zhtw: '檢查前準備不充分', en: 'Insufficient preparation' },
  q05: { zh: '可避免伪影', zhtw: '可避免偽影', en: 'Avoidable artefacts' },
  q06: { zh: '扫描野不当', zhtw: '掃描野不當', en: 'Improper field of view' },
  q07: { zh: '检查范围不规范', zhtw: '檢查範圍不規範', en: 'Non-standard coverage' },
  q08: { zh: '参数/序列不当', zhtw: '參數/序列不當', en: 'Improper parameters or sequences' },
  q09: { zh: '窗技术不当', zhtw: '窗技術不當', en: 'Improper windowing' },
  q10: { zh: '图像位置不规范', zhtw: '影像位置不規範', en: 'Non-standard image position' },
  q11: { zh: '造影剂不当', zhtw: '造影劑不當', en: 'Improper contrast agent' },
  q12: { zh: '增强时相不当', zhtw: '增強時相不當', en: 'Improper enhancement phase' },
  q13: { zh: '步骤不规范', zhtw: '步驟不規範', en: 'Non-standard procedure' },
  q14: { zh: '后处理不佳', zhtw: '後處理不佳', en: 'Poor post-processing' },
  q15: { zh: '排版不规范', zhtw: '排版不規範', en: 'Non-standard layout' },
  q16: { zh: '未及时发送PACS', zhtw: '未及時發送PACS', en: 'Not sent to PACS in time' },
};

export const IMAGING_GRADES = ['excellent', 'good', 'pass', 'fail'] as const;
export type ImagingGrade = (typeof IMAGING_GRADES)[number];
export const IMAGING_GRADE_LABELS: Record<ImagingGrade, { zh: string; zhtw: string; en: string }> = {
  excellent: { zh: '优秀', zhtw: '優秀', en: 'Excellent' },
  good: { zh: '良好', zhtw: '良好', en: 'Good' },
  pass: { zh: '合格', zhtw: '合格', en: 'Pass' },
  fail: { zh: '不合格', zhtw: '不合格', en: 'Fail' },
};

export const IMAGING_IMAGE_KINDS = ['dicom', 'image', 'video'] as const;
export type ImagingImageKind = (typeof IMAGING_IMAGE_KINDS)[number];
/** File extensions a study takes, by kind (the server also checks the content). */
export const IMAGING_EXTENSIONS: Record<ImagingImageKind, string[]> = {
  dicom: ['dcm', 'dicom'],
  image: ['jpg', 'jpeg', 'png'],
  video: ['mp4'],
};

// ---- the state machine ----

/**
 * Who acts on a study:
 * - applicant: the applying unit (apply_org_id in the caller's health scope, with the centre's registration menu);
 * - centre: any reader of the centre (quality check, triage, release);
 * - reader: the study's assigned reader;
 * - auditor: a reader of the centre other than the reporter;
 * - director: the centre's director (or an administrator).
 */
export type ImagingParty = 'applicant' | 'centre' | 'reader' | 'auditor' | 'director';

export const IMAGING_ACTIONS = [
  'uploadDone',
  'qcPass',
  'qcReturn',
  'triage',
  'take',
  'start',
  'submit',
  'sendAudit',
  'auditPass',
  'auditReturn',
  'release',
  'revise',
  'cancel',
] as const;
export type ImagingAction = (typeof IMAGING_ACTIONS)[number];

export interface ImagingTransitionRule {
  from: ImagingStatus[];
  to: ImagingStatus;
  parties: ImagingParty[];
  commentRequired: boolean;
}

export const IMAGING_TRANSITIONS: Record<ImagingAction, ImagingTransitionRule> = {
  uploadDone: { from: ['registered', 'qc_returned'], to: 'uploaded', parties: ['applicant'], commentRequired: false },
  qcPass: { from: ['uploaded'], to: 'qc_passed', parties: ['centre'], commentRequired: false },
  qcReturn: { from: ['uploaded'], to: 'qc_returned', parties: ['centre'], commentRequired: true },
  // Triage assigns (or re-assigns before reading starts) a reader from the roster.
  triage: { from: ['qc_passed', 'triaged'], to: 'triaged', parties: ['centre'], commentRequired: false },
  // A reader claims an unassigned study, or a breached one of another reader (ownership ends at the SLA breach).
  take: { from: ['qc_passed', 'triaged', 'reading'], to: 'triaged', parties: ['centre'], commentRequired: false },
  start: { from: ['triaged', 'audit_returned'], to: 'reading', parties: ['reader'], commentRequired: false },
  submit: { from: ['reading'], to: 'preliminary', parties: ['reader'], commentRequired: false },
  sendAudit: { from: ['preliminary'], to: 'auditing', parties: ['reader', 'director'], commentRequired: false },
  auditPass: { from: ['auditing'], to: 'audited', parties: ['auditor'], commentRequired: false },
  auditReturn: { from: ['auditing'], to: 'audit_returned', parties: ['auditor'], commentRequired: true },
  release: { from: ['audited'], to: 'released', parties: ['auditor', 'reader', 'director'], commentRequired: false },
  revise: { from: ['released', 'revised'], to: 'revised', parties: ['reader', 'director'], commentRequired: true },
  cancel: {
    from: [
      'registered',
      'uploaded',
      'qc_returned',
      'qc_passed',
      'triaged',
      'reading',
      'preliminary',
      'auditing',
      'audited',
      'audit_returned',
    ],
    to: 'cancelled',
    parties: ['applicant', 'director'],
    commentRequired: true,
  },
};

/** States the applicant may still cancel in (before a reader starts); the director cancels any open study. */
export const IMAGING_APPLICANT_CANCEL_FROM: ImagingStatus[] = ['registered', 'uploaded', 'qc_returned', 'qc_passed', 'triaged'];

export function imagingTransitionAllowed(action: ImagingAction, status: string): boolean {
  return IMAGING_TRANSITIONS[action].from.includes(status as ImagingStatus);
}

/** The SLA stage a study in this state is in (null: nobody is waited on). */
export type ImagingStage = 'upload' | 'qc' | 'triage' | 'reading' | 'audit' | 'release';
export function imagingStage(status: string): ImagingStage | null {
  switch (status) {
    case 'registered':
    case 'qc_returned':
      return 'upload';
    case 'uploaded':
      return 'qc';
    case 'qc_passed':
      return 'triage';
    case 'triaged':
    case 'reading':
    case 'audit_returned':
      return 'reading';
    case 'preliminary':
    case 'auditing':
      return 'audit';
    case 'audited':
      return 'release';
    default:
      return null;
  }
}

/** Per-stage time limits in minutes, per priority multiplier (a setting per centre). */
const minutes = z
  .number()
  .int()
  .min(1)
  .max(60 * 24 * 30);
export const imagingLimitsSchema = z
  .object({
    uploadMinutes: minutes,
    qcMinutes: minutes,
    triageMinutes: minutes,
    readingMinutes: minutes,
    auditMinutes: minutes,
    releaseMinutes: minutes,
    /** Urgent (1) and emergency (2) studies get this share (percent) of each limit. */
    urgentPercent: z.number().int().min(1).max(100),
    emergencyPercent: z.number().int().min(1).max(100),
  })
  .strict();
export type ImagingLimits = z.output<typeof imagingLimitsSchema>;
export const DEFAULT_IMAGING_LIMITS: ImagingLimits = {
  uploadMinutes: 24 * 60,
  qcMinutes: 120,
  triageMinutes: 60,
  readingMinutes: 240,
  auditMinutes: 240,
  releaseMinutes: 120,
  urgentPercent: 50,
  emergencyPercent: 25,
};

/** The deadline of a stage entered at `at` (null when the state waits on nobody). */
export function imagingStageDue(limits: ImagingLimits, status: string, priority: number, at: number): number | null {
  const stage = imagingStage(status);
  if (!stage) return null;
  const base = {
    upload: limits.uploadMinutes,
    qc: limits.qcMinutes,
    triage: limits.triageMinutes,
    reading: limits.readingMinutes,
    audit: limits.auditMinutes,
    release: limits.releaseMinutes,
  }[stage];
  const pct = priority >= 2 ? limits.emergencyPercent : priority === 1 ? limits.urgentPercent : 100;
  return at + Math.max(1, Math.round((base * pct) / 100)) * 60_000;
}

/** YYYY-MM (UTC) of a time: the fee month of a released study. */
export const imagingMonth = (at: number): string => new Date(at).toISOString().slice(0, 7);

// ---- request schemas ----

const id = z.string().trim().min(1).max(40);
const text = (max: number) => z.string().trim().max(max);

export const imagingCentreParam = z.object({ centre: z.enum(IMAGING_CENTRES) }).strict();

export const imagingStudyBody = z
  .object({
    residentId: id,
    /** The applying unit (defaults to the caller's unit); must lie in the caller's health scope. */
    applyOrgId: id.optional(),
    /** The applying doctor (defaults to the caller); a user of the applying unit. */
    applyDoctorId: id.optional(),
    itemId: id,
    bodyPartId: id,
    clinicalDiagnosis: text(500).min(1),
    device: text(100).optional().default(''),
    priority: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .default(0),
  })
  .strict();
export type ImagingStudyBody = z.output<typeof imagingStudyBody>;

/** The report fields a reader writes (draft, submit, revise). */
export const imagingReportFields = z
  .object({
    templateId: id.nullable().optional(),
    findings: text(8000).optional().default(''),
    impression: text(4000).optional().default(''),
    advice: text(2000).optional().default(''),
    method: text(1000).optional().default(''),
    positive: z.boolean().nullable().optional().default(null),
  })
  .strict();
export type ImagingReportFields = z.output<typeof imagingReportFields>;

/**
 * One action body. `version` (optional) is the study version the caller saw:
 * when given and stale the action is refused with 409 (optimistic lock).
 */
export const imagingActionBody = z
  .object({
    comment: text(1000).optional().default(''),
    version: z.number().int().min(0).max(2_000_000_000).optional(),
    /** qcReturn: the checklist items the images fail. */
    items: z.array(z.enum(IMAGING_CHECKLIST)).max(16).optional().default([]),
    /** triage: the reader assigned. sendAudit: optionally the auditor. */
    readerId: id.optional(),
    auditorId: id.optional(),
    /** submit / revise: the report (submit may also rely on the saved draft). */
    report: imagingReportFields.optional(),
  })
  .strict();
export type ImagingActionBody = z.output<typeof imagingActionBody>;

export const imagingImageBody = z.object({ fileId: z.string().regex(/^\d{1,19}$/) }).strict();

export const imagingReviewBody = z
  .object({
    items: z.array(z.enum(IMAGING_CHECKLIST)).max(16).default([]),
    grade: z.enum(IMAGING_GRADES),
    comment: text(1000).optional().default(''),
    /** The auditor disagrees with the report (counted in the audit-change rate). */
    disagrees: z.boolean().optional().default(false),
  })
  .strict();
export type ImagingReviewBody = z.output<typeof imagingReviewBody>;

export const imagingRosterBody = z
  .object({
    userId: id,
    itemId: id.nullable().optional().default(null),
    weekday: z.number().int().min(0).max(6).nullable().optional().default(null),
    sortCode: z.number().int().min(0).max(1_000_000).optional().default(0),
  })
  .strict();

export const imagingRevealBody = z.object({ reason: text(200).min(2) }).strict();

export const IMAGING_WORKLISTS = [
  'registrations', // the applying unit's registrations (登记列表)
  'qc', // 待初审: uploaded
  'triage', // 待分诊: qc_passed (unassigned)
  'mine', // 我的待诊断: assigned to me, triaged / reading / audit_returned
  'audit', // 待审核: preliminary / auditing, reported by someone else
  'breached', // 超时: past the stage deadline (every reader of the centre)
  'returned', // 退回: qc_returned (applicant) / audit_returned (reader)
  'released', // 已发布: released / revised (centre and the applying unit)
  'all', // every study in the caller's scope (queries)
] as const;
export type ImagingWorklist = (typeof IMAGING_WORKLISTS)[number];

export const IMAGING_SORTS = ['priority', 'stageDueAt', 'registeredAt', 'releasedAt', 'applyNo', 'status'] as const;

const epochMs = z.coerce.number().int().min(0).max(4_102_444_800_000);
export const imagingListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
    keyword: text(50).optional().default(''),
    status: z
      .enum(['', ...IMAGING_STATUSES])
      .optional()
      .default(''),
    applyOrgId: id.optional(),
    readerId: id.optional(),
    itemId: id.optional(),
    dateFrom: epochMs.optional(),
    dateTo: epochMs.optional(),
    /** Default: the queue order (priority desc, stage deadline asc) for work lists, registration time desc otherwise. */
    sort: z.enum(IMAGING_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .strict();
export type ImagingListQuery = z.output<typeof imagingListQuery>;

// ---- answers ----

export interface ImagingStudyRow {
  id: string;
  centre: ImagingCentre;
  applyNo: string;
  status: ImagingStatus;
  priority: number;
  residentId: string;
  /** Masked unless revealed. */
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  birthDate: number | null;
  applyOrgId: string;
  applyOrgName: string | null;
  applyDoctorId: string | null;
  applyDoctorName: string | null;
  itemId: string;
  itemName: string | null;
  bodyPartId: string;
  bodyPartName: string | null;
  clinicalDiagnosis: string;
  device: string;
  readerId: string | null;
  readerName: string | null;
  auditorId: string | null;
  auditorName: string | null;
  stageDueAt: number | null;
  /** Time left in the current stage (ms, negative when breached; null when no stage). */
  remainingMs: number | null;
  breached: boolean;
  positive: boolean | null;
  imageCount: number;
  registeredAt: number;
  releasedAt: number | null;
  version: number;
}

export interface ImagingImage {
  id: string;
  fileId: string;
  kind: ImagingImageKind;
  name: string;
  extension: string;
  size: number;
  studyUid: string | null;
  seriesUid: string | null;
  sopUid: string | null;
  modality: string | null;
  instanceNo: number | null;
  /** Scoped content address (GET, supports Range). */
  url: string;
  createdAt: number;
}

export interface ImagingReport {
  id: string;
  version: number;
  /** 1: the report now in force (or being written). */
  current: boolean;
  /** Not yet submitted (a draft). */
  draft: boolean;
  templateId: string | null;
  findings: string;
  impression: string;
  advice: string;
  method: string;
  positive: boolean | null;
  reporterId: string | null;
  reporterName: string | null;
  reportedAt: number | null;
  auditorId: string | null;
  auditorName: string | null;
  auditedAt: number | null;
  releasedAt: number | null;
}

export interface ImagingEvent {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorId: string;
  actorName: string | null;
  at: number;
  comment: string | null;
  detail: Record<string, unknown> | null;
}

export interface ImagingReview {
  id: string;
  reviewerId: string;
  reviewerName: string | null;
  items: ImagingChecklistCode[];
  grade: ImagingGrade;
  comment: string;
  disagrees: boolean;
  createdAt: number;
}

export interface ImagingStudyDetail extends ImagingStudyRow {
  applyDoctorName: string | null;
  registeredBy: string | null;
  registeredByName: string | null;
  uploadedAt: number | null;
  qcAt: number | null;
  qcByName: string | null;
  triagedAt: number | null;
  readStartedAt: number | null;
  reportedAt: number | null;
  auditedAt: number | null;
  releasedByName: string | null;
  cancelledAt: number | null;
  diagFee: number | null;
  applyFee: number | null;
  feeMonth: string | null;
  images: ImagingImage[];
  reports: ImagingReport[];
  events: ImagingEvent[];
  reviews: ImagingReview[];
  /** Actions the caller may take now (the screen's buttons). */
  actions: ImagingAction[];
  /** The caller may edit the registration / attach or remove images. */
  canEdit: boolean;
  canAttach: boolean;
  canReview: boolean;
}

export interface ImagingPrint {
  studyId: string;
  centre: ImagingCentre;
  applyNo: string;
  unitName: string;
  centreName: string;
  patient: { fullName: string; sex: string | null; age: number | null; idNumber: string; phone: string };
  applyOrgName: string | null;
  applyDoctorName: string | null;
  itemName: string | null;
  bodyPartName: string | null;
  clinicalDiagnosis: string;
  device: string;
  method: string;
  findings: string;
  impression: string;
  advice: string;
  positive: boolean | null;
  reporterName: string | null;
  auditorName: string | null;
  registeredAt: number;
  reportedAt: number | null;
  auditedAt: number | null;
  releasedAt: number | null;
  reportVersion: number;
  verifyCode: string;
  /** Path of the public verification answer (the QR code points at it). */
  verifyUrl: string;
}

export interface ImagingVerification {
  authentic: boolean;
  centre?: ImagingCentre;
  applyNo?: string;
  unitName?: string;
  itemName?: string | null;
  reportVersion?: number;
  releasedAt?: number | null;
  /** false when a newer version replaced the printed one. */
  latest?: boolean;
}

export interface ImagingMeta {
  centre: ImagingCentre;
  unitId: string | null;
  isReader: boolean;
  isDirector: boolean;
  rights: { register: boolean; qc: boolean; triage: boolean; read: boolean; audit: boolean; release: boolean; settings: boolean };
  limits: ImagingLimits;
}
