import { Migrator, PostgresAdapter, sql, type MigrationProvider } from 'kysely';
import type { Db } from './connection.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest migration; fails loudly if one fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  // PostgreSQL: pin Kysely's own tables to our schema. Unpinned, its existence check also sees
  // kysely_migration_lock in other schemas (parallel test runs) and then skips creating ours.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
