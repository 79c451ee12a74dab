/**
 * Health records at county scale (issue 17): 1,000,000 residents, 283,333
 * hypertension / diabetes enrolments and 5,000,000 follow-ups, against the
 * real server on loopback, each side next to its baseline in the same run:
 *
 * (1) the 逾期未访 worklist (GET /api/health/chronic/htn/worklists/overdue,
 *     page 1 of 20) of the five village doctors in turn, next to a minimal
 *     authenticated Fastify route running the same statement (the worklist
 *     service's planWorklist, the doctor's scope computed once); goal: the API
 *     at ≥ 50 % of the baseline's req/s;
 * (2) the county KPIs (GET /api/health/kpi, by organisation, hypertension, as
 *     the administrator), next to the same two KPI statements run directly on
 *     the database in this process; goal: the API within 2 × their time.
 *
 *   npx tsx bench/health-kpi.ts
 *   BENCH_SCALE=0.05 npx tsx bench/health-kpi.ts     (a quick run: 50,000 residents, 250,000 follow-ups)
 *
 * Data: a fresh SQLite file (migrations, the demo seed), then the bulk rows
 * by set-based SQL in SQLite (recursive CTEs: INSERT … SELECT over a generated
 * sequence, one statement per table; the time is printed). PostgreSQL
 * (generate_series) is not wired here: this bench runs on SQLite, the
 * embedded default. Residents over the eight demo units; every 5th resident
 * has hypertension (18 visits over two years), every 12th diabetes (17
 * visits); one visit in six by telephone, one in three uncontrolled; four
 * regular plans a year per hypertension enrolment, one in seven left open.
 * Prints the query plans so a missing index shows.
 *
 * Env: BENCH_SCALE (1), BENCH_REUSE (a kept data folder), BENCH_SECONDS (10 per side, split into BENCH_ROUNDS=3
 * rounds), BENCH_CONNECTIONS (10), BENCH_KPI_RUNS (9), BENCH_KEEP=1 keeps the data.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { openDb } from '../apps/server/src/db/connection.ts';
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
const RESIDENTS = Math.round(1_000_000 * SCALE);
const HTN_EVERY = 5;
const DM_EVERY = 12;
const HTN_VISITS = 18;
const DM_VISITS = 17;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KPI_RUNS = Number(process.env.BENCH_KPI_RUNS ?? 9);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
const GOAL_KPI = 2;
const DAY = 86_400_000;
/** The village doctors of the demo (db/seed/people.ts), one per village. */
const DOCTORS = ['dengshan', 'caoxia', 'pengbo', 'zengli', 'xiaoyu'];

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Units and their doctors as a CASE over i % 8 (the demo units of the resident seed). */
async function unitCases() {
  const { DEMO_UNITS } = await import('../apps/server/src/db/seed/health/records-residents.ts');
  const n = DEMO_UNITS.length;
  const of = (expr: string, key: 'orgId' | 'doctorId') =>
    `case (${expr}) % ${n} ${DEMO_UNITS.map((u, i) => `when ${i} then '${u[key]}'`).join(' ')} end`;
  return { of };
}

