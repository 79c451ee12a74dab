import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** Remote consultation and conference screens (issue 19), by menu url. */
export const pages: Record<string, PageLoader> = {
  '/health/meeting/consult_apply': () => import('./ConsultApplyPage.tsx'),
  '/health/meeting/consult_approve': () => import('./ConsultApprovePage.tsx'),
  '/health/meeting/consult_query': () => import('./ConsultQueryPage.tsx'),
  '/health/meeting/charge_query': () => import('./ChargePage.tsx'),
  '/health/meeting/consult_eval_list': () => import('./EvalListPage.tsx'),
  '/health/meeting/consult_feedback_list': () => import('./FeedbackListPage.tsx'),
  '/health/meeting/diagnosis_template': () => import('./TemplatesPage.tsx'),
  '/health/meeting/flow_settings': () => import('./FlowSettingsPage.tsx'),
  '/health/meeting/conference_manage': () => import('./ConferenceManagePage.tsx'),
  '/health/meeting/conference_apply': () => import('./ConferenceApplyPage.tsx'),
  '/health/followup/remote_meeting_list': () => import('./RemoteMeetingListPage.tsx'),
};
