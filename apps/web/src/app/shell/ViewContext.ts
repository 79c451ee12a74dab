import { createContext, useContext } from 'react';
import type { RouteMeta } from '../router/routeMeta.ts';

/**
 * What a page inside the shell knows about itself. Kept-alive pages stay
 * mounted while another path is active, so they must read their own path,
 * query and menu meta from here, not from the router's current location.
 */
export interface ViewState {
  path: string;
  /** Query string of this view (with '?', or empty). */
  search: string;
  meta: RouteMeta;
  /** False while the view is hidden behind another tab. */
  active: boolean;
}

export const ViewContext = createContext<ViewState | null>(null);

export function useView(): ViewState | null {
  return useContext(ViewContext);
}

/** The view's own query parameters (stable while it is hidden). */
export function useViewQuery(): URLSearchParams {
  const view = useView();
  return new URLSearchParams(view?.search ?? '');
}