async function seedAll(dataDir: string): Promise<void> {
  const [{ migrateToLatest }, { seed }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
  ]);
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    await migrateToLatest(handle.db);
    await seed(ctx);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const run = async (label: string, text: string) => {
      const t0 = performance.now();
      const r = await raw.executeQuery(CompiledQuery.raw(text, []));
      log(`  ${label}: ${Number(r.numAffectedRows ?? 0)} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await sql`pragma synchronous = OFF`.execute(raw);
    // The keyword-search (trigram) triggers of the model tables would index every bulk row's text; the bench does not search.
    const triggers = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'trigger' and tbl_name in ('lc_health_resident', 'lc_htn_followup', 'lc_dm_followup')`.execute(
      raw,
    );
    for (const t of triggers.rows) await sql`drop trigger ${sql.id(t.name)}`.execute(raw);
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const { of } = await unitCases();
    const seq = (n: number) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${n - 1})`;
    const htn = Math.floor((RESIDENTS - 1) / HTN_EVERY) + 1;
    const dm = Math.floor((RESIDENTS - 1) / DM_EVERY) + 1;
    const t0 = performance.now();
    await run(
      'residents',
      `insert into lc_health_resident (id, creator_time, flow_state, "fullName", sex, "birthDate", "manageOrgId", "doctorId", "archiveState", "auditLevel", completeness, "lastActivityAt")
       ${seq(RESIDENTS)} select 'br' || i, ${now}, 0, '基准居民' || i, case i % 2 when 0 then '1' else '2' end,
         ${Date.UTC(1940, 0, 1)} + (i % 20000) * ${DAY}, ${of('i', 'orgId')}, ${of('i', 'doctorId')},
         case when i % 50 = 0 then 2 else 1 end, 0, 80, ${now} - (i % 500) * ${DAY} from n`,
    );
    const enrolments = (prog: string, every: number, count: number) =>
      `insert into health_chronic_enrolments (id, resident_id, programme, doctor_id, org_id, outcome, enrolled_at, referral_flag, created_at)
       ${seq(count)} select 'be${prog}' || i, 'br' || (i * ${every}), '${prog}', ${of(`i * ${every}`, 'doctorId')}, ${of(`i * ${every}`, 'orgId')},
         0, ${today - 800 * DAY}, 0, ${now} from n`;
    await run('htn enrolments', enrolments('htn', HTN_EVERY, htn));
    await run('dm enrolments', enrolments('dm', DM_EVERY, dm));
    const visits = (table: string, prog: string, every: number, per: number, count: number) =>
      `insert into ${table} (id, creator_time, flow_state, "residentId", "enrolmentId", "visitDate", "visitMethod", classification, "doctorId", "manageOrgId", "lateEntry", "referralFlag")
       ${seq(count * per)} select 'bv${prog}' || i, ${now}, 0, 'br' || ((i / ${per}) * ${every}), 'be${prog}' || (i / ${per}),
         ${today} - ((i % ${per}) * 40 + (i / ${per}) % 40) * ${DAY},
         case when ((i / ${per}) + (i % ${per})) % 6 = 0 then '3' else '1' end,
         case when ((i / ${per}) * 7 + (i % ${per})) % 3 = 0 then '2' else '1' end,
         ${of(`(i / ${per}) * ${every}`, 'doctorId')}, ${of(`(i / ${per}) * ${every}`, 'orgId')}, 0, '0' from n`;
    await run('htn follow-ups', visits('lc_htn_followup', 'htn', HTN_EVERY, HTN_VISITS, htn));
    await run('dm follow-ups', visits('lc_dm_followup', 'dm', DM_EVERY, DM_VISITS, dm));
    await run(
      'htn plans',
      `insert into health_plans (id, programme, resident_id, enrolment_id, kind, seq, plan_date, window_start, window_end, visit_id, visited_at, doctor_id, org_id, created_at)
       ${seq(htn * 4)} select 'bp' || i, 'htn', 'br' || ((i / 4) * ${HTN_EVERY}), 'behtn' || (i / 4), 'regular', i % 4 + 1,
         ${today} - (300 - (i % 4) * 90) * ${DAY}, ${today} - (330 - (i % 4) * 90) * ${DAY}, ${today} - (270 - (i % 4) * 90) * ${DAY},
         case when ((i / 4) + (i % 4)) % 7 = 0 then null else 'bvhtn' || i end,
         case when ((i / 4) + (i % 4)) % 7 = 0 then null else ${today} - (300 - (i % 4) * 90) * ${DAY} end,
         ${of(`(i / 4) * ${HTN_EVERY}`, 'doctorId')}, ${of(`(i / 4) * ${HTN_EVERY}`, 'orgId')}, ${now} from n`,
    );
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    log(
      `seeded ${RESIDENTS} residents, ${htn + dm} enrolments, ${htn * HTN_VISITS + dm * DM_VISITS} follow-ups, ${htn * 4} plans, analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await handle.close();
  }
}

/** The KPI statements of the county view (what GET /api/health/kpi runs), built by the KPI service itself. */
async function kpiStatements(ctx: ReturnType<typeof benchContext>) {
  const [{ kpiOrgView }, { programmeStatement, archiveStatement, kpiWindow }] = await Promise.all([
    import('../apps/server/src/modules/health/kpi/kpi-orgs.ts'),
    import('../apps/server/src/modules/health/kpi/kpi.service.ts'),
  ]);
  const admin = await ctx.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  const session = { id: 'bench', sid: 'bench', userId: admin.id, isAdministrator: true, account: 'admin' };
  const view = await kpiOrgView(ctx, session);
  const w = kpiWindow();
  const g = { by: 'org' as const, view };
  return [programmeStatement('htn', w, g), archiveStatement(w, g)];
}

