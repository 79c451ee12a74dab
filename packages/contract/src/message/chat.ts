import { z } from 'zod';
import type { PageResult, Pagination } from '../envelope.ts';
import { IM_IMAGE_MAX_BYTES } from '../file.ts';
import type { InitMessageFrame } from '../message.ts';

/**
 * Real-time chat between staff (spec §3, §4, §7.2, §9; server-contract §5
 * BASE_IMCONTENT / BASE_IMREPLY and the socket frames): the conversation
 * summary, the chat message, the socket frames in and out, the limits and the
 * paging constants, shared by the server and the chat screens.
 */

/** A chat message's content type (NET5 `MessageReceiveType` plus video). */
export const CHAT_CONTENT_TYPES = ['text', 'image', 'voice', 'video'] as const;
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number];

/** Text is trimmed; an empty text is not sent; at most this many characters (after trimming). */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** Spec §5 / §9: a chat image is at most 5 MB (5242880 bytes), else 'image size cannot exceed 5M'. */
export const CHAT_IMAGE_MAX_BYTES = IM_IMAGE_MAX_BYTES;
/** Where chat images are served from: `${CHAT_IMAGE_PATH}<name>` (uploaded through `/api/file/Uploader/IM`). */
export const CHAT_IMAGE_PATH = '/api/file/Image/IM/';

/** Spec §9 paging: contacts 20 per page within 300 px; the conversation list 20 per page. */
export const CHAT_CONTACTS_PAGE_SIZE = 20;
export const CHAT_CONTACTS_SCROLL_PX = 300;
export const CHAT_CONVERSATIONS_PAGE_SIZE = 20;
/** Spec §4 / §9: opening a conversation loads the newest 30; older pages of 50 load within 100 px of the top. */
export const CHAT_HISTORY_FIRST_PAGE_SIZE = 30;
export const CHAT_HISTORY_PAGE_SIZE = 50;
export const CHAT_HISTORY_SCROLL_PX = 100;
/** The largest history page the server answers. */
export const CHAT_HISTORY_MAX_PAGE_SIZE = 100;
/** Spec §2.5: 120 emoji, codes 100–219, written in text as `[100]` … `[219]`. */
export const CHAT_EMOJI_FIRST_CODE = 100;
export const CHAT_EMOJI_COUNT = 120;
export const CHAT_EMOJI_PATTERN = /\[(1\d\d|2[01]\d)\]/g;

/** An image message's content (stored and sent as JSON text in `content`). */
export interface ChatImageContent {
  /** `/api/file/Image/IM/<name>` */
  path: string;
  name: string;
  width: number;
  height: number;
}

/** Spec §3 chat conversation summary: one row of `GET /api/message/imreply` (id is the other user's id). */
export interface ChatConversation {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  unreadMessage: number;
  /** The latest message's text (an image: its JSON content); null once the records were deleted. */
  latestMessage: string | null;
  messageType: ChatContentType | null;
  /** Epoch ms of the latest message; null once the records were deleted. */
  latestDate: number | null;
  department: string;
}

/** One row of `GET /api/message/imreply/contacts`: a user I may chat with. */
export interface ChatContact {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  department: string;
}

/** Spec §3 chat message, as `messageList` answers it. */
export interface ChatMessage {
  id: string;
  sendUserId: string;
  /** Epoch ms. */
  sendTime: number;
  receiveUserId: string;
  /** When the receiver read it (epoch ms), null while unread. */
  receiveTime: number | null;
  contentType: ChatContentType;
  /** The text as sent (HTML is plain text: show it as text); for other types JSON text with a path (images: name, width, height). */
  content: string;
  /** 0 unread, 1 read. */
  state: 0 | 1;
}

/** `GET /api/message/imreply?keyword&currentPage&pageSize` and `GET /api/message/imreply/contacts?…` answer pages. */
export type ChatConversationPage = PageResult<ChatConversation>;
export type ChatContactPage = PageResult<ChatContact>;

const userIdField = z.string().trim().min(1, 'rules.required').max(40);

/** An image's `messageContent`: `{name, width, height}` of a file uploaded to `Uploader/IM`, as an object or its JSON text. */
export const chatImageInput = z.object({
  name: z.string().trim().min(1).max(100),
  width: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  height: z.coerce.number().int().min(0).max(100_000).optional().default(0),
});
export type ChatImageInput = z.output<typeof chatImageInput>;

