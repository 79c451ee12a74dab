import type { MenuType } from '@medalliance/contract';
import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** The portal designer (menu portalDesign), by menu path. */
export const pages: Record<string, PageLoader> = {
  '/onlineDev/portal': () => import('./designer/PortalListPage.tsx'),
};

/** Menu type 8 (a portal, spec §2.3): the portal named by propertyJson.moduleId. */
export const dynamicPages: Partial<Record<MenuType, PageLoader>> = {
  8: () => import('./view/PortalPage.tsx'),
};
