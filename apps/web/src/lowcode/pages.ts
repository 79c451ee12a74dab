import type { MenuType } from '@medalliance/contract';
import type { PageLoader } from '../app/router/pageRegistry.ts';

/** Menu type 3 (a model page, spec §2.3): the generated list and form of the model named by propertyJson.moduleId. */
export const dynamicPages: Partial<Record<MenuType, PageLoader>> = {
  3: () => import('./runtime/ModelPage.tsx'),
};
