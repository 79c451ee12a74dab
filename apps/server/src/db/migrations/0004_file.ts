import type { Kysely } from 'kysely';

/** Tables of the file module: stored contents (by MD5), files, chunked uploads in progress. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('file_blobs')
    .addColumn('md5', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await s
    .createTable('files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('file_extension', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_version_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('ref_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('files_md5').on('files').column('md5').execute();
  await s.createIndex('files_owner').on('files').columns(['created_by', 'created_at']).execute();

  await s
    .createTable('file_uploads')
    .addColumn('identifier', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('merging_at', 'bigint')
    .execute();
  await s.createIndex('file_uploads_updated').on('file_uploads').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['file_uploads', 'files', 'file_blobs']) await db.schema.dropTable(t).ifExists().execute();
}
