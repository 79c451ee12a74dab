import { useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../../../api/portal.ts';

/**
 * Which portal the home page shows (GET Selector): the caller's default if they
 * may see it, else the first their roles hold. `null` while unknown,
 * `false` when they have none (the home page shows today's dashboard).
 */
export function useHomePortal(): { homeId: string | null | false; list: { id: string; fullName: string }[] } {
  const client = useQueryClient();
  const choice = useQuery({
    queryKey: ['portal', 'choice'],
    queryFn: async () => {
      const data = (await portalApi.choice()).data;
      // The home portal's layout comes with the choice: its widgets start loading without another call.
      if (data.home) client.setQueryData(['portal', 'auth', data.home.id], data.home);
      return data;
    },
    retry: false,
  });
  // A failed choice falls back to the dashboard rather than blanking the home page.
  if (choice.isError) return { homeId: false, list: [] };
  if (!choice.data) return { homeId: null, list: [] };
  return { homeId: choice.data.homeId ?? false, list: choice.data.list };
}
