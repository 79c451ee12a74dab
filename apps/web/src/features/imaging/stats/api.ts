import type { ImagingCentre, ImgDrill, ImgFeeStats, ImgStats, ImgStatsMeasure } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the statistics API (apps/server/src/modules/imaging/stats/stats.routes.ts). */
const B = '/api/imaging/stats';

export interface StatsFilter {
  centre: ImagingCentre;
  monthFrom: string;
  monthTo: string;
  unitId?: string | undefined;
}
export interface DrillParams {
  measure: ImgStatsMeasure;
  key?: string;
  unitId?: string;
  month?: string;
}
const params = (f: object) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const statsApi = {
  meta: () => http.get<{ centres: ImagingCentre[] }>(`${B}/meta`),
  fees: (f: StatsFilter) => http.get<ImgFeeStats>(`${B}/fees`, params(f)),
  all: (f: StatsFilter) => http.get<ImgStats>(B, params(f)),
  studies: (f: StatsFilter, d: DrillParams, page: { currentPage: number; pageSize: number }) =>
    http.get<ImgDrill>(`${B}/studies`, params({ ...f, ...d, unitId: d.unitId ?? f.unitId, ...page })),
  export: (f: StatsFilter) => http.get<Blob>(`${B}/export`, params(f), { responseType: 'blob', timeout: 120_000 }),
};
