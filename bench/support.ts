/**
 * What every benchmark needs around the real server: a free loopback port,
 * waiting for start-up, signing in, a process's CPU time, and a private
 * PostgreSQL schema when DATABASE_URL is set; for the low-code benches, a
 * seeded SQLite folder with one released model (seedReleasedModel); for the
 * API-against-baseline benches, the baseline child process, interleaved load
 * rounds, the figures table and the query plans.
 */
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import type { ModelBody } from '@medalliance/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import type { DbHandle } from '../apps/server/src/db/connection.ts';
import type { RuntimeModel } from '../apps/server/src/modules/visualdev/records.service.ts';
import { freePort, login, startServerProcess, stopServerProcess } from '../apps/server/src/test/server-process.ts';

export { freePort, login, waitForServer } from '../apps/server/src/test/server-process.ts';

/** CPU time (user + system) of a process so far in ms, from /proc (Linux, USER_HZ 100); 0 elsewhere. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time in ms of a process and all its descendants (the server with its SQL reader processes). */
export function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      children = children.concat(fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    /* gone, or not Linux */
  }
  return cpuMs(pid) + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
}

/** The server's DATABASE_URL: the given one with the bench's own schema as search_path. */
export function serverDatabaseUrl(baseUrl: string | null, schema: string | null): string | null {
  if (!baseUrl || !schema) return null;
  const u = new URL(baseUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** One statement on the administrative connection (create or drop the bench schema). */
export async function pgAdmin(baseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Extra Node flags for the server under test (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"), to profile it in place. */
export function serverNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : [];
}

/**
 * The real server on a free loopback port, on the bench's own data folder (and
 * PostgreSQL schema when given), without the web build; resolves once it
 * answers. SERVER_WORKERS passes through: benches run as deployed.
 */
export async function startServer(opts: {
  dataDir: string;
  work: string;
  databaseUrl: string | null;
}): Promise<{ base: string; server: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(opts.work, 'no-web'),
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const { base, server } = await startServerProcess({ env, nodeArgs: serverNodeArgs() });
  return { base, server };
}

/** Stops a server started above: SIGTERM, then SIGKILL after 10 s. */
export const stopServer = stopServerProcess;

/** A private temporary folder for one bench run and its server's data folder inside it. */
export function benchWorkDir(prefix: string): { work: string; dataDir: string } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `medalliance-bench-${prefix}-`));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  return { work, dataDir };
}

/** The services' context over an open database, for seeding from a bench (no server). */
export function benchContext(handle: DbHandle, dataDir: string): AppContext {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), databaseUrl: null };
  return { db: handle.db, dialect: handle.dialect, config, log: console } as unknown as AppContext;
}

/**
 * The low-code benches' start: the SQLite file of `dataDir` migrated and seeded
 * with the demo data, then `body` created and released through the real
 * services (its tables, indexes, trigram index). `prepare` runs on the still
 * open database after the release (e.g. to drop the trigram triggers before
 * bulk rows). Answers the model's id and its main table.
 */
export async function seedReleasedModel(
  dataDir: string,
  body: ModelBody,
  prepare?: (ctx: AppContext, model: RuntimeModel) => Promise<void>,
): Promise<{ modelId: string; table: string }> {
  // Loaded here, not at the top: the other benches import this file without the server's modules.
  const [{ openDb }, { migrateToLatest }, { seed }, { createModel }, { runtimeModel }, { releaseModel }] = await Promise.all([
    import('../apps/server/src/db/connection.ts'),
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
    import('../apps/server/src/modules/visualdev/base.service.ts'),
    import('../apps/server/src/modules/visualdev/records.service.ts'),
    import('../apps/server/src/modules/visualdev/release.service.ts'),
  ]);
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    await migrateToLatest(handle.db);
    await seed(ctx);
    const modelId = await createModel(ctx, body, null);
    await releaseModel(ctx, modelId, null, false);
    const model = await runtimeModel(ctx, modelId);
    if (prepare) await prepare(ctx, model);
    return { modelId, table: model.main.name };
  } finally {
    await handle.close();
  }
}

/** startServer, then signs in as `account` (the seeded administrator by default). */
export async function startSignedIn(
  opts: { dataDir: string; work: string; databaseUrl: string | null },
  account = 'admin',
  password = 'admin123',
): Promise<{ base: string; server: ChildProcess; token: string }> {
  const { base, server } = await startServer(opts);
  try {
    return { base, server, token: await login(base, account, password) };
  } catch (err) {
    await stopServer(server);
    throw err;
  }
}

