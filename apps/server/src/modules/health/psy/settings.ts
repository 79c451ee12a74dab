import type { Kysely } from 'kysely';
import { DEFAULT_PSY_SETTINGS, PSY_SETTINGS_KEY, psySettingsSchema, type PsySettings } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';

/** The programme's settings (days to the next visit per classification), own key in health_programme_settings. */
export const PSY = 'psy';

export async function getPsySettings(db: Kysely<any>): Promise<PsySettings> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PSY)
    .where('key', '=', PSY_SETTINGS_KEY)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_PSY_SETTINGS };
  try {
    // A stored value an older version wrote (or a hand edit) falls back to the defaults rather than breaking visits.
    const parsed = psySettingsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_PSY_SETTINGS };
  } catch {
    return { ...DEFAULT_PSY_SETTINGS };
  }
}

export async function setPsySettings(db: Kysely<any>, s: PsySettings, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(s);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PSY, key: PSY_SETTINGS_KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
