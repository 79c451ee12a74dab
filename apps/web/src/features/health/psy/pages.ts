import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Severe-mental-disorder management (issue 18, M4), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/chronic/psychosis_manage': () => import('./PsyPage.tsx'),
};
