import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/** Tables of the system module. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(id(s.createTable('dictionary_types')))
    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('dictionary_types_parent').on('dictionary_types').columns(['parent_id', 'sort_code']).execute();

  await audit(id(s.createTable('dictionary_data')))
    .addColumn('dictionary_type_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('simple_spelling', 'varchar(100)')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('dictionary_data_code').on('dictionary_data').columns(['dictionary_type_id', 'en_code']).unique().execute();
  await s.createIndex('dictionary_data_type').on('dictionary_data').columns(['dictionary_type_id', 'parent_id', 'sort_code']).execute();
  await s.createIndex('dictionary_data_parent').on('dictionary_data').column('parent_id').execute();

  await audit(id(s.createTable('areas')))
    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('simple_spelling', 'varchar(50)')
    .addColumn('type', 'integer')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('areas_parent').on('areas').columns(['parent_id', 'sort_code']).execute();

  await audit(id(s.createTable('bill_rules')))
    .addColumn('category_id', 'varchar(40)')
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_format', 'varchar(20)', (c) => c.notNull())
    .addColumn('digit', 'integer', (c) => c.notNull())
    .addColumn('start_number', 'bigint', (c) => c.notNull())
    .addColumn('suffix', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('this_number', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('date_key', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('output_number', 'varchar(100)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('bill_rules_category').on('bill_rules').columns(['category_id', 'sort_code']).execute();

  await s
    .createTable('bill_number_previews')
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('rule_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('number', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bill_number_previews_pk', ['user_id', 'rule_id'])
    .execute();

  await audit(id(s.createTable('data_interfaces')))
    .addColumn('category_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('query', 'text')
    .addColumn('path', 'varchar(2000)')
    .addColumn('request_method', 'varchar(10)', (c) => c.notNull().defaultTo('GET'))
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('request_parameters', 'text', (c) => c.notNull())
    .addColumn('parameter_json', 'text', (c) => c.notNull())
    .addColumn('response_path', 'varchar(200)')
    .addColumn('timeout_ms', 'integer')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('data_interfaces_category').on('data_interfaces').columns(['category_id', 'sort_code']).execute();

  await id(s.createTable('data_interface_logs'))
    .addColumn('interface_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('data_interface_logs_interface').on('data_interface_logs').columns(['interface_id', 'created_at']).execute();
  await s.createIndex('data_interface_logs_time').on('data_interface_logs').column('created_at').execute();

  await audit(id(s.createTable('print_templates')))
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sql_template', 'text', (c) => c.notNull())
    .addColumn('left_fields', 'text')
    .addColumn('print_template', 'text')
    .addColumn('page_param', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .execute();
  await s.createIndex('print_templates_category').on('print_templates').columns(['category', 'sort_code']).execute();

  await id(s.createTable('sys_logs'))
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('user_name', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('method', 'varchar(10)')
    .addColumn('path', 'varchar(500)')
    .addColumn('status', 'integer')
    .addColumn('duration', 'integer')
    .addColumn('module', 'varchar(50)')
    .addColumn('action', 'varchar(50)')
    .addColumn('target_id', 'varchar(100)')
    .addColumn('summary', 'varchar(2000)')
    .addColumn('message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('sys_logs_category_time').on('sys_logs').columns(['category', 'created_at']).execute();
  await s.createIndex('sys_logs_time').on('sys_logs').column('created_at').execute();

  await id(s.createTable('account_subjects'))
    .addColumn('org_id', 'varchar(40)')
    .addColumn('account_code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_type', 'integer', (c) => c.notNull())
    .addColumn('unit', 'integer')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('account_subjects_type').on('account_subjects').columns(['account_type', 'account_code']).execute();

  await id(s.createTable('stock_items'))
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('item_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)')
    .addColumn('unit', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('manufacturer', 'varchar(100)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('stock_items_org').on('stock_items').columns(['org_id', 'item_code']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'stock_items',
    'account_subjects',
    'sys_logs',
    'print_templates',
    'data_interface_logs',
    'data_interfaces',
    'bill_number_previews',
    'bill_rules',
    'areas',
    'dictionary_data',
    'dictionary_types',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
