import type {
  FileEntry,
  ReferralAction,
  ReferralLimits,
  ReferralParty,
  ReferralRow,
  ReferralStatsRow,
  ReferralWorklist,
} from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** Typed calls of the referral API (apps/server/src/modules/referral/referral.routes.ts). */
const B = '/api/referral';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface ReferralMeta {
  unitId: string | null;
  unitName: string | null;
  tier: number;
  limits: ReferralLimits;
  rights: { apply: boolean; examine: boolean; deal: boolean; query: boolean; triage: boolean; monitor: boolean; settings: boolean };
}

export interface UnitOption {
  id: string;
  name: string;
  tier: number;
  departments: { id: string; name: string }[];
}

export interface ReferralEvent {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  at: number;
  userName: string | null;
  unitName: string | null;
}

export interface ReferralDetail extends ReferralRow {
  visitType: string | null;
  referralDate: number | null;
  reason: string | null;
  condition: string | null;
  results: string | null;
  notes: string | null;
  rehab: string | null;
  attachments: FileEntry[];
  sourceProgramme: string | null;
  dischargeDiagnosis: string | null;
  treatment: string | null;
  treatmentResult: string | null;
  nextSteps: string | null;
  answerReason: string | null;
  approvedAt: number | null;
  answeredAt: number | null;
  arrivedAt: number | null;
  closedAt: number | null;
  events: ReferralEvent[];
  followUp: { id: string; windowStart: number; windowEnd: number; visitedAt: number | null }[];
  actions: ReferralAction[];
  parties: ReferralParty[];
}

export interface FlaggedPatient {
  enrolmentId: string;
  residentId: string;
  programme: string;
  referralFlag: number;
  lastVisitAt: number | null;
  orgName: string | null;
  fullName: string;
  idNumber: string;
  phone: string;
  openReferrals: number;
}

export interface ResidentOption {
  id: string;
  fullName: string;
  idNumber: string;
  sex: string | null;
  birthDate: number | null;
}

export interface ReferralStats {
  monthFrom: string;
  monthTo: string;
  rows: ReferralStatsRow[];
  total: Omit<ReferralStatsRow, 'unitId' | 'unitName' | 'month'>;
  townships: { unitId: string; unitName: string; up: number; down: number; ratio: number | null }[];
  followUp: { unitId: string; unitName: string; due: number; inTime: number; rate: number | null }[];
  reasons: { reasonCode: string; direction: string; count: number }[];
  months: { month: string; up: number; down: number }[];
}

export interface MonitorAnswer extends Page<ReferralRow> {
  summary: { status: string; arrived: boolean; count: number; breached: number }[];
  limits: ReferralLimits;
}

export type ListFilter = {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  direction?: string;
  status?: string;
  dateFrom?: number;
  dateTo?: number;
};

const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Record<string, string | number>;

export const referralApi = {
  meta: () => http.get<ReferralMeta>(`${B}/meta`),
  units: (direction: '1' | '2') => http.get<{ list: UnitOption[] }>(`${B}/units`, { direction }),
  doctors: (unitId: string) =>
    http.get<{ list: { id: string; realName: string; deptId: string }[] }>(`${B}/units/${encodeURIComponent(unitId)}/doctors`),
  residents: (keyword: string) => http.get<{ list: ResidentOption[] }>(`${B}/residents`, clean({ keyword })),
  flagged: () => http.get<{ list: FlaggedPatient[] }>(`${B}/flagged`),
  prefill: (residentId: string) => http.get<Record<string, unknown>>(`${B}/prefill`, { residentId }),
  worklist: (list: ReferralWorklist, q: ListFilter) => http.get<Page<ReferralRow>>(`${B}/worklists/${list}`, clean(q)),
  query: (q: ListFilter) => http.get<Page<ReferralRow>>(`${B}/query`, clean(q)),
  exportQuery: (q: Omit<ListFilter, 'currentPage' | 'pageSize'>) =>
    http.get<Blob>(`${B}/query/export`, clean(q), { responseType: 'blob', timeout: 120_000 }),
  monitor: (q: ListFilter) => http.get<MonitorAnswer>(`${B}/monitor`, clean(q)),
  stats: (monthFrom: string, monthTo: string) => http.get<ReferralStats>(`${B}/stats`, { monthFrom, monthTo }),
  exportStats: (monthFrom: string, monthTo: string) =>
    http.get<Blob>(`${B}/stats/export`, { monthFrom, monthTo }, { responseType: 'blob', timeout: 120_000 }),
  settings: () => http.get<ReferralLimits>(`${B}/settings`),
  saveSettings: (l: ReferralLimits) => http.put<ReferralLimits>(`${B}/settings`, l),
  create: (body: Record<string, unknown>) => http.post<{ id: string }>(B, body),
  detail: (id: string) => http.get<ReferralDetail>(`${B}/${encodeURIComponent(id)}`),
  act: (id: string, action: ReferralAction, reason = '') =>
    http.post<{ status: string }>(`${B}/${encodeURIComponent(id)}/actions/${action}`, { reason }),
  triage: (id: string, deptId: string, doctorId: string | null) => http.post(`${B}/${encodeURIComponent(id)}/triage`, { deptId, doctorId }),
  followUp: (id: string, note: string) => http.post<{ inTime: boolean }>(`${B}/${encodeURIComponent(id)}/follow-up`, { note }),
  reveal: (id: string, reason: string) =>
    http.post<{ fullName: string; idNumber: string; phone: string }>(`${B}/${encodeURIComponent(id)}/reveal`, { reason }),
};
