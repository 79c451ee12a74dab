import type { Kysely } from 'kysely';
import { DEFAULT_IMAGING_LIMITS, imagingLimitsSchema, type ImagingCentre, type ImagingLimits } from '@medalliance/contract';
import { now } from '../../lib/clock.ts';

/** Each centre's per-stage time limits: programme 'img', key 'limits.<centre>' of health_programme_settings. */
const PROGRAMME = 'img';
const key = (centre: ImagingCentre) => `limits.${centre}`;

export async function getImagingLimits(db: Kysely<any>, centre: ImagingCentre): Promise<ImagingLimits> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', PROGRAMME)
    .where('key', '=', key(centre))
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_IMAGING_LIMITS };
  try {
    const parsed = imagingLimitsSchema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : { ...DEFAULT_IMAGING_LIMITS };
  } catch {
    return { ...DEFAULT_IMAGING_LIMITS };
  }
}

export async function setImagingLimits(db: Kysely<any>, centre: ImagingCentre, limits: ImagingLimits, userId: string): Promise<void> {
  const at = now();
  const value = JSON.stringify(limits);
  await db
    .insertInto('health_programme_settings')
    .values({ programme: PROGRAMME, key: key(centre), value, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value, updated_at: at, updated_by: userId }))
    .execute();
}
