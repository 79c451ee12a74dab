import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { AppContext } from '../../context.ts';
import { asWritten, loadPg } from '../../db/connection.ts';
import { shielded } from './secret-shield.ts';
import { getSysConfig } from './sys-config.service.ts';

/**
 * Runs checked, parameterised SELECTs read-only with a time limit:
 * - PostgreSQL: a pool of read-only connections with a statement timeout
 *   (a READ ONLY transaction with `SET LOCAL statement_timeout` for a shorter limit);
 * - SQLite on a file: a pool of child processes, each with its own read-only
 *   connection (`readonly: true`, `query_only`), killed and replaced when a query
 *   overruns the limit;
 * - SQLite in memory (tests): the app's own connection held exclusively with
 *   `PRAGMA query_only = 1`, which refuses every write; no time guard is
 *   possible there (the call is synchronous), so the duration is reported.
 */

export interface SqlStatement {
  sql: string;
  params: unknown[];
}

export type Row = Record<string, unknown>;

/** A failed run: 'timeout', 'readonly' (the database refused a write) or 'sql' (any other database error). */
export class SqlRunError extends Error {
  constructor(
    readonly kind: 'timeout' | 'readonly' | 'sql' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

export async function runReadOnly(ctx: AppContext, given: SqlStatement[], timeoutMs: number): Promise<Row[][]> {
  const statements = await shielded(ctx, given);
  let results: Row[][];
  if (ctx.dialect === 'postgres') results = await runPostgres(ctx, statements, timeoutMs);
  else {
    const file = await sqliteFile(ctx);
    results = file ? await readerPool(ctx, file).run(statements, timeoutMs) : await runSqliteInProcess(ctx, statements, timeoutMs);
  }
  return results.map(withoutSecrets);
}

/** Password hashes never leave through an interface, even from a `SELECT *` the guard cannot see into. */
const isSecret = (key: string) => key.toLowerCase().replace(/_/g, '') === 'passwordhash';
function withoutSecrets(rows: Row[]): Row[] {
  const first = rows[0];
  if (!first) return rows;
  const secret = Object.keys(first).filter(isSecret);
  if (!secret.length) return rows;
  for (const r of rows) for (const k of secret) delete r[k];
  return rows;
}

/**
 * PostgreSQL reads go through a pool of their own: every connection is opened
 * with `default_transaction_read_only=on` and the statement timeout, so each
 * query is one round trip, cannot write, and a flood of slow interface
 * queries cannot take the connections the rest of the app needs. A call with
 * a shorter limit of its own runs in `BEGIN READ ONLY` + `SET LOCAL
 * statement_timeout` on the same pool. The pool is rebuilt when the setting
 * changes.
 */
interface ReadPool {
  pool: pg.Pool;
  timeoutMs: number;
}
const readPools = new WeakMap<AppContext['db'], Promise<ReadPool>>();
/** Connections of the read pool: like the app's own pool. */
const READ_POOL_SIZE = 10;

async function readPool(ctx: AppContext, timeoutMs: number): Promise<pg.Pool> {
  const current = readPools.get(ctx.db);
  if (current) {
    const entry = await current;
    if (entry.timeoutMs === timeoutMs) return entry.pool;
    readPools.delete(ctx.db);
    void entry.pool.end().catch(() => undefined);
  }
  if (!readPools.has(ctx.db)) {
    readPools.set(
      ctx.db,
      (async () => {
        // The same schema as the app's connections (tests and benches run in a schema of their own).
        const r = await ctx.db.executeQuery<{ searchPath: string; search_path?: string }>(CompiledQuery.raw('SHOW search_path'));
        const row = r.rows[0] as Record<string, string> | undefined;
        const searchPath = String(row?.search_path ?? row?.searchPath ?? 'public')
          .replace(/\\/g, '\\\\')
          .replace(/ /g, '\\ ');
        const pool = new (loadPg().Pool)({
          connectionString: ctx.config.databaseUrl!,
          max: READ_POOL_SIZE,
          options: `-c default_transaction_read_only=on -c statement_timeout=${timeoutMs} -c search_path=${searchPath}`,
        });
        pool.on('error', (err) => ctx.log.error({ err }, 'read pool connection error'));
        return { pool, timeoutMs };
      })(),
    );
  }
  return (await readPools.get(ctx.db)!).pool;
}

async function runPostgres(ctx: AppContext, statements: SqlStatement[], timeoutMs: number): Promise<Row[][]> {
  const ms = Math.max(1, Math.floor(timeoutMs));
  const defaultMs = Math.max(1, Math.floor((await getSysConfig(ctx)).sqlTimeoutMs));
  const pool = await readPool(ctx, defaultMs);
  const client = await pool.connect();
  let broken = false;
  try {
    const out: Row[][] = [];
    if (ms >= defaultMs) {
      for (const s of statements) out.push((await client.query<Row>(s.sql, s.params as unknown[])).rows);
      return out;
    }
    await client.query(`BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${ms}`);
    try {
      for (const s of statements) out.push((await client.query<Row>(s.sql, s.params as unknown[])).rows);
    } finally {
      await client.query('ROLLBACK').catch(() => (broken = true));
    }
    return out;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === '57014') throw new SqlRunError('timeout', String(e.message));
    if (e.code === '25006') throw new SqlRunError('readonly', String(e.message));
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) throw new SqlRunError('sql', String(e.message));
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
}

async function runSqliteInProcess(ctx: AppContext, statements: SqlStatement[], timeoutMs: number): Promise<Row[][]> {
  const started = performance.now();
  try {
    return await ctx.db
      .withoutPlugins()
      .connection()
      .execute(async (conn) => {
        await conn.executeQuery(CompiledQuery.raw('PRAGMA query_only = 1'));
        try {
          const out: Row[][] = [];
          for (const s of statements) out.push((await conn.executeQuery<Row>(CompiledQuery.raw(asWritten(s.sql), s.params))).rows);
          return out;
        } finally {
          await conn.executeQuery(CompiledQuery.raw('PRAGMA query_only = 0'));
        }
      });
  } catch (err) {
    throw sqliteError(err);
  } finally {
    const took = performance.now() - started;
    if (took > timeoutMs) ctx.log.warn({ took, timeoutMs }, 'in-memory data interface query overran its time limit');
  }
}

function sqliteError(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  if (typeof e.code !== 'string' || !e.code.startsWith('SQLITE')) return err;
  if (e.code.startsWith('SQLITE_READONLY')) return new SqlRunError('readonly', String(e.message));
  return new SqlRunError('sql', String(e.message));
}

const files = new WeakMap<AppContext['db'], Promise<string>>();

/** The app's SQLite file, or '' for an in-memory database. */
function sqliteFile(ctx: AppContext): Promise<string> {
  let hit = files.get(ctx.db);
  if (!hit) {
    hit = ctx.db
      .executeQuery<{ name: string; file: string }>(CompiledQuery.raw('PRAGMA database_list'))
      .then((r) => r.rows.find((row) => row.name === 'main')?.file ?? '');
    files.set(ctx.db, hit);
  }
  return hit;
}

// ---------------------------------------------------------------- the SQLite reader pool

interface Job {
  id: number;
  statements: SqlStatement[];
  timeoutMs: number;
  resolve: (rows: Row[][]) => void;
  reject: (err: unknown) => void;
}

interface Reader {
  proc: ChildProcess;
  ready: Promise<void>;
  /** Jobs sent and not answered yet, in the order the reader runs them: the first is running. */
  inflight: Job[];
  /** Jobs assigned in this event-loop turn, sent together at its end (one write, one wake-up). */
  outbox: Job[];
  timer: NodeJS.Timeout | null;
  dead: boolean;
  started: boolean;
}

/** A reader's answer for one statement: column names once, rows as arrays. */
interface RawResult {
  columns: string[];
  rows: unknown[][];
}

function toRows({ columns, rows }: RawResult): Row[] {
  return rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    return row;
  });
}

