/**
 * Two-way referral at county scale (issue 19): 1,000,000 referrals over two
 * years against the real server on loopback, each side next to its baseline
 * in the same run:
 *
 * (1) the referral coordinator's worklist 待我接收 (何芸 of the alliance's
 *     referral centre: GET /api/referral/worklists/toReceive, page 1 of 20),
 *     next to a minimal authenticated Fastify route running the same statement
 *     (built by the module's own referralWorklist, the caller and the
 *     organisation tree computed once); goal: the API at ≥ 50 % of the
 *     baseline's req/s;
 * (2) the monthly statistics of the last twelve months (GET
 *     /api/referral/stats as the coordinator), next to the same statistic
 *     statements (captured from the module's referralStats) run directly on
 *     the database in this process; goal: the API within 2 × their time.
 *
 *   npx tsx bench/referral.ts
 *   BENCH_SCALE=0.05 npx tsx bench/referral.ts     (a quick run: 50,000 referrals)
 *
 * Data: a fresh SQLite file (migrations, the demo seed with its population),
 * then the bulk rows by set-based SQL (a recursive CTE, INSERT … SELECT, one
 * statement per table; the time is printed). The patients are the seeded
 * residents; up-referrals go from the resident's unit (village clinic or
 * township centre) to a county hospital (one in five of a village's to its
 * township centre), down-referrals (one in four) from a county hospital back
 * to the resident's unit. States: 80 % closed (结案), 12 % ended otherwise
 * (拒绝转出, 作废, 撤销, 拒绝接收, 取消预约, 终止), 8 % open and recent (待提交,
 * 待审批, 同意转出 waiting for the answer, accepted not arrived, arrived not
 * closed), part past their time limits. Closed ones are spread over 24
 * months; each closed up-referral has its two-week follow-up plan (a third
 * done in time, a third late, a third not done). No event history is written
 * (neither list nor statistic reads it). PostgreSQL is not wired here.
 *
 * Env: BENCH_SCALE (1 → 1,000,000), BENCH_REUSE (a kept data folder), BENCH_SECONDS (10 per side, split into
 * BENCH_ROUNDS=3 rounds), BENCH_CONNECTIONS (10), BENCH_STATS_RUNS (9), BENCH_KEEP=1 keeps the data.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { referralListQuery } from '@medalliance/contract';
import { openDb } from '../apps/server/src/db/connection.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import {
  benchContext,
  benchWorkDir,
  interleavedRounds,
  listenBaseline,
  login,
  machineLine,
  median,
  printFigures,
  printPlan,
  startBaseline,
  startServer,
  stopServer,
  runBench,
} from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REFERRALS = Math.round(1_000_000 * SCALE);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STATS_RUNS = Number(process.env.BENCH_STATS_RUNS ?? 9);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
const GOAL_STATS = 2;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The alliance's referral coordinator (db/seed/people.ts), at the root: she answers for every county hospital. */
const COORDINATOR = 'heyun';
const COUNTY = ['100000000000000010', '100000000000000020'];
/** Village clinic → its township centre (db/seed/organizations.ts). */
const TOWNSHIP_OF: Record<string, string> = {
  '100000000000000033': '100000000000000030',
  '100000000000000034': '100000000000000030',
  '100000000000000043': '100000000000000040',
  '100000000000000052': '100000000000000050',
  '100000000000000053': '100000000000000050',
};
const DIAGNOSES = ['高血压（控制不满意）', '2型糖尿病（血糖控制不满意）', '胸痛待查', '高血压3级', '糖尿病足', '慢性阻塞性肺疾病急性加重'];

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const caseOf = (expr: string, pairs: [string | number, string][], otherwise = 'null') =>
  `case ${expr} ${pairs.map(([k, v]) => `when ${typeof k === 'number' ? k : quote(k)} then ${v}`).join(' ')} else ${otherwise} end`;

/** The state of the i-th referral by its bucket (0–99): the shares of the header. '2a' is 同意接收 and arrived. */
const STATE_BUCKETS: [number, string][] = [
  [80, '4'],
  [82, '5'],
  [83, '6'],
  [84, '10'],
  [86, '8'],
  [88, '9'],
  [90, '11'],
  [91, '3'],
  [93, '0'],
  [95, '7'],
  [97, '2'],
  [100, '2a'],
];
const OPEN = "('3', '0', '7', '2', '2a')";

