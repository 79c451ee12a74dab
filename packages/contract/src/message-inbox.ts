import { z } from 'zod';

/**
 * The inbox of notices and system messages (server-contract §5, spec §7.2):
 * what `GET /api/message` answers, the read / delete bodies, the unread counts
 * and the `messagePush` frame, shared by the server and the message drawer.
 */

/** BASE_MESSAGE.Type. */
export const MessageType = { notice: 1, system: 2, private: 3 } as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** Spec §9: the drawer loads 20 at a time, within 200 px of the bottom, until a page comes back short. */
export const MESSAGE_DRAWER_PAGE_SIZE = 20;
export const MESSAGE_DRAWER_SCROLL_PX = 200;
/** Spec §2.5 / §9: the badge shows at most 99 (then "99+"). */
export const MESSAGE_BADGE_MAX = 99;

/** A message's type in a query: '' (as JNPF clients send it) means every type. */
const typeParam = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2 || n === 3, 'rules.messageType')
    .optional(),
);

/** `GET /api/message?type&keyword&currentPage&pageSize&sort` (on top of pageQuery), `POST Actions/ReadAll?type`. */
export const inboxQuery = z.object({ type: typeParam });

/** `DELETE /api/message/Record {ids}`: "a,b" (JNPF) or an array. */
export const messageIdsBody = z.object({
  ids: z
    .union([
      z
        .string()
        .max(41_000)
        .transform((s) => s.split(',')),
      z.array(z.string().max(40)).max(1000),
    ])
    .transform((ids) => [...new Set(ids.map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(40)).min(1, 'rules.required').max(1000)),
});

/** One row of my inbox. */
export interface InboxItem {
  id: string;
  title: string;
  type: MessageType;
  /** What a system message is about ('flowTodo', 'flowResult', 'flowUrge', 'flowCopy', …); '' for a notice. */
  kind: string;
  isRead: 0 | 1;
  /** A notice's HTML (sanitized when saved); a system message's JSON (e.g. a workflow detail link). */
  bodyText: string | null;
  /** "Real name/account" of the sender; '' for the system. */
  creatorUser: string;
  /** When it reached me (epoch ms). */
  releaseTime: number;
  lastModifyTime: number;
  readTime: number | null;
  enabledMark: number;
}

/** `GET /api/message/UnreadCount`, and the counts of `initMessage`. */
export interface UnreadCounts {
  unreadNoticeCount: number;
  unreadSystemMessageCount: number;
  /** Private messages (type 3); chat has its own counts. */
  unreadMessageCount: number;
  unreadTotalCount: number;
}

/** Server → client when a message was stored for me (server-contract §5 `messagePush`, NET5 fields). */
export interface MessagePushFrame {
  method: 'messagePush';
  /** The sender, '' for the system. */
  userId: string;
  toUserId: string[];
  title: string;
  unreadNoticeCount: 1;
  messageType: MessageType;
  id: string;
}
