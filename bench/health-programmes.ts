/**
 * The public-health programmes at county scale (issue 18): the first worklist
 * a doctor opens in each programme — severe mental disorders (逾期), tuberculosis
 * (本期应访), maternal care (本孕周段应检), child health (本月应体检), elderly
 * (本年未体检) — against the real server on loopback, each next to a minimal
 * authenticated Fastify route (a baseline child process) running the same
 * statement, built by the module's own worklist function with the caller's
 * scope computed once. Goal per programme: the API at ≥ 50 % of the
 * baseline's req/s.
 *
 *   npx tsx bench/health-programmes.ts
 *   BENCH_SCALE=0.05 npx tsx bench/health-programmes.ts     (a quick run: ~50,000 residents)
 *
 * Data: a fresh SQLite file (migrations, the demo seed with its ~3,000
 * residents and every programme's demo patients), then copied N − 1 times by
 * set-based SQL (one INSERT … SELECT per table over a recursive CTE of k):
 * every row of the resident table, the programmes' tables and their form
 * tables gets `id || '_' || k`, and so does every column pointing at a copied
 * row (resident, enrolment, case, pregnancy, record, visit, check ids) and
 * every other column of a unique index; units, doctors and users stay. The
 * copies keep the demo's dates, so every worklist grows N-fold.
 *
 * Env: BENCH_PLANS_ONLY=1 stops after the plans (BENCH_SQL=1 prints the statements in full), BENCH_SCALE (1 → ~1,000,000 residents), BENCH_REUSE (a kept data folder), BENCH_SECONDS (9 per side and
 * programme, split into BENCH_ROUNDS=3 rounds), BENCH_CONNECTIONS (10), BENCH_KEEP=1 keeps the data.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { openDb } from '../apps/server/src/db/connection.ts';
import {
  benchContext,
  benchWorkDir,
  interleavedRounds,
  listenBaseline,
  login,
  type RoundFigures,
  startBaseline,
  startServer,
  stopServer,
  runBench,
} from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TARGET_RESIDENTS = Math.round(1_000_000 * SCALE);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGE_SIZE = 20;
const GOAL_SHARE = 0.5;
/** The township doctor of the demo (db/seed/people.ts): healthRecords holds every programme's menu. */
const ACCOUNT = 'xuli';

/** The worklist each programme's doctor opens first: API path and the name the baseline route answers under. */
const PROGRAMMES = [
  { key: 'psy', name: 'psy 逾期', api: '/api/health/psy/worklists/overdue' },
  { key: 'tb', name: 'tb 本期应访', api: '/api/health/tb/worklists/due' },
  { key: 'mat', name: 'mat 本孕周段应检', api: '/api/health/maternal/worklists/stageDue' },
  { key: 'child', name: 'child 本月应体检', api: '/api/health/child/worklists/due' },
  { key: 'old', name: 'old 本年未体检', api: '/api/health/elderly/worklists/unchecked' },
] as const;
type Key = (typeof PROGRAMMES)[number]['key'];

