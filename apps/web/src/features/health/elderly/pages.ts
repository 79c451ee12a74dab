import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Elderly 65+ management (issue 18, M8) and the follow-up list by organisation, by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/elderly/old_people_manage': () => import('./ElderlyPage.tsx'),
  '/health/elderly/old_people_manage_org': () => import('./ElderlyKpiPage.tsx'),
  '/health/followup/treatment_list_org': () => import('./FollowupOrgPage.tsx'),
};
