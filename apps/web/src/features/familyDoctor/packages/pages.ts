import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Family-doctor service items and packages (issue 21), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/familyDoctor/fd_package': () => import('./PackagesPage.tsx'),
};
