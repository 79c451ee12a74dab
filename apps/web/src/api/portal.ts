import type {
  PageResult,
  PortalAuth,
  PortalChoice,
  PortalInfo,
  PortalSummary,
  PortalWidget,
  PortalWidgetData,
} from '@medalliance/contract';
import { http } from './http.ts';

/** Typed calls of portals (server-contract §8; the server's modules/portal routes). */
const B = '/api/visualdev/Portal';
const enc = encodeURIComponent;

export interface PortalListQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  sidx?: string;
  sort?: string;
}

export type PortalForm = Pick<PortalInfo, 'fullName' | 'enCode' | 'category' | 'description' | 'sortCode' | 'enabledMark' | 'formData'>;

export interface FeedItem {
  id: string;
  title: string;
  time: number;
}

export const portalApi = {
  list: (q: PortalListQuery) => http.get<PageResult<PortalSummary>>(B, { ...q }),
  /** The caller's portals and the one the home page shows. */
  choice: () => http.get<PortalChoice>(`${B}/Selector`),
  get: (id: string) => http.get<PortalInfo>(`${B}/${enc(id)}`),
  /** The layout for a viewer: silent, the page shows its own 403 / 404 state. */
  auth: (id: string) => http.get<PortalAuth>(`${B}/${enc(id)}/auth`, undefined, { silent: true }),
  create: (form: PortalForm) => http.post<{ id: string }>(B, form),
  update: (id: string, form: PortalForm) => http.put(`${B}/${enc(id)}`, form),
  remove: (id: string) => http.delete(`${B}/${enc(id)}`),
  copy: (id: string) => http.post<{ id: string }>(`${B}/${enc(id)}/Actions/Copy`),
  setState: (id: string) => http.put<{ enabledMark: number }>(`${B}/${enc(id)}/Actions/State`),
  setDefault: (id: string) => http.put<{ id: string }>(`${B}/${enc(id)}/Actions/SetDefault`),
  roles: (id: string) => http.get<{ roleIds: string[] }>(`${B}/${enc(id)}/Roles`),
  saveRoles: (id: string, roleIds: string[]) => http.put<{ roleIds: string[] }>(`${B}/${enc(id)}/Roles`, { roleIds }),
  exportUrl: (id: string) => `${B}/${enc(id)}/Actions/Export`,
  import: (data: unknown) => http.post<{ id: string; created: boolean }>(`${B}/Actions/Import`, data),
  /** A saved widget's data; silent: each widget shows its own error. */
  widgetData: (portalId: string, widgetId: string) =>
    http.get<PortalWidgetData>(`${B}/${enc(portalId)}/Widgets/${enc(widgetId)}/Data`, undefined, { silent: true }),
  /** An unsaved widget's data, for the designer's preview. */
  previewData: (widget: PortalWidget) => http.post<PortalWidgetData>(`${B}/Widgets/Preview`, widget, { silent: true }),
  todo: () => http.get<{ total: number; list: FeedItem[] }>(`${B}/Feeds/Todo`, undefined, { silent: true }),
  notice: () => http.get<{ total: number; list: FeedItem[] }>(`${B}/Feeds/Notice`, undefined, { silent: true }),
};
