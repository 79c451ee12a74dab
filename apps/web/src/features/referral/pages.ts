import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Two-way referral screens (issue 19, M9), by menu url (/health/referral/<enCode>). */
export const pages: Record<string, PageLoader> = {
  '/health/referral/referral_apply': () => import('./ApplyPage.tsx'),
  '/health/referral/referral_examine': () => import('./ExaminePage.tsx'),
  '/health/referral/referral_deal': () => import('./DealPage.tsx'),
  '/health/referral/referral_query': () => import('./QueryPage.tsx'),
  '/health/referral/triage_center': () => import('./TriagePage.tsx'),
  '/health/referral/referral_monitor': () => import('./MonitorPage.tsx'),
};
