import { z } from 'zod';
import type { FileEntry } from '../file.ts';

/**
 * Notice administration (spec §7.2 GET Notice, POST, PUT/GET/DELETE {id},
 * PUT {id}/Actions/Release; §3 "Notice or message"; server-contract §5): a
 * publisher writes a notice (sanitized rich text, attachments, recipients),
 * releases it once to everyone or to chosen organisations (with their
 * subtrees), roles and users, and follows who has read it.
 */

/** A title fits the messages column. */
export const NOTICE_TITLE_MAX = 200;
/** The body's HTML, before sanitizing (about 200 KB of text: pictures go as uploaded files, not data URLs). */
export const NOTICE_BODY_MAX = 200_000;
export const NOTICE_FILES_MAX = 20;
/** Chosen organisations, roles or users, each. */
export const NOTICE_TARGETS_MAX = 500;

/** 0 draft, 1 released (BASE_MESSAGE.EnabledMark). */
export const NoticeState = { draft: 0, released: 1 } as const;
export type NoticeState = (typeof NoticeState)[keyof typeof NoticeState];

const id = z.string().trim().min(1).max(40);
const ids = z.array(id).max(NOTICE_TARGETS_MAX).optional().default([]);

/** One attachment: the FileEntry the files module's upload answered. */
export const noticeFile = z.object({
  name: z.string().min(1).max(300),
  fileId: z.string().max(40).optional().default(''),
  fileSize: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
  fileExtension: z.string().max(20).optional().default(''),
  fileVersionId: z.string().max(40).optional().default(''),
  url: z
    .string()
    .max(600)
    // Only the files module's own addresses: an attachment is never a link elsewhere (or javascript:).
    .regex(/^\/api\/file\/(?:Download|Image)\/[^/?#]+\/[^/?#]+$/i, 'rules.noticeFileUrl'),
  fileName: z.string().max(300).optional(),
});

/** Who a notice goes to: everyone, or the union of the chosen organisations (with subtrees), roles and users. */
export const noticeTargets = z
  .object({
    all: z.boolean().optional().default(false),
    organizeIds: ids,
    roleIds: ids,
    userIds: ids,
  })
  .transform((t) => ({
    all: t.all,
    organizeIds: t.all ? [] : [...new Set(t.organizeIds)],
    roleIds: t.all ? [] : [...new Set(t.roleIds)],
    userIds: t.all ? [] : [...new Set(t.userIds)],
  }))
  .refine((t) => t.all || t.organizeIds.length + t.roleIds.length + t.userIds.length > 0, 'rules.noticeTargets');
export type NoticeTargets = z.output<typeof noticeTargets>;

/** POST /api/message and PUT /api/message/{id}. */
export const noticeBody = z.object({
  title: z.string().trim().min(1, 'rules.required').max(NOTICE_TITLE_MAX),
  bodyText: z.string().max(NOTICE_BODY_MAX).nullable().optional().default(''),
  files: z.array(noticeFile).max(NOTICE_FILES_MAX).optional().default([]),
  targets: noticeTargets.optional().default({ all: true, organizeIds: [], roleIds: [], userIds: [] }),
});
export type NoticeInput = z.output<typeof noticeBody>;

/** GET /api/message/Notice: pageQuery plus the state ('' for both). */
export const noticeListQuery = z.object({
  enabledMark: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
});

/** GET /api/message/{id}/Receipts: pageQuery plus read ('' both, 1 read, 0 not read). */
export const noticeReceiptQuery = z.object({
  isRead: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
});

/** One row of the administration list. */
export interface NoticeRow {
  id: string;
  title: string;
  enabledMark: NoticeState;
  /** "Real name/account" of the publisher. */
  creatorUser: string;
  creatorUserId: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  releaseTime: number | null;
  releaseUser: string;
  /** Receivers and how many have read it (0 while a draft). */
  receiverCount: number;
  readCount: number;
  fileCount: number;
}

/** GET /api/message/{id}: everything the form edits. */
export interface NoticeDetail extends NoticeRow {
  bodyText: string;
  files: FileEntry[];
  targets: NoticeTargets;
}

/** One receiver of a released notice. */
export interface NoticeReceipt {
  userId: string;
  account: string;
  realName: string;
  organize: string;
  isRead: 0 | 1;
  readTime: number | null;
}

export interface NoticeReceiptCounts {
  total: number;
  read: number;
  unread: number;
}
