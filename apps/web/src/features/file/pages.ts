import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Screens of the file module, by menu path (the seeded menu `myFiles` → /file/myFiles). */
export const pages: Record<string, PageLoader> = {
  '/file/myFiles': () => import('./FilesPage.tsx'),
};
