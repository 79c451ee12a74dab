/**
 * A released low-code model's list (POST /api/visualdev/OnlineDev/{id}/List)
 * over 1,000,000 rows, against the real server on loopback, next to a minimal
 * authenticated Fastify route running the same SELECT in the same run.
 *
 *   npx tsx bench/lowcode-list.ts
 *   BENCH_ROWS=100000 npx tsx bench/lowcode-list.ts      (a quick run)
 *
 * Seeds a fresh SQLite file in a temporary folder: the demo data, then a model
 * released through the real services (main table, indexes, FTS5 trigram index)
 * and BENCH_ROWS rows written by one prepared INSERT in large transactions
 * straight into the file, with the trigram index rebuilt once afterwards
 * (createTrigramIndex) rather than fed row by row by its triggers; both times
 * are printed. Then starts the server and, in a child process, the baseline: a
 * bare Fastify route that checks the token exactly as every route does
 * (authenticate()) and runs the page and total statements the list-query layer
 * compiles for the same request, with nothing else around them. Two scenarios,
 * each at 50 connections, in interleaved rounds:
 *   A: one equal and one contains filter (3+ characters: the trigram path) and a sort;
 *      goal: the API at ≥ 50 % of the baseline's req/s;
 *   B: a contains filter matching fewer than 10 rows, sorted; goal: p50 < 20 ms.
 *
 * Env: BENCH_ROWS (1000000), BENCH_SECONDS (10 per scenario, split into
 * BENCH_ROUNDS=3 rounds), BENCH_CONNECTIONS (50), BENCH_KEEP=1 keeps the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { formDefinition, listDefinition, type ModelBody } from '@medalliance/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { asWritten, openDb, type DbHandle } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { authenticate } from '../apps/server/src/modules/oauth/sessions.service.ts';
import { createModel } from '../apps/server/src/modules/visualdev/base.service.ts';
import { releaseModel } from '../apps/server/src/modules/visualdev/release.service.ts';
import { listStatements, type ListStatement } from '../apps/server/src/modules/visualdev/list-query.ts';
import { runtimeModel, visibleKeys } from '../apps/server/src/modules/visualdev/records.service.ts';
import { createTrigramIndex, dropTrigramIndex } from '../apps/server/src/modules/visualdev/trigram.ts';
import { freePort, login, startServer, stopServer, treeCpuMs } from './support.ts';

interface CannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<CannonResult>;

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL_SHARE = 0.5;
const GOAL_P50 = 20;
const NAMES = ['张三丰', '李四海', '王五洲', '赵六合', '钱七星'];
const MODEL_CODE = 'benchVisit';

/** The two requests, as the web sends them. */
const rare = String(Math.floor(ROWS * 0.77)).padStart(7, '0');
const scenarios = {
  A: { queryJson: JSON.stringify({ code: 'C10', patientName: '张三丰' }), sidx: 'age', sort: 'desc', currentPage: 1, pageSize: 20 },
  B: { queryJson: JSON.stringify({ patientName: rare }), sidx: 'age', sort: 'desc', currentPage: 1, pageSize: 20 },
} as const;
type Scenario = keyof typeof scenarios;

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;

const toRequest = (s: (typeof scenarios)[Scenario]) => ({
  filters: JSON.parse(s.queryJson) as Record<string, unknown>,
  sidx: s.sidx,
  sort: s.sort,
  currentPage: s.currentPage,
  pageSize: s.pageSize,
});

function benchContext(handle: DbHandle, dataDir: string): AppContext {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), databaseUrl: null };
  return { db: handle.db, dialect: handle.dialect, config, log: console } as unknown as AppContext;
}

