import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

let pgModule: typeof pg | null = null;
/** The PostgreSQL driver, loaded on first use: a server on SQLite does not pay its load time at start-up. */
export function loadPg(): typeof pg {
  if (!pgModule) {
    const loaded = createRequire(import.meta.url)('pg') as typeof pg;
    // int8 (COUNT(*), bigint epoch milliseconds) as JS numbers: every value we keep fits in 2^53.
    loaded.types.setTypeParser(20, (v) => Number(v));
    // numeric as numbers too (sums, averages).
    loaded.types.setTypeParser(1700, (v) => Number(v));
    pgModule = loaded;
  }
  return pgModule;
}

export interface DbOptions {
  /** A PostgreSQL URL, or null for the embedded SQLite file. */
  databaseUrl: string | null;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use as search_path (tests isolate themselves in one). */
  pgSchema?: string;
  poolSize?: number;
  /** SQLite's `synchronous` (config.ts SQLITE_SYNCHRONOUS); FULL unless told. */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** What Kysely's SQLite driver uses of a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): SQLite.RunResult;
  iterate(...params: unknown[]): IterableIterator<unknown>;
}

/**
 * CamelCasePlugin for SQLite: queries are named as the plugin names them, but
 * result rows are left as the driver below builds them, already keyed in
 * camelCase, instead of the plugin copying every row object key by key (a
 * tenth of a users-list call's server CPU: 681/683/573 → 558/631/567 µs in
 * alternating runs). SQLite answers flat rows only, so nothing nested is left
 * unmapped. PostgreSQL's rows keep the plain plugin.
 */
class CamelCaseQueries extends CamelCasePlugin {
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** A result column's key in the rows the driver builds: what the plugin would have mapped it to. */
  keyOf(column: string): string {
    return this.camelCase(column);
  }
}

const AS_WRITTEN = '/* as written */ ';

/**
 * SQL whose rows keep the column names it gives them, for statements run
 * `withoutPlugins()` on SQLite (a data interface's own SELECT): the driver
 * otherwise keys every row in camelCase (see CamelCaseQueries).
 */
export const asWritten = (sql: string): string => AS_WRITTEN + sql;

/**
 * A reading statement whose rows are built here from raw arrays: better-sqlite3
 * creates each row object key by key in C++, which cost a third of reading a
 * page of 20 users (93 → 60 µs measured). Same values, same order, keys named
 * by `keyOf`. The column names are the statement's own, mapped once: the cache
 * below is emptied on any schema change, so they cannot go stale.
 */
function rowBuilding(stmt: SQLite.Statement, keyOf: (column: string) => string): DriverStatement {
  if (!stmt.reader) return stmt as unknown as DriverStatement;
  const names = stmt.columns().map((c) => keyOf(c.name));
  const raw = stmt.raw(true);
  const row = (values: unknown[]) => {
    const r: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) r[names[i]!] = values[i];
    return r;
  };
  return {
    reader: true,
    all: (...params) => (raw.all(...params) as unknown[][]).map(row),
    run: (...params) => raw.run(...params),
    *iterate(...params) {
      for (const values of raw.iterate(...params) as IterableIterator<unknown[]>) yield row(values);
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * Kysely prepares every query anew; compiling SQL is a tenth of a list
 * request's CPU. Queries repeat (values are bound, never spliced), so keep the
 * prepared statements, the least recently used dropped past a bound, and all
 * of them when the schema changes (migrations, tests).
 */
function withStatementCache(sqlite: SQLite.Database, keyOf: (column: string) => string, max = 1000) {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        if (SCHEMA_CHANGE.test(sql)) cache.clear();
        stmt = rowBuilding(sqlite.prepare(sql), sql.startsWith(AS_WRITTEN) ? (column) => column : keyOf);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

export function openDb(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    const plugins = [new CamelCasePlugin()];
    const pool = new (loadPg().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a write commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  // FULL syncs the WAL at every commit: an answered write is on disk, power cut or not.
  // NORMAL syncs only at checkpoints, so a power cut may take back the last commits.
  sqlite.pragma(`synchronous = ${opts.sqliteSynchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const naming = new CamelCaseQueries();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, (column) => naming.keyOf(column)) }),
    plugins: [naming],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
