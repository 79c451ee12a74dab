import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ImagingCentre } from '@medalliance/contract';
import { catalogApi } from './api.ts';

const KEY = 'imgCatalog.centre';

/**
 * The caller's centres and rights on one catalogue page, and the centre the
 * page shows (the first the caller may use until they switch).
 */
export function useCatalogPage(menu: string) {
  const meta = useQuery({ queryKey: ['imgCatalog', 'meta'], queryFn: async () => (await catalogApi.meta()).data, staleTime: 60_000 });
  // The chosen centre carries over between catalogue pages for the browser tab.
  const [chosen, choose] = useState<ImagingCentre | null>(() => (sessionStorage.getItem(KEY) as ImagingCentre | null) ?? null);
  const setChosen = (c: ImagingCentre) => {
    sessionStorage.setItem(KEY, c);
    choose(c);
  };
  const centres = meta.data?.centres ?? [];
  const centre: ImagingCentre | null = chosen && centres.includes(chosen) ? chosen : (centres[0] ?? null);
  const rights = meta.data?.rights[menu] ?? { view: false, add: false, edit: false, remove: false };
  return { loading: meta.isLoading, centres, centre, setCentre: setChosen, rights };
}
