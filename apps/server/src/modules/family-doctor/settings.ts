import type { Kysely } from 'kysely';
import { DEFAULT_FD_VERIFY, fdVerifySchema, type FdVerifySettings } from '@medalliance/contract';
import { now } from '../../lib/clock.ts';

/** The authenticity check's radius and days: programme 'fd', key 'verify' of health_programme_settings. */
const PROGRAMME = 'fd';
const KEY = 'verify';

export async function getVerifySettings(db: Kysely<any>): Promise<FdVerifySettings> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PROGRAMME)
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_FD_VERIFY };
  try {
    const parsed = fdVerifySchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_FD_VERIFY };
  } catch {
    return { ...DEFAULT_FD_VERIFY };
  }
}

export async function setVerifySettings(db: Kysely<any>, s: FdVerifySettings, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(s);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
