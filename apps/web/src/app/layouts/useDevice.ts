import { useEffect } from 'react';
import { MOBILE_BREAKPOINT } from '../stores/settings.ts';
import { useSettings } from '../stores/settingsStore.ts';

/** Keeps settings.device in step with the window: mobile below 992 px (spec §4). */
export function useDevice(): 'desktop' | 'mobile' {
  const device = useSettings((s) => s.device);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
    const apply = () => {
      const next = query.matches ? 'mobile' : 'desktop';
      if (useSettings.getState().device !== next) useSettings.getState().set('device', next);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  return device;
}
