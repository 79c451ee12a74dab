import type {
  FileEntry,
  NoticeDetail,
  NoticeReceipt,
  NoticeReceiptCounts,
  NoticeRow,
  NoticeTargets,
  PageResult,
} from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of notice administration (spec §7.2; the server's modules/message/notice.routes.ts). */
const B = '/api/message';

export interface NoticeListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  /** Left out for both states. */
  enabledMark?: 0 | 1 | undefined;
}

export interface NoticeSave {
  title: string;
  bodyText: string;
  files: FileEntry[];
  targets: NoticeTargets;
}

const path = (id: string) => `${B}/${encodeURIComponent(id)}`;

export const noticeApi = {
  list: (q: NoticeListQuery) =>
    http.get<PageResult<NoticeRow>>(`${B}/Notice`, {
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      keyword: q.keyword,
      sidx: q.sidx ?? '',
      sort: q.sort ?? 'desc',
      ...(q.enabledMark === undefined ? {} : { enabledMark: q.enabledMark }),
    }),
  get: (id: string) => http.get<NoticeDetail>(path(id)),
  create: (body: NoticeSave) => http.post<{ id: string }>(B, body),
  update: (id: string, body: NoticeSave) => http.put<null>(path(id), body),
  release: (id: string) => http.put<{ receivers: number }>(`${path(id)}/Actions/Release`),
  withdraw: (id: string) => http.put<null>(`${path(id)}/Actions/Withdraw`),
  remove: (id: string) => http.delete<null>(path(id)),
  receipts: (id: string, q: { currentPage: number; pageSize: number; keyword: string; isRead?: 0 | 1 | undefined }) =>
    http.get<PageResult<NoticeReceipt> & { counts: NoticeReceiptCounts }>(`${path(id)}/Receipts`, {
      currentPage: q.currentPage,
      pageSize: q.pageSize,
      keyword: q.keyword,
      ...(q.isRead === undefined ? {} : { isRead: q.isRead }),
    }),
  /** The attachments of a notice I received (the notice dialog). */
  files: (id: string) => http.get<FileEntry[]>(`${B}/Notice/${encodeURIComponent(id)}/Files`, undefined, { silent: true }),
};
