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
