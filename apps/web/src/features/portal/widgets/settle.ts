import { createContext, useContext, useEffect } from 'react';

/**
 * Each widget says once when its first load has finished (drawn, empty or
 * failed); the portal view counts them to mark itself ready
 * (data-portal-ready, the 'ma-portal-ready' event) for tests and the bench.
 */
export const SettleContext = createContext<(id: string) => void>(() => {});

export function useSettled(id: string, settled: boolean) {
  const settle = useContext(SettleContext);
  useEffect(() => {
    if (settled) settle(id);
  }, [id, settled, settle]);
}
