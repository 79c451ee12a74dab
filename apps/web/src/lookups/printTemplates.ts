import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { printDevApi } from '../api/system.ts';
import { queryClient as appQueryClient } from '../app/queryClient.ts';

/**
 * Cached print-template trees (spec §3 "print flow tree, print form tree"):
 * enabled templates under their categories, type 1 flow forms, 2 business
 * forms. The print-template screen invalidates them after a change.
 */
export const PRINT_TEMPLATES_KEY = ['lookups', 'printTemplates'] as const;

export const printTemplatesQuery = (type: 1 | 2) =>
  queryOptions({
    queryKey: [...PRINT_TEMPLATES_KEY, type],
    queryFn: async () => (await printDevApi.selector(type)).data.list,
    staleTime: 10 * 60_000,
  });

/** Print templates of flow forms (1) or business forms (2). */
export const usePrintTemplates = (type: 1 | 2) => useQuery(printTemplatesQuery(type));

export function invalidatePrintTemplates(client: QueryClient = appQueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: PRINT_TEMPLATES_KEY });
}
