import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Child health 0–6 screens (issue 18, M7), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/child/child_case': () => import('./ChildRecordsPage.tsx'),
  '/health/child/child_follow': () => import('./ChildFollowPage.tsx'),
  '/health/child/child_case_org': () => import('./ChildKpiPage.tsx'),
};
