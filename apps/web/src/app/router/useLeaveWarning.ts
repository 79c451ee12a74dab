import { useEffect, useRef } from 'react';
import { t } from '../../i18n/index.ts';
import { useSession } from '../stores/sessionStore.ts';
import { LEAVE_WARNING_EXEMPT } from './fixedViews.ts';
import { LOCK_PATH, OPEN_PATHS } from './guard.ts';

/**
 * Spec §2.2 / §4: warn before unloading a working page; the home pages (and
 * pages without a session) are exempt. After one warning the flag toggles,
 * so a user who insists is not asked twice in a row.
 */
export function useLeaveWarning(pathname: string): void {
  const path = useRef(pathname);
  const warned = useRef(false);

  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const current = path.current;
      if (!useSession.getState().token) return;
      if (LEAVE_WARNING_EXEMPT.includes(current) || OPEN_PATHS.includes(current) || current === LOCK_PATH) return;
      warned.current = !warned.current;
      if (!warned.current) return;
      event.preventDefault();
      // Browsers show their own text; returnValue must still be set for older ones.
      event.returnValue = t('leave.warning');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
