import { z } from 'zod';

/**
 * The real-time socket's JSON frames (server-contract §5 "WebSocket", spec §4
 * and §7.2): `GET /api/message/websocket/<urlencoded token>` or
 * `/api/message/websocket` with the token in the frames. Every frame is a JSON
 * object with a `method`. The messaging module adds SendMessage, MessageList and
 * UpdateReadMessage on top of this foundation.
 */

/** Frames larger than this are refused with an `error` frame (the socket stays open). */
export const SOCKET_MAX_FRAME_BYTES = 64 * 1024;

/** Every client → server frame: a method, and (JNPF clients) the bearer token. */
export const socketFrame = z.looseObject({
  method: z.string().min(1).max(64),
  token: z.string().max(200).optional(),
});

/** `OnConnection {token, mobileDevice}` (VUE3 also sends systemId, isSeparate). */
export const onConnectionFrame = z.looseObject({
  method: z.literal('OnConnection'),
  token: z.string().max(200).optional(),
  mobileDevice: z.boolean().optional().default(false),
});

export type SocketClientFrame = z.infer<typeof socketFrame>;

/** Server → client `initMessage`: who is online and the unread counts. */
export interface InitMessageFrame {
  method: 'initMessage';
  onlineUsers: string[];
  onlineUserList: string[];
  unreadNums: {
    sendUserId: string;
    receiveUserId: string;
    unreadNum: number;
    defaultMessage: string | null;
    defaultMessageType: string | null;
    defaultMessageTime: number | null;
  }[];
  unreadNoticeCount: number;
  noticeDefaultText: string;
  unreadMessageCount: number;
  messageDefaultText: string;
  unreadSystemMessageCount: number;
  unreadScheduleCount: number;
  unreadTotalCount: number;
  dateTime: number;
}

/** What the server pushes; the messaging module adds sendMessage, receiveMessage, messageList, messagePush. */
export type SocketServerFrame =
  | InitMessageFrame
  /** userIds: every user of a batch that came online together (userId is the first of them). */
  | { method: 'online'; userId: string; userIds?: string[] }
  | { method: 'logout'; msg?: string }
  | { method: 'closeSocket' }
  | { method: 'refresh'; msg?: string }
  | { method: 'error'; msg: string };
