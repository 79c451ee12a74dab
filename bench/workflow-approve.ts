/**
 * Approvals through the HTTP API (POST /api/workflow/Engine/FlowBefore/Audit/{taskId}),
 * each one a full engine action: lock the instance, close the task, decide
 * the node, resolve the next node through a condition on the record (read
 * from the model's table), open its task, write the audit record, store the
 * to-do or result message and set the record's flow_state; and 50 approvers
 * racing on one countersign node.
 *
 *   npx tsx bench/workflow-approve.ts
 *   BENCH_SCALE=0.05 npx tsx bench/workflow-approve.ts      (a quick run)
 *
 * Seeds a fresh SQLite file: the demo data, a low-code model released through
 * the real services with BENCH_SCALE × 4,000 rows (multi-row INSERTs), the
 * users with their sessions, two flows through the engine's createFlow:
 *   chain:  start → 乡镇审核 (A) → condition (amount > 500) → 县级审核 (B) | 科室审核 (B) → end
 *   会签:   start → 会签 (50 users, countersign at BENCH_RATIO %) → 复核 (A) → end
 * Then against the real server: submits every row (POST FlowBefore/Submit)
 * at BENCH_CONNECTIONS (50) concurrent callers, approves every first-level
 * task as A (next node resolved), then every second-level task as B (the flow
 * ends), printing approvals/s, p50 and p99 of each phase (goal ≥ 500/s on
 * SQLite), and checks every instance, task and record is where it must be.
 * The race: BENCH_RACES (5) times, 50 approvers approve their countersign
 * tasks at once; asserted: the node passes exactly once (one 复核 node and one
 * waiting task), no task lost or decided twice (approvals that got through =
 * adopted tasks = audit records; the rest refused with 409 and cancelled).
 *
 * Env: BENCH_SCALE (1), BENCH_CONNECTIONS (50), BENCH_RACES (5), BENCH_RATIO
 * (100: all 50 must approve; 60: the node passes at 30, the other 20 are refused),
 * BENCH_KEEP=1 keeps the data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { FlowStatus, formDefinition, listDefinition, TaskStatus, type FlowGraph, type ModelBody } from '@medalliance/contract';
import { openDb } from '../apps/server/src/db/connection.ts';
import { newUserRow } from '../apps/server/src/db/user-row.ts';
import { createSession } from '../apps/server/src/modules/oauth/sessions.service.ts';
import { createFlow } from '../apps/server/src/modules/workflow/definitions.service.ts';
import { benchWorkDir, seedReleasedModel, startSignedIn, stopServer, treeCpuMs } from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ROWS = Math.max(50, Math.round(4000 * SCALE));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RACES = Number(process.env.BENCH_RACES ?? 5);
const RATIO = Number(process.env.BENCH_RATIO ?? 100);
const RACERS = 50;
const GOAL = 500;
const ORG = '100000000000000001';

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const uid = (name: string) => `ba_${name}`;

function assert(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`check failed: ${what}`);
}

interface Seeded {
  modelId: string;
  table: string;
  chainFlow: string;
  raceFlow: string;
  tokens: Record<string, string>;
}

const chainGraph = (): FlowGraph =>
  ({
    nodes: [
      { id: 'start', type: 'start', name: '发起' },
      { id: 'l1', type: 'approver', name: '乡镇审核', assignee: { type: 'users', userIds: [uid('a')] } },
      { id: 'c', type: 'condition', name: '金额' },
      { id: 'county', type: 'approver', name: '县级审核', assignee: { type: 'users', userIds: [uid('b')] } },
      { id: 'dept', type: 'approver', name: '科室审核', assignee: { type: 'users', userIds: [uid('b')] } },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'l1' },
      { id: 'e2', source: 'l1', target: 'c' },
      { id: 'e3', source: 'c', target: 'county', condition: { logic: 'and', items: [{ field: 'amount', operator: '>', value: 500 }] } },
      { id: 'e4', source: 'c', target: 'dept', isDefault: true },
      { id: 'e5', source: 'county', target: 'end' },
      { id: 'e6', source: 'dept', target: 'end' },
    ],
  }) as unknown as FlowGraph;

const raceGraph = (): FlowGraph =>
  ({
    nodes: [
      { id: 'start', type: 'start', name: '发起' },
      {
        id: 'cs',
        type: 'approver',
        name: '会签',
        assignee: { type: 'users', userIds: Array.from({ length: RACERS }, (_, i) => uid(`r${i}`)) },
        sign: { mode: 'countersign', ratio: RATIO },
      },
      { id: 'after', type: 'approver', name: '复核', assignee: { type: 'users', userIds: [uid('a')] } },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'cs' },
      { id: 'e2', source: 'cs', target: 'after' },
      { id: 'e3', source: 'after', target: 'end' },
    ],
  }) as unknown as FlowGraph;

async function seedAll(dataDir: string): Promise<Seeded> {
  const body = {
    fullName: '基准审批单',
    enCode: 'benchApproval',
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({
      fields: [
        { id: 'f1', type: 'input', field: 'subject', label: '事项', maxLength: 60 },
        { id: 'f2', type: 'inputNumber', field: 'amount', label: '金额', min: 0 },
      ],
    }),
    columnData: listDefinition.parse({ columns: [{ field: 'subject', label: '事项' }] }),
  } as ModelBody;
  let out: Omit<Seeded, 'modelId' | 'table'> | null = null;
  const { modelId, table } = await seedReleasedModel(dataDir, body, async (ctx, model) => {
    const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
    const t0 = performance.now();
    const columns = ['id', 'creator_user_id', 'creator_time', 'organize_id', 'flow_state', 'subject', 'amount'];
    const now = Date.now();
    for (let from = 0; from < ROWS + RACES; from += 1000) {
      const n = Math.min(1000, ROWS + RACES - from);
      const tuples = Array.from({ length: n }, () => `(${columns.map(() => '?').join(', ')})`).join(', ');
      const params = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return [`rec${String(i).padStart(7, '0')}`, 'admin', now - i, null, 0, `审批事项 ${i}`, (i * 37) % 1000];
      }).flat();
      await raw.executeQuery(
        CompiledQuery.raw(`insert into "${model.main.name}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples}`, params),
      );
    }
    const names = ['a', 'b', ...Array.from({ length: RACERS }, (_, i) => `r${i}`)];
    await ctx.db
      .insertInto('users')
      .values(
        names.map((n) =>
          newUserRow({ id: uid(n), account: `bench_${n}`, realName: `审批人${n}`, passwordHash: 'not-used', organizeId: ORG }),
        ),
      )
      .execute();
    const tokens: Record<string, string> = {};
    for (const n of names) tokens[n] = (await createSession(ctx, uid(n), { ip: null, userAgent: 'bench', loginType: 'bench' })).token;
    const flow = async (enCode: string, graph: FlowGraph) =>
      (await createFlow(ctx, { enCode, fullName: enCode, formKind: 'model', formId: model.id, graph }, 'admin')).id;
    out = { chainFlow: await flow('benchChain', chainGraph()), raceFlow: await flow('benchRace', raceGraph()), tokens };
    log(`seeded ${ROWS + RACES} records, ${names.length} users with sessions, 2 flows: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  });
  return { modelId, table, ...out! };
}

interface Answer {
  status: number;
  code: number;
  msg: string;
  ms: number;
}

async function call(base: string, token: string, url: string, body: unknown): Promise<Answer> {
  const t = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string };
  return { status: res.status, code: json.code, msg: json.msg, ms: performance.now() - t };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** Runs every job at CONNECTIONS concurrent callers; per-call times and the phase's rate. */
