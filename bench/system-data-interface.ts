/**
 * A SQL data interface over 100,000 rows, paged, against the real server on
 * loopback, next to the same SELECT run directly through the driver.
 *
 *   npx tsx bench/system-data-interface.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/system-data-interface.ts
 *
 * Seeds a fresh database (a SQLite file in a temporary folder; with
 * DATABASE_URL, a fresh PostgreSQL schema) with the demo alliance and a
 * 100,000-row table, defines a SQL data interface over it, starts the server,
 * and has a signed-in doctor page through it (POST …/Action/List, pages 1–50 of
 * 20 rows, with the total) from 50 concurrent kept-alive connections. Next to
 * it, 50 concurrent callers in this process run exactly the SELECT the server
 * runs for each page (rows and total in one statement, built by the same
 * function) directly through the driver: better-sqlite3 on the same file, or pg
 * with a pool the size of the server's. The two sides run in alternating
 * rounds, so a host busy with other work slows both alike. For scale it also
 * measures the same route on a static-data interface (no SQL): the floor that
 * HTTP, the sign-in check and JSON put under any call on this host. Prints
 * p50/p99 and the ratio; goal: server p99 ≤ 1.5 × direct + 2 ms. Stops by
 * itself and removes everything it made.
 *
 * Env: BENCH_SECONDS (10 per side), BENCH_ROUNDS (5), BENCH_CONNECTIONS (50), BENCH_ROWS (100000).
 * SERVER_WORKERS (1; `auto` = one per core, as a production server runs) is passed to the server.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Pool } from 'undici';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb, type DbHandle } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { dictDataId } from '../apps/server/src/db/seed/system.ts';
import { checkReadOnlySql } from '../apps/server/src/modules/system/sql-guard.ts';
import { NO_FILTERS, pageStatements } from '../apps/server/src/modules/system/data-interface.runner.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { login, pgAdmin, serverDatabaseUrl, startServer, stopServer, cpuMs, treeCpuMs } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PAGE_SIZE = 20;
const PAGES = 50;
const GOAL_FACTOR = 1.5;
const GOAL_PLUS_MS = 2;
/** The server's PostgreSQL pool (db/connection.ts default). */
const SERVER_POOL = 10;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-di-'));
const dataDir = path.join(work, 'data');
const sqliteFile = path.join(dataDir, 'app.db');
const baseUrl = process.env.DATABASE_URL || null;
const schema = baseUrl ? `bench_${randomBytes(5).toString('hex')}` : null;
let server: ChildProcess | null = null;
let handle: DbHandle | null = null;

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(2)} ms`;

const INTERFACE_SQL = `SELECT r.id AS "id", r.code AS "code", r.name AS "name", r.category AS "category", r.amount AS "amount", r.created_at AS "createdAt"
FROM bench_rows r`;

/** The 100,000-row table the interface reads: plain rows of a fictitious drug catalogue. */
async function seedRows(ctx: AppContext): Promise<string> {
  await sql`CREATE TABLE bench_rows (id varchar(40) PRIMARY KEY, code varchar(20) NOT NULL, name varchar(100) NOT NULL, category integer NOT NULL, amount numeric(12, 2) NOT NULL, created_at bigint NOT NULL)`.execute(
    ctx.db,
  );
  const now = Date.now();
  const per = 500;
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < ROWS; i += per) {
      const values = Array.from({ length: Math.min(per, ROWS - i) }, (_, k) => {
        const n = i + k;
        return sql`(${`R${String(n).padStart(9, '0')}`}, ${`C${n % 9973}`}, ${`基准品种${n}号`}, ${n % 12}, ${(n % 1000) / 10}, ${now - n})`;
      });
      await sql`INSERT INTO bench_rows (id, code, name, category, amount, created_at) VALUES ${sql.join(values)}`.execute(trx);
    }
  });
  const id = '659000000000000001';
  await ctx.db
    .insertInto('dataInterfaces')
    .values({
      id,
      categoryId: dictDataId('dataInterfaceCategory', 'businessData'),
      fullName: '基准：十万行',
      enCode: 'benchRows',
      dataType: 1,
      query: INTERFACE_SQL,
      path: null,
      requestMethod: 'GET',
      requestHeaders: '[]',
      requestParameters: '[]',
      parameterJson: '[]',
      responsePath: null,
      timeoutMs: null,
      sortCode: 0,
      enabledMark: 1,
      description: 'bench',
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  await sql`analyze`.execute(ctx.db);
  return id;
}

/** Exactly the statements the server runs for one page (sql-guard + data-interface.runner). */
function statementsFor(dialect: 'sqlite' | 'postgres', page: number) {
  const checked = checkReadOnlySql(INTERFACE_SQL);
  const params = { get: () => null, type: () => null };
  const s = pageStatements(dialect, checked, params, NO_FILTERS, {
    currentPage: page,
    pageSize: PAGE_SIZE,
    sortColumn: null,
    sort: 'desc',
  });
  return [s.page];
}

interface Latencies {
  p50: number;
  p99: number;
  average: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summarize(latencies: number[], seconds: number): Latencies {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    average: sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length),
    perSecond: sorted.length / seconds,
  };
}

/** `CONNECTIONS` callers, each running one page after another for `seconds`; answers every latency. */
async function load(run: (page: number) => Promise<void>, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const page = (n++ % PAGES) + 1;
        const t0 = performance.now();
        await run(page);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

/**
 * POST …/Action/List over `CONNECTIONS` kept-alive connections; counts anything
 * but a full answer as a failure. undici (Node's own fetch engine) rather than
 * node:http: the load generator shares this host's two cores with the server,
 * and node:http's client cost as much CPU per call as the server's whole route.
 */
function httpCaller(base: string, url: string, token: string, expectedTotal: number) {
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });
  const headers = { authorization: token, 'content-type': 'application/json' };
  const expected = `"total":${expectedTotal}`;
  const bodies = Array.from({ length: PAGES }, (_, i) => JSON.stringify({ currentPage: i + 1, pageSize: PAGE_SIZE }));
  let failures = 0;
  const call = async (page: number) => {
    const res = await pool.request({ path: url, method: 'POST', headers, body: bodies[page - 1] });
    const text = await res.body.text();
    if (res.statusCode !== 200 || !text.includes(expected)) failures++;
  };
  return { call, failures: () => failures, close: () => pool.destroy() };
}

async function cleanup() {
  await stopServer(server);
  if (handle) await handle.close().catch(() => {});
  if (schema)
    await pgAdmin(baseUrl!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((e) => console.error('could not drop schema', schema, e));
  fs.rmSync(work, { recursive: true, force: true });
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench took longer than 10 minutes: stopping');
    void cleanup().finally(() => process.exit(2));
  }, 10 * 60_000);
  watchdog.unref();

  const started = performance.now();
  if (schema) await pgAdmin(baseUrl!, `CREATE SCHEMA ${schema}`);
  handle = openDb({ databaseUrl: baseUrl, sqliteFile, ...(schema ? { pgSchema: schema } : {}) });
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), databaseUrl: baseUrl };
  const ctx = { db: handle.db, dialect: handle.dialect, config, log: console } as unknown as AppContext;
  await migrateToLatest(handle.db);
  await seed(ctx);
  const interfaceId = await seedRows(ctx);
  const dialect = handle.dialect;
  await handle.close();
  handle = null;
  log(
    `seeded ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${baseUrl ? `PostgreSQL schema ${schema}` : 'SQLite file'})`,
  );

  const running = await startServer({ dataDir, work, databaseUrl: serverDatabaseUrl(baseUrl, schema) });
  server = running.server;
  const { base } = running;

  // A doctor, as the form pickers call it (any signed-in user may).
  const token = await login(base, 'zhangwei', 'demo123');
  const url = `/api/system/DataInterface/${interfaceId}/Action/List`;
  const probe = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPage: 3, pageSize: PAGE_SIZE }),
  });
  const body = (await probe.json()) as { code: number; msg: string; data: { list: { id: string }[]; pagination: { total: number } } };
  if (body.code !== 200 || body.data.pagination.total !== ROWS || body.data.list.length !== PAGE_SIZE)
    throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
  log(`interface answers page 3: ${body.data.list[0]!.id} … of ${body.data.pagination.total}`);

  // Direct driver access in this process, prepared like the server's reader prepares.
  let runDirect: (page: number) => Promise<void>;
  let closeDirect: () => Promise<void>;
  if (dialect === 'sqlite') {
    const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
    const prepared = new Map<string, Database.Statement>();
    const stmt = (s: string) => prepared.get(s) ?? prepared.set(s, db.prepare(s)).get(s)!;
    runDirect = async (page) => {
      await Promise.resolve(); // let the other callers interleave, as requests would
      for (const s of statementsFor('sqlite', page)) stmt(s.sql).all(...s.params);
    };
    closeDirect = async () => void db.close();
  } else {
    const pool = new pg.Pool({ connectionString: serverDatabaseUrl(baseUrl, schema)!, max: SERVER_POOL });
    runDirect = async (page) => {
      const client = await pool.connect();
      try {
        for (const s of statementsFor('postgres', page)) await client.query(s.sql, s.params);
      } finally {
        client.release();
      }
    };
    closeDirect = () => pool.end();
  }

  // For scale: the same route on the seeded static-data interface (no SQL at all) is the floor
  // that HTTP, sign-in check, routing and JSON put under any interface call on this host.
  const floorUrl = '/api/system/DataInterface/doctorTitle/Action/List';

  // Warm-up of every path (JIT, statement caches, reader processes, pools).
  const client = httpCaller(base, url, token, ROWS);
  const floorClient = httpCaller(base, floorUrl, token, 5);
  await load(client.call, 2);
  await load(floorClient.call, 1);
  await load(runDirect, 2);

  // CPU per call of the server (with its reader processes) and of this process (the load generator or direct callers).
  const zero = () => ({ server: 0, main: 0, here: 0, calls: 0 });
  const cpu = { server: zero(), direct: zero(), floor: zero() };
  const measured = async (side: keyof typeof cpu, run: (page: number) => Promise<void>, seconds: number) => {
    const s0 = treeCpuMs(server?.pid);
    const m0 = cpuMs(server?.pid);
    const h0 = process.cpuUsage();
    const latencies = await load(run, seconds);
    const h = process.cpuUsage(h0);
    cpu[side].server += treeCpuMs(server?.pid) - s0;
    cpu[side].main += cpuMs(server?.pid) - m0;
    cpu[side].here += (h.user + h.system) / 1000;
    cpu[side].calls += latencies.length;
    return latencies;
  };
  const serverLatencies: number[] = [];
  const floorLatencies: number[] = [];
  const directLatencies: number[] = [];
  const round = Math.max(1, SECONDS / ROUNDS);
  for (let i = 0; i < ROUNDS; i++) {
    serverLatencies.push(...(await measured('server', client.call, round)));
    directLatencies.push(...(await measured('direct', runDirect, round)));
    floorLatencies.push(...(await measured('floor', floorClient.call, round / 2)));
  }
  await client.close();
  await floorClient.close();
  await closeDirect();
  if (client.failures() || floorClient.failures()) throw new Error(`${client.failures() + floorClient.failures()} requests failed`);
  const viaServer = summarize(serverLatencies, round * ROUNDS);
  const direct = summarize(directLatencies, round * ROUNDS);
  const floor = summarize(floorLatencies, (round / 2) * ROUNDS);

  const limit99 = GOAL_FACTOR * direct.p99 + GOAL_PLUS_MS;
  const limit50 = GOAL_FACTOR * direct.p50 + GOAL_PLUS_MS;
  log('');
  log(`POST ${url}`);
  log(
    `  pages 1–${PAGES} of ${PAGE_SIZE} rows + total; ${CONNECTIONS} concurrent callers; ${ROUNDS} alternating rounds of ${round} s per side; ` +
      `${baseUrl ? 'PostgreSQL' : 'SQLite'}; server workers: ${process.env.SERVER_WORKERS ?? 1}; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  // With workers the server's first process only hands out connections: its descendants are workers and readers alike.
  const oneProcess = (process.env.SERVER_WORKERS ?? '1') === '1';
  log('                                 p50         p99        avg      req/s   CPU/call: server (of it readers)   caller');
  const perCall = (n: number, calls: number) => `${((n / Math.max(1, calls)) * 1000).toFixed(0)} µs`;
  const row = (name: string, r: Latencies, c: (typeof cpu)[keyof typeof cpu]) =>
    log(
      `  ${name.padEnd(22)} ${ms(r.p50).padStart(11)} ${ms(r.p99).padStart(11)} ${ms(r.average).padStart(10)} ${r.perSecond.toFixed(0).padStart(9)} ` +
        `${(c === cpu.direct ? '–' : `${perCall(c.server, c.calls)} (${oneProcess ? perCall(c.server - c.main, c.calls) : '–'})`).padStart(28)} ${perCall(c.here, c.calls).padStart(8)}`,
    );
  row('via the server (HTTP)', viaServer, cpu.server);
  row('direct driver', direct, cpu.direct);
  row('floor: static interface', floor, cpu.floor);
  log('');
  log(`  ratio server / direct: p50 ${(viaServer.p50 / direct.p50).toFixed(2)}×, p99 ${(viaServer.p99 / direct.p99).toFixed(2)}×`);
  log(`  goal p99 ≤ ${GOAL_FACTOR} × direct + ${GOAL_PLUS_MS} ms = ${ms(limit99)}: ${viaServer.p99 <= limit99 ? 'met' : 'NOT met'}`);
  log(`  (p50 against the same rule: ≤ ${ms(limit50)}: ${viaServer.p50 <= limit50 ? 'met' : 'not met'})`);
  const diff = (a: number, b: number) => `${a >= b ? '+' : '−'}${ms(Math.abs(a - b))}`;
  log(
    `  SQL interface against the no-SQL floor of this host: p50 ${diff(viaServer.p50, floor.p50)}, p99 ${diff(viaServer.p99, floor.p99)}`,
  );
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
