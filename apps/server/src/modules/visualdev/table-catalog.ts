import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.ts';

/**
 * What the database itself says about tables and columns (the only place that
 * differs per dialect: the catalog queries). Release reads it to know what
 * exists; binding a model to a table reads it to offer the columns.
 */

export interface CatalogColumn {
  name: string;
  /** The declared type as the database reports it, lower case (e.g. 'varchar(50)', 'integer', 'text'). */
  dataType: string;
}

export async function tableExists(db: Kysely<any>, dialect: Dialect, table: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ n: number }>`select count(*) as n from information_schema.tables
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function tableColumns(db: Kysely<any>, dialect: Dialect, table: string): Promise<CatalogColumn[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string; type: string; len: number | null; prec: number | null; scale: number | null }>`
      select column_name as name, data_type as type, character_maximum_length as len, numeric_precision as prec, numeric_scale as scale
      from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(
      db,
    );
    return rows.map((r) => ({
      name: r.name,
      dataType:
        r.type === 'character varying'
          ? `varchar(${r.len})`
          : r.type === 'numeric' && r.prec !== null
            ? `numeric(${r.prec}, ${r.scale ?? 0})`
            : r.type.toLowerCase(),
    }));
  }
  const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
  return rows.map((r) => ({ name: r.name, dataType: r.type.toLowerCase().replace(/\s+/g, ' ').replace(/,(\S)/, ', $1') }));
}

/** Every table of the current schema, by name. */
export async function tableNames(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Tables a model may not be bound to: the platform's own (sign-in, grants,
 * settings, files, logs, definitions), other models' tables and internal
 * ones. A bound model's pages read and write the table through OnlineDev,
 * so none of these may become a form. A new system table belongs here too.
 */
const PROTECTED = new Set([
  'areas',
  'authorizations',
  'bill_number_previews',
  'bill_rules',
  'captchas',
  'data_interface_logs',
  'data_interfaces',
  'dictionary_data',
  'dictionary_types',
  'file_blobs',
  'file_uploads',
  'files',
  'groups',
  'login_logs',
  'menus',
  'module_data_schemes',
  'org_user_order',
  'organizations',
  'positions',
  'print_templates',
  'qr_tickets',
  'role_organizations',
  'roles',
  'sessions',
  'signin_throttle',
  'signin_unknown_accounts',
  'sms_codes',
  'sms_outbox',
  'sys_config',
  'sys_logs',
  'systems',
  'user_column_settings',
  'user_relations',
  'users',
  'visualdev_models',
]);

export function isBindable(table: string): boolean {
  const t = table.toLowerCase();
  if (PROTECTED.has(t)) return false;
  return !/^(lc_|kysely_|sqlite_|pg_)|__|_fts/.test(t) && /^[a-z][a-z0-9_]{0,62}$/.test(t);
}