/** What the benches read of an autocannon run. */
export interface CannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships CommonJS without types.
export const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<CannonResult>;

/** One load round's figures: latency, requests per second, and server CPU per request. */
export interface RoundFigures {
  p50: number;
  p99: number;
  rps: number;
  cpu: number;
}

/**
 * The figures of a finished round, refusing one where any request failed (a
 * fast error must never pass for a fast answer); CPU is the server's process
 * tree since `cpu0`, per request.
 */
export function roundFigures(url: string, r: CannonResult, pid: number | undefined, cpu0: number): RoundFigures {
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  // A round in which no answer came back measured nothing: say so rather than print zeros.
  if (!r.requests.total) throw new Error(`${url}: no request completed within the round; lengthen it or lower the connections`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    cpu: r.requests.total ? (treeCpuMs(pid) - cpu0) / r.requests.total : 0,
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A baseline server in a child process: `script` (the bench file itself) run
 * again with BENCH_ROLE=baseline, BENCH_DATA_DIR and BENCH_PORT; it serves a
 * minimal authenticated route over the same statement as the API under test
 * (see listenBaseline). Resolves once it answers on its port.
 */
export async function startBaseline(script: string, dataDir: string): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, BENCH_ROLE: 'baseline', BENCH_DATA_DIR: dataDir, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, proc };
}

/** In the baseline child: listen on BENCH_PORT and tell the parent (startBaseline) it is ready. */
export async function listenBaseline(app: FastifyInstance): Promise<void> {
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

/**
 * One load round of GETs on `url`, each request signed with the next of
 * `tokens` in turn; the figures of the server `pid` (its process tree). A
 * warm-up round's figures are not taken.
 */
export async function cannon(
  url: string,
  tokens: string[],
  seconds: number,
  opts: { connections: number; pid?: number; warmUp?: boolean },
): Promise<RoundFigures> {
  const cpu0 = treeCpuMs(opts.pid);
  let next = 0;
  const r = await autocannon({
    url,
    method: 'GET',
    connections: opts.connections,
    duration: seconds,
    timeout: 60,
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          req.headers = { ...req.headers, authorization: tokens[next++ % tokens.length]! };
          return req;
        },
      },
    ],
  });
  if (opts.warmUp) return { p50: 0, p99: 0, rps: 0, cpu: 0 };
  return roundFigures(url, r, opts.pid, cpu0);
}

/**
 * Several sides (the API and its baseline) under the same load: a 2 s warm-up
 * of each, then `rounds` interleaved rounds of `seconds` each (so a load
 * change on the shared machine hits both alike); the median figures per side.
 */
export async function interleavedRounds(
  sides: { name: string; url: string; pid?: number }[],
  tokens: string[],
  opts: { rounds: number; seconds: number; connections: number },
): Promise<Map<string, RoundFigures>> {
  for (const s of sides) await cannon(s.url, tokens, 2, { connections: opts.connections, pid: s.pid, warmUp: true });
  const runs = new Map<string, RoundFigures[]>(sides.map((s) => [s.name, []]));
  for (let i = 0; i < opts.rounds; i++)
    for (const s of sides) runs.get(s.name)!.push(await cannon(s.url, tokens, opts.seconds, { connections: opts.connections, pid: s.pid }));
  return new Map(
    [...runs].map(([n, rs]) => [
      n,
      {
        p50: median(rs.map((x) => x.p50)),
        p99: median(rs.map((x) => x.p99)),
        rps: median(rs.map((x) => x.rps)),
        cpu: median(rs.map((x) => x.cpu)),
      },
    ]),
  );
}

const fmtMs = (n: number) => `${n.toFixed(1)} ms`;

/** The figures table of interleavedRounds, one line per side. */
export function printFigures(r: Map<string, RoundFigures>, log: (line: string) => void = console.log): void {
  log('                      p50        p99     req/s   CPU/req');
  for (const [n, x] of r)
    log(
      `  ${n.padEnd(12)} ${fmtMs(x.p50).padStart(10)} ${fmtMs(x.p99).padStart(10)} ${x.rps.toFixed(0).padStart(8)} ${fmtMs(x.cpu).padStart(9)}`,
    );
}

