import type { ChildKpiRow, ChildWorklist, FormDefinition } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the child-health API (apps/server/src/modules/health/child/child.routes.ts). */
const B = '/api/health/child';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A row of the records list, the 体弱儿 list, or a plan worklist (plan fields set). */
export interface ChildRow {
  childId?: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  sex: string | null;
  birthDate: number | null;
  ageMonths?: number;
  motherName?: string | null;
  motherResidentId?: string | null;
  birthWeightG?: number | null;
  gestationalWeeks?: number | null;
  weak?: number;
  weakReason?: string | null;
  referral?: number;
  lost?: number;
  lastCheckAt?: number | null;
  lastWeightBand?: string | null;
  lastLengthBand?: string | null;
  orgName: string | null;
  doctorName: string | null;
  planId?: string;
  planKind?: string;
  planDate?: number;
  windowStart?: number;
  windowEnd?: number;
  planState?: string;
  enrolmentId?: string;
}

export interface ChildPlan {
  id: string;
  kind: string;
  code: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  visitedAt: number | null;
  state: 'upcoming' | 'due' | 'done' | 'overdue' | 'lost';
}

export interface ChildVisit {
  form: 'newborn' | 'checkup';
  id: string;
  visitDate: number;
  stage: string | null;
  weightKg: number | null;
  lengthCm: number | null;
  weightBand: string | null;
  lengthBand: string | null;
  haemoglobin: number | null;
}

export interface ChildDetail {
  id: string;
  residentId: string;
  motherResidentId: string | null;
  motherPregnancyId: string | null;
  birthDate: number;
  birthWeightG: number | null;
  birthLengthCm: number | null;
  gestationalWeeks: number | null;
  dischargeDate: number | null;
  weak: number;
  weakReason: string | null;
  referral: number;
  lost: number;
  lostReason: string | null;
  plans: ChildPlan[];
  visits: ChildVisit[];
  history: { id: string; field: string; oldValue: string | null; newValue: string | null; reason: string | null; at: number }[];
}

export interface Person {
  id: string;
  fullName: string;
  idNumber: string;
  birthDate?: number | null;
  ageMonths?: number | null;
  age?: number | null;
}

export interface KpiAnswer {
  org: { id: string; name: string };
  period: { year: number; start: number; end: number };
  rows: ChildKpiRow[];
  total: ChildKpiRow;
}

export interface DrillRow {
  residentId: string;
  fullName: string;
  idNumber: string;
  sex: string | null;
  birthDate: number | null;
  ageMonths: number | null;
  visitedAt: number | null;
  dueBy: number | null;
  orgName: string | null;
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1'; weak?: string };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
type Revealed = { residentId: string; fullName: string; idNumber: string | null; phone: string | null } | null;

export const childApi = {
  children: (q: ListQuery) => http.get<Page<ChildRow>>(`${B}/children`, clean(q)),
  worklist: (list: ChildWorklist, q: ListQuery) => http.get<Page<ChildRow>>(`${B}/worklists/${list}`, clean(q)),
  detail: (id: string) => http.get<ChildDetail>(`${B}/children/${id}`),
  candidates: (keyword: string) => http.get<{ list: Person[] }>(`${B}/candidates`, clean({ keyword })),
  mothers: (childResidentId: string, keyword: string) => http.get<{ list: Person[] }>(`${B}/mothers`, clean({ childResidentId, keyword })),
  create: (body: Record<string, unknown>) => http.post<{ id: string }>(`${B}/children`, body),
  update: (id: string, body: Record<string, unknown>) => http.put(`${B}/children/${id}`, body),
  reveal: (id: string, reason: string) => http.post<{ child: Revealed; mother: Revealed }>(`${B}/children/${id}/reveal`, { reason }),
  form: (form: 'newborn' | 'checkup') => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B}/forms/${form}`),
  saveVisit: (form: 'newborn' | 'checkup', data: Record<string, unknown>) =>
    http.post<{ id: string; record: Record<string, unknown>; child: { weak: number; weakReason: string | null }; plans: ChildPlan[] }>(
      `${B}/visits/${form}`,
      { data },
    ),
  kpi: (q: { year?: number; orgId?: string }) => http.get<KpiAnswer>(`${B}/kpi`, clean(q)),
  drill: (q: { year: number; orgId?: string; rowId: string; kpi: string; part: string; currentPage: number; pageSize: number }) =>
    http.get<Page<DrillRow>>(`${B}/kpi/drill`, clean(q)),
};