/** The tables copied per k: residents, the programmes' own tables, their form (low-code) tables, their plans. */
const COPIED = [
  'lc_health_resident',
  'health_psy_enrolments',
  'lc_psy_followup',
  'health_tb_cases',
  'lc_tb_first_visit',
  'lc_tb_visit',
  'lc_tb_closure',
  'health_mat_pregnancies',
  'lc_mat_first_visit',
  'lc_mat_antenatal',
  'lc_mat_postpartum',
  'lc_mat_check42',
  'health_child_records',
  'lc_health_child_newborn',
  'lc_health_child_checkup',
  'health_old_last',
  'lc_old_health_check',
  'health_plans',
];
/** Columns pointing at a copied row (both naming styles); doctor, unit and user columns never match. */
const POINTER = /^(id|.*resident_?id|.*enrolment_?id|.*case_?id|.*pregnancy_?id|.*record_?id|.*visit_?id|closure_?id|check_?id)$/i;
/** Plans of the chronic programmes point at enrolments this bench does not copy. */
const ROW_FILTER: Record<string, string> = { health_plans: `where programme not in ('htn', 'dm')` };

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function seedAll(dataDir: string): Promise<void> {
  const [{ migrateToLatest }, { seed }] = await Promise.all([
    import('../apps/server/src/db/migrate.ts'),
    import('../apps/server/src/db/seed/index.ts'),
  ]);
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    const t00 = performance.now();
    await migrateToLatest(handle.db);
    await seed(ctx);
    log(`demo seed: ${secs(t00)}`);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    await sql`pragma synchronous = OFF`.execute(raw);
    const existing = new Set(
      (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(raw)).rows.map((r) => r.name),
    );
    const tables = COPIED.filter((t) => existing.has(t));
    const missing = COPIED.filter((t) => !existing.has(t));
    if (missing.length) log(`  not present (skipped): ${missing.join(', ')}`);
    // The keyword-search (trigram) triggers of the model tables would index every bulk row's text; the bench does not search.
    for (const t of tables) {
      const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${t}`.execute(raw);
      for (const tr of triggers.rows) await sql`drop trigger ${sql.id(tr.name)}`.execute(raw);
    }
    const count = async (t: string) =>
      Number((await raw.executeQuery<{ n: number }>(CompiledQuery.raw(`select count(*) as n from "${t}"`, []))).rows[0]!.n);
    const base = await count('lc_health_resident');
    const copies = Math.max(1, Math.round(TARGET_RESIDENTS / base));
    log(`demo residents ${base}, copies ${copies} (k = 1..${copies - 1} added to the original)`);
    const t0 = performance.now();
    for (const t of tables) {
      const cols = (await raw.executeQuery<{ name: string }>(CompiledQuery.raw(`pragma table_info("${t}")`, []))).rows.map((r) => r.name);
      // Every column of a unique index must differ between copies too (e.g. an ID number).
      const unique = new Set<string>();
      const indexes = (await raw.executeQuery<{ name: string; unique: number }>(CompiledQuery.raw(`pragma index_list("${t}")`, []))).rows;
      for (const ix of indexes.filter((i) => i.unique))
        for (const c of (await raw.executeQuery<{ name: string }>(CompiledQuery.raw(`pragma index_info("${ix.name}")`, []))).rows)
          unique.add(c.name);
      const suffixed = cols.filter((c) => POINTER.test(c) || unique.has(c));
      const select = cols.map((c) => (suffixed.includes(c) ? `case when "${c}" is null then null else "${c}" || '_' || k end` : `"${c}"`));
      const t1 = performance.now();
      const r = await raw.executeQuery(
        CompiledQuery.raw(
          `insert into "${t}" (${cols.map((c) => `"${c}"`).join(', ')})
           with recursive n(k) as (select 1 union all select k + 1 from n where k < ${copies - 1})
           select ${select.join(', ')} from (select * from "${t}" ${ROW_FILTER[t] ?? ''}) cross join n where ${copies} > 1`,
          [],
        ),
      );
      log(`  ${t}: +${Number(r.numAffectedRows ?? 0)} rows (suffixed: ${suffixed.join(', ')}), ${secs(t1)}`);
    }
    await sql`analyze`.execute(raw);
    await sql`pragma wal_checkpoint(truncate)`.execute(raw);
    log(`copies and analyze: ${secs(t0)}`);
    const counts = await Promise.all(tables.map(async (t) => `${t} ${await count(t)}`));
    log(`row counts: ${counts.join(', ')}`);
  } finally {
    await handle.close();
  }
}

/**
 * The statement of each programme's worklist, run by the module's own list
 * function exactly as its route calls it, on the parsed default query (page 1
 * of 20). Used by the baseline process and for the query plans.
 */
async function worklistRunners() {
  const [contract, { now }, { psyWorklist }, { listCases }, { matWorklist }, { childWorklist }, { elderlyWorklist }] = await Promise.all([
    import('@medalliance/contract'),
    import('../apps/server/src/lib/clock.ts'),
    import('../apps/server/src/modules/health/psy/psy.service.ts'),
    import('../apps/server/src/modules/health/tb/lists.service.ts'),
    import('../apps/server/src/modules/health/maternal/lists.ts'),
    import('../apps/server/src/modules/health/child/lists.service.ts'),
    import('../apps/server/src/modules/health/elderly/elderly.service.ts'),
  ]);
  const page = { currentPage: String(1), pageSize: String(PAGE_SIZE) };
  type Scope = Parameters<typeof psyWorklist>[1];
  const psyQ = contract.psyListQuery.parse(page);
  const tbQ = contract.tbListQuery.parse(page);
  const matQ = contract.matListQuery.parse(page);
  const childQ = contract.childListQuery.parse(page);
  const oldQ = contract.elderlyListQuery.parse(page);
  const runners: Record<Key, (db: Kysely<any>, scope: Scope) => Promise<unknown>> = {
    psy: (db, scope) => psyWorklist(db, scope, 'overdue', { ...psyQ, doctorId: undefined }),
    tb: (db, scope) => listCases(db, scope, { ...tbQ, doctorId: undefined }, now(), 'due'),
    mat: (db, scope) => matWorklist(db, scope, 'stageDue', { ...matQ, doctorId: undefined }),
    child: (db, scope) => childWorklist(db, scope, 'due', { ...childQ, doctorId: undefined }),
    old: (db, scope) => {
      const at = now();
      // What elderly.routes.ts filterOf builds from the query.
      return elderlyWorklist(db, scope, 'unchecked', {
        at,
        year: oldQ.year ?? contract.yearOf(at),
        currentPage: oldQ.currentPage,
        pageSize: oldQ.pageSize,
        keyword: oldQ.keyword,
        orgId: oldQ.orgId,
        doctorId: undefined,
        checked: oldQ.checked,
      });
    },
  };
  return runners;
}

/** The baseline process: the token check every route does, then the worklist statement with the caller's scope. */
async function baseline() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  const ctx = benchContext(handle, dataDir);
  const [{ authenticate }, { healthScope }] = await Promise.all([
    import('../apps/server/src/modules/oauth/sessions.service.ts'),
    import('../apps/server/src/modules/health/privacy/scope.ts'),
  ]);
  const runners = await worklistRunners();
  const scopes = new Map<string, Awaited<ReturnType<typeof healthScope>>>();
  const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get<{ Params: { key: Key } }>('/wl/:key', async (req) => {
    const session = await authenticate(ctx, req.headers.authorization);
    let scope = scopes.get(session.userId);
    if (!scope) scopes.set(session.userId, (scope = await healthScope(ctx, session)));
    const data = await runners[req.params.key](raw, scope);
    return { code: 200, msg: 'Success', data };
  });
  await listenBaseline(app);
}

/** The query plans of every worklist statement, captured from the module's own function on the caller's scope. */
async function printPlans(dataDir: string, account: string) {
  const handle = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const ctx = benchContext(handle, dataDir);
    const { healthScope } = await import('../apps/server/src/modules/health/privacy/scope.ts');
    const user = await ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    const scope = await healthScope(ctx, { id: 'bench', sid: 'bench', userId: user.id, isAdministrator: false, account } as never);
    const raw = handle.db.withoutPlugins() as unknown as Kysely<any>;
    const runners = await worklistRunners();
    // A second connection whose log records the statements the module's function runs, to explain them afterwards.
    const seen: CompiledQuery[] = [];
    const { default: SQLite } = await import('better-sqlite3');
    const spy = new Kysely<any>({
      dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'app.db'), { readonly: true }) }),
      log: (e) => void seen.push(e.query),
    });
    for (const p of PROGRAMMES) {
      seen.length = 0;
      try {
        await runners[p.key](spy, scope);
      } catch (err) {
        // The recording connection lacks the server's row naming; the statements are what counts here.
        log(`  (${p.name}: ${(err as Error).message.slice(0, 120)})`);
      }
      log(`plans of ${p.name} (${seen.length} statements):`);
      for (const q of seen) {
        const plan = await raw.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
        log(
          `  · ${process.env.BENCH_SQL ? `${q.sql} -- ${JSON.stringify(q.parameters)}` : `${q.sql.replace(/\s+/g, ' ').slice(0, 160)}…`}`,
        );
        for (const r of plan.rows) log(`      ${r.detail}`);
      }
    }
    await spy.destroy();
  } finally {
    await handle.close();
  }
}

async function main() {
  // BENCH_REUSE=<data folder kept by BENCH_KEEP>: measure again without seeding.
  const reuse = process.env.BENCH_REUSE;
  const { work, dataDir } = reuse ? { work: path.dirname(reuse), dataDir: reuse } : benchWorkDir('hprog');
  let server: ChildProcess | null = null;
  let base: ChildProcess | null = null;
  try {
    if (!reuse) await seedAll(dataDir);
    await printPlans(dataDir, ACCOUNT);
    if (process.env.BENCH_PLANS_ONLY) return;
    const running = await startServer({ dataDir, work, databaseUrl: null });
    server = running.server;
    const bl = await startBaseline(path.join(import.meta.dirname, 'health-programmes.ts'), dataDir);
    base = bl.proc;
    const token = await login(running.base, ACCOUNT, 'demo123');
    const urls = PROGRAMMES.map((p) => ({
      ...p,
      apiUrl: `${running.base}${p.api}?currentPage=1&pageSize=${PAGE_SIZE}`,
      bareUrl: `${bl.base}/wl/${p.key}`,
    }));

    // Both sides answer the same total and first row.
    const totals = new Map<Key, number>();
    for (const u of urls) {
      const get = async (url: string) =>
        (await (await fetch(url, { headers: { authorization: token } })).json()) as {
          code: number;
          data: { list: unknown[]; pagination: { total: number } };
        };
      const [api, bare] = [await get(u.apiUrl), await get(u.bareUrl)];
      if (
        api.code !== 200 ||
        api.data.pagination.total !== bare.data.pagination.total ||
        JSON.stringify(api.data.list[0]) !== JSON.stringify(bare.data.list[0])
      )
        throw new Error(`${u.name}: API ${JSON.stringify(api).slice(0, 300)} vs baseline ${JSON.stringify(bare).slice(0, 300)}`);
      totals.set(u.key, api.data.pagination.total);
      log(`${u.name}: ${api.data.pagination.total} rows for ${ACCOUNT} (API and baseline agree on the total and first row)`);
    }

    // Interleaved rounds per programme: API, baseline, API, baseline, …
    const each = Math.max(3, Math.round(SECONDS / ROUNDS));
    const results: { name: string; api: RoundFigures; bare: RoundFigures }[] = [];
    const failed: string[] = [];
    for (const u of urls) {
      try {
        const r = await interleavedRounds(
          [
            { name: 'api', url: u.apiUrl, pid: server.pid },
            { name: 'bare', url: u.bareUrl, pid: base.pid },
          ],
          [token],
          { rounds: ROUNDS, seconds: each, connections: CONNECTIONS },
        );
        results.push({ name: u.name, api: r.get('api')!, bare: r.get('bare')! });
      } catch (err) {
        // A worklist too slow for a round (a bad plan at scale) must not hide the others' figures: time one answer per side.
        const once = async (url: string) => {
          const t0 = performance.now();
          await (await fetch(url, { headers: { authorization: token } })).json();
          return performance.now() - t0;
        };
        failed.push(
          `  ${u.name}: ${(err as Error).message.slice(0, 160)}; one request: API ${ms(await once(u.apiUrl))}, baseline ${ms(await once(u.bareUrl))}`,
        );
      }
    }

    log('');
    log(
      `scale ${SCALE}, ${ACCOUNT}, ${ROUNDS} interleaved rounds of ${each} s per side at ${CONNECTIONS} connections, SQLite, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    log('                              p50        p99     req/s   CPU/req');
    for (const r of results) {
      for (const [side, x] of [
        ['API', r.api],
        ['baseline', r.bare],
      ] as const)
        log(
          `  ${`${r.name} ${side}`.padEnd(24)} ${ms(x.p50).padStart(10)} ${ms(x.p99).padStart(10)} ${x.rps.toFixed(0).padStart(8)} ${ms(x.cpu).padStart(9)}`,
        );
      const share = r.api.rps / r.bare.rps;
      log(
        `  ${r.name}: API at ${(share * 100).toFixed(0)} % of the baseline's req/s   (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'})`,
      );
    }
    for (const f of failed) log(f);
  } finally {
    base?.kill('SIGTERM');
    await stopServer(server);
    if (process.env.BENCH_KEEP || reuse) log(`kept: ${dataDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

runBench(main, baseline);
