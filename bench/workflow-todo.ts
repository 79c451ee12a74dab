/**
 * My to-do (GET /api/workflow/Engine/FlowBefore/List/1) over 1,000,000
 * finished and 100,000 open tasks of 2,000 users, against the real server on
 * loopback, next to a minimal authenticated Fastify route running the same
 * SELECT (page + total) in the same run.
 *
 *   npx tsx bench/workflow-todo.ts
 *   BENCH_SCALE=0.05 npx tsx bench/workflow-todo.ts     (a quick run: 50,000 + 5,000 tasks)
 *
 * Seeds a fresh SQLite file in a temporary folder: migrations and the demo
 * data, one flow through the engine's own createFlow, then 2,000 users,
 * their sessions, and the instances and tasks by multi-row INSERTs in large
 * transactions (the time is printed): per open task one waiting instance
 * holding it plus 5 finished tasks, the remaining finished tasks on adopted
 * instances, handlers spread over the users. Prints the query plans of the
 * page and total statements (SQLite EXPLAIN QUERY PLAN) so a missing index
 * shows. Then, at BENCH_CONNECTIONS (50) connections, each request signed in
 * as the next of the users in turn, interleaved rounds of the API and the
 * baseline; medians of p50, p99 and req/s; goal: the API at ≥ 50 % of the
 * baseline's req/s.
 *
 * Env: BENCH_SCALE (1), BENCH_USERS (2000), BENCH_SECONDS (10 per side, split
 * into BENCH_ROUNDS=3 rounds), BENCH_CONNECTIONS (50), BENCH_KEEP=1 keeps the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { FlowStatus, TaskStatus } from '@medalliance/contract';
import { openDb, type Db } from '../apps/server/src/db/connection.ts';
import { authenticate, createSession } from '../apps/server/src/modules/oauth/sessions.service.ts';
import {
  autocannon,
  benchContext,
  benchWorkDir,
  freePort,
  median,
  roundFigures,
  type RoundFigures,
  startServer,
  stopServer,
  treeCpuMs,
  runBench,
} from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const FINISHED = Math.round(1_000_000 * SCALE);
const OPEN = Math.round(100_000 * SCALE);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
const FLOW_CODE = 'benchTodo';

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const userId = (i: number) => `bu${String(i).padStart(8, '0')}`;

/**
 * The to-do statement of lists.service.ts todoList, written out bare: the
 * same joins, columns, filters and order, one page and the total.
 */
function todoStatements(db: Db, handler: string) {
  const base = db
    .selectFrom('flowInstances as i')
    .innerJoin('flowDefinitions as d', 'd.id', 'i.flowId')
    .innerJoin('users as s', 's.id', 'i.starterId')
    .innerJoin('flowTasks as t', 't.instanceId', 'i.id')
    .leftJoin('users as g', 'g.id', 't.delegatorId')
    .where('t.handlerId', '=', handler)
    .where('t.status', '=', TaskStatus.waiting)
    .where('i.status', '=', FlowStatus.waiting);
  const page = base
    .select([
      'i.id as instanceId',
      'i.title as fullName',
      'i.flowId',
      'd.fullName as flowName',
      'd.enCode as flowCode',
      'd.category as flowCategory',
      'i.recordId as processId',
      'i.status',
      'i.urgency as flowUrgent',
      'i.currentNodes as thisStep',
      'i.starterId as creatorUserId',
      sql<string>`${sql.ref('s.realName')} || '/' || ${sql.ref('s.account')}`.as('userName'),
      'i.startedAt as startTime',
      'i.endedAt as endTime',
      't.id',
      't.nodeName as taskNodeName',
      't.nodeId as thisStepId',
      't.openedAt as creatorTime',
      't.dueAt',
      't.delegatorId',
      'g.realName as delegatorName',
    ])
    .orderBy('t.openedAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(PAGE_SIZE)
    .offset(0);
  const total = base.select(sql<number>`count(*)`.as('total'));
  return { page, total };
}

/** The baseline process: the token check every route does, then the same two statements. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/todo', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    const { page, total } = todoStatements(ctx.db, session.userId);
    const [list, count] = await Promise.all([page.execute(), total.executeTakeFirst()]);
    return {
      code: 200,
      msg: 'Success',
      data: { list, pagination: { currentPage: 1, pageSize: PAGE_SIZE, total: Number(count?.total ?? 0) } },
    };
  });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

async function startBaseline(dataDir: string): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'workflow-todo.ts')], {
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

/** Multi-row INSERTs of `rows` into `table`, PER_STATEMENT rows a statement. */
async function bulkInsert(db: Kysely<any>, table: string, columns: string[], count: number, row: (i: number) => unknown[]) {
  // SQLite binds at most 32,766 parameters a statement.
  const perStatement = Math.floor(30_000 / columns.length);
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statementOf = (n: number) => head + Array.from({ length: n }, () => tuple).join(', ');
  const full = statementOf(perStatement);
  const PER_TRANSACTION = 200_000;
  for (let from = 0; from < count; from += PER_TRANSACTION) {
    const to = Math.min(count, from + PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < to; i += perStatement) {
        const n = Math.min(perStatement, to - i);
        const params: unknown[] = [];
        for (let k = 0; k < n; k++) params.push(...row(i + k));
        await trx.executeQuery(CompiledQuery.raw(n === perStatement ? full : statementOf(n), params));
      }
    });
  }
}

