import type { MenuType } from '@medalliance/contract';
import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Screens of the system module, by menu path ('/' + the seeded urlAddress). */
export const pages: Record<string, PageLoader> = {
  '/system/dictionary': () => import('./dictionary/DictionaryPage.tsx'),
  '/system/area': () => import('./area/AreaPage.tsx'),
  '/system/billRule': () => import('./billRule/BillRulePage.tsx'),
  '/system/dataInterface': () => import('./dataInterface/DataInterfacePage.tsx'),
  '/system/printDev': () => import('./printDev/PrintDevPage.tsx'),
  '/system/sysConfig': () => import('./sysConfig/SysConfigPage.tsx'),
  '/system/log': () => import('./log/LogPage.tsx'),
};

/** Menu type 4 (a dictionary page, spec §2.3): the dictionary named by propertyJson.moduleId. */
export const dynamicPages: Partial<Record<MenuType, PageLoader>> = {
  4: () => import('./dictionary/DictionaryViewPage.tsx'),
};
