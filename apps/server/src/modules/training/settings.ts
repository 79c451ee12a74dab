import type { Kysely } from 'kysely';
import { DEFAULT_LIVE_PROVIDER, liveProviderSchema, type LiveProvider } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../health/plans/programme-settings.ts';

/**
 * The live provider (we run no streaming server): programme 'tr', key
 * 'liveProvider' of health_programme_settings, like the referral limits.
 */
const PROGRAMME = 'tr';
const KEY = 'liveProvider';

export async function getLiveProvider(db: Kysely<any>): Promise<LiveProvider> {
  return readProgrammeSetting(db, PROGRAMME, KEY, liveProviderSchema, DEFAULT_LIVE_PROVIDER);
}

export async function setLiveProvider(db: Kysely<any>, p: LiveProvider, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, KEY, p, userId);
}

/** The stream address of one broadcast: the provider's template with the live's id. */
export const streamUrlOf = (p: LiveProvider, liveId: string) => p.urlTemplate.replaceAll('{id}', encodeURIComponent(liveId));