/** Compiled (dist/, `npm start`), the reader is plain JavaScript beside us; from source it needs tsx. */
const compiled = import.meta.filename.endsWith('.js');
const CHILD = path.join(import.meta.dirname, compiled ? 'sqlite-reader.child.js' : 'sqlite-reader.child.ts');
const MAX_QUEUE = 2000;
/**
 * Jobs handed to one reader ahead of its answers. A reader wakes up once for
 * several queries instead of once each, which is most of the cost under load.
 */
const PIPELINE = 16;

let tsxLoader: string | null = null;
function loaderUrl(): string {
  tsxLoader ??= pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return tsxLoader;
}

export class SqliteReaderPool {
  private readers: Reader[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Readers started and readers killed for overrunning, since the pool opened. */
  readonly stats = { started: 0, killed: 0 };

  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly log: AppContext['log'],
  ) {}

  run(statements: SqlStatement[], timeoutMs: number): Promise<Row[][]> {
    if (this.closed) return Promise.reject(new SqlRunError('busy', 'reader pool closed'));
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new SqlRunError('busy', 'too many queries waiting'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, statements, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new SqlRunError('busy', 'reader pool closed'));
    for (const r of [...this.readers]) this.retire(r, new SqlRunError('busy', 'reader pool closed'));
    this.readers = [];
  }

