import type { PageLoader } from '../../app/router/pageRegistry.ts';

/**
 * The study screens of remote ultrasound (/health/ultrasound/<enCode>) and the
 * image centre (/health/imaging/<enCode>), issue 20 (M10). The catalogue and
 * statistics screens declare theirs in catalog/ and stats/.
 */
export const pages: Record<string, PageLoader> = {
  '/health/ultrasound/ultras_regist': () => import('./screens/RegistScreen.tsx').then((m) => ({ default: m.UltrasoundRegist })),
  '/health/ultrasound/ultras_triage_query': () => import('./screens/TriageScreen.tsx').then((m) => ({ default: m.UltrasoundTriage })),
  '/health/ultrasound/ultras_diag_query': () => import('./screens/DiagScreen.tsx').then((m) => ({ default: m.UltrasoundDiag })),
  '/health/ultrasound/ultras_collab_audit': () => import('./screens/AuditScreen.tsx').then((m) => ({ default: m.UltrasoundCollabAudit })),
  '/health/ultrasound/ultras_report_query': () => import('./screens/QueryScreens.tsx').then((m) => ({ default: m.UltrasoundReportQuery })),
  '/health/ultrasound/ultras_release_query': () => import('./screens/QueryScreens.tsx').then((m) => ({ default: m.UltrasoundRelease })),
  '/health/imaging/img_regist': () => import('./screens/RegistScreen.tsx').then((m) => ({ default: m.ImagingRegist })),
  '/health/imaging/img_first_trial': () => import('./screens/FirstTrialScreen.tsx').then((m) => ({ default: m.ImagingFirstTrial })),
  '/health/imaging/img_diagnose': () => import('./screens/DiagScreen.tsx').then((m) => ({ default: m.ImagingDiagnose })),
  '/health/imaging/img_publish': () => import('./screens/QueryScreens.tsx').then((m) => ({ default: m.ImagingPublish })),
};
