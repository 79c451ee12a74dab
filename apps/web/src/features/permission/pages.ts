import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Screens of organisation structure and authorization, by menu path ('/' + the seeded urlAddress). */
export const pages: Record<string, PageLoader> = {
  '/permission/organize': () => import('./organize/OrganizePage.tsx'),
  '/permission/department': () => import('./department/DepartmentPage.tsx'),
  '/permission/position': () => import('./position/PositionPage.tsx'),
  '/permission/role': () => import('./role/RolePage.tsx'),
  '/permission/group': () => import('./group/GroupPage.tsx'),
  '/permission/user': () => import('./user/UsersPage.tsx'),
  '/permission/authorize': () => import('./authorize/AuthorizePage.tsx'),
  '/permission/onlineUser': () => import('./online/OnlineUserPage.tsx'),
};
