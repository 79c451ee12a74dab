import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/**
 * Tables of the workflow engine (server-contract §4, reshaped): definitions
 * and their released versions (a running instance keeps its version), who
 * may start a flow, instances, node states, tasks (one per approver per node
 * activation), the audit trail, copies (circulate) and entrust rules.
 *
 * Every action on an instance bumps `flow_instances.seq` first (which also
 * serialises actions on one instance); node states and tasks remember the
 * seq that created, opened and closed them, so a recall can tell exactly
 * what one action did and whether anybody acted after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(id(s.createTable('flow_definitions')))
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('form_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('form_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('current_version_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('flow_definitions_category').on('flow_definitions').columns(['category', 'sort_code']).execute();

  await id(s.createTable('flow_versions'))
    .addColumn('flow_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('graph', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addUniqueConstraint('flow_versions_flow_version', ['flow_id', 'version'])
    .execute();

  await id(s.createTable('flow_starters'))
    .addColumn('flow_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(40)', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_starters_flow').on('flow_starters').columns(['flow_id', 'object_type', 'object_id']).execute();

  await id(s.createTable('flow_instances'))
    .addColumn('flow_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('version_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('form_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('form_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('urgency', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('starter_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('current_nodes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // form kind, form and record while the instance is waiting, null after: one running flow per record.
    .addColumn('active_key', 'varchar(200)', (c) => c.unique())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_instances_starter').on('flow_instances').columns(['starter_id', 'started_at']).execute();
  await s.createIndex('flow_instances_status').on('flow_instances').columns(['status', 'started_at']).execute();
  await s.createIndex('flow_instances_record').on('flow_instances').columns(['form_kind', 'form_id', 'record_id']).execute();

  await id(s.createTable('flow_node_states'))
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_seq', 'integer', (c) => c.notNull())
    .addColumn('closed_seq', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await s.createIndex('flow_node_states_instance').on('flow_node_states').columns(['instance_id', 'status', 'node_id']).execute();

  await id(s.createTable('flow_tasks'))
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_state_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('handler_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('delegator_id', 'varchar(40)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_seq', 'integer', (c) => c.notNull())
    .addColumn('opened_seq', 'integer')
    .addColumn('closed_seq', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('due_at', 'bigint')
    // What happens at due_at: 'remind', 'approve' or 'reject' (the node's timeout), null without one.
    .addColumn('due_action', 'varchar(8)')
    .addColumn('handled_at', 'bigint')
    .execute();
  // To-do (handler + status + time) and done (handler + status + handled time).
  await s.createIndex('flow_tasks_todo').on('flow_tasks').columns(['handler_id', 'status', 'opened_at']).execute();
  await s.createIndex('flow_tasks_done').on('flow_tasks').columns(['handler_id', 'handled_at']).execute();
  await s.createIndex('flow_tasks_node_state').on('flow_tasks').columns(['node_state_id', 'status']).execute();
  await s.createIndex('flow_tasks_instance').on('flow_tasks').columns(['instance_id', 'status']).execute();
  await s.createIndex('flow_tasks_due').on('flow_tasks').columns(['status', 'due_at']).execute();

  await id(s.createTable('flow_records'))
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('task_id', 'varchar(40)')
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)')
    .addColumn('opinion', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('signature_file_id', 'varchar(40)')
    .addColumn('attachments', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_records_instance').on('flow_records').columns(['instance_id', 'seq']).execute();
  await s.createIndex('flow_records_actor').on('flow_records').columns(['actor_id', 'created_at']).execute();

  await id(s.createTable('flow_copies'))
    .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('flow_copies_user').on('flow_copies').columns(['user_id', 'created_at']).execute();
  await s.createIndex('flow_copies_instance').on('flow_copies').columns(['instance_id']).execute();

  await audit(id(s.createTable('flow_entrusts')))
    .addColumn('delegator_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('delegate_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('flow_id', 'varchar(40)')
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('flow_entrusts_delegator').on('flow_entrusts').columns(['delegator_id', 'end_at']).execute();
  await s.createIndex('flow_entrusts_delegate').on('flow_entrusts').columns(['delegate_id', 'end_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'flow_entrusts',
    'flow_copies',
    'flow_records',
    'flow_tasks',
    'flow_node_states',
    'flow_instances',
    'flow_starters',
    'flow_versions',
    'flow_definitions',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