async function seedAll(dataDir: string): Promise<void> {
  const [{ migrateToLatest }, { seed }, { DEMO_UNITS }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
    import('../apps/server/src/db/seed/health/records-residents.ts'),
  ]);
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    await migrateToLatest(handle.db);
    await seed(ctx);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const exec = (text: string) => raw.executeQuery(CompiledQuery.raw(text, []));
    const run = async (label: string, text: string) => {
      const t0 = performance.now();
      const r = await exec(text);
      log(`  ${label}: ${Number(r.numAffectedRows ?? 0)} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await sql`pragma synchronous = OFF`.execute(raw);
    const now = Date.now();
    // A county doctor of each county hospital applies for its down-referrals.
    const countyDoctor = new Map<string, string>();
    for (const c of COUNTY) {
      const u = await raw
        .selectFrom('users as u')
        .innerJoin('organizations as o', 'o.id', 'u.organize_id')
        .select('u.id')
        .where((eb) => eb.or([eb('o.id', '=', c), eb('o.parent_id', '=', c)]))
        .where('u.is_administrator', '=', 0)
        .orderBy('u.id')
        .executeTakeFirstOrThrow();
      countyDoctor.set(c, String(u.id));
    }
    const t0 = performance.now();
    // The seeded residents of the demo units, numbered, to spread the referrals over them.
    await exec(
      `create table bench_res as select row_number() over (order by id) - 1 as k, id, "manageOrgId" as org
       from lc_health_resident where "archiveState" <> 2 and "manageOrgId" in (${DEMO_UNITS.map((u) => quote(u.orgId)).join(', ')})`,
    );
    await exec('create unique index bench_res_k on bench_res (k)');
    const residents = Number((await sql<{ n: number }>`select count(*) as n from bench_res`.execute(raw)).rows[0]!.n);
    const doctorOf = caseOf(
      'x.org',
      DEMO_UNITS.map((u) => [u.orgId, quote(u.doctorId)]),
    );
    const townshipOf = caseOf(
      'x.org',
      Object.entries(TOWNSHIP_OF).map(([v, t]) => [v, quote(t)]),
    );
    const state = `case ${STATE_BUCKETS.map(([upTo, s]) => `when (n.i / 4) % 100 < ${upTo} then '${s}'`).join(' ')} end`;
    // Step gaps: create → submit 1 h, → 同意转出 1–20 h, → the answer 2–41 h, → arrival 12–59 h, → 结案 2–11 days.
    const g1 = `${HOUR}`;
    const g2 = `(1 + x.i % 20) * ${HOUR}`;
    const g3 = `(2 + x.i % 40) * ${HOUR}`;
    const g4 = `(12 + x.i % 48) * ${HOUR}`;
    const g5 = `(2 + x.i % 10) * ${DAY}`;
    // Open ones reach their current step within the last five days (part past its time limit); the others began 20–750 days ago.
    const created = `case when x.st in ${OPEN} then ${now} - (x.i % 120) * ${HOUR} - (x.i % 60) * 60000 - ${caseOf('x.st', [
      ['3', '0'],
      ['0', g1],
      ['7', `${g1} + ${g2}`],
      ['2', `${g1} + ${g2} + ${g3}`],
      ['2a', `${g1} + ${g2} + ${g3} + ${g4}`],
    ])} else ${now} - (20 + (x.i * 7) % 730) * ${DAY} - (x.i % 86400) * 1000 end`;
    await run(
      'referrals',
      `insert into referrals (id, referral_no, direction, urgency, status, arrived, resident_id, from_unit_id, to_unit_id, applicant_id,
         visit_type, referral_date, reason_code, reason, diagnosis, attachments, created_at, submitted_at, submit_month, approved_at,
         answered_at, arrived_at, closed_at, step_since, updated_at)
       with recursive n(i) as (select 0 union all select i + 1 from n where i < ${REFERRALS - 1}),
       x as (
         select n.i as i, r.id as resident, r.org as org, case when n.i % 4 = 3 then '2' else '1' end as dir,
           case when n.i % 2 = 0 then '${COUNTY[0]}' else '${COUNTY[1]}' end as county,
           ${state} as st
         from n join bench_res r on r.k = (n.i * 13) % ${residents}
       ),
       y as (
         select x.*, ${created} as created,
           ${g1} as g1, ${g2} as g2, ${g3} as g3, ${g4} as g4, ${g5} as g5,
           case when x.dir = '2' then x.county else x.org end as from_unit,
           case when x.dir = '2' then x.org when ${townshipOf} is not null and x.i % 5 = 0 then ${townshipOf} else x.county end as to_unit,
           case when x.dir = '2' then ${caseOf(
             'x.county',
             COUNTY.map((c) => [c, quote(countyDoctor.get(c)!)]),
           )} else ${doctorOf} end as applicant
         from x
       ),
       z as (
         select y.*,
           case when y.st in ('3', '6') then null else y.created + y.g1 end as sub,
           case when y.st in ('7', '2', '2a', '4', '8', '9', '11', '5') then y.created + y.g1 + y.g2 end as appr,
           case when y.st in ('2', '2a', '4', '8', '11') then y.created + y.g1 + y.g2 + y.g3 end as ans,
           case when y.st in ('2a', '4') then y.created + y.g1 + y.g2 + y.g3 + y.g4 end as arr,
           case y.st when '4' then y.created + y.g1 + y.g2 + y.g3 + y.g4 + y.g5 when '11' then y.created + y.g1 + y.g2 + y.g3 + y.g4 end as closed
         from y
       ),
       w as (
         select z.*, case z.st when '3' then z.created when '6' then z.created + z.g1 when '0' then z.sub when '10' then z.sub + z.g2
           when '5' then z.appr when '7' then z.appr when '9' then z.appr + z.g3 when '8' then z.ans when '2' then z.ans
           when '2a' then z.arr else z.closed end as since
         from z
       )
       select 'bf' || w.i, 'ZZB' || w.i, w.dir, cast(1 + w.i % 3 as text), case w.st when '2a' then '2' else w.st end,
         case when w.st in ('2a', '4') then 1 else 0 end, w.resident, w.from_unit, w.to_unit, w.applicant,
         case when w.i % 5 = 0 then '2' else '1' end, w.created + ${DAY},
         case when w.dir = '2' then '6' else cast(1 + (w.i / 3) % 5 as text) end,
         case when w.dir = '2' then '病情稳定，转回基层康复管理' else '基层诊疗条件有限，需上级医院进一步诊治' end,
         ${caseOf(
           'w.i % 6',
           DIAGNOSES.map((d, k) => [k, quote(d)]),
         )}, '[]', w.created, w.sub,
         case when w.sub is null then null else strftime('%Y-%m', w.sub / 1000, 'unixepoch') end,
         w.appr, w.ans, w.arr, w.closed, w.since, w.since
       from w`,
    );
    // The two-week follow-up of every closed up-referral: a third done in time, a third late, a third not done.
    const start = `(f.closed_at / ${DAY}) * ${DAY}`;
    const late = `${start} + ${17 * DAY} - 1`;
    await run(
      'follow-up plans',
      `insert into health_plans (id, programme, resident_id, enrolment_id, kind, seq, plan_date, window_start, window_end, visit_id,
         visited_at, doctor_id, org_id, created_at)
       select 'bpl' || f.id, 'ref', f.resident_id, f.id, 'after_referral', 1, ${start} + ${13 * DAY}, ${start}, ${start} + ${14 * DAY} - 1,
         case when f.rowid % 3 = 0 or (f.rowid % 3 = 1 and ${late} <= ${now}) then 'bfu' || f.id end,
         case when f.rowid % 3 = 0 then min(${now}, ${start} + ${5 * DAY}) when f.rowid % 3 = 1 and ${late} <= ${now} then ${late} end,
         f.applicant_id, f.from_unit_id, f.closed_at
       from referrals f where f.id like 'bf%' and f.status = '4' and f.direction = '1'`,
    );
    await exec('drop table bench_res');
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    const shares = await sql<{ status: string; arrived: number; n: number }>`
      select status, arrived, count(*) as n from referrals group by status, arrived order by status, arrived`.execute(raw);
    log(
      `seeded ${REFERRALS} referrals over ${residents} residents (by state: ${shares.rows
        .map((r) => `${r.status}${Number(r.arrived) ? '/arrived' : ''} ${r.n}`)
        .join(', ')}), with analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await handle.close();
  }
}

