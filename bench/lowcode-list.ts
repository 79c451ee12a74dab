/**
 * A released low-code model's list (POST /api/visualdev/OnlineDev/{id}/List)
 * over 1,000,000 rows, against the real server on loopback, next to a minimal
 * authenticated Fastify route running the same SELECT in the same run.
 *
 *   npx tsx bench/lowcode-list.ts
 *   ROWS=100000 npx tsx bench/lowcode-list.ts      (a quick run)
 *
 * Seeds a fresh SQLite file in a temporary folder: the demo data, then a model
 * released through the real services (main table, indexes, FTS5 trigram index)
 * and ROWS rows inserted into the table the release created, by multi-row
 * INSERTs in transactions of 100,000 rows, each feeding the trigram index once
 * for its rows (trigram.ts withBulkTrigramInsert, as large imports do); the
 * time is printed. Then starts the server and, in a child process, the
 * baseline: a bare Fastify route that checks the token exactly as every route
 * does (authenticate()) and runs the page and total statements the list-query
 * layer compiles for the same request, with nothing else around them. Two
 * scenarios, in interleaved rounds:
 *   A: one equal and one contains filter (3+ characters: the trigram path) and
 *      a sort, at 50 connections; goal: the API at ≥ 50 % of the baseline's req/s;
 *   B: a contains filter matching fewer than 10 rows, sorted, at 50 connections
 *      and at 1 (where p50 is what one call costs, not queueing), each next to
 *      the baseline at the same concurrency; goal: p50 < 20 ms.
 *
 * A round at 50 connections lasts at least 2.5 times its queue (50 calls of the
 * time one sequential call took), at most 30 s; requests still queued when a
 * round ends are answered before the next one starts.
 *
 * Env: ROWS (or BENCH_ROWS; 1000000), BENCH_SECONDS (10 per scenario, split
 * into BENCH_ROUNDS=3 rounds), BENCH_CONNECTIONS (50), BENCH_VERBOSE=1 prints
 * every round, BENCH_KEEP=1 keeps the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { formDefinition, listDefinition, type ModelBody } from '@medalliance/contract';
import { asWritten, openDb } from '../apps/server/src/db/connection.ts';
import { authenticate } from '../apps/server/src/modules/oauth/sessions.service.ts';
import { listStatements, type ListStatement } from '../apps/server/src/modules/visualdev/list-query.ts';
import { runtimeModel, visibleKeys } from '../apps/server/src/modules/visualdev/records.service.ts';
import { withBulkTrigramInsert } from '../apps/server/src/modules/visualdev/trigram.ts';
import {
  autocannon,
  benchContext,
  benchWorkDir,
  freePort,
  median,
  roundFigures,
  type RoundFigures,
  seedReleasedModel,
  startSignedIn,
  stopServer,
  treeCpuMs,
  runBench,
} from './support.ts';

const ROWS = Number(process.env.ROWS ?? process.env.BENCH_ROWS ?? 1_000_000);
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

/** Model, release (support.ts seedReleasedModel), rows. Returns the model id. */
async function seedAll(dataDir: string) {
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
  const { modelId } = await seedReleasedModel(dataDir, body, async (ctx, model) => {
    const table = model.main.name;
    const trigram = [...(model.spec.trigram ?? [])];
    const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
    // Rows go into the table the release created, in multi-row INSERTs, each
    // transaction feeding the release's trigram index once for its rows
    // (withBulkTrigramInsert, as imports do) instead of by its trigger per row.
    const t0 = performance.now();
    await sql`pragma synchronous = OFF`.execute(raw);
    const columns = ['id', 'creator_user_id', 'creator_time', 'organize_id', 'flow_state', 'patientName', 'code', 'age', 'city'];
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    const PER_STATEMENT = 500;
    const PER_TRANSACTION = 100_000;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const statementOf = (n: number) => head + Array.from({ length: n }, () => tuple).join(', ');
    const full = statementOf(PER_STATEMENT);
    const now = Date.now();
    const rowValues = (i: number) => [
      `bench${String(i).padStart(9, '0')}`,
      'admin',
      now - i,
      null,
      0,
      `${NAMES[i % NAMES.length]}${String(i).padStart(7, '0')}`,
      `C${i % 100}`,
      i % 100,
      `乡镇${i % 40}`,
    ];
    for (let from = 0; from < ROWS; from += PER_TRANSACTION) {
      const to = Math.min(ROWS, from + PER_TRANSACTION);
      await raw.transaction().execute((trx) =>
        withBulkTrigramInsert(trx, table, trigram, async () => {
          for (let i = from; i < to; i += PER_STATEMENT) {
            const n = Math.min(PER_STATEMENT, to - i);
            const params = Array.from({ length: n }, (_, k) => rowValues(i + k)).flat();
            await trx.executeQuery(CompiledQuery.raw(n === PER_STATEMENT ? full : statementOf(n), params));
          }
        }),
      );
    }
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    const seconds = (performance.now() - t0) / 1000;
    log(`seeded ${ROWS} rows with their trigram index (${trigram.join(', ')}) and analyze: ${seconds.toFixed(1)} s`);
  });
  return modelId;
}

