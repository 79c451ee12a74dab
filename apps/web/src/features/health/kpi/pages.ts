import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** The KPI screens of the health module (issue 17), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/chronic/hypertension_manage_org': () => import('./HypertensionKpiPage.tsx'),
  '/health/chronic/diabetes_manage_org': () => import('./DiabetesKpiPage.tsx'),
  '/health/chronic/chronic_standard': () => import('./ChronicStandardPage.tsx'),
  '/health/followup/area_statistics': () => import('./AreaStatisticsPage.tsx'),
};
