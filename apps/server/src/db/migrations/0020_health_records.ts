import type { Kysely } from 'kysely';

/**
 * The health module's own tables beside the seeded models (issue 17, M1/M2/M12):
 * - health_audit_log: every view of a resident's page, edit, export, print and
 *   reveal (who, unit, what, reason, address, when), searched by auditors;
 * - health_timeline: one line per thing recorded for a resident (archive
 *   changes, follow-ups, later referrals ...), newest first;
 * - health_transfers: a move of a resident or a whole family to another unit,
 *   state 0 未提交, 1 待确认, 2 已确认, 3 已退回;
 * - health_state_history: every state change (archive state, audit level,
 *   transfer, enrolment outcome, plan dates) with old and new value and reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('health_audit_log')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('resident_id', 'varchar(40)')
    .addColumn('target', 'varchar(200)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('health_audit_log_at').on('health_audit_log').columns(['at', 'id']).execute();
  await s.createIndex('health_audit_log_resident').on('health_audit_log').columns(['resident_id', 'at']).execute();
  await s.createIndex('health_audit_log_user').on('health_audit_log').columns(['user_id', 'at']).execute();
  await s.createIndex('health_audit_log_action').on('health_audit_log').columns(['action', 'at']).execute();

  await s
    .createTable('health_timeline')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('ref_model', 'varchar(64)')
    .addColumn('ref_id', 'varchar(40)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)')
    .execute();
  await s.createIndex('health_timeline_resident').on('health_timeline').columns(['resident_id', 'at']).execute();

  await s
    .createTable('health_transfers')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('resident_id', 'varchar(40)')
    .addColumn('family_id', 'varchar(40)')
    .addColumn('resident_ids', 'text', (c) => c.notNull())
    .addColumn('from_org_id', 'varchar(40)')
    .addColumn('from_doctor_id', 'varchar(40)')
    .addColumn('to_org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_doctor_id', 'varchar(40)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('return_reason', 'varchar(500)')
    .addColumn('created_by', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('decided_by', 'varchar(40)')
    .addColumn('decided_at', 'bigint')
    .execute();
  await s.createIndex('health_transfers_to').on('health_transfers').columns(['to_org_id', 'state', 'created_at']).execute();
  await s.createIndex('health_transfers_from').on('health_transfers').columns(['from_org_id', 'state', 'created_at']).execute();
  await s.createIndex('health_transfers_resident').on('health_transfers').columns(['resident_id']).execute();
  await s.createIndex('health_transfers_family').on('health_transfers').columns(['family_id']).execute();

  await s
    .createTable('health_state_history')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('entity', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('old_value', 'varchar(200)')
    .addColumn('new_value', 'varchar(200)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('user_id', 'varchar(40)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('health_state_history_entity').on('health_state_history').columns(['entity', 'entity_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['health_state_history', 'health_transfers', 'health_timeline', 'health_audit_log'])
    await db.schema.dropTable(t).execute();
}
