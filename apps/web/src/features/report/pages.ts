import type { MenuType } from '@medalliance/contract';
import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Report design (the designer list and editor) by menu path, and menu type 5 (a data report, spec §2.3). */
export const pages: Record<string, PageLoader> = {
  '/onlineDev/dataReport': () => import('./design/ReportDesignPage.tsx'),
};

export const dynamicPages: Partial<Record<MenuType, PageLoader>> = {
  5: () => import('./view/ReportPage.tsx'),
};