/** The baseline process: the token check every route does, then the worklist statement with the doctor's scope. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  const [{ authenticate }, { healthScope }, { worklist }] = await Promise.all([
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
    import('../apps/server/src/modules/health/privacy/scope.ts'),
    import('../apps/server/src/modules/health/chronic/chronic.service.ts'),
  ]);
  const scopes = new Map<string, Awaited<ReturnType<typeof healthScope>>>();
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/overdue', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    let scope = scopes.get(session.userId);
    if (!scope) scopes.set(session.userId, (scope = await healthScope(ctx, session)));
    const data = await worklist(raw, scope, 'htn', 'overdue', { currentPage: 1, pageSize: PAGE_SIZE, keyword: '', sort: 'asc' } as never);
    return { code: 200, msg: 'Success', data };
  });
  await listenBaseline(app);
}

async function main() {
  // BENCH_REUSE=<data folder kept by BENCH_KEEP>: measure again without seeding.
  const reuse = process.env.BENCH_REUSE;
  const { work, dataDir } = reuse ? { work: path.dirname(reuse), dataDir: reuse } : benchWorkDir('hkpi');
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    if (!reuse) await seedAll(dataDir);
    const running = await startServer({ dataDir, work, databaseUrl: null });
    server = running.server;
    const bl = await startBaseline(import.meta.filename, dataDir);
    base = bl.proc;
    const tokens = await Promise.all(DOCTORS.map((a) => login(running.base, a, 'demo123')));
    const adminToken = await login(running.base, 'admin', 'admin123');
    const apiUrl = `${running.base}/api/health/chronic/htn/worklists/overdue?currentPage=1&pageSize=${PAGE_SIZE}`;
    const bareUrl = `${bl.base}/overdue`;

    // Plans of the statements, so a missing index shows.
    const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
    const ctx = benchContext(handle, dataDir);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const statements = await kpiStatements(ctx);
    for (const [i, s] of statements.entries()) await printPlan(raw, `KPI statement ${i + 1}`, s.compile(raw));

    // Both sides answer the same page for the same doctor.
    for (const token of tokens) {
      const get = async (url: string) =>
        (await (await fetch(url, { headers: { authorization: token } })).json()) as {
          code: number;
          data: { list: { planId: string }[]; pagination: { total: number } };
        };
      const [api, bare] = [await get(apiUrl), await get(bareUrl)];
      if (
        api.code !== 200 ||
        api.data.pagination.total !== bare.data.pagination.total ||
        api.data.list[0]?.planId !== bare.data.list[0]?.planId
      )
        throw new Error(`API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
    }
    log(
      `a village's 逾期未访: ${((await (await fetch(apiUrl, { headers: { authorization: tokens[0]! } })).json()) as any).data.pagination.total} plans (API and baseline agree)`,
    );

    // (1) the worklist.
    // A round long enough for the slowest answers at scale to come back many times over.
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
      `${RESIDENTS} residents, 5 village doctors (rotating), ${ROUNDS} interleaved rounds of ${each} s at ${CONNECTIONS} connections, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${machineLine()}`,
    );
    printFigures(r, log);
    const share = r.get('worklist API')!.rps / r.get('baseline')!.rps;
    log(
      `  worklist API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
    );

    // (2) the county KPIs: the API against the same statements run here, interleaved, one at a time.
    const kpiUrl = `${running.base}/api/health/kpi?programme=htn&groupBy=org`;
    const apiKpi = async () => {
      const t0 = performance.now();
      const r = (await (await fetch(kpiUrl, { headers: { authorization: adminToken } })).json()) as { code: number; data: any };
      if (r.code !== 200) throw new Error(`KPI API: ${JSON.stringify(r).slice(0, 300)}`);
      return { ms: performance.now() - t0, total: r.data.total };
    };
    const directKpi = async () => {
      const t0 = performance.now();
      const rows = await Promise.all(statements.map((s) => s.execute(raw)));
      return { ms: performance.now() - t0, rows };
    };
    const first = await apiKpi();
    await directKpi();
    const apiTimes: number[] = [];
    const directTimes: number[] = [];
    for (let i = 0; i < KPI_RUNS; i++) {
      apiTimes.push((await apiKpi()).ms);
      directTimes.push((await directKpi()).ms);
    }
    await handle.close();

    log('');
    const [a, d] = [median(apiTimes), median(directTimes)];
    log(
      `county KPIs (hypertension, by organisation; managed ${first.total.managed}, standard ${first.total.standard}, controlled ${first.total.controlled}, archives ${first.total.archives}):`,
    );
    log(
      `  API median ${ms(a)} (min ${ms(Math.min(...apiTimes))}), the two statements directly median ${ms(d)} (min ${ms(Math.min(...directTimes))}), ${KPI_RUNS} runs each`,
    );
    log(`  API at ${(a / d).toFixed(2)} × the direct query's time   (goal ≤ ${GOAL_KPI} ×: ${a / d <= GOAL_KPI ? 'met' : 'NOT met'})`);
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    if (process.env.BENCH_KEEP || reuse) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

runBench(main, baseline);
