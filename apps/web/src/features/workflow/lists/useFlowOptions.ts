import { useQuery } from '@tanstack/react-query';
import { workflowListsApi, type FlowOption } from './api.ts';

/**
 * The flows offered by the filters and the entrust form: every flow
 * (FlowEngine/ListAll). Where that route is refused or missing, the flows I
 * may start stand in, so the filter still works on what I can see.
 */
export function useFlowOptions() {
  return useQuery({
    queryKey: ['workflow', 'flowOptions'],
    staleTime: 60_000,
    queryFn: async (): Promise<FlowOption[]> => {
      try {
        const data = (await workflowListsApi.listAll()).data;
        return Array.isArray(data) ? data : data.list;
      } catch {
        return (await workflowListsApi.launchable('')).data.list;
      }
    },
  });
}
