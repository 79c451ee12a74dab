import type {
  ImagingCentre,
  ImgBodyPart,
  ImgCatalogMeta,
  ImgFee,
  ImgFeeInForce,
  ImgItem,
  ImgOrgSortRow,
  ImgTemplate,
  ImgTemplateCategory,
} from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the catalogue API (apps/server/src/modules/imaging/catalog/catalog.routes.ts). */
const B = '/api/imaging/catalog';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
export interface ListParams {
  centre: ImagingCentre;
  keyword?: string;
  enabled?: '' | '0' | '1';
  bodyPartId?: string;
  itemId?: string;
  categoryId?: string;
  currentPage?: number;
  pageSize?: number;
}
/** Drop empty filters: the server's strict query schema refuses unknown or empty ids. */
const clean = (p: object) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** The sortable catalogue resources and their paths. */
export type Resource = 'body-parts' | 'items' | 'templates' | 'template-categories';

export const catalogApi = {
  meta: () => http.get<ImgCatalogMeta>(`${B}/meta`),
  bodyParts: (p: ListParams) => http.get<Page<ImgBodyPart>>(`${B}/body-parts`, clean(p)),
  items: (p: ListParams) => http.get<Page<ImgItem>>(`${B}/items`, clean(p)),
  templates: (p: ListParams) => http.get<Page<ImgTemplate>>(`${B}/templates`, clean(p)),
  categories: (centre: ImagingCentre) => http.get<{ list: ImgTemplateCategory[] }>(`${B}/template-categories`, { centre }),
  create: (r: Resource, body: object) => http.post<{ id: string }>(`${B}/${r}`, body),
  update: (r: Resource, id: string, body: object) => http.put<{ id: string }>(`${B}/${r}/${id}`, body),
  remove: (r: Resource, id: string) => http.delete<{ id: string }>(`${B}/${r}/${id}`),
  move: (r: Resource, id: string, direction: 'up' | 'down') => http.post(`${B}/${r}/${id}/move`, { direction }),
  setEnabled: (r: Resource, id: string, enabled: 0 | 1) => http.put(`${B}/${r}/${id}/enabled`, { enabled }),
  orgSort: (centre: ImagingCentre) => http.get<{ list: ImgOrgSortRow[] }>(`${B}/org-sort`, { centre }),
  saveOrgSort: (centre: ImagingCentre, orgIds: string[]) => http.put(`${B}/org-sort`, { centre, orgIds }),
  fees: (p: { centre: ImagingCentre; itemId?: string; kind?: string; currentPage?: number; pageSize?: number }) =>
    http.get<Page<ImgFee>>(`${B}/fees`, clean(p)),
  feesInForce: (centre: ImagingCentre, itemId: string | undefined, at: number) =>
    http.get<ImgFeeInForce>(`${B}/fees/in-force`, clean({ centre, itemId, at })),
  createFee: (body: object) => http.post<{ id: string }>(`${B}/fees`, body),
  updateFee: (id: string, body: object) => http.put<{ id: string }>(`${B}/fees/${id}`, body),
  removeFee: (id: string) => http.delete<{ id: string }>(`${B}/fees/${id}`),
};
