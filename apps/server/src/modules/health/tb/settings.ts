import type { Kysely } from 'kysely';
import { DEFAULT_TB_SETTINGS, tbSettingsSchema, type TbSettings } from '@medalliance/contract';
import { now } from '../../../lib/clock.ts';

/** The TB programme's settings (intervals, windows, course lengths): health_programme_settings programme 'tb', key 'tb'. */
const PROGRAMME = 'tb';
const KEY = 'tb';

export async function getTbSettings(db: Kysely<any>): Promise<TbSettings> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PROGRAMME)
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_TB_SETTINGS };
  try {
    const parsed = tbSettingsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_TB_SETTINGS };
  } catch {
    return { ...DEFAULT_TB_SETTINGS };
  }
}

/** Applies to plans booked from now on (a first visit, a phase rebooking); plans already booked keep their dates. */
export async function setTbSettings(db: Kysely<any>, s: TbSettings, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(s);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