/** The baseline process: token check + the same two statements, nothing else. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  const model = await runtimeModel(ctx, process.env.BENCH_MODEL_ID!);
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const select = visibleKeys(model, new Set());
  const statements = Object.fromEntries(
    (Object.keys(scenarios) as Scenario[]).map((s) => [
      s,
      listStatements(raw, ctx.dialect, model.spec, toRequest(scenarios[s]), { scope: {}, scopeKey: '', rowFilter: () => null, select }),
    ]),
  ) as Record<Scenario, { page: ListStatement; total: ListStatement }>;
  const run = async (s: ListStatement) =>
    (await raw.executeQuery<Record<string, unknown>>(CompiledQuery.raw(asWritten(s.sql), s.parameters))).rows;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.post<{ Params: { s: Scenario } }>('/list/:s', async (req) => {
    await authenticate(ctx, req.headers.authorization);
    const st = statements[req.params.s];
    const [list, total] = await Promise.all([run(st.page), run(st.total)]);
    return { code: 200, msg: 'Success', data: { list, pagination: { currentPage: 1, pageSize: 20, total: Number(total[0]!.total) } } };
  });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

async function startBaseline(dataDir: string, modelId: string): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lowcode-list.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, BENCH_ROLE: 'baseline', BENCH_DATA_DIR: dataDir, BENCH_MODEL_ID: modelId, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, proc };
}

/** Model, release, rows. Returns the model id. */
async function seedAll(dataDir: string) {
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  await migrateToLatest(handle.db);
  await seed(ctx);
  const body = {
    fullName: '基准就诊',
    enCode: MODEL_CODE,
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({
      fields: [
        { id: 'f1', type: 'input', field: 'patientName', label: '姓名', required: true, maxLength: 40 },
        { id: 'f2', type: 'input', field: 'code', label: '编号', maxLength: 20 },
        { id: 'f3', type: 'inputNumber', field: 'age', label: '年龄', min: 0, max: 150 },
        { id: 'f4', type: 'input', field: 'city', label: '乡镇', maxLength: 40 },
      ],
    }),
    columnData: listDefinition.parse({
      columns: ['patientName', 'code', 'age', 'city'].map((field) => ({ field, label: field, sortable: field === 'age' })),
      search: [
        { field: 'patientName', match: 'contains' },
        { field: 'code', match: 'equal' },
      ],
      defaultSort: { field: 'age', order: 'desc' },
    }),
  } as ModelBody;
  const modelId = await createModel(ctx, body, null);
  await releaseModel(ctx, modelId, null, false);
  const table = (await runtimeModel(ctx, modelId)).main.name;
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  // Rows go in without the trigram triggers; the index is built once at the end (its 'rebuild').
  await dropTrigramIndex(raw, table, ['patientName']);
  await handle.close();

  const t0 = performance.now();
  const file = new Database(path.join(dataDir, 'app.db'));
  file.pragma('synchronous = OFF');
  const insert = file.prepare(
    `insert into "${table}" (id, creator_user_id, creator_time, organize_id, flow_state, "patientName", "code", "age", "city") values (?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const chunk = file.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(
        `bench${String(i).padStart(9, '0')}`,
        'admin',
        now - i,
        null,
        `${NAMES[i % NAMES.length]}${String(i).padStart(7, '0')}`,
        `C${i % 100}`,
        i % 100,
        `乡镇${i % 40}`,
      );
  });
  for (let i = 0; i < ROWS; i += 50_000) chunk(i, Math.min(ROWS, i + 50_000));
  file.close();
  const insertS = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const again = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  await createTrigramIndex(again.db.withoutPlugins() as unknown as Kysely<any>, table, ['patientName']);
  await sql`analyze`.execute(again.db);
  await again.close();
  const indexS = (performance.now() - t1) / 1000;
  log(
    `seeded ${ROWS} rows: insert ${insertS.toFixed(1)} s (${((insertS * 1e6) / ROWS).toFixed(0)} s per million), trigram index + analyze ${indexS.toFixed(1)} s (${((indexS * 1e6) / ROWS).toFixed(0)} s per million)`,
  );
  return modelId;
}

interface Run {
  p50: number;
  p99: number;
  rps: number;
  cpu: number;
}

async function cannon(url: string, body: unknown, token: string, seconds: number, pid?: number, connections = CONNECTIONS): Promise<Run> {
  const cpu0 = treeCpuMs(pid);
  const r = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // No answer within the round (a backlog longer than it) is a failure, not a zero.
  if (!r.requests.total) throw new Error(`${url}: no request completed within ${seconds} s`);
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    cpu: r.requests.total ? (treeCpuMs(pid) - cpu0) / r.requests.total : 0,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-lcl-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    const modelId = await seedAll(dataDir);
    const running = await startServer({ dataDir, work, databaseUrl: null });
    server = running.server;
    const bl = await startBaseline(dataDir, modelId);
    base = bl.proc;
    const token = await login(running.base, 'admin', 'admin123');
    const apiUrl = `${running.base}/api/visualdev/OnlineDev/${modelId}/List`;

    for (const s of Object.keys(scenarios) as Scenario[]) {
      const api = (await (await fetch(apiUrl, post(scenarios[s], token))).json()) as {
        code: number;
        data: { pagination: { total: number } };
      };
      const bare = (await (await fetch(`${bl.base}/list/${s}`, post(scenarios[s], token))).json()) as typeof api;
      if (api.code !== 200 || api.data.pagination.total !== bare.data.pagination.total)
        throw new Error(`scenario ${s}: API ${JSON.stringify(api).slice(0, 200)} vs baseline total ${bare.data.pagination.total}`);
      log(`scenario ${s}: ${api.data.pagination.total} matching rows (API and baseline agree)`);
    }

    const each = Math.max(2, Math.round(SECONDS / ROUNDS));
    const plan = (Object.keys(scenarios) as Scenario[]).flatMap((s) => [
      { name: `${s} API`, url: apiUrl, body: scenarios[s], pid: server!.pid },
      { name: `${s} baseline`, url: `${bl.base}/list/${s}`, body: scenarios[s], pid: base!.pid },
    ]);
    // At 50 connections a p50 is mostly queueing (50 / req/s); one connection shows what one call costs.
    plan.push({ name: 'B API, 1 conn', url: apiUrl, body: scenarios.B, pid: server.pid, connections: 1 } as (typeof plan)[number]);
    for (const p of plan) await cannon(p.url, p.body, token, 2);
    const runs = new Map<string, Run[]>(plan.map((p) => [p.name, []]));
    for (let i = 0; i < ROUNDS; i++)
      for (const p of plan)
        runs.get(p.name)!.push(await cannon(p.url, p.body, token, each, p.pid, (p as { connections?: number }).connections));
    const r = new Map(
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
    log('');
    log(
      `${ROWS} rows, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${each} s, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    log('                         p50        p99     req/s   CPU/req');
    for (const [n, x] of r)
      log(`  ${n.padEnd(16)} ${ms(x.p50).padStart(10)} ${ms(x.p99).padStart(10)} ${x.rps.toFixed(0).padStart(8)} ${ms(x.cpu).padStart(9)}`);
    const share = r.get('A API')!.rps / r.get('A baseline')!.rps;
    log('');
    log(
      `  A (equal + contains + sort): API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
    );
    const p50 = r.get('B API')!.p50;
    const one = r.get('B API, 1 conn')!.p50;
    log(
      `  B (contains matching < 10 rows): API p50 ${ms(p50)} at ${CONNECTIONS} connections, ${ms(one)} at 1   (goal < ${GOAL_P50} ms: ${p50 < GOAL_P50 ? 'met' : 'NOT met'} at ${CONNECTIONS}, ${one < GOAL_P50 ? 'met' : 'NOT met'} at 1)`,
    );
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    if (process.env.BENCH_KEEP) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

const post = (body: unknown, token: string) => ({
  method: 'POST',
  headers: { authorization: token, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

if (process.env.BENCH_ROLE === 'baseline') {
  baseline().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main()
    .then(() => process.exit(0))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
