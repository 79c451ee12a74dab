import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.ts';

/** Every migration in order. New ones are appended here; names never change once landed. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
