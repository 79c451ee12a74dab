import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/** Organisation, users, menus, grants, sessions, configuration and sign-in support. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(id(s.createTable('organizations')))
    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(100)')
    .addColumn('manager_id', 'varchar(40)')
    .addColumn('id_path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('organizations_parent').on('organizations').columns(['parent_id', 'sort_code']).execute();
  await s.createIndex('organizations_path').on('organizations').column('id_path').execute();

  await audit(id(s.createTable('positions')))
    .addColumn('organize_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('positions_org').on('positions').column('organize_id').execute();

  for (const table of ['roles', 'groups'] as const) {
    let t = audit(id(s.createTable(table)))
      .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'varchar(500)');
    t = table === 'roles' ? t.addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1)) : t.addColumn('type', 'varchar(40)');
    await t.execute();
  }

  await audit(id(s.createTable('users')))
    .addColumn('account', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(100)')
    .addColumn('quick_query', 'varchar(100)')
    .addColumn('head_icon', 'varchar(300)')
    .addColumn('gender', 'integer')
    .addColumn('birthday', 'bigint')
    .addColumn('mobile_phone', 'varchar(20)')
    .addColumn('tele_phone', 'varchar(30)')
    .addColumn('email', 'varchar(200)')
    .addColumn('id_card', 'varchar(18)')
    .addColumn('signature', 'varchar(500)')
    .addColumn('description', 'varchar(500)')
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_administrator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manager_id', 'varchar(40)')
    .addColumn('organize_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('position_id', 'varchar(40)')
    .addColumn('portal_id', 'varchar(40)')
    .addColumn('system_id', 'varchar(40)')
    .addColumn('theme', 'varchar(20)')
    .addColumn('language', 'varchar(10)')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('locked_at', 'bigint')
    .addColumn('log_error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_success_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_log_time', 'bigint')
    .addColumn('first_log_ip', 'varchar(64)')
    .addColumn('prev_log_time', 'bigint')
    .addColumn('prev_log_ip', 'varchar(64)')
    .addColumn('last_log_time', 'bigint')
    .addColumn('last_log_ip', 'varchar(64)')
    .addColumn('change_password_at', 'bigint')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('users_org').on('users').columns(['organize_id', 'sort_code']).execute();
  await s.createIndex('users_mobile').on('users').column('mobile_phone').execute();

  await id(s.createTable('user_relations'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('user_relations_user').on('user_relations').columns(['user_id', 'object_type']).execute();
  await s.createIndex('user_relations_object').on('user_relations').columns(['object_type', 'object_id']).execute();

  await id(s.createTable('systems'))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('icon', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await audit(id(s.createTable('menus')))
    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('system_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('i18n_json', 'varchar(1000)')
    .addColumn('icon', 'varchar(100)')
    .addColumn('url_address', 'varchar(1000)')
    .addColumn('link_target', 'varchar(10)')
    .addColumn('property_json', 'varchar(2000)')
    .addColumn('category', 'varchar(10)', (c) => c.notNull().defaultTo('Web'))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_button_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_column_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_form_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_data_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('menus_parent').on('menus').columns(['parent_id', 'sort_code']).execute();

  for (const table of ['module_buttons', 'module_columns', 'module_forms']) {
    await id(s.createTable(table))
      .addColumn('module_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('parent_id', 'varchar(40)', (c) => c.notNull().defaultTo('-1'))
      .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex(`${table}_module`).on(table).columns(['module_id', 'en_code']).unique().execute();
  }

  await id(s.createTable('authorizations'))
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  await s
    .createIndex('authorizations_object')
    .on('authorizations')
    .columns(['object_type', 'object_id', 'item_type', 'item_id'])
    .unique()
    .execute();

  await s
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(20)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('login_type', 'varchar(20)', (c) => c.notNull())
    .execute();
  await s.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();

  await s
    .createTable('sys_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(s.createTable('login_logs'))
    .addColumn('user_id', 'varchar(40)')
    .addColumn('account', 'varchar(120)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('ip_address_name', 'varchar(100)')
    .addColumn('platform', 'varchar(100)')
    .addColumn('browser', 'varchar(100)')
    .addColumn('login_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('login_logs_user').on('login_logs').columns(['user_id', 'created_at']).execute();
  await s.createIndex('login_logs_time').on('login_logs').column('created_at').execute();

  await s
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(s.createTable('sms_codes'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await s.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'purpose', 'created_at']).execute();

  await id(s.createTable('sms_outbox'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await s
    .createTable('qr_tickets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'qr_tickets',
    'sms_outbox',
    'sms_codes',
    'captchas',
    'login_logs',
    'sys_config',
    'sessions',
    'authorizations',
    'module_forms',
    'module_columns',
    'module_buttons',
    'menus',
    'systems',
    'user_relations',
    'users',
    'groups',
    'roles',
    'positions',
    'organizations',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
