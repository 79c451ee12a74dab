import { sql, type Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/** Tables of the permission module: organisation roles, data-permission schemes, personal column layouts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await id(s.createTable('role_organizations'))
    .addColumn('role_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('role_organizations_pair').on('role_organizations').columns(['role_id', 'organize_id']).unique().execute();
  await s.createIndex('role_organizations_org').on('role_organizations').column('organize_id').execute();

  await audit(id(s.createTable('module_data_schemes')))
    .addColumn('module_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('condition_json', 'text', (c) => c.notNull())
    .addColumn('condition_text', 'varchar(2000)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('module_data_schemes_module').on('module_data_schemes').columns(['module_id', 'en_code']).unique().execute();

  await s
    .createTable('user_column_settings')
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('module_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_column_settings_pk', ['user_id', 'module_id'])
    .execute();

  // The users list: default order (sortCode, newest first, id) served from an index.
  await s
    .createIndex('users_list_order')
    .on('users')
    .expression(sql`sort_code, created_at desc, id desc`)
    .execute();
  await s.createIndex('users_manager').on('users').column('manager_id').execute();
  await s.createIndex('positions_en_code').on('positions').column('en_code').execute();
  await s.createIndex('organizations_en_code').on('organizations').column('en_code').execute();
  await s.createIndex('authorizations_item').on('authorizations').columns(['item_type', 'item_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['users_list_order', 'users_manager', 'positions_en_code', 'organizations_en_code', 'authorizations_item']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const t of ['user_column_settings', 'module_data_schemes', 'role_organizations']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
