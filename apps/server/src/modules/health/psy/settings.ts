import type { Kysely } from 'kysely';
import { DEFAULT_PSY_SETTINGS, PSY_SETTINGS_KEY, psySettingsSchema, type PsySettings } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../plans/programme-settings.ts';

/** The programme's settings (days to the next visit per classification), own key in health_programme_settings. */
export const PSY = 'psy';

export async function getPsySettings(db: Kysely<any>): Promise<PsySettings> {
  return readProgrammeSetting(db, PSY, PSY_SETTINGS_KEY, psySettingsSchema, DEFAULT_PSY_SETTINGS);
}

export async function setPsySettings(db: Kysely<any>, s: PsySettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PSY, PSY_SETTINGS_KEY, s, userId);
}
