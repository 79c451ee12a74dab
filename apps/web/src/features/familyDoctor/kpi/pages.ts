import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Family-doctor contracting KPIs (issue 21), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/familyDoctor/fd_statis': () => import('./KpiPage.tsx'),
};