/** The machine line of a bench's result: CPUs and the load average (the machine is shared). */
export const machineLine = () =>
  `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`;

/** Prints SQLite's EXPLAIN QUERY PLAN of a compiled statement, so a missing index shows. */
export async function printPlan(
  db: Kysely<any>,
  label: string,
  c: CompiledQuery,
  log: (line: string) => void = console.log,
): Promise<void> {
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]));
  log(`plan of ${label}:`);
  for (const r of plan.rows) log(`  ${r.detail}`);
}

/**
 * A bench file's entry point: the baseline child (startBaseline runs the file
 * again with BENCH_ROLE=baseline) serves its route; otherwise the bench runs and
 * exits. Any failure exits 1.
 */
export function runBench(main: () => Promise<void>, baseline: () => Promise<void>): void {
  const fail = (err: unknown) => {
    console.error(err);
    process.exit(1);
  };
  if (process.env.BENCH_ROLE === 'baseline') baseline().catch(fail);
  else
    main()
      .then(() => process.exit(0))
      .catch(fail);
}

/*
 * Helpers of the benches of issues 20 and 21 (imaging, imaging upload, family
 * doctors): a bench database of either kind, bulk rows generated in chunks,
 * the statements a service function runs, plans on either dialect, timings.
 */

/** Where a bench's rows live: the data folder's SQLite file, or a PostgreSQL database of its own. */
export interface BenchDatabase {
  dialect: 'sqlite' | 'postgres';
  /** The server's DATABASE_URL (null: SQLite in its DATA_DIR). */
  serverUrl: string | null;
  /** For the figures line: "SQLite" or "PostgreSQL database bench_…". */
  label: string;
  open(): DbHandle;
  /** Removes the PostgreSQL database (SQLite's file goes with the work folder). */
  drop(): Promise<void>;
}

/**
 * The bench's database. With DATABASE_URL set (any database of the server, for
 * the administrative connection) a fresh PostgreSQL database `bench_<prefix>_…`
 * is created on that server and its name kept in `<dataDir>/bench-database`, so
 * BENCH_REUSE of the data folder finds it again; otherwise SQLite.
 */
