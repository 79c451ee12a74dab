import type { Kysely } from 'kysely';

/** Tables of the system module. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
