import type { PageResult } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/**
 * Typed calls of the health records module (/api/health): residents,
 * worklists, families, transfers, reveal and the audit log. Lists come masked
 * from the server unless revealed (with a reason, audited).
 */
const H = '/api/health';

export interface ResidentRow {
  id: string;
  fullName: string;
  idNumber: string;
  sex: string | null;
  birthDate: number | null;
  age: number | null;
  phone: string;
  familyId: string | null;
  familyName?: string | null;
  relationToHead: string | null;
  manageOrgId: string | null;
  manageOrgName: string | null;
  doctorId: string | null;
  doctorName: string | null;
  archiveState: number;
  cancelReason: string | null;
  auditLevel: number;
  completeness: number;
  lastActivityAt: number | null;
  creatorTime: number | null;
  duplicateCount?: number;
}

export interface ResidentQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  orgId?: string;
  archiveState?: number | '';
  auditLevel?: number | '';
  familyId?: string;
  workUnit?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface EnterpriseQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  sort?: 'workUnit' | 'persons' | 'htn' | 'dm' | 'incomplete' | 'inactive';
  order?: 'asc' | 'desc';
}

/** One employer of the archive's residents with its people's health figures (企业人员健康). */
export interface EnterpriseRow {
  workUnit: string;
  persons: number;
  men: number;
  women: number;
  htn: number;
  dm: number;
  incomplete: number;
  inactive: number;
}

export type WorklistKind = 'pendingAudit' | 'incomplete' | 'inactive' | 'duplicates' | 'badPhone' | 'toCancel';

export interface Rights {
  reveal: boolean;
  export: boolean;
  audit: boolean;
  add: boolean;
  edit: boolean;
  transfer: boolean;
  auditLog: boolean;
}

export interface Revealed {
  fullName: string;
  idNumber: string | null;
  phone: string | null;
  contactPhone: string | null;
}

export interface TimelineItem {
  id: string;
  kind: string;
  title: string;
  refModel: string | null;
  refId: string | null;
  at: number;
}

export interface StateHistoryItem {
  id: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  reason: string | null;
  userName: string | null;
  at: number;
}

export interface ResidentDetail {
  resident: ResidentRow & Record<string, unknown>;
  family: { id: string; familyName: string; members: ResidentRow[] } | null;
  history: StateHistoryItem[];
  missing: string[];
  suspectedDuplicates: number;
  phoneIrregular: boolean;
  openTransfer: TransferRow | null;
}

export interface FamilyRow {
  id: string;
  familyName: string;
  address: string | null;
  headResidentId: string | null;
  headName: string | null;
  manageOrgId: string | null;
  manageOrgName: string | null;
  doctorName: string | null;
  memberCount: number;
}

export interface TransferRow {
  id: string;
  kind: 'person' | 'family';
  residentId: string | null;
  familyId: string | null;
  subjectName: string;
  memberCount: number;
  fromOrgId: string | null;
  fromOrgName: string | null;
  toOrgId: string;
  toOrgName: string | null;
  toDoctorId: string | null;
  toDoctorName: string | null;
  reason: string;
  state: number;
  returnReason: string | null;
  createdByName: string | null;
  createdAt: number;
  decidedAt: number | null;
  canDecide: boolean;
  canSubmit: boolean;
}

export interface AuditLogRow {
  id: string;
  userName: string | null;
  account: string | null;
  orgName: string | null;
  action: string;
  residentId: string | null;
  residentName: string | null;
  target: string | null;
  reason: string | null;
  ip: string | null;
  at: number;
}

export interface OrgOption {
  id: string;
  fullName: string;
  parentId: string;
}

