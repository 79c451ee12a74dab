import type { Kysely } from 'kysely';

/**
 * What the engine's later actions keep beside the core tables (0013):
 * - flow_suspensions: one row while the monitor holds an instance suspended;
 *   the action guard (`UPDATE flow_instances ... WHERE NOT EXISTS`) reads it,
 *   so a suspended instance refuses every action in the same statement.
 * - flow_timers: the due time of a timer node's waiting state; the due pass
 *   deletes the row in the transaction that moves on, so it fires once.
 * - flow_task_signers: tasks added by an approver (add signer), with the task
 *   they were added to and whether they sign before or after it.
 * - flow_presses: when the starter last urged an instance (rate limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('flow_suspensions')
    .addColumn('instance_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('suspended_by', 'varchar(40)', (c) => c.notNull())
    .addColumn('suspended_at', 'bigint', (c) => c.notNull())
    .execute();

  await s
    .createTable('flow_timers')
    .addColumn('node_state_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_timers_due').on('flow_timers').columns(['due_at']).execute();
  await s.createIndex('flow_timers_instance').on('flow_timers').columns(['instance_id']).execute();

  await s
    .createTable('flow_task_signers')
    .addColumn('task_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('parent_task_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'varchar(8)', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_task_signers_parent').on('flow_task_signers').columns(['parent_task_id']).execute();
  await s.createIndex('flow_task_signers_instance').on('flow_task_signers').columns(['instance_id']).execute();

  await s
    .createTable('flow_presses')
    .addColumn('instance_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('pressed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['flow_presses', 'flow_task_signers', 'flow_timers', 'flow_suspensions']) await db.schema.dropTable(t).execute();
}
