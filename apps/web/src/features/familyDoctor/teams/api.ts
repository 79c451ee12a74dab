import type {
  FdItemRow,
  FdKpiDimension,
  FdKpiDrill,
  FdKpiDrillRow,
  FdKpiGroup,
  FdKpiResult,
  FdMemberRole,
  FdPackageRow,
  FdQuestionRow,
  FdTeamRow,
} from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/**
 * Typed calls of the family-doctor team, catalogue, question and KPI APIs
 * (apps/server/src/modules/family-doctor/{teams,packages,questions,kpi}).
 */
const B = '/api/family-doctor';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
export interface Paging {
  currentPage: number;
  pageSize: number;
}

/** Drops empty filters so the strict query schemas see only what was set. */
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Record<string, string | number>;

export interface TeamBody {
  orgId: string;
  code: string;
  name: string;
  leaderId: string;
  intro: string;
  members: { userId: string; role: FdMemberRole }[];
}
export interface Unit {
  id: string;
  name: string;
  parentId: string;
}
export interface Candidate {
  id: string;
  realName: string;
  account: string;
  orgName: string | null;
}
export type Rights = { add: boolean; edit: boolean; remove: boolean };

export interface ItemBody {
  code: string;
  name: string;
  nature: 1 | 2;
  times: number;
  price: number;
  formCode: string | null;
  groups: string[];
  intro: string;
  enabled: boolean;
}
export interface PackageBody {
  code: string;
  name: string;
  price: number;
  discount: number;
  validFrom: number;
  validTo: number | null;
  groups: string[];
  intro: string;
  enabled: boolean;
  items: { itemId: string; times: number }[];
}

export const fdApi = {
  teamMeta: () => http.get<{ units: Unit[]; rights: Rights }>(`${B}/teams/meta`),
  teams: (q: Paging & { keyword?: string; status?: string; orgId?: string; sidx?: string; sort?: string }) =>
    http.get<Page<FdTeamRow>>(`${B}/teams`, clean(q)),
  candidates: (orgId: string) => http.get<Candidate[]>(`${B}/teams/candidates`, { orgId }),
  createTeam: (b: TeamBody) => http.post<{ id: string }>(`${B}/teams`, b),
  updateTeam: (id: string, b: TeamBody) => http.put<{ id: string }>(`${B}/teams/${encodeURIComponent(id)}`, b),
  submitTeam: (id: string) => http.post<{ instanceId: string }>(`${B}/teams/${encodeURIComponent(id)}/submit`, {}),
  disableTeam: (id: string) => http.post(`${B}/teams/${encodeURIComponent(id)}/disable`, {}),
  removeTeam: (id: string) => http.delete(`${B}/teams/${encodeURIComponent(id)}`),
  decide: (id: string, decision: 'approve' | 'reject', opinion: string) =>
    http.post(`${B}/teams/${encodeURIComponent(id)}/decision`, { decision, opinion }),

  catalogMeta: () => http.get<{ rights: Rights }>(`${B}/catalog/meta`),
  items: (q: Paging & { keyword?: string; enabled?: string; nature?: string }) => http.get<Page<FdItemRow>>(`${B}/items`, clean(q)),
  saveItem: (id: string | null, b: ItemBody) =>
    id ? http.put<{ id: string }>(`${B}/items/${encodeURIComponent(id)}`, b) : http.post<{ id: string }>(`${B}/items`, b),
  itemEnabled: (id: string, enabled: boolean) => http.put(`${B}/items/${encodeURIComponent(id)}/enabled`, { enabled }),
  removeItem: (id: string) => http.delete(`${B}/items/${encodeURIComponent(id)}`),
  packages: (q: Paging & { keyword?: string; enabled?: string }) => http.get<Page<FdPackageRow>>(`${B}/packages`, clean(q)),
  savePackage: (id: string | null, b: PackageBody) =>
    id ? http.put<{ id: string }>(`${B}/packages/${encodeURIComponent(id)}`, b) : http.post<{ id: string }>(`${B}/packages`, b),
  packageEnabled: (id: string, enabled: boolean) => http.put(`${B}/packages/${encodeURIComponent(id)}/enabled`, { enabled }),
  removePackage: (id: string) => http.delete(`${B}/packages/${encodeURIComponent(id)}`),

  questions: (q: Paging & { keyword?: string; status?: string; teamId?: string; askedFrom?: number; askedTo?: number; sort?: string }) =>
    http.get<Page<FdQuestionRow> & { counts: Record<string, number>; rights: { ask: boolean; answer: boolean } }>(
      `${B}/questions`,
      clean(q),
    ),
  answer: (id: string, answer: string) => http.put(`${B}/questions/${encodeURIComponent(id)}/answer`, { answer }),
  questionStatus: (id: string, status: 'open' | 'closed') => http.put(`${B}/questions/${encodeURIComponent(id)}/status`, { status }),

  kpi: (by: FdKpiDimension) => http.get<FdKpiResult>(`${B}/kpi`, { by }),
  drill: (q: Paging & { by: FdKpiDimension; key: string; metric: FdKpiDrill; group?: FdKpiGroup }) =>
    http.get<Page<FdKpiDrillRow>>(`${B}/kpi/drill`, clean(q)),
  exportKpi: (by: FdKpiDimension) => http.get<Blob>(`${B}/kpi/export`, { by }, { responseType: 'blob', timeout: 120_000 }),
};

export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : (fen / 100).toFixed(2));
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
export const fmtDate = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleDateString() : '—');
export const fmtTime = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    : '—';
