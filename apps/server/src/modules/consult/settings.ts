import type { Kysely } from 'kysely';
import { consultSettingsSchema, DEFAULT_CONSULT_SETTINGS, type ConsultSettings } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../health/plans/programme-settings.ts';

/**
 * The consultation and conference settings (menu flow_settings), one JSON row
 * of health_programme_settings (programme 'consult', key 'flow'): approving
 * roles, time limits and the fee schedule. A damaged row falls back to the defaults.
 */
const PROGRAMME = 'consult';
const KEY = 'flow';

export async function getConsultSettings(db: Kysely<any>): Promise<ConsultSettings> {
  return readProgrammeSetting(db, PROGRAMME, KEY, consultSettingsSchema, DEFAULT_CONSULT_SETTINGS);
}

export async function setConsultSettings(db: Kysely<any>, s: ConsultSettings, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, KEY, s, userId);
}
