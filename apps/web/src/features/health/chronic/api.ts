import type { ChronicProgramme, ClassifyAnswer, FormDefinition, PlanSettings, Worklist } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the chronic-disease API (apps/server/src/modules/health/chronic/chronic.routes.ts). */
const B = (p: ChronicProgramme) => `/api/health/chronic/${p}`;

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface ChronicRow {
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
  outcome?: number;
  outcomeReason?: string | null;
  referralFlag?: number;
  lastClassification?: string | null;
  lastVisitAt?: number | null;
  enrolledAt?: number;
  diagnosedAt?: number | null;
  managementGroup?: string | null;
  riskLevel?: string | null;
  planId?: string;
  planKind?: string;
  planDate?: number;
  windowStart?: number;
  windowEnd?: number;
  planState?: string;
  visitId?: string;
  programme?: ChronicProgramme;
  visitDate?: number;
  visitMethod?: string | null;
  systolic?: number | null;
  diastolic?: number | null;
  glucose?: number | null;
  classification?: string | null;
  lateEntry?: number;
  enteredAt?: number | null;
}

export interface PlanInfo {
  id: string;
  kind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  state: string;
}

export interface Candidate {
  id: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  age: number | null;
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1' };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const chronicApi = {
  worklist: (p: ChronicProgramme, list: Worklist, q: ListQuery) => http.get<Page<ChronicRow>>(`${B(p)}/worklists/${list}`, clean(q)),
  patients: (p: ChronicProgramme, q: ListQuery & { outcome?: string }) => http.get<Page<ChronicRow>>(`${B(p)}/patients`, clean(q)),
  candidates: (p: ChronicProgramme, keyword: string) => http.get<{ list: Candidate[] }>(`${B(p)}/candidates`, clean({ keyword })),
  enrol: (p: ChronicProgramme, body: Record<string, unknown>) => http.post<{ id: string }>(`${B(p)}/enrolments`, body),
  outcome: (p: ChronicProgramme, id: string, outcome: number, reason: string) =>
    http.post(`${B(p)}/enrolments/${id}/outcome`, { outcome, reason }),
  form: (p: ChronicProgramme) => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B(p)}/form`),
  classify: (p: ChronicProgramme, body: Record<string, unknown>) => http.post<ClassifyAnswer>(`${B(p)}/classify`, body, { silent: true }),
  saveVisit: (p: ChronicProgramme, data: Record<string, unknown>) =>
    http.post<{ id: string; record: Record<string, unknown>; plans: PlanInfo[] }>(`${B(p)}/visits`, { data }),
  settings: (p: ChronicProgramme) => http.get<PlanSettings>(`${B(p)}/settings/plans`),
  saveSettings: (p: ChronicProgramme, s: PlanSettings) => http.put<PlanSettings>(`${B(p)}/settings/plans`, s),
  visits: (q: ListQuery & { programme?: string; classification?: string; lateEntry?: string }) =>
    http.get<Page<ChronicRow>>('/api/health/followup/visits', clean(q)),
};
