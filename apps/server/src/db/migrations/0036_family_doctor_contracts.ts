import { sql, type Kysely } from 'kysely';

/**
 * Family-doctor contracts, service-plan tasks and service records (issue 21,
 * M11; health-domain.md §4):
 * - fd_contracts: one per term; status pending 待签约 | signed 签约 | renewed
 *   续约 (a term that continues an earlier one, renewed_from) | terminated 解约
 *   | expired 到期. A partial unique index holds a resident to one contract in
 *   an active state (pending/signed/renewed), so even two racing requests can
 *   not both sign the same resident. org_id is the team's unit (data scope).
 * - fd_contract_events: every transition (who, when, why) as history.
 * - fd_tasks: the package's items × times spread across the term; status 0
 *   未做 1 已做 2 失访 3 未访 8 解约 9 档案注销 (4 过访 is shown for an open task
 *   past its due date, never stored, so it cannot go stale).
 * - fd_service_records: a visit with its checklist (JSON array of c01..c14),
 *   position and date; authenticity 0 未匹配 / 1 有效 / 2 无效 against the
 *   resident's position; audit pending → approved | rejected.
 * - fd_resident_positions: the resident's address position (the archive has
 *   none; the demo seeds fictitious ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('fd_contracts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('contract_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('doctor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('package_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('population_group', 'varchar(4)', (c) => c.notNull())
    .addColumn('term_years', 'integer', (c) => c.notNull())
    .addColumn('signed_at', 'bigint')
    .addColumn('start_date', 'bigint', (c) => c.notNull())
    .addColumn('end_date', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('terminate_reason', 'varchar(4)')
    .addColumn('terminated_at', 'bigint')
    .addColumn('renewed_from', 'varchar(40)')
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('fd_contracts_no').on('fd_contracts').column('contract_no').unique().execute();
  await sql`create unique index fd_contracts_active_resident on fd_contracts (resident_id) where status in ('pending', 'signed', 'renewed')`.execute(
    db,
  );
  await s.createIndex('fd_contracts_resident').on('fd_contracts').columns(['resident_id', 'start_date']).execute();
  // Contract lists by unit / team and state, newest first; the renewal worklist by state and end date.
  await s.createIndex('fd_contracts_org_status').on('fd_contracts').columns(['org_id', 'status', 'signed_at']).execute();
  await s.createIndex('fd_contracts_team_status').on('fd_contracts').columns(['team_id', 'status', 'end_date']).execute();
  await s.createIndex('fd_contracts_status_end').on('fd_contracts').columns(['status', 'end_date']).execute();
  await s.createIndex('fd_contracts_doctor').on('fd_contracts').columns(['doctor_id', 'status', 'signed_at']).execute();

  await s
    .createTable('fd_contract_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('contract_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(12)')
    .addColumn('to_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('reason', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('fd_contract_events_contract').on('fd_contract_events').columns(['contract_id', 'at']).execute();

  await s
    .createTable('fd_tasks')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('contract_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('plan_date', 'bigint', (c) => c.notNull())
    .addColumn('due_date', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(2)', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addColumn('record_id', 'varchar(40)')
    .addColumn('source_form', 'varchar(40)')
    .addColumn('source_record_id', 'varchar(40)')
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('doctor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('updated_at', 'bigint')
    .execute();
  // The team's overdue list; the county's 履约率 (tasks due by a date, by unit, by state); a contract's plan.
  await s.createIndex('fd_tasks_team_status_due').on('fd_tasks').columns(['team_id', 'status', 'due_date']).execute();
  await s.createIndex('fd_tasks_org_due_status').on('fd_tasks').columns(['org_id', 'due_date', 'status']).execute();
  // The overdue list by unit: open tasks (status first) past their due date (2.2 s → 275 ms counting at 0.2 scale).
  await s.createIndex('fd_tasks_org_status_due').on('fd_tasks').columns(['org_id', 'status', 'due_date']).execute();
  await s.createIndex('fd_tasks_contract').on('fd_tasks').columns(['contract_id', 'due_date']).execute();
  // A saved public-health form finds the resident's open task.
  await s.createIndex('fd_tasks_resident_status').on('fd_tasks').columns(['resident_id', 'status', 'plan_date']).execute();

  await s
    .createTable('fd_service_records')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('contract_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('task_id', 'varchar(40)')
    .addColumn('item_id', 'varchar(40)')
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('doctor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('served_at', 'bigint', (c) => c.notNull())
    .addColumn('checklist', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('address', 'varchar(200)')
    .addColumn('note', 'varchar(500)')
    .addColumn('authenticity', 'varchar(2)', (c) => c.notNull().defaultTo('0'))
    .addColumn('distance_m', 'integer')
    .addColumn('audit_status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('audited_by', 'varchar(40)')
    .addColumn('audited_at', 'bigint')
    .addColumn('audit_comment', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('fd_records_org_audit').on('fd_service_records').columns(['org_id', 'audit_status', 'served_at']).execute();
  await s.createIndex('fd_records_org_served').on('fd_service_records').columns(['org_id', 'served_at']).execute();
  await s.createIndex('fd_records_contract').on('fd_service_records').columns(['contract_id', 'served_at']).execute();

  await s
    .createTable('fd_resident_positions')
    .addColumn('resident_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(40)')
    .execute();
}
