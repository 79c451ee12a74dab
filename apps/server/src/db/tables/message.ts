/** Tables of the message module (migration 0015_messages; server-contract §5 BASE_MESSAGE / BASE_MESSAGERECEIVE). */
export interface MessageTable {
  id: string;
  /** 1 notice, 2 system message, 3 private message. */
  type: number;
  title: string;
  /** A notice's HTML, or a system message's JSON the client opens (a workflow item's detail config). */
  bodyText: string | null;
  /** What a system message is about: 'flowTodo' | 'flowResult' | 'flowUrge' | 'flowCopy' | …; '' for a notice. */
  kind: string;
  priority: number;
  /** A notice: 0 draft, 1 released. A system message is stored released. */
  enabledMark: number;
  /** Who sent it (a user id), null for the system itself. */
  senderId: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** One row per receiver of a message: the inbox. */
export interface MessageReceiveTable {
  messageId: string;
  userId: string;
  /** Copied from the message so the inbox and the unread counts page and count without a join. */
  type: number;
  isRead: number;
  readAt: number | null;
  /** Set for a system message sent with a dedupe key: no second unread one for the same receiver. */
  dedupeKey: string | null;
  createdAt: number;
}

export interface MessageTables {
  messages: MessageTable;
  messageReceives: MessageReceiveTable;
}
