import type { FormDefinition, TbCaseRow, TbKpiRow, TbSettings, TbWorklist } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the TB API (apps/server/src/modules/health/tb/tb.routes.ts). */
const B = '/api/health/tb';

export type TbForm = 'first' | 'visit' | 'closure';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface TbPlan {
  id: string;
  kind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  state: string;
}

export interface TbHistory {
  field: string;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
  realName?: string | null;
  at: number;
}

export interface TbCaseDetail {
  id: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  notifiedAt: number;
  notifyOrg: string;
  patientType: string;
  phase: string;
  state: number;
  closeReason: string | null;
  firstVisitAt: number | null;
  intensiveEnd: number | null;
  courseEnd: number | null;
  dosesDue: number | null;
  dosesTaken: number | null;
  visitsDue: number | null;
  visitsMade: number | null;
  adherenceRate: number | null;
  visitRate: number | null;
  history: TbHistory[];
  plans: TbPlan[];
  records: Record<TbForm, Record<string, unknown>[]>;
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1'; orgId?: string; state?: string };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const tbApi = {
  worklist: (list: TbWorklist, q: ListQuery) => http.get<Page<TbCaseRow>>(`${B}/worklists/${list}`, clean(q)),
  cases: (q: ListQuery) => http.get<Page<TbCaseRow>>(`${B}/cases`, clean(q)),
  caseDetail: (id: string) => http.get<TbCaseDetail>(`${B}/cases/${encodeURIComponent(id)}`),
  candidates: (keyword: string) =>
    http.get<{ list: { id: string; fullName: string; idNumber: string; phone: string }[] }>(`${B}/candidates`, clean({ keyword })),
  notify: (body: Record<string, unknown>) => http.post<{ id: string }>(`${B}/cases`, body),
  continuation: (id: string) => http.post(`${B}/cases/${encodeURIComponent(id)}/continuation`, {}),
  reveal: (id: string, reason: string) =>
    http.post<{ fullName: string; idNumber: string | null; phone: string | null }>(`${B}/cases/${encodeURIComponent(id)}/reveal`, {
      reason,
    }),
  form: (form: TbForm) => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B}/forms/${form}`),
  saveRecord: (form: TbForm, data: Record<string, unknown>) =>
    http.post<{ id: string; record: Record<string, unknown>; case: TbCaseDetail }>(`${B}/forms/${form}/records`, { data }),
  settings: () => http.get<TbSettings>(`${B}/settings`),
  saveSettings: (s: TbSettings) => http.put<TbSettings>(`${B}/settings`, s),
  kpi: (q: { from?: number; to?: number }) => http.get<{ list: TbKpiRow[]; total: TbKpiRow }>(`${B}/kpi`, clean(q)),
};
