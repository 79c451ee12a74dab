import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/**
 * Tables of the visual-development module: the models (form + list definitions,
 * draft and released). Each released model's own tables are made by release
 * (modules/visualdev/release.service.ts), not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await audit(id(s.createTable('visualdev_models')))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('column_data', 'text', (c) => c.notNull())
    .addColumn('released_form_data', 'text')
    .addColumn('released_column_data', 'text')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('bound_table', 'varchar(64)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('released_at', 'bigint')
    .addColumn('released_by', 'varchar(40)')
    .execute();
  await s.createIndex('visualdev_models_category').on('visualdev_models').columns(['category', 'sort_code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visualdev_models').ifExists().execute();
}
