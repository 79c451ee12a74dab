import type { Kysely } from 'kysely';
import { consultSettingsSchema, DEFAULT_CONSULT_SETTINGS, type ConsultSettings } from '@medalliance/contract';
import { now } from '../../lib/clock.ts';

/**
 * The consultation and conference settings (menu flow_settings), one JSON row
 * of health_programme_settings (programme 'consult', key 'flow'): approving
 * roles, time limits and the fee schedule. A damaged row falls back to the defaults.
 */
const PROGRAMME = 'consult';
const KEY = 'flow';

export async function getConsultSettings(db: Kysely<any>): Promise<ConsultSettings> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PROGRAMME)
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_CONSULT_SETTINGS);
  try {
    const parsed = consultSettingsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : structuredClone(DEFAULT_CONSULT_SETTINGS);
  } catch {
    return structuredClone(DEFAULT_CONSULT_SETTINGS);
  }
}

export async function setConsultSettings(db: Kysely<any>, s: ConsultSettings, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(s);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
