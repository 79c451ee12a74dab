import type { PageLoader } from '../../../app/router/pageRegistry.ts';

/** Residents' questions to family-doctor teams (issue 21), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/familyDoctor/question_list': () => import('./QuestionsPage.tsx'),
};
