import type { CreateTableBuilder } from 'kysely';

/** Column helpers so every migration spells ids and audit times the same way. */
export const id = <T extends string>(t: CreateTableBuilder<T>) => t.addColumn('id', 'varchar(40)', (c) => c.primaryKey());

export const audit = <T extends string>(t: CreateTableBuilder<T, 'id'>) =>
  t
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(40)');
