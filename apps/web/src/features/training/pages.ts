import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Training centre screens (issue 21; helper G's exams live in ./exams), by menu url (/health/training/<enCode>). */
export const pages: Record<string, PageLoader> = {
  '/health/training/course_manage': () => import('./CourseManagePage.tsx'),
  '/health/training/course_demand': () => import('./CourseDemandPage.tsx'),
  '/health/training/course_comment': () => import('./CourseCommentPage.tsx'),
  '/health/training/course_apply': () => import('./CourseApplyPage.tsx'),
  '/health/training/course_review': () => import('./CourseReviewPage.tsx'),
  '/health/training/live_apply': () => import('./LiveApplyPage.tsx'),
  '/health/training/live_online': () => import('./LiveOnlinePage.tsx'),
  '/health/training/course_replay': () => import('./CourseReplayPage.tsx'),
  '/health/training/video_demand': () => import('./VideoDemandPage.tsx'),
};
