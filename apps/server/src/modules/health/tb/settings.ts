import type { Kysely } from 'kysely';
import { DEFAULT_TB_SETTINGS, tbSettingsSchema, type TbSettings } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../plans/programme-settings.ts';

/** The TB programme's settings (intervals, windows, course lengths): health_programme_settings programme 'tb', key 'tb'. */
const PROGRAMME = 'tb';
const KEY = 'tb';

export async function getTbSettings(db: Kysely<any>): Promise<TbSettings> {
  return readProgrammeSetting(db, PROGRAMME, KEY, tbSettingsSchema, DEFAULT_TB_SETTINGS);
}

/** Applies to plans booked from now on (a first visit, a phase rebooking); plans already booked keep their dates. */
export async function setTbSettings(db: Kysely<any>, s: TbSettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, KEY, s, userId);
}
