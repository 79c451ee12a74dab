import type { InboxItem, MessageType, PageResult, UnreadCounts } from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** Typed calls of my inbox (server-contract §5, spec §7.2; the server's modules/message/inbox.routes.ts). */
const B = '/api/message';

export interface InboxQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  /** Left out for every type. */
  type?: MessageType | undefined;
}

export const inboxApi = {
  list: (q: InboxQuery) =>
    http.get<PageResult<InboxItem>>(B, {
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      keyword: q.keyword ?? '',
      ...(q.type ? { type: q.type } : {}),
    }),
  /** Opens one message: the server marks it read. */
  read: (id: string) => http.get<InboxItem>(`${B}/ReadInfo/${encodeURIComponent(id)}`),
  readAll: (type?: MessageType) => http.post<{ count: number }>(`${B}/Actions/ReadAll${type ? `?type=${type}` : ''}`),
  remove: (ids: readonly string[]) => http.delete<{ count: number }>(`${B}/Record`, { ids: ids.join(',') }),
  unreadCount: () => http.get<UnreadCounts>(`${B}/UnreadCount`),
};
