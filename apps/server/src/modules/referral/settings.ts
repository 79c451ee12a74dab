import type { Kysely } from 'kysely';
import { DEFAULT_REFERRAL_LIMITS, referralLimitsSchema, type ReferralLimits } from '@medalliance/contract';
import { now } from '../../lib/clock.ts';

/** The waiting steps' time limits: programme 'ref', key 'limits' of health_programme_settings. */
const PROGRAMME = 'ref';
const KEY = 'limits';

export async function getReferralLimits(db: Kysely<any>): Promise<ReferralLimits> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PROGRAMME)
    .where('key', '=', KEY)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_REFERRAL_LIMITS };
  try {
    const parsed = referralLimitsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_REFERRAL_LIMITS };
  } catch {
    return { ...DEFAULT_REFERRAL_LIMITS };
  }
}

export async function setReferralLimits(db: Kysely<any>, limits: ReferralLimits, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(limits);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: KEY, value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