export async function benchDatabase(prefix: string, dataDir: string, opts: { reuse: boolean }): Promise<BenchDatabase> {
  const { openDb } = await import('../apps/server/src/db/connection.ts');
  const admin = process.env.DATABASE_URL || null;
  const marker = path.join(dataDir, 'bench-database');
  if (!admin && !(opts.reuse && fs.existsSync(marker)))
    return {
      dialect: 'sqlite',
      serverUrl: null,
      label: 'SQLite',
      open: () => openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') }),
      drop: async () => {},
    };
  let url: URL;
  if (opts.reuse && fs.existsSync(marker)) url = new URL(fs.readFileSync(marker, 'utf8').trim());
  else {
    url = new URL(admin!);
    const name = `bench_${prefix}_${Math.random().toString(36).slice(2, 8)}`;
    await pgAdmin(admin!, `CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    fs.writeFileSync(marker, url.toString());
  }
  const name = url.pathname.slice(1);
  return {
    dialect: 'postgres',
    serverUrl: url.toString(),
    label: `PostgreSQL database ${name}`,
    open: () => openDb({ databaseUrl: url.toString() }),
    drop: async () => {
      const adminUrl = new URL(url);
      adminUrl.pathname = '/postgres';
      await pgAdmin(adminUrl.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The columns a table has in this database (to fill only those the migration made, and say which are left). */
export async function tableColumns(db: Kysely<any>, dialect: 'sqlite' | 'postgres', table: string): Promise<Set<string>> {
  const q =
    dialect === 'sqlite'
      ? CompiledQuery.raw(`select name from pragma_table_info('${table.replace(/'/g, "''")}')`, [])
      : CompiledQuery.raw(
          `select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = $1`,
          [table],
        );
  return new Set((await db.executeQuery<{ name: string }>(q)).rows.map((r) => r.name));
}

/**
 * `total` generated rows into `table` (keys = snake_case columns) through the
 * seeds' insertBatches, `chunk` at a time in one transaction each (memory
 * stays flat); `row(i)` may answer several rows (a contract's tasks). Keys the table lacks are dropped and named once, so a bench
 * written against the documented schema follows the real migration. Answers
 * the seconds taken.
 */
export async function insertGenerated(
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
  table: string,
  total: number,
  row: (i: number) => Record<string, unknown> | Record<string, unknown>[],
  log: (line: string) => void = console.log,
  chunk = 20_000,
): Promise<number> {
  const { insertBatches } = await import('../apps/server/src/db/seed/batches.ts');
  const columns = await tableColumns(db, dialect, table);
  if (!columns.size) throw new Error(`table ${table} does not exist: is its migration registered?`);
  const first = row(0);
  const sample = Array.isArray(first) ? first[0]! : first;
  const dropped = Object.keys(sample).filter((k) => !columns.has(k));
  const unfilled = [...columns].filter((c) => !(c in sample));
  if (dropped.length) log(`  ${table}: not in the migration, left out: ${dropped.join(', ')}`);
  if (unfilled.length) log(`  ${table}: columns left to their defaults: ${unfilled.join(', ')}`);
  const keep = Object.keys(sample).filter((k) => columns.has(k));
  // Bulk rows of a bench need no durability at each commit (SQLite's connection setting; PostgreSQL's is per transaction below).
  if (dialect === 'sqlite') await db.executeQuery(CompiledQuery.raw('pragma synchronous = OFF', []));
  // A page cache holding the indexes being filled (SQLite's default 2 MB thrashes past a few 100,000 rows); put back after.
  const cacheSize =
    dialect === 'sqlite' ? (await db.executeQuery<{ cache_size: number }>(CompiledQuery.raw('pragma cache_size', []))).rows[0] : null;
  if (dialect === 'sqlite') await db.executeQuery(CompiledQuery.raw('pragma cache_size = -1048576', []));
  const t0 = performance.now();
  let written = 0;
  for (let from = 0; from < total; from += chunk) {
    const rows: Record<string, unknown>[] = [];
    for (let i = from; i < Math.min(total, from + chunk); i++) {
      const made = row(i);
      for (const r of Array.isArray(made) ? made : [made]) {
        const o: Record<string, unknown> = {};
        for (const k of keep) o[k] = r[k];
        rows.push(o);
      }
    }
    written += rows.length;
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await trx.executeQuery(CompiledQuery.raw('set local synchronous_commit = off', []));
      await insertBatches(trx, table, rows);
    });
  }
  if (cacheSize) await db.executeQuery(CompiledQuery.raw(`pragma cache_size = ${Number(Object.values(cacheSize)[0])}`, []));
  const s = (performance.now() - t0) / 1000;
  log(`  ${table}: ${written} rows, ${s.toFixed(1)} s (${Math.round(written / s)} rows/s)`);
  return s;
}

/** After the bulk rows: fresh planner statistics (and SQLite's WAL folded into the file). */
export async function analyzeDatabase(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(dialect === 'sqlite' ? 'analyze' : 'vacuum analyze', []));
  if (dialect === 'sqlite') await db.executeQuery(CompiledQuery.raw('pragma wal_checkpoint(truncate)', []));
}

