import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Maternal care screens (issue 18, M6), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/maternal/parturient_case': () => import('./CasePage.tsx'),
  '/health/maternal/parturient_follow': () => import('./FollowPage.tsx'),
  '/health/maternal/parturient_case_org': () => import('./KpiPage.tsx'),
};
