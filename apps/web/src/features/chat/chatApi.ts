import type { ChatContactPage, ChatConversationPage } from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** Typed calls of the chat (spec §7.2 imreply paths; the server's modules/message chat routes). */
const B = '/api/message/imreply';

export interface ChatListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

export const chatApi = {
  /** My conversations, latest activity first. */
  conversations: (q: ChatListQuery) => http.get<ChatConversationPage>(B, { ...q }),
  /** People I may chat with. */
  contacts: (q: ChatListQuery) => http.get<ChatContactPage>(`${B}/contacts`, { ...q }),
  /** Deletes my records of the conversation with this user. */
  clearRecords: (userId: string) => http.delete<null>(`${B}/deleteChatRecord/${encodeURIComponent(userId)}`),
  /** Takes the conversation with this user off my list. */
  remove: (userId: string) => http.delete<null>(`${B}/relocation/${encodeURIComponent(userId)}`),
};
