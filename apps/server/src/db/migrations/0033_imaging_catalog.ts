import type { Kysely } from 'kysely';

/**
 * Catalogue of the remote-ultrasound and image centres (issue 20), one set
 * of tables for both, keyed by `centre` ('ultrasound' | 'imaging'):
 * - img_body_parts, img_items: what can be examined (items by body part and
 *   modality); `enabled` hides a row from pickers without breaking studies
 *   that already name it.
 * - img_org_sort: the order units appear in pickers and statistics.
 * - img_template_categories (a tree) and img_templates: the report
 *   templates per body part and item.
 * - img_fee_schedule: diagnosis and application fees (fen) per item or the
 *   centre default (item_id null), each with the date it takes effect; the
 *   fee in force at a date is the latest row not after it. `payer_rule`
 *   records who pays whom, a setting rather than code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('img_body_parts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('img_body_parts_centre').on('img_body_parts').columns(['centre', 'sort_code']).execute();
  await s.createIndex('img_body_parts_code').on('img_body_parts').columns(['centre', 'code']).unique().execute();

  await s
    .createTable('img_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('body_part_id', 'varchar(40)')
    .addColumn('modality', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('img_items_centre').on('img_items').columns(['centre', 'sort_code']).execute();
  await s.createIndex('img_items_code').on('img_items').columns(['centre', 'code']).unique().execute();
  await s.createIndex('img_items_body').on('img_items').columns(['body_part_id']).execute();

  await s
    .createTable('img_org_sort')
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('org_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('img_org_sort_pk', ['centre', 'org_id'])
    .execute();

  await s
    .createTable('img_template_categories')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(40)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('img_template_categories_centre').on('img_template_categories').columns(['centre', 'sort_code']).execute();

  await s
    .createTable('img_templates')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('category_id', 'varchar(40)')
    .addColumn('body_part_id', 'varchar(40)')
    .addColumn('item_id', 'varchar(40)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('findings', 'text', (c) => c.notNull())
    .addColumn('impression', 'text', (c) => c.notNull())
    .addColumn('advice', 'text')
    .addColumn('positive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await s.createIndex('img_templates_centre').on('img_templates').columns(['centre', 'category_id', 'sort_code']).execute();
  await s.createIndex('img_templates_item').on('img_templates').columns(['item_id']).execute();
  await s.createIndex('img_templates_body').on('img_templates').columns(['body_part_id']).execute();

  await s
    .createTable('img_fee_schedule')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('centre', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(40)')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payer_rule', 'varchar(40)', (c) => c.notNull())
    .addColumn('effective_from', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .execute();
  // The fee in force: latest effective_from not after a date, per centre, kind and item.
  await s.createIndex('img_fee_schedule_lookup').on('img_fee_schedule').columns(['centre', 'kind', 'item_id', 'effective_from']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['img_fee_schedule', 'img_templates', 'img_template_categories', 'img_org_sort', 'img_items', 'img_body_parts'])
    await db.schema.dropTable(t).ifExists().execute();
}
