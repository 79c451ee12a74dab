import type { FlowDefinitionBody, FlowDefinitionUpdateBody, FlowFormField, FlowGraph } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/**
 * Typed calls of the flow definitions (apps/server/src/modules/workflow/flow-engine.routes.ts):
 * the design list, CRUD, enable / stop, copy, the designer's draft, release,
 * form fields and old versions, and the short list of every flow.
 */
const B = '/api/workflow/Engine/FlowEngine';
const enc = encodeURIComponent;

export interface FlowSummary {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
  formKind: string;
  formId: string;
  version: number;
  enabledMark: number;
  description: string;
  creatorTime: number;
  lastModifyTime: number | null;
}

export interface FlowVersionRow {
  id: string;
  version: number;
  createdAt: number;
  createdBy: string | null;
}

export interface FlowInfo extends Omit<FlowSummary, 'creatorTime' | 'lastModifyTime'> {
  currentVersionId: string;
  graph: FlowGraph;
  hasDraft: boolean;
  starters: { userIds: string[]; positionIds: string[]; roleIds: string[] };
  versions: FlowVersionRow[];
}

export interface FlowListQuery {
  keyword?: string;
  category?: string;
  enabledMark?: number;
  currentPage?: number;
  pageSize?: number;
}

export interface FlowShort {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  enabledMark: number;
}

type Page<T> = { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } };

export const flowEngineApi = {
  list: (q: FlowListQuery = {}) => http.get<Page<FlowSummary>>(B, { ...q }),
  listAll: () => http.get<{ list: FlowShort[] }>(`${B}/ListAll`),
  info: (id: string) => http.get<FlowInfo>(`${B}/${enc(id)}`),
  create: (body: FlowDefinitionBody) => http.post<{ id: string; versionId: string }>(B, body),
  update: (id: string, body: FlowDefinitionUpdateBody) => http.put(`${B}/${enc(id)}`, body),
  remove: (id: string) => http.delete(`${B}/${enc(id)}`),
  exportData: (id: string) => http.get<FlowDefinitionBody>(`${B}/${enc(id)}/Actions/ExportData`),
  importData: (body: unknown) => http.post<{ id: string; enCode: string }>(`${B}/Actions/ImportData`, body),
  copy: (id: string) => http.post<{ id: string }>(`${B}/${enc(id)}/Actions/Copy`),
  enable: (id: string, on: boolean) => http.post(`${B}/${on ? 'Enable' : 'Stop'}/${enc(id)}`),
  saveDraft: (id: string, graph: FlowGraph) => http.put(`${B}/${enc(id)}/Draft`, { graph }),
  release: (id: string, graph: FlowGraph) => http.post<{ versionId: string; version: number }>(`${B}/Release/${enc(id)}`, { graph }),
  formFields: (id: string) => http.get<{ list: FlowFormField[] }>(`${B}/${enc(id)}/FormDataFields`),
  version: (id: string, versionId: string) => http.get<FlowVersionRow & { graph: FlowGraph }>(`${B}/${enc(id)}/Versions/${enc(versionId)}`),
};