  private spawn(): Reader {
    const proc = fork(CHILD, [this.file], {
      execArgv: compiled ? [] : ['--import', loaderUrl()],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const reader: Reader = { proc, ready: Promise.resolve(), inflight: [], outbox: [], timer: null, dead: false, started: false };
    this.stats.started += 1;
    reader.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { ready?: boolean; error?: string }) => {
        if (msg.ready === undefined) return;
        proc.off('message', onMessage);
        if (msg.ready) resolve();
        else reject(new SqlRunError('sql', msg.error ?? 'reader failed to open the database'));
      };
      proc.on('message', onMessage);
      proc.once('exit', () => reject(new SqlRunError('sql', 'reader exited while starting')));
    });
    reader.ready.then(
      () => {
        reader.started = true;
        this.sendWaiting(reader);
      },
      (err: unknown) => {
        this.retire(reader, err);
        this.pump();
      },
    );
    proc.on('message', (msg: { id?: number; ok?: boolean; results?: RawResult[]; error?: { message: string; code: string | null } }) => {
      const job = reader.inflight[0];
      if (msg.id === undefined || !job || msg.id !== job.id) return;
      reader.inflight.shift();
      if (reader.timer) clearTimeout(reader.timer);
      reader.timer = null;
      if (msg.ok) job.resolve((msg.results ?? []).map(toRows));
      else job.reject(sqliteError(Object.assign(new Error(msg.error?.message ?? 'query failed'), { code: msg.error?.code ?? undefined })));
      this.startClock(reader);
      this.pump();
    });
    proc.on('exit', (code, signal) => {
      if (!reader.dead) {
        this.log.warn({ code, signal }, 'SQLite reader process exited');
        this.retire(reader, new SqlRunError('sql', 'reader process exited'));
        this.pump();
      }
    });
    proc.on('error', (err) => this.log.error({ err }, 'SQLite reader process error'));
    this.readers.push(reader);
    return reader;
  }

  /**
   * The clock runs on the job the reader is executing (the first unanswered
   * one), from when the previous answer arrived: time spent waiting behind
   * other jobs does not count.
   */
  private startClock(reader: Reader) {
    const job = reader.inflight[0];
    if (!job || reader.timer || reader.dead) return;
    reader.timer = setTimeout(() => {
      this.log.warn({ timeoutMs: job.timeoutMs }, 'data interface query timed out; restarting its reader');
      this.stats.killed += 1;
      // The jobs behind it never started: they go back to the queue for another reader.
      const waiting = reader.inflight.slice(1);
      reader.inflight = [job];
      this.retire(reader, new SqlRunError('timeout', `query exceeded ${job.timeoutMs} ms`));
      this.queue.unshift(...waiting);
      this.pump();
    }, job.timeoutMs);
  }

  /** Jobs assigned before the reader was ready are sent once it is. */
  private sendWaiting(reader: Reader) {
    if (reader.dead) return;
    for (const job of reader.inflight) this.send(reader, job);
    this.startClock(reader);
  }

  private send(reader: Reader, job: Job) {
    if (reader.outbox.push(job) > 1) return;
    setImmediate(() => {
      const jobs = reader.outbox.splice(0);
      if (reader.dead) return;
      reader.proc.send({ jobs: jobs.map((j) => ({ id: j.id, statements: j.statements })) });
    });
  }

  private retire(reader: Reader, reason: unknown) {
    reader.dead = true;
    if (reader.timer) clearTimeout(reader.timer);
    reader.timer = null;
    for (const job of reader.inflight.splice(0)) job.reject(reason);
    this.readers = this.readers.filter((r) => r !== reader);
    if (reader.proc.exitCode === null && reader.proc.signalCode === null) reader.proc.kill('SIGKILL');
  }

  /** Hands queued jobs to the least loaded reader, starting readers up to the pool size. */
  private pump() {
    while (this.queue.length && !this.closed) {
      const live = this.readers.filter((r) => !r.dead);
      let reader = live.sort((a, b) => a.inflight.length - b.inflight.length)[0];
      if ((!reader || reader.inflight.length > 0) && this.readers.length < this.size) reader = this.spawn();
      if (!reader || reader.inflight.length >= PIPELINE) return;
      const job = this.queue.shift()!;
      reader.inflight.push(job);
      // Before the reader is ready, sendWaiting sends what piled up.
      if (reader.started) {
        this.send(reader, job);
        this.startClock(reader);
      }
    }
  }
}

/** Two readers: enough that one overrunning query does not stall every picker, cheap on small hosts. */
const READER_COUNT = 2;
const pools = new WeakMap<AppContext['db'], SqliteReaderPool>();

export function readerPool(ctx: AppContext, file: string): SqliteReaderPool {
  let pool = pools.get(ctx.db);
  if (!pool) pools.set(ctx.db, (pool = new SqliteReaderPool(file, READER_COUNT, ctx.log)));
  return pool;
}

/** The reader pool of this app, if SQL interfaces ran on a SQLite file. */
export const readerPoolOf = (ctx: AppContext): SqliteReaderPool | undefined => pools.get(ctx.db);

/** Stops the reader processes of this app (on close). */
export async function closeReaders(ctx: AppContext): Promise<void> {
  const pool = pools.get(ctx.db);
  pools.delete(ctx.db);
  await pool?.close();
  const read = readPools.get(ctx.db);
  readPools.delete(ctx.db);
  if (read) await (await read).pool.end().catch(() => undefined);
}
