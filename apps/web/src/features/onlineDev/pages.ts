import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Screens of the online-development module, by menu path. */
export const pages: Record<string, PageLoader> = {
  '/onlineDev/webDesign': () => import('./webDesign/WebDesignPage.tsx'),
};
