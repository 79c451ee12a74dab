import type { PageLoader } from '../../app/router/pageRegistry.ts';

/** The message centre (fixed route /messageRecord, spec §2.1), opened from the message drawer. */
export const pages: Record<string, PageLoader> = {
  '/messageRecord': () => import('./MessageRecordPage.tsx'),
};
