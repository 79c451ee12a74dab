import type { Kysely } from 'kysely';
import { DEFAULT_ELDERLY_SETTINGS, ELDERLY_PROGRAMME, elderlySettingsSchema, type ElderlySettings } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../plans/programme-settings.ts';

/** The elderly programme's settings (health_programme_settings, programme 'old', key 'elderly'). */
const KEY = 'elderly';

export async function getElderlySettings(db: Kysely<any>): Promise<ElderlySettings> {
  return readProgrammeSetting(db, ELDERLY_PROGRAMME, KEY, elderlySettingsSchema, DEFAULT_ELDERLY_SETTINGS);
}

export async function setElderlySettings(db: Kysely<any>, s: ElderlySettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, ELDERLY_PROGRAMME, KEY, s, userId);
}
