import type {
  ImagingAction,
  ImagingCentre,
  ImagingImage,
  ImagingMeta,
  ImagingPrint,
  ImagingReport,
  ImagingReportFields,
  ImagingReview,
  ImagingReviewBody,
  ImagingStudyDetail,
  ImagingStudyRow,
  ImagingWorklist,
  ImgBodyPart,
  ImgItem,
  ImgTemplate,
} from '@medalliance/contract';
import { http } from '../../api/http.ts';

/**
 * Typed calls of the study engine (helper A's apps/server/src/modules/imaging,
 * /tmp/team/IMAGING-API.md) and of the catalogue routes the forms read
 * (helper C's modules/imaging/catalog). One set for both centres.
 */
export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface ListFilter {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  status?: string;
  dateFrom?: number;
  dateTo?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface ReaderOption {
  id: string;
  realName: string;
  rostered: boolean;
  openCount: number;
}

export interface ResidentOption {
  id: string;
  fullName: string;
  idNumber: string;
  sex: string | null;
  birthDate: number | null;
}

export interface ActionBody {
  comment?: string;
  version?: number;
  items?: string[];
  readerId?: string;
  auditorId?: string;
  report?: Partial<ImagingReportFields>;
}

const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Record<string, string | number>;
const enc = encodeURIComponent;

export function imagingApi(centre: ImagingCentre) {
  const B = `/api/imaging/${centre}`;
  const S = (id: string) => `${B}/studies/${enc(id)}`;
  return {
    meta: () => http.get<ImagingMeta>(`${B}/meta`),
    readers: () => http.get<{ list: ReaderOption[] }>(`${B}/readers`),
    residents: (keyword: string) => http.get<{ list: ResidentOption[] }>(`${B}/residents`, clean({ keyword })),
    units: () => http.get<{ list: { id: string; name: string }[] }>(`${B}/units`),
    doctors: (orgId?: string) => http.get<{ list: { id: string; realName: string }[] }>(`${B}/doctors`, clean({ orgId })),
    worklist: (list: ImagingWorklist, q: ListFilter) => http.get<Page<ImagingStudyRow>>(`${B}/worklists/${list}`, clean(q)),
    detail: (id: string) => http.get<ImagingStudyDetail>(S(id)),
    create: (body: Record<string, unknown>) => http.post<{ id: string; applyNo: string }>(`${B}/studies`, body),
    update: (id: string, body: Record<string, unknown>) => http.put<{ id: string; version: number }>(S(id), body),
    act: (id: string, action: ImagingAction, body: ActionBody = {}) =>
      http.post<{ id: string; status: string; version: number }>(`${S(id)}/actions/${action}`, body),
    takeNext: () => http.post<{ id: string; status: string; version: number }>(`${B}/take-next`, {}, { silent: true }),
    saveDraft: (id: string, report: Partial<ImagingReportFields>) => http.put<ImagingReport>(`${S(id)}/draft`, report),
    review: (id: string, body: ImagingReviewBody) => http.post<ImagingReview>(`${S(id)}/reviews`, body),
    reveal: (id: string, reason: string) => http.post<{ fullName: string; idNumber: string; phone: string }>(`${S(id)}/reveal`, { reason }),
    print: (id: string, reason?: string) => http.get<ImagingPrint>(`${S(id)}/print`, clean({ reason })),
    attach: (id: string, fileId: string) => http.post<ImagingImage>(`${S(id)}/images`, { fileId }),
    detach: (id: string, imageId: string) => http.delete<{ id: string }>(`${S(id)}/images/${enc(imageId)}`),
  };
}

/** Helper C's catalogue, read by the registration form and the report editor. */
export const catalogApi = {
  items: (centre: ImagingCentre) => http.get<Page<ImgItem>>('/api/imaging/catalog/items', { centre, enabled: '1', pageSize: 500 }),
  bodyParts: (centre: ImagingCentre) =>
    http.get<Page<ImgBodyPart>>('/api/imaging/catalog/body-parts', { centre, enabled: '1', pageSize: 500 }),
  templates: (centre: ImagingCentre, bodyPartId?: string, itemId?: string) =>
    http.get<Page<ImgTemplate>>('/api/imaging/catalog/templates', clean({ centre, bodyPartId, itemId, enabled: '1', pageSize: 500 })),
};
