import type { Kysely } from 'kysely';

/**
 * Sign-in guessing defences (issue 12).
 *
 * `signin_throttle`: fixed-window counters per client address (failed sign-ins,
 * SMS-code requests), used when no Redis is configured. They live in the
 * database because the workers of one server (SERVER_WORKERS) and servers
 * sharing one PostgreSQL must count together; one process's memory would let
 * a sprayer multiply the limit by the number of processes.
 *
 * `signin_unknown_accounts`: the failure count and lock of account names that
 * do not exist, so that an unknown name answers exactly as an existing account
 * with a wrong password would (remaining attempts, captcha, lock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_throttle')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signin_throttle_reset').on('signin_throttle').column('reset_at').execute();

  await db.schema
    .createTable('signin_unknown_accounts')
    .addColumn('account', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('log_error_count', 'integer', (c) => c.notNull())
    .addColumn('locked_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signin_unknown_accounts_updated').on('signin_unknown_accounts').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signin_unknown_accounts').ifExists().execute();
  await db.schema.dropTable('signin_throttle').ifExists().execute();
}