/** Runs `fn` on `db` and answers the statements it executed, compiled as they ran (to run them again directly or explain them). */
export async function captureStatements<T>(
  db: Kysely<any>,
  fn: (db: Kysely<any>) => Promise<T>,
): Promise<{ result: T; statements: CompiledQuery[] }> {
  const statements: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const result = await fn(
    db.withPlugin({
      transformQuery: (args) => {
        statements.push(executor.compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    }),
  );
  return { result, statements };
}

/**
 * The plan of a statement on either dialect: SQLite's EXPLAIN QUERY PLAN, or
 * PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) (it runs the statement: reads only).
 * BENCH_SQL=1 prints the statement in full.
 */
export async function explainStatement(
  db: Kysely<any>,
  dialect: 'sqlite' | 'postgres',
  label: string,
  c: CompiledQuery,
  log: (line: string) => void = console.log,
): Promise<void> {
  const text = dialect === 'sqlite' ? `explain query plan ${c.sql}` : `explain (analyze, buffers) ${c.sql}`;
  const plan = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(text, [...c.parameters]));
  log(`plan of ${label}:`);
  log(`  · ${process.env.BENCH_SQL ? `${c.sql} -- ${JSON.stringify(c.parameters)}` : `${c.sql.replace(/\s+/g, ' ').slice(0, 200)}…`}`);
  for (const r of plan.rows) log(`      ${dialect === 'sqlite' ? r.detail : r['QUERY PLAN']}`);
}

/**
 * Times each of `sides` `runs` times, one after the other in turn (so a load
 * change on the shared machine hits all alike), after one untimed call each;
 * answers the times in ms per side.
 */
export async function alternatingTimes(
  sides: { name: string; run: () => Promise<unknown> }[],
  runs: number,
  warmUp = true,
): Promise<Map<string, number[]>> {
  if (warmUp) for (const s of sides) await s.run();
  const times = new Map<string, number[]>(sides.map((s) => [s.name, []]));
  for (let i = 0; i < runs; i++)
    for (const s of sides) {
      const t0 = performance.now();
      await s.run();
      times.get(s.name)!.push(performance.now() - t0);
    }
  return times;
}

/** A GET with the token, answering the envelope; throws on anything but code 200. */
export async function getJson<T = any>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; data: T; msg?: string };
  if (body.code !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/**
 * Migrations and the demo seed (the alliance, its population, every module's
 * demo rows) on a fresh bench database. Seeds that store files (demo images,
 * videos) write through the files module's runtime, into the data folder the
 * server then serves.
 */
export async function seedDemoDatabase(handle: DbHandle, dataDir: string, log: (line: string) => void = console.log): Promise<void> {
  const [{ migrateToLatest }, { seed }, { createFileRuntime }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
    import('../apps/server/src/modules/file/runtime.ts'),
  ]);
  const t0 = performance.now();
  await migrateToLatest(handle.db);
  const ctx = benchContext(handle, dataDir);
  createFileRuntime(ctx);
  await seed(ctx);
  log(`migrations and demo seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The seeded residents of the demo units (records-residents.ts DEMO_UNITS), by id: id and managing unit. */
export async function demoResidents(raw: Kysely<any>): Promise<{ id: string; org: string }[]> {
  const { DEMO_UNITS } = await import('../apps/server/src/db/seed/health/records-residents.ts');
  const rows = await raw
    .selectFrom('lc_health_resident')
    .select(['id', 'manageOrgId as org'])
    .where('archiveState', '<>', 2)
    .where(
      'manageOrgId',
      'in',
      DEMO_UNITS.map((u) => u.orgId),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), org: String(r.org) }));
}

/** User ids by account. */
export async function userIds(raw: Kysely<any>, accounts: readonly string[]): Promise<Map<string, string>> {
  const rows = await raw.selectFrom('users').select(['id', 'account']).where('account', 'in', accounts).execute();
  return new Map(rows.map((r) => [String(r.account), String(r.id)]));
}

/** Each statement's time run directly on `db`: the median of `runs` after one untimed run, in ms. */
export async function timeStatements(db: Kysely<any>, statements: CompiledQuery[], runs = 3): Promise<number[]> {
  const out: number[] = [];
  for (const c of statements) {
    await db.executeQuery(c);
    const ts: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await db.executeQuery(c);
      ts.push(performance.now() - t0);
    }
    out.push(median(ts));
  }
  return out;
}

/**
 * interleavedRounds, or — when a side cannot answer within a round (a bad plan
 * at scale) — one timed request per side, so the figures still show how far
 * off it is. Answers the figures, or null with the line to print.
 */
export async function roundsOrOnce(
  sides: { name: string; url: string; pid?: number }[],
  tokens: string[],
  opts: { rounds: number; seconds: number; connections: number },
): Promise<{ figures: Map<string, RoundFigures> | null; note: string | null }> {
  try {
    return { figures: await interleavedRounds(sides, tokens, opts), note: null };
  } catch (err) {
    const once: string[] = [];
    for (const s of sides) {
      // The requests of the failed round still queued on that server go first: any answer (404 too) comes after them.
      await (await fetch(new URL('/bench-idle', s.url))).arrayBuffer();
      const ts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await (await fetch(s.url, { headers: { authorization: tokens[0]! } })).arrayBuffer();
        ts.push(performance.now() - t0);
      }
      once.push(`${s.name} ${Math.min(...ts).toFixed(0)} ms`);
    }
    return { figures: null, note: `${(err as Error).message.slice(0, 200)}; one request at a time, best of 3: ${once.join(', ')}` };
  }
}
