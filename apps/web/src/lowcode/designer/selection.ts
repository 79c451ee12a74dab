import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The selected field, as a tiny store: each canvas item subscribes to "am I
 * selected", so changing the selection re-renders two items, not the canvas.
 */
export class SelectionStore {
  private id: string | null = null;
  private listeners = new Set<() => void>();
  get = () => this.id;
  set = (id: string | null) => {
    if (id === this.id) return;
    this.id = id;
    for (const l of this.listeners) l();
  };
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

export const SelectionContext = createContext<SelectionStore>(new SelectionStore());

export function useSelectedId(): string | null {
  const store = useContext(SelectionContext);
  return useSyncExternalStore(store.subscribe, store.get);
}

export function useIsSelected(id: string): boolean {
  const store = useContext(SelectionContext);
  return useSyncExternalStore(store.subscribe, () => store.get() === id);
}