async function phase(name: string, jobs: (() => Promise<Answer>)[], pid: number | undefined) {
  const cpu0 = treeCpuMs(pid);
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, jobs.length) }, async () => {
      while (next < jobs.length) {
        const a = await jobs[next++]!();
        if (a.status !== 200) throw new Error(`${name}: ${a.status} ${a.msg}`);
        times.push(a.ms);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const rate = jobs.length / seconds;
  const cpu = (treeCpuMs(pid) - cpu0) / jobs.length;
  log(
    `  ${name.padEnd(34)} ${String(jobs.length).padStart(6)} in ${seconds.toFixed(1).padStart(5)} s  ${rate.toFixed(0).padStart(6)}/s   p50 ${ms(pct(times, 50)).padStart(9)}   p99 ${ms(pct(times, 99)).padStart(9)}   CPU/call ${ms(cpu)}`,
  );
  return rate;
}

async function main() {
  const { work, dataDir } = benchWorkDir('wfa');
  let server: import('node:child_process').ChildProcess | null = null;
  const reader = () => openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const s = await seedAll(dataDir);
    const running = await startSignedIn({ dataDir, work, databaseUrl: null });
    server = running.server;
    const { base, token: admin } = running;
    // The server's writes are read through a second connection (WAL): task ids and the checks.
    const handle = reader();
    const db = handle.db;
    const count = async (q: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) => Number((await q.executeTakeFirst())?.n ?? 0);
    try {
      const records = Array.from({ length: ROWS }, (_, i) => `rec${String(i).padStart(7, '0')}`);
      log('');
      log(
        `${ROWS} instances, ${CONNECTIONS} concurrent callers, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs`,
      );
      await phase(
        'submit (start the flow)',
        records.map(
          (recordId) => () =>
            call(base, admin, '/api/workflow/Engine/FlowBefore/Submit', { flowId: s.chainFlow, modelId: s.modelId, recordId }),
        ),
        server.pid,
      );
      const tasksOf = async (handler: string) =>
        (
          await db
            .selectFrom('flowTasks')
            .innerJoin('flowInstances', 'flowInstances.id', 'flowTasks.instanceId')
            .select('flowTasks.id')
            .where('flowTasks.handlerId', '=', uid(handler))
            .where('flowTasks.status', '=', TaskStatus.waiting)
            .where('flowInstances.flowId', '=', s.chainFlow)
            .execute()
        ).map((r) => r.id);
      const level1 = await tasksOf('a');
      assert(level1.length === ROWS, `A holds ${ROWS} tasks (${level1.length})`);
      const r1 = await phase(
        'approve level 1 (next node resolved)',
        level1.map((id) => () => call(base, s.tokens.a!, `/api/workflow/Engine/FlowBefore/Audit/${id}`, { handleOpinion: '同意' })),
        server.pid,
      );
      const level2 = await tasksOf('b');
      assert(level2.length === ROWS, `B holds ${ROWS} tasks (${level2.length})`);
      const r2 = await phase(
        'approve level 2 (the flow ends)',
        level2.map((id) => () => call(base, s.tokens.b!, `/api/workflow/Engine/FlowBefore/Audit/${id}`, { handleOpinion: '同意' })),
        server.pid,
      );

      // Every instance adopted, every record's flow_state 2, nothing open, the condition routed by amount.
      const chain = db.selectFrom('flowInstances').where('flowId', '=', s.chainFlow);
      assert(
        (await count(chain.select((eb) => eb.fn.countAll().as('n')).where('status', '=', FlowStatus.adopted))) === ROWS,
        'all adopted',
      );
      const open = await count(
        db
          .selectFrom('flowTasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', [TaskStatus.waiting, TaskStatus.queued])
          .where('handlerId', 'in', [uid('a'), uid('b')]),
      );
      assert(open === 0, `no open task left (${open})`);
      const raw = db.withoutPlugins() as unknown as Kysely<any>;
      const states = await raw
        .selectFrom(s.table)
        .select(['flow_state', sql<number>`count(*)`.as('n')])
        .groupBy('flow_state')
        .execute();
      // The reader's rows may come back camel-cased (the connection's plugins): take either spelling.
      const adoptedRows = Number(
        states.find((r: Record<string, unknown>) => Number(r.flow_state ?? r.flowState) === FlowStatus.adopted)?.n ?? 0,
      );
      assert(adoptedRows === ROWS, `flow_state 2 on every submitted row (${JSON.stringify(states)})`);
      const county = await count(
        db
          .selectFrom('flowTasks')
          .innerJoin('flowInstances', 'flowInstances.id', 'flowTasks.instanceId')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('flowInstances.flowId', '=', s.chainFlow)
          .where('flowTasks.nodeId', '=', 'county')
          .where('flowTasks.status', '=', TaskStatus.adopted),
      );
      const expectedCounty = records.filter((_, i) => (i * 37) % 1000 > 500).length;
      assert(county === expectedCounty, `the condition sent ${expectedCounty} to the county (${county})`);
      const approvals = await count(
        db
          .selectFrom('flowRecords')
          .innerJoin('flowInstances', 'flowInstances.id', 'flowRecords.instanceId')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('flowInstances.flowId', '=', s.chainFlow)
          .where('flowRecords.action', '=', 1),
      );
      assert(approvals === 2 * ROWS, `one audit record per approval (${approvals})`);
      log(
        `  checked: ${ROWS} adopted, flow_state 2 on every row, ${county} routed to the county, ${approvals} audit records, no open task`,
      );
      const slower = Math.min(r1, r2);
      log(`  approvals/s: ${slower.toFixed(0)} (slower phase)   (goal ≥ ${GOAL}/s on SQLite: ${slower >= GOAL ? 'met' : 'NOT met'})`);

      // The race: 50 approvers at once on one countersign node.
      log('');
      log(`race: ${RACERS} approvers at once on one countersign node (ratio ${RATIO} %), ${RACES} times`);
      const need = Math.ceil((RACERS * RATIO) / 100);
      for (let k = 0; k < RACES; k++) {
        const recordId = `rec${String(ROWS + k).padStart(7, '0')}`;
        const started = await call(base, admin, '/api/workflow/Engine/FlowBefore/Submit', {
          flowId: s.raceFlow,
          modelId: s.modelId,
          recordId,
        });
        assert(started.status === 200, `race submit: ${started.msg}`);
        const inst = await db.selectFrom('flowInstances').select('id').where('recordId', '=', recordId).executeTakeFirstOrThrow();
        const tasks = await db
          .selectFrom('flowTasks')
          .select(['id', 'handlerId'])
          .where('instanceId', '=', inst.id)
          .where('status', '=', TaskStatus.waiting)
          .execute();
        assert(tasks.length === RACERS, `${RACERS} countersign tasks (${tasks.length})`);
        const t0 = performance.now();
        const answers = await Promise.all(
          tasks.map((t) =>
            call(base, s.tokens[t.handlerId.slice(3)]!, `/api/workflow/Engine/FlowBefore/Audit/${t.id}`, { handleOpinion: '同意' }),
          ),
        );
        const took = performance.now() - t0;
        const ok = answers.filter((a) => a.status === 200).length;
        const refused = answers.filter((a) => a.status === 409).length;
        const byStatus = await db
          .selectFrom('flowTasks')
          .select(['nodeId', 'status', (eb) => eb.fn.countAll().as('n')])
          .where('instanceId', '=', inst.id)
          .groupBy(['nodeId', 'status'])
          .execute();
        const n = (node: string, status: number) => Number(byStatus.find((r) => r.nodeId === node && r.status === status)?.n ?? 0);
        const nodePasses = await count(
          db
            .selectFrom('flowNodeStates')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('instanceId', '=', inst.id)
            .where('nodeId', '=', 'cs')
            .where('status', '=', FlowStatus.adopted),
        );
        const afterStates = await count(
          db
            .selectFrom('flowNodeStates')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('instanceId', '=', inst.id)
            .where('nodeId', '=', 'after'),
        );
        const csApprovals = await count(
          db
            .selectFrom('flowRecords')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('instanceId', '=', inst.id)
            .where('nodeId', '=', 'cs')
            .where('action', '=', 1),
        );
        assert(ok === need && refused === RACERS - need, `${need} approvals through, ${RACERS - need} refused (got ${ok} and ${refused})`);
        assert(
          n('cs', TaskStatus.adopted) === ok && csApprovals === ok,
          `adopted tasks ${n('cs', TaskStatus.adopted)} = records ${csApprovals} = ${ok}`,
        );
        assert(n('cs', TaskStatus.cancelled) === RACERS - need, `the rest cancelled (${n('cs', TaskStatus.cancelled)})`);
        assert(n('cs', TaskStatus.waiting) === 0, 'no countersign task left waiting');
        assert(nodePasses === 1 && afterStates === 1, `the node passed once (${nodePasses}), one next node (${afterStates})`);
        assert(n('after', TaskStatus.waiting) === 1, `one waiting task on the next node (${n('after', TaskStatus.waiting)})`);
        log(
          `  race ${k + 1}: ${ok} approved, ${refused} refused (409), ${n('cs', TaskStatus.adopted)} tasks adopted, node passed ${nodePasses}×, next node ${afterStates}×, ${took.toFixed(0)} ms for all ${RACERS}`,
        );
      }
      log('  race: no lost or doubled task, exactly one node pass each time');
    } finally {
      await handle.close();
    }
  } finally {
    await stopServer(server);
    if (process.env.BENCH_KEEP) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
