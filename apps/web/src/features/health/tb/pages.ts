import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Pulmonary tuberculosis screens (issue 18, M5), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/chronic/tuberculosis_manage': () => import('./TbPage.tsx'),
  '/health/chronic/tuberculosis_manage_org': () => import('./TbOrgPage.tsx'),
};