/** The caller and the organisation tree the referral routes compute for a user, computed once. */
async function callerOf(ctx: AppContext, userId: string) {
  const [{ healthScope, callerUnit }, { loadOrgTree }] = await Promise.all([
    import('../apps/server/src/modules/health/privacy/scope.ts'),
    import('../apps/server/src/modules/referral/parties.ts'),
  ]);
  const raw = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const session = { id: 'bench', sid: 'bench', userId, isAdministrator: false, account: '' };
  const [scope, unit, tree] = await Promise.all([healthScope(ctx, session), callerUnit(ctx, userId), loadOrgTree(raw)]);
  return { tree, caller: { userId, unitId: unit.unitId, isAdministrator: false, scope } };
}

/** Runs `fn` on `raw` and answers the statements it executed, compiled as they ran (to run them again directly). */
async function captured<T>(raw: Kysely<any>, fn: (db: Kysely<any>) => Promise<T>): Promise<{ result: T; statements: CompiledQuery[] }> {
  const statements: CompiledQuery[] = [];
  const executor = raw.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { result: await fn(raw.withPlugin(plugin)), statements };
}

const worklistQuery = () => referralListQuery.parse({ currentPage: 1, pageSize: PAGE_SIZE });

/** The baseline process: the token check every route does, then the coordinator's worklist statement. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  const [{ authenticate }, { referralWorklist }] = await Promise.all([
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
    import('../apps/server/src/modules/referral/referral.service.ts'),
  ]);
  const callers = new Map<string, Awaited<ReturnType<typeof callerOf>>>();
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/toReceive', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    let c = callers.get(session.userId);
    if (!c) callers.set(session.userId, (c = await callerOf(ctx, session.userId)));
    const data = await referralWorklist(raw, c.tree, c.caller, 'toReceive', worklistQuery());
    return { code: 200, msg: 'Success', data };
  });
  await listenBaseline(app);
}

/** The first and the last of the twelve months up to this one (YYYY-MM, UTC). */
function lastTwelveMonths(at: number): { monthFrom: string; monthTo: string } {
  const d = new Date(at);
  const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1));
  return { monthFrom: from.toISOString().slice(0, 7), monthTo: d.toISOString().slice(0, 7) };
}

