/**
 * Tables of chat (migration 0019_chat; server-contract §5 BASE_IMCONTENT / BASE_IMREPLY),
 * merged into the Database interface from here so the chat stays in its module.
 */
export interface ChatMessageTable {
  id: string;
  /** "<smaller user id>:<larger user id>" (pairKey). */
  pairKey: string;
  senderId: string;
  receiverId: string;
  /** text | image | voice | video */
  contentType: string;
  /** The text, or JSON text {path, name, width, height} for an image. */
  content: string;
  sentAt: number;
  readAt: number | null;
}

/** One row per user and peer: the conversation list. */
export interface ChatConversationTable {
  ownerId: string;
  peerId: string;
  unreadCount: number;
  latestMessage: string | null;
  latestType: string | null;
  latestAt: number | null;
  /** 1 once removed from the owner's list (relocation); a new message brings it back. */
  removed: number;
  /** Messages up to this time are hidden from the owner (deleteChatRecord). */
  clearedAt: number;
  updatedAt: number;
}

export interface ChatTables {
  chatMessages: ChatMessageTable;
  chatConversations: ChatConversationTable;
}

declare module '../../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends ChatTables {}
}

/** One conversation's key, the same from both sides. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
