import type { ConferenceInput, ConsultAction, ConsultListQuery, ConsultSettings, FileEntry, PageResult } from '@medalliance/contract';
import { http, request } from '../../api/http.ts';

/** Typed calls of remote consultation and conferences (apps/server/src/modules/consult). */
const B = '/api/consult';

export interface ConsultRow {
  id: string;
  code: string;
  residentId: string;
  patientName: string;
  patientIdNumber: string;
  patientPhone: string;
  patientSex: string | null;
  patientBirthDate: number | null;
  orgId: string | null;
  orgName: string | null;
  applicantId: string;
  applicantName: string | null;
  question: string;
  summary: string;
  urgency: 'normal' | 'urgent';
  mode: 'video' | 'image' | 'text';
  deptId: string | null;
  deptName: string | null;
  expertId: string | null;
  attachments: FileEntry[];
  state: string;
  approverName: string | null;
  approvedAt: number | null;
  refuseReason: string | null;
  scheduledAt: number | null;
  room: string;
  link: string;
  heldAt: number | null;
  opinion: string;
  opinionByName: string | null;
  opinionAt: number | null;
  score: number | null;
  evalComment: string;
  evaluatedAt: number | null;
  fee: number | null;
  feeMonth: string | null;
  createdAt: number;
  approveDeadline: number;
  overdue: boolean;
  experts: { id: string; realName: string }[];
  actions: ConsultAction[];
}

export interface ConsultDetail extends ConsultRow {
  events: { action: string; fromState: string | null; toState: string; note: string | null; at: number; userName: string | null }[];
}

export interface Options {
  experts: { id: string; realName: string; deptId: string; deptName: string | null }[];
  depts: { id: string; fullName: string }[];
  orgs: { id: string; fullName: string; parentId: string; category: string }[];
  roles: { id: string; enCode: string; fullName: string }[];
  users: { id: string; realName: string; orgId: string }[];
  me: { userId: string; consultApprover: boolean; conferenceApprover: boolean; canEditSettings: boolean };
}

export interface TemplateRow {
  id: string;
  deptId: string;
  deptName: string | null;
  title: string;
  content: string;
  sortCode: number;
}

export interface ChargeLine {
  orgId: string | null;
  orgName: string | null;
  month: string;
  count: number;
  amount: number;
  detail: { mode: string; urgency: string; count: number; amount: number }[];
}

export interface ConferenceRow {
  id: string;
  title: string;
  mode: 'online' | 'offline';
  startAt: number;
  endAt: number;
  place: string;
  link: string;
  agenda: string;
  targets: { orgIds: string[]; roleIds: string[]; userIds: string[] };
  attachments: FileEntry[];
  minutes: string;
  state: string;
  orgName: string | null;
  applicantId: string;
  applicantName: string | null;
  refuseReason: string | null;
  createdAt: number;
  participants: number;
  signed: number;
  mine: boolean;
  mySignedAt: number | null;
  myRatedAt: number | null;
  invited: boolean;
}

export interface ConferenceDetail extends ConferenceRow {
  attendance: {
    userId: string;
    realName: string;
    orgName: string | null;
    signedAt: number | null;
    score: number | null;
    comment: string | null;
  }[];
  items: { id: string; content: string; ownerId: string; ownerName: string | null; dueAt: number | null; doneAt: number | null }[];
  events: { action: string; toState: string; note: string | null; at: number; userName: string | null }[];
  rating: { count: number; average: number | null };
  actions: ('approve' | 'refuse' | 'finish' | 'cancel')[];
  canManage: boolean;
}

export type ConferenceBox = 'mine' | 'approve' | 'all' | 'attend';

export const consultApi = {
  options: () => http.get<Options>(`${B}/options`),
  apply: (body: Record<string, unknown>) => http.post<{ id: string; code: string }>(`${B}/requests`, body),
  list: (q: ConsultListQuery) => http.post<PageResult<ConsultRow>>(`${B}/requests/list`, q),
  exportXlsx: (q: ConsultListQuery) => request<Blob>('POST', `${B}/requests/export`, q, { responseType: 'blob', timeout: 120_000 }),
  get: (id: string) => http.get<ConsultDetail>(`${B}/requests/${encodeURIComponent(id)}`),
  reveal: (id: string, reason: string) =>
    http.post<{ fullName: string; idNumber: string | null; phone: string | null }>(`${B}/requests/${encodeURIComponent(id)}/reveal`, {
      reason,
    }),
  act: (id: string, action: ConsultAction, body: Record<string, unknown>) =>
    http.post<{ state: string }>(`${B}/requests/${encodeURIComponent(id)}/${action}`, body),
  charges: (q: { month: string; orgId: string }) =>
    http.post<{ list: ChargeLine[]; total: { count: number; amount: number } }>(`${B}/charges`, q),
  expertScores: () =>
    http.get<{ list: { userId: string; realName: string; deptName: string | null; count: number; average: number | null }[] }>(
      `${B}/evaluations/experts`,
    ),
  templates: (deptId = '') => http.get<{ list: TemplateRow[] }>(`${B}/templates`, deptId ? { deptId } : {}),
  createTemplate: (b: { deptId: string; title: string; content: string; sortCode?: number }) =>
    http.post<{ id: string }>(`${B}/templates`, b),
  updateTemplate: (id: string, b: { deptId: string; title: string; content: string; sortCode?: number }) =>
    http.put<null>(`${B}/templates/${encodeURIComponent(id)}`, b),
  removeTemplate: (id: string) => http.delete<null>(`${B}/templates/${encodeURIComponent(id)}`),
  sortTemplates: (ids: string[]) => http.post<null>(`${B}/templates/sort`, { ids }),
  settings: () => http.get<ConsultSettings>(`${B}/settings`),
  saveSettings: (s: ConsultSettings) => http.put<null>(`${B}/settings`, s),
  conferences: (q: { currentPage: number; pageSize: number; box: ConferenceBox; state?: string; keyword?: string }) =>
    http.post<PageResult<ConferenceRow>>(`${B}/conferences/list`, q),
  conference: (id: string) => http.get<ConferenceDetail>(`${B}/conferences/${encodeURIComponent(id)}`),
  applyConference: (b: ConferenceInput) => http.post<{ id: string }>(`${B}/conferences`, b),
  updateConference: (id: string, b: ConferenceInput) => http.put<null>(`${B}/conferences/${encodeURIComponent(id)}`, b),
  conferenceAction: (id: string, action: string, reason?: string) =>
    http.post<{ state: string }>(`${B}/conferences/${encodeURIComponent(id)}/${action}`, reason ? { reason } : {}),
  signIn: (id: string) => http.post<{ signedAt: number }>(`${B}/conferences/${encodeURIComponent(id)}/signin`, {}),
  rate: (id: string, score: number, comment: string) =>
    http.post<null>(`${B}/conferences/${encodeURIComponent(id)}/rate`, { score, comment }),
  minutes: (id: string, minutes: string) => http.put<null>(`${B}/conferences/${encodeURIComponent(id)}/minutes`, { minutes }),
  addItem: (id: string, b: { content: string; ownerId: string; dueAt?: number }) =>
    http.post<{ id: string }>(`${B}/conferences/${encodeURIComponent(id)}/items`, b),
  itemDone: (itemId: string, done: boolean) => http.put<null>(`${B}/conferences/items/${encodeURIComponent(itemId)}`, { done }),
};
