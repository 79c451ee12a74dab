import type { ElderlyKpiRow, ElderlySettings, ElderlyWorklist, FollowupOrgRow, FormDefinition, KpiOrgNode } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the elderly API and the by-unit follow-up counts (apps/server/src/modules/health/elderly/elderly.routes.ts). */
const B = '/api/health/elderly';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface ElderlyRow {
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  age: number | null;
  orgName: string | null;
  doctorName: string | null;
  checked: boolean;
  lastCheckId: string | null;
  lastCheckDate: number | null;
  selfCareScore: number | null;
  selfCareBand: string | null;
  cognition: string | null;
  emotion: string | null;
}

export interface CheckRow {
  checkId: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  age: number | null;
  checkDate: number;
  selfCareScore: number | null;
  selfCareBand: string | null;
  cognition: string | null;
  emotion: string | null;
  orgName: string | null;
  doctorName: string | null;
}

export interface PlanRow {
  planId: string;
  programme: string;
  kind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitedAt: number | null;
  state: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  age: number | null;
  orgName: string | null;
  doctorName: string | null;
}

export interface KpiTable {
  year: number;
  org: { id: string; name: string };
  rows: ElderlyKpiRow[];
  total: { eligible: number; checked: number; rate: number | null };
  targetRate: number;
}

export interface FollowupOrgTable {
  org: { id: string; name: string };
  from: number;
  to: number;
  programmes: string[];
  rows: FollowupOrgRow[];
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1'; checked?: string; year?: number };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const elderlyApi = {
  worklist: (list: ElderlyWorklist, q: ListQuery) => http.get<Page<ElderlyRow>>(`${B}/worklists/${list}`, clean(q)),
  residents: (q: ListQuery) => http.get<Page<ElderlyRow>>(`${B}/residents`, clean(q)),
  checks: (q: ListQuery) => http.get<Page<CheckRow>>(`${B}/checks`, clean(q)),
  form: () => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B}/form`),
  saveCheck: (data: Record<string, unknown>) => http.post<{ id: string; record: Record<string, unknown> }>(`${B}/checks`, { data }),
  settings: () => http.get<ElderlySettings>(`${B}/settings`),
  saveSettings: (s: ElderlySettings) => http.put<ElderlySettings>(`${B}/settings`, s),
  orgTree: () => http.get<{ year: number; years: number[]; orgs: KpiOrgNode[] }>(`${B}/org-tree`),
  kpi: (q: { year?: number; orgId?: string }) => http.get<KpiTable>(`${B}/kpi`, clean(q)),
  kpiResidents: (q: { year?: number; orgId?: string; rowId: string; metric: string; currentPage: number; pageSize: number }) =>
    http.get<Page<ElderlyRow>>(`${B}/kpi/residents`, clean(q)),
  followupOrg: (q: { orgId?: string; from?: number; to?: number }) => http.get<FollowupOrgTable>('/api/health/followup/org', clean(q)),
  followupOrgPlans: (q: {
    orgId?: string;
    rowId: string;
    programme: string;
    metric: string;
    from?: number;
    to?: number;
    currentPage: number;
    pageSize: number;
  }) => http.get<Page<PlanRow>>('/api/health/followup/org/plans', clean(q)),
};
