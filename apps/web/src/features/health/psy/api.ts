import type { FormDefinition, PsySettings, PsyWorklist } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the severe-mental-disorder API (apps/server/src/modules/health/psy/psy.routes.ts). */
const B = '/api/health/psy';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface PsyRow {
  enrolmentId: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  age?: number | null;
  orgId: string | null;
  orgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  diagnosis?: string;
  diagnosisName?: string | null;
  guardianName?: string | null;
  guardianPhone?: string | null;
  guardianRelation?: string | null;
  outcome?: number;
  outcomeReason?: string | null;
  enrolledAt?: number;
  lastVisitAt?: number | null;
  lastClassification?: string | null;
  lastRiskLevel?: number | null;
  locked?: number;
  inHospital?: number;
  planId?: string;
  planKind?: string;
  planDate?: number;
  windowStart?: number;
  windowEnd?: number;
  planState?: string;
}

export interface PlanInfo {
  id: string;
  kind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  visitedAt: number | null;
  state: string;
}

export interface VisitInfo {
  id: string;
  visitDate: number;
  riskLevel: string | null;
  insight: string | null;
  suggestedClassification: string | null;
  classification: string | null;
  overrideReason: string | null;
  lockState: string | null;
  hospitalState: string | null;
  nextVisitDate: number | null;
  doctorName: string | null;
}

export interface EnrolmentDetail {
  id: string;
  residentId: string;
  diagnosis: string;
  diagnosedAt: number | null;
  guardianName: string | null;
  guardianPhone: string | null;
  guardianRelation: string | null;
  doctorId: string | null;
  orgId: string | null;
  outcome: number;
  outcomeReason: string | null;
  enrolledAt: number;
  lastClassification: string | null;
  lastRiskLevel: number | null;
  plans: PlanInfo[];
  history: { id: string; field: string; oldValue: string | null; newValue: string | null; reason: string | null; at: number }[];
}

export interface Candidate {
  id: string;
  fullName: string;
  idNumber: string;
  age: number | null;
}

export interface KpiFigures {
  managed: number;
  standard: number;
  standardRate: number | null;
  followed: number;
  stable: number;
  stableRate: number | null;
}
export interface KpiTable {
  year: number;
  standardVisits: number;
  rows: (KpiFigures & { orgId: string; orgName: string })[];
  total: KpiFigures;
}
export type KpiMeasure = 'managed' | 'standard' | 'followed' | 'stable';
export interface KpiPatient {
  enrolmentId: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  orgName: string | null;
  visits: number;
  lastClass: string | null;
  age: number | null;
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1'; outcome?: string };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const psyApi = {
  patients: (q: ListQuery) => http.get<Page<PsyRow>>(`${B}/patients`, clean(q)),
  worklist: (list: PsyWorklist, q: ListQuery) => http.get<Page<PsyRow>>(`${B}/worklists/${list}`, clean(q)),
  candidates: (keyword: string) => http.get<{ list: Candidate[] }>(`${B}/candidates`, clean({ keyword })),
  diagnoses: () => http.get<{ list: { code: string; name: string }[] }>(`${B}/diagnoses`),
  enrol: (body: Record<string, unknown>) => http.post<{ id: string }>(`${B}/enrolments`, body),
  enrolment: (id: string) => http.get<EnrolmentDetail>(`${B}/enrolments/${id}`),
  visits: (id: string) => http.get<{ list: VisitInfo[] }>(`${B}/enrolments/${id}/visits`),
  outcome: (id: string, outcome: number, reason: string) => http.post(`${B}/enrolments/${id}/outcome`, { outcome, reason }),
  form: () => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B}/form`),
  classify: (body: Record<string, unknown>) => http.post<{ suggested: string | null }>(`${B}/classify`, body, { silent: true }),
  saveVisit: (data: Record<string, unknown>) =>
    http.post<{ id: string; record: Record<string, unknown>; plans: PlanInfo[] }>(`${B}/visits`, { data }),
  reveal: (residentId: string, reason: string) =>
    http.post<{ fullName: string; idNumber: string; phone: string; guardianName: string | null; guardianPhone: string | null }>(
      `${B}/residents/${residentId}/reveal`,
      { reason },
    ),
  kpi: (year: number) => http.get<KpiTable>(`${B}/kpi`, { year }),
  kpiPatients: (q: { year: number; orgId?: string; measure: KpiMeasure; currentPage: number; pageSize: number }) =>
    http.get<Page<KpiPatient>>(`${B}/kpi/patients`, clean(q)),
  settings: () => http.get<PsySettings>(`${B}/settings`),
  saveSettings: (s: PsySettings) => http.put<PsySettings>(`${B}/settings`, s),
};
