import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Screens of the resident archive, transfers and the health audit log, by menu path ('/' + the seeded urlAddress). */
export const pages: Record<string, PageLoader> = {
  '/health/archive/inhabitant_manage': () => import('./ResidentsPage.tsx'),
  '/health/archive/family_manage': () => import('./FamiliesPage.tsx'),
  '/health/archive/archives_add': () => import('./NewArchivePage.tsx'),
  '/health/archive/family_add': () => import('./FamilyAddPage.tsx'),
  '/health/archive/person_pending_list': () => import('./PendingPage.tsx'),
  '/health/archive/person_except_list': () => import('./ExceptionsPage.tsx'),
  '/health/move/move_manage': () => import('./TransferManagePage.tsx'),
  '/health/move/move_manage_search': () => import('./TransferSearchPage.tsx'),
  '/health/privacy/health_audit_log': () => import('./AuditLogPage.tsx'),
  '/health/followup/group_enterprise_person': () => import('./EnterprisesPage.tsx'),
};
