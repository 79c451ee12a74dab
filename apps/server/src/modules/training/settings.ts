import type { Kysely } from 'kysely';
import { DEFAULT_LIVE_PROVIDER, liveProviderSchema, type LiveProvider } from '@medalliance/contract';
import { now } from '../../lib/clock.ts';
import { first } from '../health/plans/rows.ts';

/**
 * The live provider (we run no streaming server): programme 'tr', key
 * 'liveProvider' of health_programme_settings, like the referral limits.
 */
const PROGRAMME = 'tr';
const KEY = 'liveProvider';

export async function getLiveProvider(db: Kysely<any>): Promise<LiveProvider> {
  const row = await first(
    db,
    db.selectFrom('health_programme_settings').select('value').where('programme', '=', PROGRAMME).where('key', '=', KEY),
  );
  if (!row) return { ...DEFAULT_LIVE_PROVIDER };
  try {
    const parsed = liveProviderSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_LIVE_PROVIDER };
  } catch {
    return { ...DEFAULT_LIVE_PROVIDER };
  }
}

export async function setLiveProvider(db: Kysely<any>, p: LiveProvider, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(p);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}

/** The stream address of one broadcast: the provider's template with the live's id. */
export const streamUrlOf = (p: LiveProvider, liveId: string) => p.urlTemplate.replaceAll('{id}', encodeURIComponent(liveId));
