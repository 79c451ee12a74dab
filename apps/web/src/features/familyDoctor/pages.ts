import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Family-doctor contracting screens (issue 21, M11), by menu url (/health/familyDoctor/<enCode>). */
export const pages: Record<string, PageLoader> = {
  '/health/familyDoctor/my_service': () => import('./MyServicePage.tsx'),
  '/health/familyDoctor/plan_list': () => import('./PlanListPage.tsx'),
  '/health/familyDoctor/serve_modify': () => import('./ServeModifyPage.tsx'),
  '/health/familyDoctor/serve_verify': () => import('./ServeVerifyPage.tsx'),
  '/health/familyDoctor/serve_list': () => import('./ServeListPage.tsx'),
};
