import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Family-doctor team screens (issue 21), by menu url (/health/familyDoctor/<enCode>). */
export const pages: Record<string, PageLoader> = {
  '/health/familyDoctor/fd_team': () => import('./TeamsPage.tsx'),
  '/health/familyDoctor/team_audit': () => import('./TeamAuditPage.tsx'),
};
