import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Hypertension and diabetes management screens (issue 17, M3), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/chronic/hypertension_manage': () => import('./HypertensionPage.tsx'),
  '/health/chronic/diabetes_manage': () => import('./DiabetesPage.tsx'),
  '/health/followup/treatment_list': () => import('./FollowupListPage.tsx'),
};
