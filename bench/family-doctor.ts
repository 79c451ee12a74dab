/**
 * Family-doctor contracting at county scale (issue 21): 1,000,000 contracts
 * with their tasks (about 8 million) against the real server on loopback,
 * each figure next to its baseline in the same run:
 *
 * (1) the overdue-task list (过访) of 徐丽's team, 城关镇家庭医生一团队 (GET
 *     /api/family-doctor/worklists/overdue, page 1 of 20: her scope is the
 *     team's unit), next to a minimal authenticated Fastify route (a baseline
 *     child process) running the same statements, built by the module's own
 *     worklist with the caller computed once; goal: the API at ≥ 50 % of the
 *     baseline's req/s;
 * (2) the county's KPIs by unit (GET /api/family-doctor/kpi?by=unit as the
 *     administrator, every unit), next to its 履约率 statement
 *     (keepStatement: tasks done ÷ tasks due) run directly in this process;
 *     goal: the API within 2 × that query's time. The time of all the
 *     route's statements (签约率, 履约率, revenue, names) run directly is
 *     printed too.
 *
 *   npx tsx bench/family-doctor.ts
 *   BENCH_SCALE=0.01 npx tsx bench/family-doctor.ts     (a quick run: 10,000 contracts)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/family-doctor.ts
 *       (PostgreSQL: a database bench_fd_… of its own on that server, dropped at the end)
 *
 * Data: migrations and the demo seed (the alliance, its population, the
 * teams, items and packages, the demo contracts), then the bulk residents,
 * contracts and tasks through the seeds' insertBatches (seedContracts: shares
 * and dates there); the statements' plans are printed before the load.
 *
 * Env: BENCH_SCALE (1 → 1,000,000 contracts), BENCH_SECONDS (15 per side, split into BENCH_ROUNDS=3 rounds of at least 5 s),
 * BENCH_CONNECTIONS (10), BENCH_STATS_RUNS (7), BENCH_PLANS_ONLY=1 (stop after the plans; BENCH_SQL=1 prints the
 * statements in full), BENCH_KEEP=1 keeps the data, BENCH_REUSE=<kept data folder> measures it again without seeding.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppContext } from '../apps/server/src/context.ts';
import { asWritten, type DbHandle } from '../apps/server/src/db/connection.ts';
import {
  alternatingTimes,
  analyzeDatabase,
  benchContext,
  benchDatabase,
  benchWorkDir,
  captureStatements,
  explainStatement,
  getJson,
  insertGenerated,
  listenBaseline,
  login,
  machineLine,
  median,
  printFigures,
  roundsOrOnce,
  runBench,
  seedDemoDatabase,
  startBaseline,
  startServer,
  stopServer,
  timeStatements,
  userIds,
  type BenchDatabase,
} from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CONTRACTS = Math.round(1_000_000 * SCALE);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STATS_RUNS = Number(process.env.BENCH_STATS_RUNS ?? 7);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
const GOAL_STATS = 2;
/** Yearly terms per resident: three ended ones and the current one. */
const TERMS = 4;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;
/** Bulk ids in insertion order (zero-padded), so the primary keys grow at their end as in production. */
const residentId = (k: number) => `bfr${String(k).padStart(8, '0')}`;
const contractId = (i: number) => `bfc${String(i).padStart(8, '0')}`;

interface Team {
  id: string;
  orgId: string;
  doctors: string[];
}
interface Pkg {
  id: string;
  price: number;
  group: string;
  items: { itemId: string; times: number }[];
}

/**
 * The bulk residents, contracts and tasks. Residents: copies of the seeded
 * residents of the active teams' units (and their villages), each with its
 * own id and ID number, TERMS yearly contracts each (CONTRACTS / TERMS
 * residents). Every resident has three ended terms (到期) and a current one:
 * of every 100, 78 续约 (renewed from the last term), 10 签约, 5 解约, 2 待签约,
 * 5 到期 (ended last month, not renewed); current terms began 0–360 days ago,
 * so some end within 30 days. Packages by resident: 55 basic, 20 elderly, 20
 * chronic, 5 maternal-and-child (the seeded packages' items and times, tasks
 * planned by the contract's own fdPlanTasks). Tasks of ended terms are all
 * closed (90 已做, 4 失访, 6 未访 of 100); of current terms, those due by
 * yesterday are 85 % 已做 and 15 % still open (过访: the overdue list), the
 * later ones open; a terminated term's open tasks are 解约.
 */
