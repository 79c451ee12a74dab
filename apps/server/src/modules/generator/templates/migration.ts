import { indexName } from '../../visualdev/model-tables.ts';
import type { GenField, GenModel } from '../spec.ts';
import { commentText, lines, str } from './code.ts';

const column = (f: GenField) =>
  `    .addColumn(${str(f.column)}, ${str(f.sqlType)}${f.required && !f.array ? ', (c) => c.notNull()' : ''})`;

/** apps/server/src/db/migrations/NNNN_<table>.ts: the tables, with the field types the model's own table has. */
export function migrationFile(m: GenModel): string {
  const main = m.names.table;
  const indexed = new Set<string>();
  for (const s of m.search) if (s.field.kind !== 'text') indexed.add(s.field.column);
  for (const f of m.sortable) indexed.add(f.column);
  if (m.defaultSort && m.defaultSort.field.kind !== 'text') indexed.add(m.defaultSort.field.column);
  const index = (table: string, cols: string[]) =>
    `  await s.createIndex(${str(indexName(table, cols))}).on(${str(table)}).columns([${cols.map(str).join(', ')}]).execute();`;
  return lines(
    `import type { Kysely } from 'kysely';`,
    `import { audit, id } from './columns.ts';`,
    ``,
    `/** ${commentText(`Tables of the ${m.names.camel} module.`)} */`,
    `export async function up(db: Kysely<unknown>): Promise<void> {`,
    `  const s = db.schema;`,
    ``,
    `  await audit(id(s.createTable(${str(main)})))`,
    ...m.fields.map(column),
    `    .execute();`,
    index(main, ['created_at']),
    ...[...indexed].map((c) => index(main, [c])),
    ...m.subTables.flatMap((t) => [
      ``,
      `  await id(s.createTable(${str(t.table)}))`,
      `    .addColumn('parent_id', 'varchar(40)', (c) => c.notNull())`,
      `    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))`,
      ...t.fields.map(column),
      `    .execute();`,
      index(t.table, ['parent_id', 'sort_code']),
    ]),
    `}`,
    ``,
    `export async function down(db: Kysely<unknown>): Promise<void> {`,
    ...[...m.subTables.map((t) => t.table), main].map((t) => `  await db.schema.dropTable(${str(t)}).ifExists().execute();`),
    `}`,
    ``,
  );
}
