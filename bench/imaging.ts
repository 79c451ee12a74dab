/**
 * Remote ultrasound and the image centre at county scale (issue 20):
 * 1,000,000 studies of both centres against the real server on loopback,
 * each figure next to its baseline in the same run:
 *
 * (1) the reader's lists of 吴青 (an ultrasound reader on the roster): the
 *     centre's queue 待分诊 (初审合格 and unassigned, by priority then time
 *     left: GET /api/imaging/ultrasound/worklists/triage) and 我的待诊断
 *     (…/worklists/mine), page 1 of 20, each next to a minimal authenticated
 *     Fastify route (a baseline child process) running the same statements,
 *     built by the module's own studyWorklist with the caller computed once;
 *     goal: the API at ≥ 50 % of the baseline's req/s;
 * (2) the monthly fee statistics of the last twelve months as the centre's
 *     director 周杰 (GET /api/imaging/stats/fees), next to its grouped SELECT
 *     over img_studies (captured from the module's feeStats) run directly in
 *     this process; goal: the API within 2 × the direct query's time (the
 *     time of all the service's statements is printed too).
 *
 *   npx tsx bench/imaging.ts
 *   BENCH_SCALE=0.02 npx tsx bench/imaging.ts     (a quick run: 20,000 studies)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/imaging.ts
 *       (PostgreSQL: a database bench_imaging_… of its own on that server, dropped at the end)
 *
 * Data: migrations and the demo seed (the alliance, its population, the
 * catalogue and fee schedule, the demo studies), then the bulk studies
 * through the seeds' insertBatches (seedStudies: shares and dates there); the
 * statements' plans are printed before the load (EXPLAIN QUERY PLAN, or
 * PostgreSQL's EXPLAIN ANALYZE), so a missing index shows.
 *
 * Env: BENCH_SCALE (1 → 1,000,000), BENCH_SECONDS (15 per side and list, split into BENCH_ROUNDS=3 rounds of at least 5 s),
 * BENCH_CONNECTIONS (10), BENCH_STATS_RUNS (7), BENCH_PLANS_ONLY=1 (stop after the plans; BENCH_SQL=1 prints the
 * statements in full), BENCH_KEEP=1 keeps the data, BENCH_REUSE=<kept data folder> measures it again without seeding.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../apps/server/src/context.ts';
import type { DbHandle } from '../apps/server/src/db/connection.ts';
import {
  alternatingTimes,
  analyzeDatabase,
  benchContext,
  benchDatabase,
  benchWorkDir,
  captureStatements,
  demoResidents,
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
const STUDIES = Math.round(1_000_000 * SCALE);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STATS_RUNS = Number(process.env.BENCH_STATS_RUNS ?? 7);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
const GOAL_STATS = 2;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The centres' seeded readers (db/seed/people.ts); the first is the centre's director. */
const READERS = { ultrasound: ['zhoujie', 'wuqing', 'zhenghao'], imaging: ['wangfang', 'fengtao'] } as const;
type Centre = keyof typeof READERS;
const CENTRES: Centre[] = ['ultrasound', 'imaging'];
/** How far each state got: the stamps a study of the state carries (registered 0 … released 8). */
const RANK: Record<string, number> = {
  registered: 0,
  uploaded: 1,
  qc_returned: 2,
  qc_passed: 2,
  triaged: 3,
  reading: 4,
  audit_returned: 6,
  preliminary: 5,
  auditing: 6,
  audited: 7,
  released: 8,
  revised: 8,
};
const OPEN = [
  'registered',
  'uploaded',
  'qc_returned',
  'qc_passed',
  'triaged',
  'reading',
  'preliminary',
  'auditing',
  'audited',
  'audit_returned',
];
const DIAGNOSES = ['腹痛待查', '甲状腺结节随访', '健康体检', '咳嗽待查', '腰痛', '高血压靶器官评估'];

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * The bulk studies, written through the seeds' insertBatches, spread over the
 * last two years. Of every 100: 90 released, 2 revised (with the fees of C's
 * schedule at the release, as the release stamps them, fee_month the release's
 * UTC month), 4 cancelled (after the quality check), 4 open and recent (the ten
 * open states alike; a third past their stage's time limit). Patients are the
 * seeded residents of the demo units, applied for by their unit's doctor;
 * readers and auditors the centre's seeded readers in turn. Answers seconds.
 */
async function seedStudies(db: BenchDatabase, handle: DbHandle, now: number): Promise<number> {
  const [{ DEMO_UNITS }, { feesFor }, { insertBatches }] = await Promise.all([
    import('../apps/server/src/db/seed/health/records-residents.ts'),
    import('../apps/server/src/modules/imaging/catalog/fees.ts'),
    import('../apps/server/src/db/seed/batches.ts'),
  ]);
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const residents = await demoResidents(raw);
  const doctorOf = new Map(DEMO_UNITS.map((u) => [u.orgId, u.doctorId]));
  const ids = await userIds(raw, [...READERS.ultrasound, ...READERS.imaging, 'admin']);
  const readers = new Map(CENTRES.map((c) => [c, READERS[c].map((a) => ids.get(a)!)]));
  const items = new Map<Centre, { id: string; bodyPartId: string }[]>();
  for (const c of CENTRES) {
    const rows = await raw
      .selectFrom('img_items')
      .select(['id', 'body_part_id as part'])
      .where('centre', '=', c)
      .where('enabled', '=', 1)
      .orderBy('sort_code')
      .execute();
    if (!rows.length) throw new Error(`no enabled img_items of ${c}: is the catalogue seeded?`);
    items.set(
      c,
      rows.map((r) => ({ id: String(r.id), bodyPartId: String(r.part) })),
    );
  }
  // The fees of the schedule in force at the release, per centre, item and day (the seeded schedule changes on a day's start).
  const dayStart = (t: number) => Math.floor(t / DAY) * DAY;
  const fees = new Map<string, { diagFee: number; applyFee: number }>();
  for (const c of CENTRES)
    for (const it of items.get(c)!)
      for (let d = dayStart(now - 740 * DAY); d <= dayStart(now); d += DAY) fees.set(`${c}|${it.id}|${d}`, await feesFor(raw, c, it.id, d));
  const registeredBy = ids.get('admin')!;

  const row = (i: number) => {
    const centre = CENTRES[i % 2]!;
    const cr = readers.get(centre)!;
    const its = items.get(centre)!;
    const item = its[Math.floor(i / 2) % its.length]!;
    const res = residents[(i * 13) % residents.length]!;
    const bucket = Math.floor(i / 8) % 100;
    const status = bucket < 90 ? 'released' : bucket < 92 ? 'revised' : bucket < 96 ? 'cancelled' : OPEN[Math.floor(i / 3) % OPEN.length]!;
    const open = bucket >= 96;
    const done = status === 'released' || status === 'revised';
    // Cancelled ones were cancelled after the quality check, before triage.
    const rank = status === 'cancelled' ? 2 : RANK[status]!;
    // Open studies were registered within the last five days; the others 1–730 days ago.
    const registered = open ? now - (i % 120) * HOUR - (i % 60) * 60_000 : now - (1 + ((i * 7) % 730)) * DAY - (i % 86_400) * 1000;
    const t = {
      uploaded: registered + 10 * 60_000,
      qc: registered + 40 * 60_000,
      triaged: registered + 2 * HOUR,
      read: registered + 3 * HOUR,
      reported: registered + 5 * HOUR,
      audited: registered + 8 * HOUR,
      released: registered + 9 * HOUR,
    };
    const reader = cr[i % cr.length]!;
    const auditor = cr[(i + 1) % cr.length]!;
    // A third of the open ones are past the current stage's limit (breached); the rest are due within a day.
    const breached = open && i % 3 === 0;
    const stageDue = open ? (breached ? now - (1 + (i % 48)) * HOUR : now + (1 + (i % 24)) * HOUR) : null;
    const fee = done ? fees.get(`${centre}|${item.id}|${dayStart(t.released)}`)! : null;
    const updated = status === 'cancelled' ? registered + HOUR : done ? t.released : registered + rank * 10 * 60_000;
    return {
      // Zero-padded: the primary key grows at its end as in production.
      id: `bst${String(i).padStart(8, '0')}`,
      centre,
      apply_no: `B${centre === 'ultrasound' ? 'US' : 'IM'}${String(i).padStart(8, '0')}`,
      resident_id: res.id,
      apply_org_id: res.org,
      apply_doctor_id: doctorOf.get(res.org)!,
      item_id: item.id,
      body_part_id: item.bodyPartId,
      clinical_diagnosis: DIAGNOSES[i % DIAGNOSES.length],
      device: centre === 'ultrasound' ? '便携式彩超 M7' : 'DR 数字摄影系统',
      priority: i % 20 === 0 ? 2 : i % 5 === 0 ? 1 : 0,
      status,
      reader_id: rank >= 3 ? reader : null,
      auditor_id: rank >= 6 ? auditor : null,
      stage_due_at: stageDue,
      breached_at: breached ? stageDue : null,
      reminded_at: breached ? stageDue : null,
      positive: done ? (i % 3 === 0 ? 1 : 0) : null,
      diag_fee: fee ? fee.diagFee : null,
      apply_fee: fee ? fee.applyFee : null,
      fee_month: done ? monthOf(t.released) : null,
      registered_at: registered,
      registered_by: registeredBy,
      uploaded_at: rank >= 1 ? t.uploaded : null,
      qc_at: rank >= 2 ? t.qc : null,
      qc_by: rank >= 2 ? reader : null,
      triaged_at: rank >= 3 ? t.triaged : null,
      read_started_at: rank >= 4 ? t.read : null,
      reported_at: rank >= 5 ? t.reported : null,
      audited_at: rank >= 7 ? t.audited : null,
      released_at: done ? t.released : null,
      released_by: done ? auditor : null,
      cancelled_at: status === 'cancelled' ? updated : null,
      version: 1,
      created_at: registered,
      updated_at: updated,
    };
  };
  // Every reader on the centre's roster (all items, every weekday) unless the demo seed put them there: the queue is theirs.
  const rostered = new Set(
    (await raw.selectFrom('img_rosters').select(['centre', 'user_id as user']).execute()).map((r) => `${r.centre}|${r.user}`),
  );
  const rosters = CENTRES.flatMap((c) =>
    readers
      .get(c)!
      .filter((u) => !rostered.has(`${c}|${u}`))
      .map((u, n) => ({ id: `bro_${c}_${n}`, centre: c, user_id: u, item_id: null, weekday: null, sort_code: n })),
  );
  if (rosters.length) await insertBatches(raw, 'img_rosters', rosters);
  log(`bulk studies: ${STUDIES} over ${residents.length} residents of ${DEMO_UNITS.length} units (${rosters.length} roster rows added)`);
  const s = await insertGenerated(raw, db.dialect, 'img_studies', STUDIES, row, log);
  const t0 = performance.now();
  await analyzeDatabase(raw, db.dialect);
  log(`  analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return s;
}

async function seedAll(db: BenchDatabase, handle: DbHandle, dataDir: string, now: number): Promise<void> {
  await seedDemoDatabase(handle, dataDir, log);
  await seedStudies(db, handle, now);
}

/** The first and the last of the twelve months up to this one (YYYY-MM, UTC). */
function lastTwelveMonths(at: number): { monthFrom: string; monthTo: string } {
  const d = new Date(at);
  const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1));
  return { monthFrom: from.toISOString().slice(0, 7), monthTo: d.toISOString().slice(0, 7) };
}

/** The centre's director, who reads its statistics (周杰, 超声科). */
const DIRECTOR = 'zhoujie';
/** The reader whose queues are measured, and the centre. */
const READER = 'wuqing';
const QUEUE_CENTRE: Centre = 'ultrasound';
/** The reader's lists measured: the centre's queue (初审合格, unassigned, priority then time left) and 我的待诊断. */
const LISTS = [
  { key: 'triage', name: 'queue 待分诊' },
  { key: 'mine', name: 'mine 我的待诊断' },
] as const;
type ListKey = (typeof LISTS)[number]['key'];

/** The imaging caller the studies routes compute for a user (centres.ts imagingCaller), computed once. */
async function readerCaller(ctx: AppContext, userId: string) {
  const { imagingCaller } = await import('../apps/server/src/modules/imaging/centres.ts');
  const session = { id: 'bench', sid: 'bench', userId, isAdministrator: false, account: '' };
  return imagingCaller(ctx, { session } as unknown as FastifyRequest, QUEUE_CENTRE);
}

const listQuery = async () => (await import('@medalliance/contract')).imagingListQuery.parse({ currentPage: 1, pageSize: PAGE_SIZE });

/** The baseline process: the token check every route does, then the list's statements through the module's studyWorklist. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const db = await benchDatabase('imaging', dataDir, { reuse: true });
  const handle = db.open();
  const ctx = benchContext(handle, dataDir);
  const [{ authenticate }, { studyWorklist }, { now }] = await Promise.all([
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
    import('../apps/server/src/modules/imaging/rows.ts'),
    import('../apps/server/src/lib/clock.ts'),
  ]);
  const q = await listQuery();
  const callers = new Map<string, Awaited<ReturnType<typeof readerCaller>>>();
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get<{ Params: { list: ListKey } }>('/list/:list', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    let c = callers.get(session.userId);
    if (!c) callers.set(session.userId, (c = await readerCaller(ctx, session.userId)));
    const data = await studyWorklist(raw, c, req.params.list, q, now());
    return { code: 200, msg: 'Success', data };
  });
  await listenBaseline(app);
}

async function main() {
  // BENCH_REUSE=<data folder kept by BENCH_KEEP>: measure again without seeding (a PostgreSQL database is found through it).
  const reuse = process.env.BENCH_REUSE;
  const { work, dataDir } = reuse ? { work: path.dirname(reuse), dataDir: reuse } : benchWorkDir('imaging');
  const db = await benchDatabase('imaging', dataDir, { reuse: !!reuse });
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  const handle = db.open();
  try {
    if (!reuse) await seedAll(db, handle, dataDir, Date.now());
    const ctx = benchContext(handle, dataDir);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const counts = await raw
      .selectFrom('img_studies')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    log(`studies by state: ${counts.map((r) => `${r.status} ${r.n}`).join(', ')}`);

    // The statements of the reader's lists as the module builds them, and their plans (a missing index shows).
    const [{ studyWorklist }, { now }] = await Promise.all([
      import('../apps/server/src/modules/imaging/rows.ts'),
      import('../apps/server/src/lib/clock.ts'),
    ]);
    const readerId = (await userIds(raw, [READER])).get(READER)!;
    const caller = await readerCaller(ctx, readerId);
    const q = await listQuery();
    for (const l of LISTS) {
      const wl = await captureStatements(raw, (d) => studyWorklist(d, caller, l.key, q, now()));
      for (const [i, st] of wl.statements.entries()) await explainStatement(raw, db.dialect, `${l.name} statement ${i + 1}`, st);
      log(`${l.name} statements run directly: ${(await timeStatements(raw, wl.statements)).map(ms).join(', ')} (median of 3)`);
    }
    const { feeStats } = await import('../apps/server/src/modules/imaging/stats/stats.service.ts');
    const { statsScope } = await import('../apps/server/src/modules/imaging/stats/scope.ts');
    const directorId = (await userIds(raw, [DIRECTOR])).get(DIRECTOR)!;
    const months = lastTwelveMonths(Date.now());
    const period = {
      centre: QUEUE_CENTRE,
      ...months,
      scope: await statsScope(
        ctx,
        {
          session: { id: 'bench', sid: 'bench', userId: directorId, isAdministrator: false, account: DIRECTOR },
        } as unknown as FastifyRequest,
        QUEUE_CENTRE,
      ),
    };
    const st = await captureStatements(raw, (d) => feeStats(d, period));
    for (const [i, c] of st.statements.entries()) await explainStatement(raw, db.dialect, `fee statistics statement ${i + 1}`, c);
    log(`fee statistics statements run directly: ${(await timeStatements(raw, st.statements)).map(ms).join(', ')} (median of 3)`);
    if (process.env.BENCH_PLANS_ONLY) return;

    const running = await startServer({ dataDir, work, databaseUrl: db.serverUrl });
    server = running.server;
    const bl = await startBaseline(import.meta.filename, dataDir);
    base = bl.proc;
    const token = await login(running.base, READER, 'demo123');
    const urls = LISTS.map((l) => ({
      ...l,
      api: `${running.base}/api/imaging/${QUEUE_CENTRE}/worklists/${l.key}?currentPage=1&pageSize=${PAGE_SIZE}`,
      bare: `${bl.base}/list/${l.key}`,
    }));

    // Both sides answer the same page.
    for (const u of urls) {
      type Page = { list: { id: string }[]; pagination: { total: number } };
      const [api, bare] = [await getJson<Page>(u.api, token), await getJson<Page>(u.bare, token)];
      if (api.pagination.total !== bare.pagination.total || api.list[0]?.id !== bare.list[0]?.id)
        throw new Error(`${u.name}: API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
      log(`${u.name} of ${READER}: ${api.pagination.total} studies (API and baseline agree on the total and first row)`);
    }

    // (1) the reader's lists, API against baseline, interleaved rounds.
    const each = Math.max(5, Math.round(SECONDS / ROUNDS));
    const results: { name: string; r: Awaited<ReturnType<typeof roundsOrOnce>> }[] = [];
    for (const u of urls)
      results.push({
        name: u.name,
        r: await roundsOrOnce(
          [
            { name: 'API', url: u.api, pid: server.pid },
            { name: 'baseline', url: u.bare, pid: base.pid },
          ],
          [token],
          { rounds: ROUNDS, seconds: each, connections: CONNECTIONS },
        ),
      });

    log('');
    log(
      `${counts.reduce((n, r) => n + Number(r.n), 0)} studies, ${READER} (${QUEUE_CENTRE} reader), ${ROUNDS} interleaved rounds of ${each} s at ${CONNECTIONS} connections, ${db.label}, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${machineLine()}`,
    );
    for (const { name, r } of results) {
      log(`${name}:`);
      if (!r.figures) {
        log(`  no figures: ${r.note}`);
        continue;
      }
      printFigures(r.figures, log);
      const share = r.figures.get('API')!.rps / r.figures.get('baseline')!.rps;
      log(
        `  API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
      );
    }

    // (2) the monthly fee statistics: the API against its grouped SELECT alone, and against all its statements, run here.
    const dirToken = await login(running.base, DIRECTOR, 'demo123');
    const statsUrl = `${running.base}/api/imaging/stats/fees?centre=${QUEUE_CENTRE}&monthFrom=${months.monthFrom}&monthTo=${months.monthTo}`;
    type Fees = { totals: { released: number; diagFee: number; applyFee: number } };
    const fromApi = await getJson<Fees>(statsUrl, dirToken);
    if (JSON.stringify(fromApi.totals) !== JSON.stringify(st.result.totals))
      throw new Error(`fee statistics API ${JSON.stringify(fromApi.totals)} vs the service here ${JSON.stringify(st.result.totals)}`);
    // The grouped SELECT over img_studies: the statement naming the table (the others read the organisation order and names).
    const grouped = st.statements.find((c) => c.sql.includes('img_studies'))!;
    const times = await alternatingTimes(
      [
        { name: 'api', run: () => getJson(statsUrl, dirToken) },
        { name: 'query', run: () => raw.executeQuery(grouped) },
        {
          name: 'all',
          run: async () => {
            for (const c of st.statements) await raw.executeQuery(c);
          },
        },
      ],
      STATS_RUNS,
    );
    const [a, qd, all] = ['api', 'query', 'all'].map((n) => median(times.get(n)!)) as [number, number, number];
    const t = fromApi.totals;
    log('');
    log(
      `monthly fee statistics ${months.monthFrom} – ${months.monthTo}, ${QUEUE_CENTRE}, as ${DIRECTOR} (released ${t.released}, diagnosis fees ${t.diagFee / 100} yuan, application fees ${t.applyFee / 100} yuan), ${STATS_RUNS} runs each, medians:`,
    );
    log(
      `  API ${ms(a)} (min ${ms(Math.min(...times.get('api')!))}), the grouped query alone ${ms(qd)} (min ${ms(Math.min(...times.get('query')!))}), all ${st.statements.length} statements of the service ${ms(all)}`,
    );
    log(
      `  API at ${(a / qd).toFixed(2)} × the direct query's time   (goal ≤ ${GOAL_STATS} ×: ${a / qd <= GOAL_STATS ? 'met' : 'NOT met'})`,
    );
    log(`  API at ${(a / all).toFixed(2)} × the time of all the service's statements run directly`);
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
