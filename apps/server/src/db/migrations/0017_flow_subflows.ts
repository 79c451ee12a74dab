import type { Kysely } from 'kysely';

/**
 * Sub-flows (issue 15): one row per child instance a sub-flow node started,
 * linking it to the parent instance, the parent's node state that waits for
 * it (sync) and the node, with the node's mode ('sync' | 'async'). Looked up
 * from the child (its end resumes the parent) and from the parent (the detail
 * page's links, the monitor's cancel cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('flow_subflows')
    .addColumn('child_instance_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('parent_instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('parent_node_state_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('parent_node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_subflows_parent').on('flow_subflows').columns(['parent_instance_id', 'parent_node_state_id']).execute();
  await s.createIndex('flow_subflows_node_state').on('flow_subflows').columns(['parent_node_state_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flow_subflows').ifExists().execute();
}
