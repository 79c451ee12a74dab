import type {
  FdAction,
  FdAuthenticity,
  FdContractRow,
  FdMeta,
  FdPopulationGroup,
  FdRecordRow,
  FdTaskRow,
  FdUnsignedRow,
  FdVerifySettings,
  FdWorklist,
} from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** Typed calls of the family-doctor API (apps/server/src/modules/family-doctor/fd.routes.ts). */
const B = '/api/family-doctor';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface ResidentOption {
  residentId: string;
  fullName: string;
  idNumber: string;
  phone: string;
  address: string;
  birthDate: number | null;
  groups: FdPopulationGroup[];
  presetGroup: FdPopulationGroup;
  contracted: boolean;
}

export interface ContractDetail {
  id: string;
  residentId: string;
  status: string;
  events: {
    id: string;
    action: string;
    fromStatus: string | null;
    toStatus: string;
    reason: string | null;
    at: number;
    userName: string | null;
  }[];
}

type Query = Record<string, string | number | undefined>;
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Record<string, string | number>;
const enc = encodeURIComponent;

export const fdApi = {
  meta: () => http.get<FdMeta>(`${B}/meta`),
  residents: (keyword: string) => http.get<{ list: ResidentOption[] }>(`${B}/residents`, clean({ keyword })),
  contracts: (q: Query) => http.get<Page<FdContractRow>>(`${B}/contracts`, clean(q)),
  contract: (id: string) => http.get<ContractDetail>(`${B}/contracts/${enc(id)}`),
  sign: (body: Record<string, unknown>) => http.post<{ id: string; contractNo: string }>(`${B}/contracts`, body),
  act: (id: string, action: FdAction, body: Record<string, unknown> = {}) =>
    http.post<{ id: string }>(`${B}/contracts/${enc(id)}/actions/${action}`, body),
  worklist: <T = FdContractRow | FdRecordRow | FdTaskRow | FdUnsignedRow>(list: FdWorklist, q: Query) =>
    http.get<Page<T>>(`${B}/worklists/${list}`, clean(q)),
  tasks: (q: Query) => http.get<Page<FdTaskRow>>(`${B}/tasks`, clean(q)),
  markTask: (id: string, status: '2' | '3', note = '') => http.post<{ id: string }>(`${B}/tasks/${enc(id)}/mark`, { status, note }),
  records: (q: Query) => http.get<Page<FdRecordRow>>(`${B}/records`, clean(q)),
  addRecord: (body: Record<string, unknown>) => http.post<{ id: string; authenticity: FdAuthenticity }>(`${B}/records`, body),
  audit: (id: string, decision: 'approved' | 'rejected', comment = '') =>
    http.post<{ id: string }>(`${B}/records/${enc(id)}/audit`, { decision, comment }),
  reverify: () => http.post<Record<FdAuthenticity, number>>(`${B}/records/reverify`, {}),
  saveSettings: (s: FdVerifySettings) => http.put<FdVerifySettings>(`${B}/settings`, s),
  home: (residentId: string) => http.get<{ lat: number; lng: number } | null>(`${B}/residents/${enc(residentId)}/position`),
  setHome: (residentId: string, lat: number, lng: number) => http.put(`${B}/residents/${enc(residentId)}/position`, { lat, lng }),
};
