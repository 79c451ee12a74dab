import type { Kysely } from 'kysely';
import { DEFAULT_REFERRAL_LIMITS, referralLimitsSchema, type ReferralLimits } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../health/plans/programme-settings.ts';

/** The waiting steps' time limits: programme 'ref', key 'limits' of health_programme_settings. */
const PROGRAMME = 'ref';
const KEY = 'limits';

export async function getReferralLimits(db: Kysely<any>): Promise<ReferralLimits> {
  return readProgrammeSetting(db, PROGRAMME, KEY, referralLimitsSchema, DEFAULT_REFERRAL_LIMITS);
}

export async function setReferralLimits(db: Kysely<any>, limits: ReferralLimits, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, KEY, limits, userId);
}
