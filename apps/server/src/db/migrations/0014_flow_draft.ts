import type { Kysely } from 'kysely';

/**
 * The flow designer's draft: the graph being edited between releases, saved
 * without the release checks. Null when the designer has nothing unreleased
 * (the current version's graph is what it opens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flow_definitions').addColumn('draft_graph', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flow_definitions').dropColumn('draft_graph').execute();
}