/** Client → server `SendMessage {toUserId, messageType, messageContent, token}`. Text is checked by the server (trim, empty, length). */
export const sendMessageFrame = z.looseObject({
  method: z.literal('SendMessage'),
  token: z.string().max(200).optional(),
  toUserId: userIdField,
  messageType: z.enum(CHAT_CONTENT_TYPES),
  messageContent: z.union([z.string().max(64 * 1024), z.record(z.string(), z.unknown())]),
});

/** Client → server `MessageList {toUserId, formUserId, token, currentPage, pageSize, sord, keyword}` (the newest page first by default). */
export const messageListFrame = z.looseObject({
  method: z.literal('MessageList'),
  token: z.string().max(200).optional(),
  /** The other party. */
  toUserId: userIdField,
  /** Me (sic "form"); optional: the connection's own user is used, and a different id is refused. */
  formUserId: z.string().max(40).optional(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_PAGE_SIZE).optional().default(CHAT_HISTORY_FIRST_PAGE_SIZE),
  sord: z
    .enum(['asc', 'desc', 'ASC', 'DESC', ''])
    .optional()
    .default('desc')
    .transform((s) => (s.toLowerCase() === 'asc' ? 'asc' : 'desc')),
  keyword: z.string().trim().max(200).optional().default(''),
});

/** Client → server `UpdateReadMessage {formUserId, token}`: every message from formUserId to me is read. */
export const updateReadMessageFrame = z.looseObject({
  method: z.literal('UpdateReadMessage'),
  token: z.string().max(200).optional(),
  formUserId: userIdField,
});

export type SendMessageFrameIn = z.input<typeof sendMessageFrame>;
export type MessageListFrameIn = z.input<typeof messageListFrame>;
export type UpdateReadMessageFrameIn = z.input<typeof updateReadMessageFrame>;

/** Server → sender `sendMessage`: the echo of a stored message (server-contract §5, plus the stored id). */
export interface SendMessageEchoFrame {
  method: 'sendMessage';
  id: string;
  UserId: string;
  account: string;
  headIcon: string;
  realName: string;
  toUserId: string;
  toAccount: string;
  toHeadIcon: string;
  toRealName: string;
  messageType: ChatContentType;
  /** The stored content (text, or JSON text of ChatImageContent). */
  toMessage: string;
  dateTime: number;
  latestDate: number;
}

/** Server → every socket of the receiver `receiveMessage`. */
export interface ReceiveMessageFrame {
  method: 'receiveMessage';
  id: string;
  messageType: ChatContentType;
  formUserId: string;
  toUserId: string;
  /** The stored content (text, or JSON text of ChatImageContent). */
  formMessage: string;
  account: string;
  headIcon: string;
  realName: string;
  dateTime: number;
  latestDate: number;
}

/** Server → client `messageList`: one page of a conversation's history (newest first for sord desc). */
export interface MessageListFrame {
  method: 'messageList';
  /** The other party of this history. */
  toUserId: string;
  list: ChatMessage[];
  pagination: Pagination;
}

/** One entry of initMessage's `unreadNums`: a conversation with unread messages from sendUserId to me. */
export type ChatUnreadNum = InitMessageFrame['unreadNums'][number];

/**
 * initMessage as the chat server sends it: `unreadNums` holds every conversation
 * with unread messages, `unreadChatCount` their sum and `chatBlink` whether the
 * chat icon blinks (any unread). `unreadTotalCount` stays the badge of the
 * message drawer (notices and system messages); chat counts separately.
 */
export interface ChatInitMessageFrame extends InitMessageFrame {
  unreadChatCount: number;
  chatBlink: boolean;
}

/** Every chat frame the server sends. */
export type ChatServerFrame = SendMessageEchoFrame | ReceiveMessageFrame | MessageListFrame | ChatInitMessageFrame;

/** Chat text as it is sent: trimmed; null when empty (not sent) or longer than CHAT_TEXT_MAX_LENGTH. */
export function chatText(raw: string): string | null {
  const s = raw.trim();
  return s && [...s].length <= CHAT_TEXT_MAX_LENGTH ? s : null;
}

/** The image content of a stored message, or null when it is not one. */
export function parseChatImage(content: string): ChatImageContent | null {
  try {
    const v = JSON.parse(content) as Partial<ChatImageContent>;
    return v && typeof v.path === 'string' && typeof v.name === 'string'
      ? { path: v.path, name: v.name, width: Number(v.width) || 0, height: Number(v.height) || 0 }
      : null;
  } catch {
    return null;
  }
}