export const healthApi = {
  rights: () => http.get<Rights>(`${H}/rights`),
  units: () => http.get<{ list: OrgOption[] }>(`${H}/units`),
  doctors: (orgId: string) => http.get<{ list: { id: string; realName: string }[] }>(`${H}/units/${encodeURIComponent(orgId)}/doctors`),
  residents: (q: ResidentQuery) => http.post<PageResult<ResidentRow>>(`${H}/residents/list`, q),
  worklist: (kind: WorklistKind, q: ResidentQuery) => http.post<PageResult<ResidentRow>>(`${H}/worklists/${kind}`, q),
  enterprises: (q: EnterpriseQuery) => http.post<PageResult<EnterpriseRow>>(`${H}/enterprises/list`, q),
  worklistCounts: () => http.get<Record<WorklistKind, number>>(`${H}/worklists/counts`),
  resident: (id: string) => http.get<ResidentDetail>(`${H}/residents/${encodeURIComponent(id)}`),
  form: () => http.get<{ formData: unknown }>(`${H}/residents/form`),
  record: (id: string) => http.get<{ data: Record<string, unknown> }>(`${H}/residents/${encodeURIComponent(id)}/record`),
  create: (data: Record<string, unknown>) => http.post<{ id: string }>(`${H}/residents`, { data }),
  update: (id: string, data: Record<string, unknown>) => http.put<null>(`${H}/residents/${encodeURIComponent(id)}`, { data }),
  remove: (id: string) => http.delete<null>(`${H}/residents/${encodeURIComponent(id)}`),
  action: (id: string, action: string, body: { reason?: string; cancelReason?: string }) =>
    http.post<null>(`${H}/residents/${encodeURIComponent(id)}/actions/${action}`, body),
  timeline: (id: string, currentPage = 1, pageSize = 20) =>
    http.get<PageResult<TimelineItem>>(`${H}/residents/${encodeURIComponent(id)}/timeline`, { currentPage, pageSize }),
  reveal: (id: string, reason: string) =>
    http.post<Revealed>(`${H}/residents/${encodeURIComponent(id)}/reveal`, { reason }, { silent: false }),
  print: (id: string) => http.post<null>(`${H}/residents/${encodeURIComponent(id)}/print`, {}),
  exportUrl: `${H}/residents/export`,
  families: (q: { currentPage: number; pageSize: number; keyword?: string; orgId?: string; sort?: string; order?: 'asc' | 'desc' }) =>
    http.post<PageResult<FamilyRow>>(`${H}/families/list`, q),
  family: (id: string) => http.get<{ family: FamilyRow; members: ResidentRow[] }>(`${H}/families/${encodeURIComponent(id)}`),
  createFamily: (data: {
    familyName: string;
    address?: string;
    headResidentId?: string;
    members?: { id: string; relationToHead: string }[];
  }) => http.post<{ id: string }>(`${H}/families`, data),
  setMember: (familyId: string, residentId: string, relationToHead: string | null) =>
    http.put<null>(`${H}/families/${encodeURIComponent(familyId)}/members/${encodeURIComponent(residentId)}`, { relationToHead }),
  transfers: (q: { currentPage: number; pageSize: number; box: 'out' | 'in' | 'all'; state?: number | ''; keyword?: string }) =>
    http.post<PageResult<TransferRow>>(`${H}/transfers/list`, q),
  createTransfer: (body: {
    kind: 'person' | 'family';
    residentId?: string;
    familyId?: string;
    toOrgId: string;
    toDoctorId?: string;
    reason: string;
    submit?: boolean;
  }) => http.post<{ id: string }>(`${H}/transfers`, body),
  transferAction: (id: string, action: 'submit' | 'confirm' | 'return' | 'withdraw', body: { reason?: string; toDoctorId?: string } = {}) =>
    http.post<null>(`${H}/transfers/${encodeURIComponent(id)}/${action}`, body),
  auditLog: (q: {
    currentPage: number;
    pageSize: number;
    action?: string;
    keyword?: string;
    residentId?: string;
    from?: number;
    to?: number;
  }) => http.post<PageResult<AuditLogRow>>(`${H}/audit-log/list`, q),
};
