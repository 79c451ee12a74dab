import type { Kysely } from 'kysely';
import { audit, id } from './columns.ts';

/**
 * Portals (server-contract §8 BASE_PORTAL): a grid of widgets shown as a
 * menu page (type 8) and as the home page. Who holds a portal is kept in
 * `authorizations` (item type 'portal'); a user's default is users.portal_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await audit(id(s.createTable('portals')))
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('portals_category').on('portals').columns(['category', 'sort_code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portals').ifExists().execute();
}
