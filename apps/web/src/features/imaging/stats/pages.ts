import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** The statistics screens of remote ultrasound and the image centre (issue 20), by menu url. */
const load =
  (name: 'UltrasoundDiagFee' | 'UltrasoundApplyFee' | 'UltrasoundReports' | 'UltrasoundWorkload' | 'ImagingStatistics'): PageLoader =>
  () =>
    import('./StatsPages.tsx').then((m) => ({ default: m[name] }));

export const pages: Record<string, PageLoader> = {
  '/health/ultrasound/ultras_statis_diag_fee': load('UltrasoundDiagFee'),
  '/health/ultrasound/ultras_statis_apply_fee': load('UltrasoundApplyFee'),
  '/health/ultrasound/ultras_statis_diag_report': load('UltrasoundReports'),
  '/health/ultrasound/ultras_statis_workload': load('UltrasoundWorkload'),
  '/health/imaging/img_statistics': load('ImagingStatistics'),
};
