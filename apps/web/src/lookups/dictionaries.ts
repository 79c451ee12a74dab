import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { DictionaryAllEntry, DictionaryDataNode } from '@medalliance/contract';
import { dictionaryApi } from '../api/system.ts';
import { queryClient as appQueryClient } from '../app/queryClient.ts';
import { findDictionary } from './dictionaryLookup.ts';
import { flattenTree } from './tree.ts';

export { dictionaryLabel, findDictionary } from './dictionaryLookup.ts';

/**
 * Cached dictionary lookups (spec §3 "dictionary list and tree"): every type
 * with its enabled data, fetched once through DictionaryData/All and kept for
 * a long time. Screens that change dictionaries call
 * `invalidateDictionaries()`, which refetches for every mounted select (a
 * new item shows up in another open tab without reloading the app) and tells
 * the other tabs of the browser to do the same.
 */

export const DICTIONARIES_KEY = ['lookups', 'dictionaries'] as const;

/** Dictionaries rarely change; an edit invalidates them explicitly. */
export const DICTIONARY_STALE_MS = 30 * 60_000;

export const dictionariesQuery = () =>
  queryOptions({
    queryKey: DICTIONARIES_KEY,
    queryFn: async () => (await dictionaryApi.all()).data,
    staleTime: DICTIONARY_STALE_MS,
    gcTime: Infinity,
  });

export interface DictionaryLookup {
  /** The type entry (undefined while loading or when unknown). */
  entry: DictionaryAllEntry | undefined;
  /** Enabled items, as the type stores them: a tree for tree types, flat otherwise. */
  items: DictionaryDataNode[];
  /** Every enabled item, depth-first. */
  flat: DictionaryDataNode[];
  isLoading: boolean;
  isError: boolean;
}

/** One dictionary (by type id or enCode) from the cache. */
export function useDictionary(typeIdOrCode: string | undefined): DictionaryLookup {
  const q = useQuery({ ...dictionariesQuery(), enabled: !!typeIdOrCode });
  return useMemo(() => {
    const entry = findDictionary(q.data?.list, typeIdOrCode);
    const items = entry?.dictionaryList ?? [];
    return { entry, items, flat: flattenTree(items), isLoading: q.isLoading, isError: q.isError };
  }, [q.data, q.isLoading, q.isError, typeIdOrCode]);
}

/** Every dictionary type with its items (the cached "dictionary list"). */
export function useDictionaries() {
  return useQuery(dictionariesQuery());
}

// ---------------------------------------------------------------- invalidation

const CHANNEL = 'medalliance:lookups';
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ kind?: string }>) => {
    if (e.data?.kind === 'dictionaries') void appQueryClient.invalidateQueries({ queryKey: DICTIONARIES_KEY });
  };
  return channel;
}
// Listen from the moment any screen uses the lookups.
getChannel();

/** After an administrator changed a dictionary: refetch here and in the browser's other tabs. */
export function invalidateDictionaries(client: QueryClient = appQueryClient): Promise<void> {
  getChannel()?.postMessage({ kind: 'dictionaries' });
  return client.invalidateQueries({ queryKey: DICTIONARIES_KEY });
}
