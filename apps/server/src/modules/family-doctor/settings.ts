import type { Kysely } from 'kysely';
import { DEFAULT_FD_VERIFY, fdVerifySchema, type FdVerifySettings } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../health/plans/programme-settings.ts';

/** The authenticity check's radius and days: programme 'fd', key 'verify' of health_programme_settings. */
const PROGRAMME = 'fd';
const KEY = 'verify';

export async function getVerifySettings(db: Kysely<any>): Promise<FdVerifySettings> {
  return readProgrammeSetting(db, PROGRAMME, KEY, fdVerifySchema, DEFAULT_FD_VERIFY);
}

export async function setVerifySettings(db: Kysely<any>, s: FdVerifySettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, KEY, s, userId);
}
