import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Training-centre examination screens (issue 21), by menu url (/health/training/<enCode>). */
export const pages: Record<string, PageLoader> = {
  '/health/training/signup_examine': () => import('./SignupExaminePage.tsx'),
  '/health/training/exam_manage': () => import('./ExamManagePage.tsx'),
  '/health/training/my_exam': () => import('./MyExamPage.tsx'),
};
