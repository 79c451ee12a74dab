import { useQuery } from '@tanstack/react-query';
import type { ImagingCentre } from '@medalliance/contract';
import { imagingApi } from './api.ts';

/** What the caller may do in a centre (the server's answer; every route checks again). */
export function useImagingMeta(centre: ImagingCentre) {
  return useQuery({
    queryKey: ['imaging', centre, 'meta'],
    queryFn: async () => (await imagingApi(centre).meta()).data,
    staleTime: 60_000,
  });
}