async function cannon(
  url: string,
  body: unknown,
  token: string,
  seconds: number,
  pid?: number,
  connections = CONNECTIONS,
  warmUp = false,
): Promise<RoundFigures> {
  const cpu0 = treeCpuMs(pid);
  const r = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    timeout: 60,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // Requests still queued when the run stops are answered before the next run starts
  // (on a new connection: an idle kept-alive one may have been closed by the server meanwhile).
  await fetch(url, { ...post(body, token), headers: { ...post(body, token).headers, connection: 'close' } }).catch(() =>
    fetch(url, post(body, token)),
  );
  if (warmUp) return { p50: 0, p99: 0, rps: 0, cpu: 0 };
  // No answer within the round (a backlog longer than it) counts as the round's length, not as a zero.
  if (!r.requests.total) {
    log(`  (no request to ${url} completed within ${seconds} s)`);
    return { p50: seconds * 1000, p99: seconds * 1000, rps: 0, cpu: 0 };
  }
  return roundFigures(url, r, pid, cpu0);
}

async function main() {
  const { work, dataDir } = benchWorkDir('lcl');
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    const modelId = await seedAll(dataDir);
    const running = await startSignedIn({ dataDir, work, databaseUrl: null });
    server = running.server;
    const token = running.token;
    const bl = await startBaseline(dataDir, modelId);
    base = bl.proc;
    const apiUrl = `${running.base}/api/visualdev/OnlineDev/${modelId}/List`;

    /** One API call's time per scenario (median of 3, sequential): rounds at 50 connections last long enough for their queue. */
    const callMs = {} as Record<Scenario, number>;
    for (const s of Object.keys(scenarios) as Scenario[]) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await (await fetch(apiUrl, post(scenarios[s], token))).json();
        times.push(performance.now() - t);
      }
      callMs[s] = median(times);
      const api = (await (await fetch(apiUrl, post(scenarios[s], token))).json()) as {
        code: number;
        data: { pagination: { total: number } };
      };
      const bare = (await (await fetch(`${bl.base}/list/${s}`, post(scenarios[s], token))).json()) as typeof api;
      if (api.code !== 200 || api.data.pagination.total !== bare.data.pagination.total)
        throw new Error(`scenario ${s}: API ${JSON.stringify(api).slice(0, 200)} vs baseline total ${bare.data.pagination.total}`);
      log(`scenario ${s}: ${api.data.pagination.total} matching rows (API and baseline agree), one call ${ms(callMs[s])}`);
    }

    const each = Math.max(2, Math.round(SECONDS / ROUNDS));
    // A round at 50 connections lasts at least 2.5 times its queue (50 calls one after the other), at most 30 s.
    const roundOf = (s: Scenario) => Math.min(30, Math.max(each, Math.ceil((2.5 * CONNECTIONS * callMs[s]) / 1000)));
    const plan = (Object.keys(scenarios) as Scenario[]).flatMap((s) => [
      { name: `${s} API`, url: apiUrl, body: scenarios[s], pid: server!.pid, connections: CONNECTIONS, seconds: roundOf(s) },
      {
        name: `${s} baseline`,
        url: `${bl.base}/list/${s}`,
        body: scenarios[s],
        pid: base!.pid,
        connections: CONNECTIONS,
        seconds: roundOf(s),
      },
    ]);
    // At 50 connections a p50 is mostly queueing (50 / req/s); one connection shows what one call costs.
    plan.push(
      { name: 'B API, 1 conn', url: apiUrl, body: scenarios.B, pid: server.pid, connections: 1, seconds: each },
      { name: 'B baseline, 1 conn', url: `${bl.base}/list/B`, body: scenarios.B, pid: base.pid, connections: 1, seconds: each },
    );
    for (const p of plan) await cannon(p.url, p.body, token, 2, p.pid, p.connections, true);
    const runs = new Map<string, RoundFigures[]>(plan.map((p) => [p.name, []]));
    for (let i = 0; i < ROUNDS; i++)
      for (const p of plan) {
        const x = await cannon(p.url, p.body, token, p.seconds, p.pid, p.connections);
        runs.get(p.name)!.push(x);
        if (process.env.BENCH_VERBOSE) log(`  round ${i + 1} ${p.name}: p50 ${ms(x.p50)}, ${x.rps.toFixed(0)} req/s`);
      }
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
      `${ROWS} rows, ${ROUNDS} interleaved rounds (A ${roundOf('A')} s, B ${roundOf('B')} s at ${CONNECTIONS} connections, ${each} s at 1), SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    log('                             p50        p99     req/s   CPU/req');
    for (const [n, x] of r)
      log(`  ${n.padEnd(20)} ${ms(x.p50).padStart(10)} ${ms(x.p99).padStart(10)} ${x.rps.toFixed(0).padStart(8)} ${ms(x.cpu).padStart(9)}`);
    const share = r.get('A API')!.rps / r.get('A baseline')!.rps;
    log('');
    log(
      `  A (equal + contains + sort): API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
    );
    const b = (name: string) => r.get(name)!.p50;
    const verdict = (p50: number) => (p50 < GOAL_P50 ? 'met' : 'NOT met');
    log(`  B (contains matching < 10 rows), p50 (goal < ${GOAL_P50} ms):`);
    log(`    at ${CONNECTIONS} connections: API ${ms(b('B API'))}, baseline ${ms(b('B baseline'))}   (${verdict(b('B API'))})`);
    log(`    at 1 connection:  API ${ms(b('B API, 1 conn'))}, baseline ${ms(b('B baseline, 1 conn'))}   (${verdict(b('B API, 1 conn'))})`);
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

runBench(main, baseline);