/** Demo data, the flow, users with sessions, instances and tasks; the users' tokens. */
async function seedAll(dataDir: string): Promise<string[]> {
  const [{ migrateToLatest }, { seed }, { createFlow }, { newUserRow }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
    import('../apps/server/src/modules/workflow/definitions.service.ts'),
    import('../apps/server/src/db/user-row.ts'),
  ]);
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    await migrateToLatest(handle.db);
    await seed(ctx);
    const graph = {
      nodes: [
        { id: 'start', type: 'start', name: '发起' },
        { id: 'check', type: 'approver', name: '审核', assignee: { type: 'users', userIds: [userId(0)] } },
        { id: 'end', type: 'end', name: '结束' },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'check' },
        { id: 'e2', source: 'check', target: 'end' },
      ],
    };
    const flow = await createFlow(
      ctx,
      { enCode: FLOW_CODE, fullName: '基准流程', formKind: 'bench', formId: 'bench', graph: graph as never },
      'admin',
    );
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const t0 = performance.now();
    await sql`pragma synchronous = OFF`.execute(raw);
    const users = Array.from({ length: USERS }, (_, i) =>
      newUserRow({ id: userId(i), account: `bench${i}`, realName: `用户${i}`, passwordHash: 'not-used', organizeId: '100000000000000001' }),
    );
    for (let i = 0; i < users.length; i += 500)
      await handle.db
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute();
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++)
      tokens.push((await createSession(ctx, userId(i), { ip: null, userAgent: 'bench', loginType: 'bench' })).token);

    const now = Date.now();
    const TASKS_PER_WAITING = 5;
    const finishedOnWaiting = Math.min(FINISHED, OPEN * TASKS_PER_WAITING);
    const adoptedInstances = Math.ceil((FINISHED - finishedOnWaiting) / TASKS_PER_WAITING);
    const instances = OPEN + adoptedInstances;
    const instId = (i: number) => `bi${String(i).padStart(9, '0')}`;
    await bulkInsert(
      raw,
      'flow_instances',
      [
        'id',
        'flow_id',
        'version_id',
        'form_kind',
        'form_id',
        'record_id',
        'title',
        'urgency',
        'status',
        'starter_id',
        'current_nodes',
        'active_key',
        'seq',
        'started_at',
        'ended_at',
        'updated_at',
      ],
      instances,
      (i) => {
        const waiting = i < OPEN;
        return [
          instId(i),
          flow.id,
          flow.versionId,
          'bench',
          'bench',
          `r${i}`,
          `基准审批 ${i}`,
          1 + (i % 3),
          waiting ? FlowStatus.waiting : FlowStatus.adopted,
          userId((i * 31) % USERS),
          waiting ? '审核' : '',
          waiting ? `bench:bench:r${i}` : null,
          3,
          now - (instances - i) * 1000,
          waiting ? null : now - (instances - i) * 1000 + 500,
          now,
        ];
      },
    );
    // Task i: the first OPEN are open (one per waiting instance), then finished ones, 5 per instance.
    const total = OPEN + FINISHED;
    await bulkInsert(
      raw,
      'flow_tasks',
      [
        'id',
        'instance_id',
        'node_state_id',
        'node_id',
        'node_name',
        'handler_id',
        'status',
        'sort_code',
        'created_seq',
        'opened_seq',
        'closed_seq',
        'created_at',
        'opened_at',
        'handled_at',
      ],
      total,
      (i) => {
        const open = i < OPEN;
        const inst = open ? i : Math.floor((i - OPEN) / TASKS_PER_WAITING) % instances;
        const at = now - (total - i) * 100;
        return [
          `bt${String(i).padStart(9, '0')}`,
          instId(inst),
          `bn${inst}`,
          'check',
          '审核',
          userId((i * 7919) % USERS),
          open ? TaskStatus.waiting : TaskStatus.adopted,
          0,
          1,
          1,
          open ? null : 2,
          at,
          at,
          open ? null : at + 50,
        ];
      },
    );
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    log(
      `seeded ${USERS} users with sessions, ${instances} instances, ${OPEN} open and ${FINISHED} finished tasks, analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    // The plans, so a missing index shows (a SCAN of flow_tasks or flow_instances is one).
    for (const [name, q] of Object.entries(todoStatements(handle.db, userId(1)))) {
      const c = q.compile();
      const plan = await raw.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]));
      log(`plan of the ${name} statement:`);
      for (const r of plan.rows) log(`  ${r.detail}`);
    }
    return tokens;
  } finally {
    await handle.close();
  }
}

/** One round at CONNECTIONS connections, each request as the next user in turn. */
async function cannon(url: string, tokens: string[], seconds: number, pid?: number, warmUp = false): Promise<RoundFigures> {
  const cpu0 = treeCpuMs(pid);
  let next = 0;
  const r = await autocannon({
    url,
    method: 'GET',
    connections: CONNECTIONS,
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
  if (warmUp) return { p50: 0, p99: 0, rps: 0, cpu: 0 };
  return roundFigures(url, r, pid, cpu0);
}

async function main() {
  const { work, dataDir } = benchWorkDir('wft');
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    const tokens = await seedAll(dataDir);
    const running = await startServer({ dataDir, work, databaseUrl: null });
    server = running.server;
    const bl = await startBaseline(dataDir);
    base = bl.proc;
    const apiUrl = `${running.base}/api/workflow/Engine/FlowBefore/List/1?currentPage=1&pageSize=${PAGE_SIZE}`;
    const bareUrl = `${bl.base}/todo`;

    // Both answer the same rows for the same user.
    for (const token of [tokens[1]!, tokens[USERS - 1]!]) {
      const get = async (url: string) =>
        (await (await fetch(url, { headers: { authorization: token } })).json()) as {
          code: number;
          data: { list: { id: string }[]; pagination: { total: number } };
        };
      const [api, bare] = [await get(apiUrl), await get(bareUrl)];
      if (api.code !== 200 || api.data.pagination.total !== bare.data.pagination.total || api.data.list[0]?.id !== bare.data.list[0]?.id)
        throw new Error(`API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
      log(`a user's to-do: ${api.data.pagination.total} open tasks (API and baseline agree)`);
    }

    const each = Math.max(2, Math.round(SECONDS / ROUNDS));
    const plan = [
      { name: 'to-do API', url: apiUrl, pid: server.pid },
      { name: 'baseline', url: bareUrl, pid: base.pid },
    ];
    for (const p of plan) await cannon(p.url, tokens, 2, p.pid, true);
    const runs = new Map<string, RoundFigures[]>(plan.map((p) => [p.name, []]));
    for (let i = 0; i < ROUNDS; i++) for (const p of plan) runs.get(p.name)!.push(await cannon(p.url, tokens, each, p.pid));
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
      `${FINISHED} finished + ${OPEN} open tasks, ${USERS} users (rotating), ${ROUNDS} interleaved rounds of ${each} s at ${CONNECTIONS} connections, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    log('                      p50        p99     req/s   CPU/req');
    for (const [n, x] of r)
      log(`  ${n.padEnd(12)} ${ms(x.p50).padStart(10)} ${ms(x.p99).padStart(10)} ${x.rps.toFixed(0).padStart(8)} ${ms(x.cpu).padStart(9)}`);
    const share = r.get('to-do API')!.rps / r.get('baseline')!.rps;
    log('');
    log(
      `  to-do API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
    );
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    if (process.env.BENCH_KEEP) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

runBench(main, baseline);
