import type { Compilable, Kysely } from 'kysely';
import { selectAsWritten } from '../../visualdev/model-tables.ts';

/**
 * Rows of a SELECT built on `withoutPlugins()`, keyed exactly as the SQL names
 * them on both dialects (SQLite's driver would camelCase them, PostgreSQL's not).
 */
export const all = <R = Record<string, any>>(db: Kysely<any>, q: Compilable): Promise<R[]> => selectAsWritten<R>(db, q);
export const first = async <R = Record<string, any>>(db: Kysely<any>, q: Compilable): Promise<R | undefined> =>
  (await selectAsWritten<R>(db, q))[0];