async function seedContracts(db: BenchDatabase, handle: DbHandle, now: number): Promise<void> {
  const { fdPlanTasks } = await import('@medalliance/contract');
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const teamRows = await raw
    .selectFrom('fd_teams as t')
    .innerJoin('fd_team_members as m', 'm.team_id', 't.id')
    .select(['t.id', 't.org_id as org', 'm.user_id as doctor'])
    .where('t.status', '=', 'active')
    .where('m.role', '=', 'doctor')
    .orderBy('t.id')
    .orderBy('m.sort_code')
    .execute();
  const teams = new Map<string, Team>();
  for (const r of teamRows) {
    const t = teams.get(String(r.org)) ?? { id: String(r.id), orgId: String(r.org), doctors: [] };
    t.doctors.push(String(r.doctor));
    teams.set(t.orgId, t);
  }
  if (!teams.size) throw new Error('no active family-doctor team with a doctor: is the teams seed there?');
  // A resident belongs to the team of its unit, or of its unit's parent (village clinic → township centre).
  const orgs = await raw.selectFrom('organizations').select(['id', 'parent_id as parent']).execute();
  const teamOfOrg = new Map<string, Team>();
  for (const o of orgs) {
    const t = teams.get(String(o.id)) ?? teams.get(String(o.parent));
    if (t) teamOfOrg.set(String(o.id), t);
  }
  // As written: SQLite's driver would key the rows in camelCase, and these are copied column by column.
  const units = [...teamOfOrg.keys()];
  const templates = (
    await raw.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(
        asWritten(
          `select * from lc_health_resident where "archiveState" = 1 and "manageOrgId" in (${units.map((_, n) => (db.dialect === 'sqlite' ? '?' : `$${n + 1}`)).join(', ')}) order by id`,
        ),
        units,
      ),
    )
  ).rows;
  const pkgRows = await raw
    .selectFrom('fd_packages as p')
    .innerJoin('fd_package_items as pi', 'pi.package_id', 'p.id')
    .select(['p.id', 'p.code', 'p.real_price as price', 'p.groups', 'pi.item_id as item', 'pi.times'])
    .where('p.enabled', '=', 1)
    .orderBy('p.sort_code')
    .orderBy('pi.sort_code')
    .execute();
  const pkgs = new Map<string, Pkg>();
  for (const r of pkgRows) {
    const p = pkgs.get(String(r.code)) ?? {
      id: String(r.id),
      price: Number(r.price),
      group: (JSON.parse(String(r.groups)) as string[])[0] ?? '10',
      items: [],
    };
    p.items.push({ itemId: String(r.item), times: Number(r.times) });
    pkgs.set(String(r.code), p);
  }
  const pick = (code: string) => pkgs.get(code) ?? [...pkgs.values()][0]!;
  if (!pkgs.size) throw new Error('no enabled family-doctor package: is the packages seed there?');
  const residents = Math.ceil(CONTRACTS / TERMS);
  log(
    `bulk family-doctor data: ${residents} residents (copies of ${templates.length}), ${CONTRACTS} contracts, teams ${[...teams.values()].map((t) => t.id).join(', ')}`,
  );

  // Residents: the template's columns, with their own id, ID number and phone (unique or searched), sorted apart by name.
  await insertGenerated(
    raw,
    db.dialect,
    'lc_health_resident',
    residents,
    (k) => {
      const t = templates[k % templates.length]!;
      return {
        ...t,
        id: residentId(k),
        idNumber: `3699${String(k).padStart(14, '0')}`,
        phone: `139${String(k).padStart(8, '0')}`,
        familyId: null,
        relationToHead: null,
      };
    },
    log,
  );

  const packageOf = (k: number) => {
    const b = k % 20;
    return b < 11 ? pick('PK-BASIC') : b < 15 ? pick('PK-ELDERLY') : b < 19 ? pick('PK-CHRONIC') : pick('PK-MCH');
  };
  const currentStatus = (k: number) => {
    const b = (k >> 2) % 100;
    return b < 78 ? 'renewed' : b < 88 ? 'signed' : b < 93 ? 'terminated' : b < 95 ? 'pending' : 'expired';
  };
  const yesterday = startOfDay(now) - DAY;
  // The i-th contract: resident k = i / TERMS, term j = i % TERMS (TERMS − 1 is the current one).
  const contract = (i: number) => {
    const k = Math.floor(i / TERMS);
    const j = i % TERMS;
    const t = templates[k % templates.length]!;
    const team = teamOfOrg.get(String(t.manageOrgId))!;
    const pkg = packageOf(k);
    const cur = currentStatus(k);
    // The current term began 0–360 days ago (an unrenewed 到期 one ended last month); earlier terms a year apart.
    const currentStart = cur === 'expired' ? startOfDay(now) - YEAR - (30 + (k % 20)) * DAY : startOfDay(now) - (k % 361) * DAY;
    const start = currentStart - (TERMS - 1 - j) * YEAR;
    const end = start + YEAR - DAY;
    const status = j < TERMS - 1 ? 'expired' : cur;
    return { k, j, team, pkg, status, start, end, doctor: team.doctors[k % team.doctors.length]! };
  };
  await insertGenerated(
    raw,
    db.dialect,
    'fd_contracts',
    CONTRACTS,
    (i) => {
      const c = contract(i);
      const signed = c.status === 'pending' ? null : c.start - 3 * DAY;
      return {
        id: contractId(i),
        contract_no: `BQY${String(i).padStart(9, '0')}`,
        resident_id: residentId(c.k),
        team_id: c.team.id,
        doctor_id: c.doctor,
        package_id: c.pkg.id,
        population_group: c.pkg.group,
        term_years: 1,
        signed_at: signed,
        start_date: c.start,
        end_date: c.end,
        status: c.status,
        terminate_reason: c.status === 'terminated' ? ['01', '02', '03', '04'][c.k % 4] : null,
        terminated_at: c.status === 'terminated' ? Math.min(now, c.start + (30 + (c.k % 90)) * DAY) : null,
        renewed_from: c.j > 0 && (c.j < TERMS - 1 || c.status === 'renewed') ? contractId(i - 1) : null,
        org_id: c.team.orgId,
        price: c.pkg.price,
        created_by: c.doctor,
        created_at: c.start - 3 * DAY,
        updated_at: c.start - 3 * DAY,
      };
    },
    log,
  );
  await insertGenerated(
    raw,
    db.dialect,
    'fd_tasks',
    CONTRACTS,
    (i) => {
      const c = contract(i);
      if (c.status === 'pending') return [];
      const ended = c.j < TERMS - 1;
      const terminatedAt = c.status === 'terminated' ? Math.min(now, c.start + (30 + (c.k % 90)) * DAY) : null;
      return fdPlanTasks(c.start, c.end, 1, c.pkg.items).map((p, n) => {
        const h = (i * 7 + n * 13) % 100;
        let status = '0';
        if (ended) status = h < 90 ? '1' : h < 94 ? '2' : '3';
        else if (terminatedAt !== null && p.dueDate >= terminatedAt) status = '8';
        else if (p.dueDate <= yesterday) status = h < 85 ? '1' : '0';
        const done = status === '1' ? Math.min(now, p.planDate + (h % 20) * DAY) : status === '2' || status === '3' ? p.dueDate : null;
        return {
          id: `${contractId(i)}_${String(n).padStart(2, '0')}`,
          contract_id: contractId(i),
          item_id: p.itemId,
          seq: p.seq,
          plan_date: p.planDate,
          due_date: p.dueDate,
          status,
          done_at: done,
          resident_id: residentId(c.k),
          team_id: c.team.id,
          doctor_id: c.doctor,
          org_id: c.team.orgId,
          updated_at: done ?? c.start,
        };
      });
    },
    log,
    5_000,
  );
  const t0 = performance.now();
  await analyzeDatabase(raw, db.dialect);
  log(`  analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function seedAll(db: BenchDatabase, handle: DbHandle, dataDir: string, now: number): Promise<void> {
  await seedDemoDatabase(handle, dataDir, log);
  await seedContracts(db, handle, now);
}

/** The family doctor whose overdue list is measured (徐丽, leader of 城关镇家庭医生一团队: her scope is her team's unit). */
const DOCTOR = 'xuli';
/** The county's view of the KPIs: the administrator (every unit; no county user holds fd_statis in the demo grants). */
const COUNTY = 'admin';

/** The caller the family-doctor routes compute for a user (caller.ts callerOf), computed once. */
async function fdCallerOf(ctx: AppContext, userId: string, isAdministrator = false) {
  const { callerOf } = await import('../apps/server/src/modules/family-doctor/caller.ts');
  const session = { id: 'bench', sid: 'bench', userId, isAdministrator, account: '' };
  return callerOf(ctx, { session } as unknown as FastifyRequest);
}

const worklistQuery = async () =>
  (await import('@medalliance/contract')).fdWorklistQuery.parse({ currentPage: '1', pageSize: String(PAGE_SIZE) });

/** The baseline process: the token check every route does, then the overdue list's statements through the module's worklist. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const db = await benchDatabase('fd', dataDir, { reuse: true });
  const handle = db.open();
  const ctx = benchContext(handle, dataDir);
  const [{ authenticate }, { worklist }, { now }] = await Promise.all([
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
    import('../apps/server/src/modules/family-doctor/worklists.ts'),
    import('../apps/server/src/lib/clock.ts'),
  ]);
  const q = await worklistQuery();
  const callers = new Map<string, Awaited<ReturnType<typeof fdCallerOf>>>();
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/overdue', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    let c = callers.get(session.userId);
    if (!c) callers.set(session.userId, (c = await fdCallerOf(ctx, session.userId)));
    const data = await worklist(raw, c, 'overdue', q, now());
    return { code: 200, msg: 'Success', data };
  });
  await listenBaseline(app);
}

/** A context whose raw database records the statements run through it (the KPI service takes the context). */
function recordingContext(ctx: AppContext, raw: Kysely<any>, seen: CompiledQuery[]): AppContext {
  const executor = raw.getExecutor();
  const recording = raw.withPlugin({
    transformQuery: (args) => {
      seen.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { ...ctx, db: { withoutPlugins: () => recording } } as unknown as AppContext;
}

async function main() {
  // BENCH_REUSE=<data folder kept by BENCH_KEEP>: measure again without seeding (a PostgreSQL database is found through it).
  const reuse = process.env.BENCH_REUSE;
  const { work, dataDir } = reuse ? { work: path.dirname(reuse), dataDir: reuse } : benchWorkDir('family-doctor');
  const db = await benchDatabase('fd', dataDir, { reuse: !!reuse });
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  const handle = db.open();
  try {
    if (!reuse) await seedAll(db, handle, dataDir, Date.now());
    const ctx = benchContext(handle, dataDir);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const [{ worklist }, { fdKpi, keepStatement }, { healthScope }, { now }] = await Promise.all([
      import('../apps/server/src/modules/family-doctor/worklists.ts'),
      import('../apps/server/src/modules/family-doctor/kpi/kpi.service.ts'),
      import('../apps/server/src/modules/health/privacy/scope.ts'),
      import('../apps/server/src/lib/clock.ts'),
    ]);
    const contracts = Number(
      (
        await raw
          .selectFrom('fd_contracts')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const counts = await raw
      .selectFrom('fd_tasks')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    log(`tasks by state: ${counts.map((r) => `${r.status} ${r.n}`).join(', ')}`);

    // The statements of the overdue list and of the KPI as the modules build them, and their plans.
    const ids = await userIds(raw, [DOCTOR, COUNTY]);
    const doctor = await fdCallerOf(ctx, ids.get(DOCTOR)!);
    const q = await worklistQuery();
    const wl = await captureStatements(raw, (d) => worklist(d, doctor, 'overdue', q, now()));
    for (const [i, st] of wl.statements.entries()) await explainStatement(raw, db.dialect, `overdue list statement ${i + 1}`, st);
    // BENCH_DIRECT=0 skips the statements' one-by-one timings (minutes at full scale; a kept data folder printed them once).
    const direct = process.env.BENCH_DIRECT !== '0';
    if (direct) log(`overdue list statements run directly: ${(await timeStatements(raw, wl.statements)).map(ms).join(', ')} (median of 3)`);
    const countyScope = await healthScope(ctx, {
      id: 'bench',
      sid: 'bench',
      userId: ids.get(COUNTY)!,
      isAdministrator: true,
      account: COUNTY,
    } as never);
    const keep = keepStatement(raw, countyScope, 'unit', now()).compile();
    await explainStatement(raw, db.dialect, '履约率 statement (keepStatement, by unit)', keep);
    const kpiStatements: CompiledQuery[] = [];
    const kpiHere = await fdKpi(recordingContext(ctx, raw, kpiStatements), countyScope, 'unit');
    for (const [i, st] of kpiStatements.entries())
      if (st.sql !== keep.sql) await explainStatement(raw, db.dialect, `KPI route statement ${i + 1} of ${kpiStatements.length}`, st);
    const kpiTimes = direct ? await timeStatements(raw, kpiStatements, 1) : [];
    if (direct)
      log(
        `KPI route statements run directly, one by one: ${kpiStatements.map((st, i) => `${i + 1}${st.sql === keep.sql ? ' (履约率)' : ''} ${ms(kpiTimes[i]!)}`).join(', ')}`,
      );
    if (process.env.BENCH_PLANS_ONLY) return;

    const running = await startServer({ dataDir, work, databaseUrl: db.serverUrl });
    server = running.server;
    const bl = await startBaseline(import.meta.filename, dataDir);
    base = bl.proc;
    const token = await login(running.base, DOCTOR, 'demo123');
    const countyToken = await login(running.base, COUNTY, 'admin123');
    const apiUrl = `${running.base}/api/family-doctor/worklists/overdue?currentPage=1&pageSize=${PAGE_SIZE}`;
    const bareUrl = `${bl.base}/overdue`;

    // Both sides answer the same page.
    type Page = { list: { id: string }[]; pagination: { total: number } };
    const [api, bare] = [await getJson<Page>(apiUrl, token), await getJson<Page>(bareUrl, token)];
    if (api.pagination.total !== bare.pagination.total || api.list[0]?.id !== bare.list[0]?.id)
      throw new Error(`overdue list: API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
    log(`overdue tasks (过访) of ${DOCTOR}'s team: ${api.pagination.total} (API and baseline agree on the total and first row)`);

    // (1) the overdue list, API against baseline, interleaved rounds.
    const each = Math.max(5, Math.round(SECONDS / ROUNDS));
    const r = await roundsOrOnce(
      [
        { name: 'API', url: apiUrl, pid: server.pid },
        { name: 'baseline', url: bareUrl, pid: base.pid },
      ],
      [token],
      { rounds: ROUNDS, seconds: each, connections: CONNECTIONS },
    );

    log('');
    log(
      `${contracts} contracts, ${ROUNDS} interleaved rounds of ${each} s at ${CONNECTIONS} connections, ${db.label}, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${machineLine()}`,
    );
    log(`the overdue-task list (过访) of ${DOCTOR}'s team, page 1 of ${PAGE_SIZE}:`);
    if (r.figures) {
      printFigures(r.figures, log);
      const share = r.figures.get('API')!.rps / r.figures.get('baseline')!.rps;
      log(
        `  API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
      );
    } else log(`  no figures: ${r.note}`);

    // (2) the county's KPI route against its 履约率 statement alone, and against all the route's statements, run here.
    const kpiUrl = `${running.base}/api/family-doctor/kpi?by=unit`;
    type Kpi = { total: { due: number; done: number; keepRate: number | null } };
    const fromApi = await getJson<Kpi>(kpiUrl, countyToken);
    if (fromApi.total.due !== kpiHere.total.due || fromApi.total.done !== kpiHere.total.done)
      throw new Error(`KPI API ${JSON.stringify(fromApi.total)} vs the service here ${JSON.stringify(kpiHere.total)}`);
    const times = await alternatingTimes(
      [
        { name: 'api', run: () => getJson(kpiUrl, countyToken) },
        { name: 'keep', run: () => raw.executeQuery(keep) },
        // As the service runs them: together (one connection on SQLite, the pool on PostgreSQL); BENCH_KPI_ALL=0 leaves it out at scale.
        ...(process.env.BENCH_KPI_ALL === '0'
          ? []
          : [{ name: 'all', run: () => Promise.all(kpiStatements.map((st) => raw.executeQuery(st))) }]),
      ],
      STATS_RUNS,
      process.env.BENCH_WARM_UP !== '0',
    );

    const [a, k] = ['api', 'keep'].map((n) => median(times.get(n)!)) as [number, number];
    const all = times.has('all') ? median(times.get('all')!) : kpiTimes.reduce((x, y) => x + y, 0);
    const t = fromApi.total;
    log(`the county's KPI by unit (履约率 ${t.keepRate}: ${t.done} done of ${t.due} due), ${STATS_RUNS} runs each, medians:`);
    log(
      `  API ${ms(a)} (min ${ms(Math.min(...times.get('api')!))}), the 履约率 statement alone ${ms(k)}, all ${kpiStatements.length} statements of the route ${ms(all)}${times.has('all') ? '' : ' (their one-by-one times above, summed)'}`,
    );
    log(`  API at ${(a / k).toFixed(2)} × the 履约率 query's time   (goal ≤ ${GOAL_STATS} ×: ${a / k <= GOAL_STATS ? 'met' : 'NOT met'})`);
    if (all) log(`  API at ${(a / all).toFixed(2)} × the time of all the route's statements run directly`);
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    await handle.close();
    if (process.env.BENCH_KEEP || reuse) log(`kept: ${dataDir} (${db.label})`);
    else {
      await db.drop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

runBench(main, baseline);