async function main() {
  // BENCH_REUSE=<data folder kept by BENCH_KEEP>: measure again without seeding.
  const reuse = process.env.BENCH_REUSE;
  const { work, dataDir } = reuse ? { work: path.dirname(reuse), dataDir: reuse } : benchWorkDir('referral');
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    if (!reuse) await seedAll(dataDir);
    const running = await startServer({ dataDir, work, databaseUrl: null });
    server = running.server;
    const bl = await startBaseline(import.meta.filename, dataDir);
    base = bl.proc;
    const token = await login(running.base, COORDINATOR, 'demo123');
    const tokens = [token];
    const apiUrl = `${running.base}/api/referral/worklists/toReceive?currentPage=1&pageSize=${PAGE_SIZE}`;
    const bareUrl = `${bl.base}/toReceive`;

    // The statements of both lists as the module builds them for the coordinator, and their plans (a missing index shows).
    const [{ referralWorklist }, { referralStats }] = await Promise.all([
      import('../apps/server/src/modules/referral/referral.service.ts'),
      import('../apps/server/src/modules/referral/stats.ts'),
    ]);
    const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
    const ctx = benchContext(handle, dataDir);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const coordinator = await raw.selectFrom('users').select('id').where('account', '=', COORDINATOR).executeTakeFirstOrThrow();
    const { tree, caller } = await callerOf(ctx, String(coordinator.id));
    const wl = await captured(raw, (db) => referralWorklist(db, tree, caller, 'toReceive', worklistQuery()));
    for (const [i, s] of wl.statements.entries()) await printPlan(raw, `worklist statement ${i + 1}`, s);
    const months = lastTwelveMonths(Date.now());
    const st = await captured(raw, (db) => referralStats(db, tree, caller, months.monthFrom, months.monthTo, Date.now()));
    for (const [i, s] of st.statements.entries()) await printPlan(raw, `statistics statement ${i + 1}`, s);

    // Both sides answer the same page.
    const get = async (url: string) =>
      (await (await fetch(url, { headers: { authorization: token } })).json()) as {
        code: number;
        data: { list: { id: string }[]; pagination: { total: number } };
      };
    const [api, bare] = [await get(apiUrl), await get(bareUrl)];
    if (api.code !== 200 || api.data.pagination.total !== bare.data.pagination.total || api.data.list[0]?.id !== bare.data.list[0]?.id)
      throw new Error(`API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
    log(`the coordinator's 待我接收: ${api.data.pagination.total} referrals (API and baseline agree)`);

    // (1) the worklist.
    const each = Math.max(5, Math.round(SECONDS / ROUNDS));
    const r = await interleavedRounds(
      [
        { name: 'worklist API', url: apiUrl, pid: server.pid },
        { name: 'baseline', url: bareUrl, pid: base.pid },
      ],
      tokens,
      { rounds: ROUNDS, seconds: each, connections: CONNECTIONS },
    );
    log('');
    log(
      `${REFERRALS} referrals, the referral coordinator, ${ROUNDS} interleaved rounds of ${each} s at ${CONNECTIONS} connections, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${machineLine()}`,
    );
    printFigures(r, log);
    const share = r.get('worklist API')!.rps / r.get('baseline')!.rps;
    log(
      `  worklist API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
    );

    // (2) the statistics: the API against the same statements run here, interleaved, one at a time.
    const statsUrl = `${running.base}/api/referral/stats?monthFrom=${months.monthFrom}&monthTo=${months.monthTo}`;
    const apiStats = async () => {
      const t0 = performance.now();
      const r = (await (await fetch(statsUrl, { headers: { authorization: token } })).json()) as { code: number; data: any };
      if (r.code !== 200) throw new Error(`statistics API: ${JSON.stringify(r).slice(0, 300)}`);
      return { ms: performance.now() - t0, total: r.data.total };
    };
    // As the service runs them: one after the other.
    const directStats = async () => {
      const t0 = performance.now();
      const rows = [];
      for (const s of st.statements) rows.push((await raw.executeQuery(s)).rows);
      return { ms: performance.now() - t0, rows };
    };
    const firstApi = await apiStats();
    await directStats();
    if (firstApi.total.up !== st.result.total.up || firstApi.total.down !== st.result.total.down)
      throw new Error(`statistics API ${JSON.stringify(firstApi.total)} vs the service here ${JSON.stringify(st.result.total)}`);
    const apiTimes: number[] = [];
    const directTimes: number[] = [];
    for (let i = 0; i < STATS_RUNS; i++) {
      apiTimes.push((await apiStats()).ms);
      directTimes.push((await directStats()).ms);
    }
    await handle.close();

    log('');
    const [a, d] = [median(apiTimes), median(directTimes)];
    const t = firstApi.total;
    log(
      `statistics ${months.monthFrom} – ${months.monthTo} (up ${t.up}, down ${t.down}, answered ${t.answered}, turnaround ${t.turnaroundHours} h, accepted ${t.accepted}, arrived ${t.arrivedCount}):`,
    );
    log(
      `  API median ${ms(a)} (min ${ms(Math.min(...apiTimes))}), the ${st.statements.length} statements directly median ${ms(d)} (min ${ms(Math.min(...directTimes))}), ${STATS_RUNS} runs each`,
    );
    log(`  API at ${(a / d).toFixed(2)} × the direct queries' time   (goal ≤ ${GOAL_STATS} ×: ${a / d <= GOAL_STATS ? 'met' : 'NOT met'})`);
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    if (process.env.BENCH_KEEP || reuse) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

runBench(main, baseline);
