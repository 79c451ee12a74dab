import type { FormDefinition, MatKpiRow, MatWorklist } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the maternal-care API (apps/server/src/modules/health/maternal/maternal.routes.ts). */
const B = '/api/health/maternal';

export type VisitType = 'first' | 'antenatal' | 'postpartum' | 'check42';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** A pregnancy (records, high-risk, early-registration and KPI lists) or a plan row (the plan worklists). */
export interface MatRow {
  pregnancyId: string;
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  age?: number | null;
  orgName: string | null;
  doctorName: string | null;
  lmp: number;
  edd: number;
  gestation: string | null;
  state: string | null;
  riskLevel: string | null;
  riskScore?: number;
  gravidity?: number;
  parity?: number;
  registeredAt?: number;
  registeredGestation?: string;
  firstVisitAt?: number | null;
  deliveryDate?: number | null;
  dischargeDate?: number | null;
  postpartumAt?: number | null;
  check42At?: number | null;
  stateReason?: string | null;
  earlyReason?: 'late' | 'pending' | 'missed' | null;
  earlyDaysLeft?: number | null;
  planId?: string;
  planKind?: string;
  windowStart?: number;
  windowEnd?: number;
  planState?: string;
}

export interface MatPlan {
  id: string;
  kind: string;
  planDate: number;
  windowStart: number;
  windowEnd: number;
  visitId: string | null;
  visitedAt: number | null;
  state: string;
}

export interface MatDetail extends MatRow {
  gestationToday: string | null;
  plans: MatPlan[];
  visits: { type: VisitType; id: string; visitDate: number; classification: string | null; detail: string | null }[];
  history: {
    id: string;
    field: string;
    oldValue: string | null;
    newValue: string | null;
    reason: string | null;
    userName: string | null;
    at: number;
  }[];
}

export interface Candidate {
  id: string;
  fullName: string;
  idNumber: string;
  age: number | null;
}

export type ListQuery = { currentPage: number; pageSize: number; keyword?: string; mine?: '0' | '1'; state?: string; riskLevel?: string };
const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const matApi = {
  pregnancies: (q: ListQuery) => http.get<Page<MatRow>>(`${B}/pregnancies`, clean(q)),
  pregnancy: (id: string) => http.get<MatDetail>(`${B}/pregnancies/${encodeURIComponent(id)}`),
  candidates: (keyword: string) => http.get<{ list: Candidate[] }>(`${B}/candidates`, clean({ keyword })),
  create: (body: Record<string, unknown>) => http.post<{ id: string }>(`${B}/pregnancies`, body),
  delivery: (id: string, body: Record<string, unknown>) => http.post(`${B}/pregnancies/${encodeURIComponent(id)}/delivery`, body),
  state: (id: string, body: { state: string; reason: string; date?: number }) =>
    http.post(`${B}/pregnancies/${encodeURIComponent(id)}/state`, body),
  worklist: (list: MatWorklist, q: ListQuery) => http.get<Page<MatRow>>(`${B}/worklists/${list}`, clean(q)),
  counts: (q: { mine?: '0' | '1' }) => http.get<Record<MatWorklist, number>>(`${B}/worklists`, clean(q)),
  form: (type: VisitType) => http.get<{ modelId: string; fullName: string; formData: FormDefinition }>(`${B}/forms/${type}`),
  saveVisit: (type: VisitType, data: Record<string, unknown>) =>
    http.post<{ id: string; record: Record<string, unknown>; plans: MatPlan[] }>(`${B}/visits/${type}`, { data }),
  kpi: (q: { from?: number; to?: number }) =>
    http.get<{ period: { from: number; to: number }; rows: MatKpiRow[]; total: MatKpiRow }>(`${B}/kpi`, clean(q)),
  drill: (q: { orgId: string; metric: string; part: string; from?: number; to?: number; currentPage: number; pageSize: number }) =>
    http.get<Page<MatRow>>(`${B}/kpi/drill`, clean(q)),
};

/** The form a plan (or a record's next step) calls for. */
export function visitTypeOf(
  kind: string | undefined,
  row?: { firstVisitAt?: number | null; deliveryDate?: number | null; postpartumAt?: number | null },
): VisitType {
  if (kind === 'matFirst') return 'first';
  if (kind === 'matPost') return 'postpartum';
  if (kind === 'mat42') return 'check42';
  if (kind) return 'antenatal';
  if (row?.deliveryDate) return row.postpartumAt ? 'check42' : 'postpartum';
  return row?.firstVisitAt ? 'antenatal' : 'first';
}

export const RISK_COLOR: Record<string, string> = { green: 'green', yellow: 'gold', orange: 'orange', red: 'red', purple: 'purple' };
export const STATE_COLOR: Record<string, string> = {
  registered: 'blue',
  antenatal: 'cyan',
  delivered: 'geekblue',
  terminated: 'default',
  postpartum: 'lime',
  check42: 'green',
  closed: 'default',
  referred: 'orange',
  lost: 'red',
  movedOut: 'default',
};
export const PLAN_COLOR: Record<string, string> = { due: 'blue', overdue: 'red', visited: 'green', upcoming: 'default' };

/** A stored date (UTC midnight) as YYYY-MM-DD. */
export const fmtDate = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '' : new Date(ms).toISOString().slice(0, 10);
