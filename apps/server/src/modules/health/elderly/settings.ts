import type { Kysely } from 'kysely';
import { DEFAULT_ELDERLY_SETTINGS, ELDERLY_PROGRAMME, elderlySettingsSchema, type ElderlySettings } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';

/** The elderly programme's settings (health_programme_settings, programme 'old', key 'elderly'). */
const KEY = 'elderly';

export async function getElderlySettings(db: Kysely<any>): Promise<ElderlySettings> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', ELDERLY_PROGRAMME)
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_ELDERLY_SETTINGS };
  try {
    const parsed = elderlySettingsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_ELDERLY_SETTINGS };
  } catch {
    return { ...DEFAULT_ELDERLY_SETTINGS };
  }
}

export async function setElderlySettings(db: Kysely<any>, s: ElderlySettings, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(s);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: ELDERLY_PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
