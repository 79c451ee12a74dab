import type {
  ReportBodyInput,
  ReportDefinition,
  ReportDefinitionInput,
  ReportInfo,
  ReportRunInput,
  ReportRunResult,
  ReportSource,
  ReportSourceField,
} from '@medalliance/contract';
import { http } from './http.ts';

/**
 * Typed calls of the data reports (apps/server/src/modules/report/report.routes.ts):
 * the designer's list, CRUD, copy, state, source fields and preview; the report
 * page's config, run and Excel export.
 */

const R = '/api/visualdev/DataReport';
const enc = encodeURIComponent;

export interface ReportSummary {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  updatedAt: number | null;
  creatorName: string | null;
  sourceKind: 'model' | 'interface' | null;
}

export interface ReportListQuery {
  keyword?: string;
  category?: string;
  currentPage?: number;
  pageSize?: number;
}

export interface ReportConfig {
  id: string;
  fullName: string;
  enabledMark: number;
  definition: ReportDefinition;
  defaults: Record<string, unknown>;
}

export const reportApi = {
  list: (q: ReportListQuery = {}) =>
    http.get<{ list: ReportSummary[]; pagination: { currentPage: number; pageSize: number; total: number } }>(R, { ...q }),
  selector: () => http.get<{ list: { id: string; fullName: string; enCode: string }[] }>(`${R}/Selector`),
  info: (id: string) => http.get<ReportInfo>(`${R}/${enc(id)}`),
  create: (body: ReportBodyInput) => http.post<{ id: string }>(R, body),
  update: (id: string, body: ReportBodyInput) => http.put(`${R}/${enc(id)}`, body),
  remove: (id: string) => http.delete(`${R}/${enc(id)}`),
  copy: (id: string) => http.post<{ id: string }>(`${R}/${enc(id)}/Actions/Copy`),
  state: (id: string, enabledMark: 0 | 1) => http.put<{ enabledMark: number }>(`${R}/${enc(id)}/Actions/State`, { enabledMark }),
  sourceFields: (source: ReportSource) => http.post<{ list: ReportSourceField[] }>(`${R}/Actions/SourceFields`, source, { silent: true }),
  preview: (definition: ReportDefinitionInput, input: ReportRunInput) =>
    http.post<ReportRunResult>(`${R}/Actions/Preview`, { ...input, definition }, { silent: true }),
  config: (id: string, menuId?: string) => http.get<ReportConfig>(`${R}/${enc(id)}/Config`, menuId ? { menuId } : undefined),
  run: (id: string, input: ReportRunInput) => http.post<ReportRunResult>(`${R}/${enc(id)}/Actions/Run`, input, { silent: true }),
  exportXlsx: (id: string, input: ReportRunInput) =>
    http.post<Blob>(`${R}/${enc(id)}/Actions/Export`, input, { responseType: 'blob', timeout: 300_000 }),
};
