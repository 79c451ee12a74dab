import type { Kysely } from 'kysely';

/**
 * Family-doctor teams, service items, packages and residents' questions
 * (issue 21, M11; health-domain.md §4):
 * - fd_teams: one team of a unit (org_id, the team's health centre or village
 *   clinic, is also its data scope). status 'pending' (submitted, in the
 *   workflow audit) | 'active' | 'rejected' | 'disabled'; a new team starts as
 *   'draft' until it is submitted. flow_instance_id is the audit's flow.
 * - fd_team_members: doctor / nurse / public_health members; a user is in a
 *   team at most once.
 * - fd_service_items: 基础 (nature 1) / 增值 (nature 2) items with the times per
 *   term year, the price in fen and the public-health form code that proves it
 *   (form_code, e.g. 'htn_visit'); groups is a JSON array of §4 population codes.
 * - fd_packages: price, discount (percent, 100 = no discount) and real_price in
 *   fen, validity [valid_from, valid_to] in ms; org_id null = county-wide.
 * - fd_package_items: the package's items; times overrides the item's times.
 * - fd_questions: a resident's question to the team and the team's answer,
 *   status 'open' | 'answered' | 'closed'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('fd_teams')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('leader_id', 'varchar(40)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('intro', 'varchar(500)')
    .addColumn('flow_instance_id', 'varchar(40)')
    .addColumn('submitted_at', 'bigint')
    .addColumn('audited_at', 'bigint')
    .addColumn('audited_by', 'varchar(40)')
    .addColumn('audit_comment', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(40)')
    .execute();
  await s.createIndex('fd_teams_code').on('fd_teams').column('code').unique().execute();
  // The team list by unit and state (newest first) and the audit list by state.
  await s.createIndex('fd_teams_org_status').on('fd_teams').columns(['org_id', 'status', 'created_at']).execute();
  await s.createIndex('fd_teams_status').on('fd_teams').columns(['status', 'submitted_at']).execute();
  await s.createIndex('fd_teams_flow').on('fd_teams').column('flow_instance_id').execute();

  await s
    .createTable('fd_team_members')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('fd_team_members_team_user').on('fd_team_members').columns(['team_id', 'user_id']).unique().execute();
  // "Which teams am I in" (the doctor's own worklists).
  await s.createIndex('fd_team_members_user').on('fd_team_members').columns(['user_id', 'team_id']).execute();

  await s
    .createTable('fd_service_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(40)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('nature', 'integer', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_code', 'varchar(40)')
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('intro', 'varchar(500)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('fd_service_items_code').on('fd_service_items').column('code').unique().execute();
  await s.createIndex('fd_service_items_form').on('fd_service_items').columns(['form_code', 'enabled']).execute();

  await s
    .createTable('fd_packages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('real_price', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint')
    .addColumn('groups', 'text', (c) => c.notNull())
    .addColumn('intro', 'varchar(1000)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(40)')
    .execute();
  await s.createIndex('fd_packages_code').on('fd_packages').column('code').unique().execute();
  await s.createIndex('fd_packages_enabled').on('fd_packages').columns(['enabled', 'sort_code']).execute();

  await s
    .createTable('fd_package_items')
    .addColumn('package_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('fd_package_items_pk', ['package_id', 'item_id'])
    .execute();
  await s.createIndex('fd_package_items_item').on('fd_package_items').column('item_id').execute();

  await s
    .createTable('fd_questions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('resident_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('contract_id', 'varchar(40)')
    .addColumn('team_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('asked_at', 'bigint', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'varchar(40)')
    .addColumn('answered_at', 'bigint')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .execute();
  // The team's question list by state, newest first; a resident's questions.
  await s.createIndex('fd_questions_team_status').on('fd_questions').columns(['team_id', 'status', 'asked_at']).execute();
  await s.createIndex('fd_questions_resident').on('fd_questions').columns(['resident_id', 'asked_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['fd_questions', 'fd_package_items', 'fd_packages', 'fd_service_items', 'fd_team_members', 'fd_teams']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
