import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/** Data reports (menu type 5): a report's definition (source, parameters, columns, grouping, charts) as JSON. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await audit(id(s.createTable('data_reports')))
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('definition', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('data_reports_category').on('data_reports').columns(['category', 'sort_code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_reports').ifExists().execute();
}
