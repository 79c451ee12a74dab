import type { KpiMeta, KpiMetric, KpiPatient, KpiProgramme, KpiResult } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the KPI API (apps/server/src/modules/health/kpi/kpi.routes.ts). */
const B = '/api/health/kpi';

export interface KpiTableQuery {
  programme: KpiProgramme;
  year: number;
  orgId?: string;
  groupBy: 'org' | 'doctor';
}

export interface KpiPatientsQuery {
  programme: KpiProgramme;
  year: number;
  orgId?: string;
  rowOrgId?: string;
  doctorId?: string;
  metric: KpiMetric;
  currentPage: number;
  pageSize: number;
}

const clean = <T extends object>(q: T) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const kpiApi = {
  meta: () => http.get<KpiMeta>(`${B}/meta`),
  table: (q: KpiTableQuery) => http.get<KpiResult>(B, clean(q)),
  patients: (q: KpiPatientsQuery) =>
    http.get<{ list: KpiPatient[]; pagination: { currentPage: number; pageSize: number; total: number } }>(`${B}/patients`, clean(q)),
  exportXlsx: (q: { year: number; orgId?: string; programmes: KpiProgramme[] }) =>
    http.get<Blob>(`${B}/export`, clean({ ...q, programmes: q.programmes.join(',') }), { responseType: 'blob', timeout: 300_000 }),
};
