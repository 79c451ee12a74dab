import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { now } from '../../../lib/clock.ts';

/**
 * One module setting in health_programme_settings (programme, key → JSON),
 * shared by every module that keeps one (plans, TB, psychosis, elderly,
 * referral limits, consultation flow, imaging limits, family-doctor
 * authenticity, the live provider).
 *
 * Read through the module's schema; an absent row, or one an older version
 * wrote or a hand edit broke, gives a fresh copy of the defaults rather than
 * breaking the module. Written as an upsert with who and when.
 */
export async function readProgrammeSetting<T>(
  db: Kysely<any>,
  programme: string,
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
): Promise<T> {
  const row = await db
    .selectFrom('health_programme_settings')
    .select('value')
    .where('programme', '=', programme)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return structuredClone(defaults);
  try {
    const parsed = schema.safeParse(JSON.parse(String(row.value)));
    return parsed.success ? parsed.data : structuredClone(defaults);
  } catch {
    return structuredClone(defaults);
  }
}

export async function writeProgrammeSetting(db: Kysely<any>, programme: string, key: string, value: unknown, userId: string): Promise<void> {
  const at = now();
  const json = JSON.stringify(value);
  await db
    .insertInto('health_programme_settings')
    .values({ programme, key, value: json, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.columns(['programme', 'key']).doUpdateSet({ value: json, updated_at: at, updated_by: userId }))
    .execute();
}
