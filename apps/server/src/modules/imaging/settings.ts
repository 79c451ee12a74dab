import type { Kysely } from 'kysely';
import { DEFAULT_IMAGING_LIMITS, imagingLimitsSchema, type ImagingCentre, type ImagingLimits } from '@medalliance/contract';
import { readProgrammeSetting, writeProgrammeSetting } from '../health/plans/programme-settings.ts';

/** Each centre's per-stage time limits: programme 'img', key 'limits.<centre>' of health_programme_settings. */
const PROGRAMME = 'img';
const key = (centre: ImagingCentre) => `limits.${centre}`;

export async function getImagingLimits(db: Kysely<any>, centre: ImagingCentre): Promise<ImagingLimits> {
  return readProgrammeSetting(db, PROGRAMME, key(centre), imagingLimitsSchema, DEFAULT_IMAGING_LIMITS);
}

export async function setImagingLimits(db: Kysely<any>, centre: ImagingCentre, limits: ImagingLimits, userId: string): Promise<void> {
  await writeProgrammeSetting(db, PROGRAMME, key(centre), limits, userId);
}
