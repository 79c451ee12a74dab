import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** The imaging catalogue screens (issue 20), by menu url (/health/imaging/<enCode>); each switches between the caller's centres. */
export const pages: Record<string, PageLoader> = {
  '/health/imaging/img_check_item': () => import('./ItemsPage.tsx'),
  '/health/imaging/img_check_body': () => import('./BodyPartsPage.tsx'),
  '/health/imaging/img_org_sort': () => import('./OrgSortPage.tsx'),
  '/health/imaging/img_diag_temp_sort': () => import('./TemplatesPage.tsx'),
  '/health/imaging/img_fee_schedule': () => import('./FeesPage.tsx'),
};
