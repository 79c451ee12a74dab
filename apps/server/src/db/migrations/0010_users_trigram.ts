import type { Kysely } from 'kysely';
import { createTrigramIndex, dropTrigramIndex } from '../../modules/visualdev/trigram.ts';

/**
 * The users list keyword (account, real name, mobile) through a trigram index:
 * SQLite's FTS5 `trigram` tokenizer kept by triggers, PostgreSQL's pg_trgm GIN
 * indexes. A migration that rebuilds `users` on SQLite recreates it (new rowids).
 */
export const USER_KEYWORD_COLUMNS = ['account', 'real_name', 'mobile_phone'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTrigramIndex(db, 'users', USER_KEYWORD_COLUMNS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTrigramIndex(db, 'users', USER_KEYWORD_COLUMNS);
}
