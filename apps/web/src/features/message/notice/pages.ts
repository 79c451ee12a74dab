import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Notice administration (system management → notices, seeded url system/notice). */
export const pages: Record<string, PageLoader> = {
  '/system/notice': () => import('./NoticePage.tsx'),
};
