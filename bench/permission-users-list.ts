/**
 * The users list under row rules, against the real server on loopback.
 *
 *   npx tsx bench/permission-users-list.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/permission-users-list.ts
 *
 * Seeds a fresh database (a SQLite file in a temporary folder; with
 * DATABASE_URL, a fresh PostgreSQL schema) with the demo alliance plus 2,000
 * organisations and 100,000 users, starts the server, and measures the same
 * paged list (GET /api/permission/Users, page 1 of 20) as the administrator and
 * as a user whose row rule limits them to their organisation's subtree, each at
 * 50 concurrent connections; then CurrentUser for a user holding 20 roles.
 * Prints p50/p99 and the scoped/administrator ratio next to the goals
 * (scoped ≤ 1.1 × administrator, p99 ≤ 25 ms). Stops by itself and removes
 * everything it made.
 *
 * Env (BENCH_KEEP=1 keeps the database for inspection): BENCH_SECONDS (15 per scenario, split into BENCH_ROUNDS=3 interleaved rounds), BENCH_CONNECTIONS (50),
 * BENCH_USERS (100000), BENCH_ORGS (2000).
 * SERVER_WORKERS (1; `auto` = one per core, as a production server runs) is passed to the server.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb, type DbHandle } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { userSchemes } from '../apps/server/src/db/seed/permission.ts';
import { ROOT_ORG } from '../apps/server/src/db/seed/organizations.ts';
import { hashPassword, md5 } from '../apps/server/src/lib/crypto.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { newUserRow } from '../apps/server/src/db/user-row.ts';
import { login, median, pgAdmin, serverDatabaseUrl, startServer, stopServer, treeCpuMs } from './support.ts';

interface Histogram {
  p50: number;
  p99: number;
  average: number;
}
interface CannonResult {
  latency: Histogram;
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ORGS = Number(process.env.BENCH_ORGS ?? 2_000);
const GOAL_RATIO = 1.1;
const GOAL_P99 = 25;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-perm-'));
const dataDir = path.join(work, 'data');
const baseUrl = process.env.DATABASE_URL || null;
const schema = baseUrl ? `bench_${randomBytes(5).toString('hex')}` : null;
let server: ChildProcess | null = null;
let handle: DbHandle | null = null;

const log = (...a: unknown[]) => console.log(...a);
const ms = (n: number) => `${n.toFixed(2)} ms`;

const ids = { next: 900_000_000_000_000_000n, take: () => String(ids.next++) };

async function insertMany(
  ctx: AppContext,
  table: 'organizations' | 'users' | 'userRelations' | 'roles' | 'authorizations',
  rows: Record<string, unknown>[],
  per: number,
) {
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += per)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + per) as never)
        .execute();
  });
}

/** 40 township companies under the root, each with 49 units below (2,000 in all), 50 users per unit. */
async function bulkSeed(ctx: AppContext) {
  const now = Date.now();
  const audit = { createdAt: now, createdBy: null, updatedAt: null, updatedBy: null };
  const companies = Math.max(1, Math.round(ORGS / 50));
  const orgRows: Record<string, unknown>[] = [];
  const leafOrgs: string[] = [];
  for (let c = 0; c < companies; c++) {
    const cid = ids.take();
    orgRows.push({
      id: cid,
      parentId: ROOT_ORG,
      category: 'company',
      enCode: `B${c}`,
      fullName: `基准卫生院${c}`,
      shortName: null,
      managerId: null,
      idPath: `${ROOT_ORG},${cid}`,
      sortCode: c,
      enabledMark: 1,
      description: null,
      ...audit,
    });
    leafOrgs.push(cid);
    for (let d = 0; d < 49 && orgRows.length < ORGS; d++) {
      const did = ids.take();
      orgRows.push({
        id: did,
        parentId: cid,
        category: 'department',
        enCode: `B${c}.${d}`,
        fullName: `科室${d}`,
        shortName: null,
        managerId: null,
        idPath: `${ROOT_ORG},${cid},${did}`,
        sortCode: d,
        enabledMark: 1,
        description: null,
        ...audit,
      });
      leafOrgs.push(did);
    }
  }
  await insertMany(ctx, 'organizations', orgRows, 200);

  const passwordHash = await hashPassword(md5('demo123'), ctx.config.argon2);
  const userRows: Record<string, unknown>[] = [];
  const relRows: Record<string, unknown>[] = [];
  for (let i = 0; i < USERS; i++) {
    const id = ids.take();
    const organizeId = leafOrgs[i % leafOrgs.length]!;
    userRows.push(
      newUserRow({
        id,
        account: `bench${i}`,
        realName: `基准用户${i}`,
        passwordHash,
        organizeId,
        gender: (i % 2) + 1,
        mobilePhone: `139${String(i).padStart(8, '0')}`,
        sortCode: 1000 + i,
        createdAt: now - i,
      }),
    );
    relRows.push({ id: ids.take(), userId: id, objectType: 'Organize', objectId: organizeId, sortCode: 0, createdAt: now });
  }
  await insertMany(ctx, 'users', userRows, 500);
  await insertMany(ctx, 'userRelations', relRows, 2000);
  return { scopedCompany: orgRows[0]!.id as string, passwordHash };
}

/** The scoped viewer: a user of one township company whose role shows the users menu with "own organisation and below". */
async function scopedViewer(ctx: AppContext, companyId: string, passwordHash: string) {
  const now = Date.now();
  const userMenu = (await ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'user').executeTakeFirstOrThrow()).id;
  const roleId = ids.take();
  await insertMany(
    ctx,
    'roles',
    [
      {
        id: roleId,
        enCode: 'benchScoped',
        fullName: '基准范围角色',
        globalMark: 1,
        sortCode: 0,
        enabledMark: 1,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      },
    ],
    1,
  );
  await insertMany(
    ctx,
    'authorizations',
    [
      { id: ids.take(), itemType: 'module', itemId: userMenu, objectType: 'Role', objectId: roleId, createdAt: now, createdBy: null },
      {
        id: ids.take(),
        itemType: 'resource',
        itemId: userSchemes.orgAndSub,
        objectType: 'Role',
        objectId: roleId,
        createdAt: now,
        createdBy: null,
      },
    ],
    10,
  );
  const userId = ids.take();
  await insertMany(
    ctx,
    'users',
    [newUserRow({ id: userId, account: 'benchscoped', passwordHash, organizeId: companyId, createdAt: now })],
    1,
  );
  await insertMany(
    ctx,
    'userRelations',
    [{ id: ids.take(), userId, objectType: 'Role', objectId: roleId, sortCode: 0, createdAt: now }],
    1,
  );
}

/** A user holding 20 roles, each granted a slice of the menus with their buttons and columns. */
async function twentyRoleUser(ctx: AppContext, passwordHash: string) {
  const now = Date.now();
  const menus = await ctx.db.selectFrom('menus').select('id').execute();
  const buttons = await ctx.db.selectFrom('moduleButtons').select(['id', 'moduleId']).execute();
  const columns = await ctx.db.selectFrom('moduleColumns').select(['id', 'moduleId']).execute();
  const roles: Record<string, unknown>[] = [];
  const grants: Record<string, unknown>[] = [];
  const rels: Record<string, unknown>[] = [];
  const userId = ids.take();
  for (let r = 0; r < 20; r++) {
    const roleId = ids.take();
    roles.push({
      id: roleId,
      enCode: `bench20.${r}`,
      fullName: `二十角色${r}`,
      globalMark: 1,
      sortCode: r,
      enabledMark: 1,
      description: null,
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    });
    rels.push({ id: ids.take(), userId, objectType: 'Role', objectId: roleId, sortCode: r, createdAt: now });
    const mine = new Set(menus.filter((_, i) => i % 20 === r || i % 7 === r % 7).map((m) => m.id));
    for (const id of mine)
      grants.push({
        id: ids.take(),
        itemType: 'module',
        itemId: id,
        objectType: 'Role',
        objectId: roleId,
        createdAt: now,
        createdBy: null,
      });
    for (const b of buttons.filter((x) => mine.has(x.moduleId)))
      grants.push({
        id: ids.take(),
        itemType: 'button',
        itemId: b.id,
        objectType: 'Role',
        objectId: roleId,
        createdAt: now,
        createdBy: null,
      });
    for (const c of columns.filter((x) => mine.has(x.moduleId)))
      grants.push({
        id: ids.take(),
        itemType: 'column',
        itemId: c.id,
        objectType: 'Role',
        objectId: roleId,
        createdAt: now,
        createdBy: null,
      });
  }
  await insertMany(ctx, 'roles', roles, 20);
  await insertMany(ctx, 'authorizations', grants, 500);
  await insertMany(
    ctx,
    'users',
    [newUserRow({ id: userId, account: 'bench20roles', passwordHash, organizeId: ROOT_ORG, createdAt: now })],
    1,
  );
  await insertMany(ctx, 'userRelations', rels, 20);
  return grants.length;
}

async function check(base: string, url: string, token: string) {
  const res = await fetch(`${base}${url}`, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; data: { pagination?: { total: number }; list?: unknown[] } };
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body.data;
}

interface Run {
  p50: number;
  p99: number;
  avg: number;
  rps: number;
  /** Server CPU per request: what the load around us cannot inflate much. */
  cpuPerRequest: number;
  /** The load generator's CPU per request: it shares the host's cores with the server. */
  clientCpuPerRequest: number;
}

async function cannon(base: string, url: string, token: string, seconds: number): Promise<Run> {
  const cpu0 = treeCpuMs(server?.pid);
  const own0 = process.cpuUsage();
  const r = await autocannon({ url: `${base}${url}`, connections: CONNECTIONS, duration: seconds, headers: { authorization: token } });
  const own = process.cpuUsage(own0);
  const cpu1 = treeCpuMs(server?.pid);
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    rps: r.requests.average,
    cpuPerRequest: r.requests.total ? (cpu1 - cpu0) / r.requests.total : 0,
    clientCpuPerRequest: r.requests.total ? (own.user + own.system) / 1000 / r.requests.total : 0,
  };
}

/**
 * Several short rounds, the scenarios interleaved, so a burst of outside load
 * does not land on one scenario only; the medians of the rounds are reported.
 */
async function interleaved(base: string, scenarios: { name: string; url: string; token: string }[], rounds: number, seconds: number) {
  for (const s of scenarios)
    await autocannon({ url: `${base}${s.url}`, connections: CONNECTIONS, duration: 2, headers: { authorization: s.token } });
  const runs = new Map<string, Run[]>(scenarios.map((s) => [s.name, []]));
  for (let i = 0; i < rounds; i++) for (const s of scenarios) runs.get(s.name)!.push(await cannon(base, s.url, s.token, seconds));
  return new Map(
    [...runs].map(([name, rs]) => [
      name,
      {
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        avg: median(rs.map((r) => r.avg)),
        rps: median(rs.map((r) => r.rps)),
        cpuPerRequest: median(rs.map((r) => r.cpuPerRequest)),
        clientCpuPerRequest: median(rs.map((r) => r.clientCpuPerRequest)),
      } satisfies Run,
    ]),
  );
}

async function cleanup() {
  await stopServer(server);
  if (handle) await handle.close().catch(() => {});
  if (process.env.BENCH_KEEP) {
    log(`kept for inspection (BENCH_KEEP): ${schema ? `schema ${schema}` : path.join(dataDir, 'app.db')}`);
    return;
  }
  if (schema)
    await pgAdmin(baseUrl!, `DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((e) => console.error('could not drop schema', schema, e));
  fs.rmSync(work, { recursive: true, force: true });
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench took longer than 15 minutes: stopping');
    void cleanup().finally(() => process.exit(2));
  }, 15 * 60_000);
  watchdog.unref();

  const started = performance.now();
  if (schema) await pgAdmin(baseUrl!, `CREATE SCHEMA ${schema}`);
  handle = openDb({ databaseUrl: baseUrl, sqliteFile: path.join(dataDir, 'app.db'), ...(schema ? { pgSchema: schema } : {}) });
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    databaseUrl: baseUrl,
    argon2: { memoryCost: 19456, timeCost: 2 },
  };
  const ctx = { db: handle.db, dialect: handle.dialect, config, log: console } as unknown as AppContext;
  await migrateToLatest(handle.db);
  await seed(ctx);
  const { scopedCompany, passwordHash } = await bulkSeed(ctx);
  await scopedViewer(ctx, scopedCompany, passwordHash);
  const grantCount = await twentyRoleUser(ctx, passwordHash);
  if (handle.dialect === 'postgres') await sql`analyze`.execute(handle.db);
  else await sql`analyze`.execute(handle.db);
  const counts = await handle.db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  await handle.close();
  handle = null;
  log(
    `seeded ${Number(counts.n)} users, ${ORGS} + 28 organisations in ${((performance.now() - started) / 1000).toFixed(1)} s (${baseUrl ? `PostgreSQL schema ${schema}` : 'SQLite file'})`,
  );

  const running = await startServer({ dataDir, work, databaseUrl: serverDatabaseUrl(baseUrl, schema) });
  server = running.server;
  const { base } = running;

  const adminToken = await login(base, 'admin', 'admin123');
  const scopedToken = await login(base, 'benchscoped', 'demo123');
  const manyToken = await login(base, 'bench20roles', 'demo123');
  const listUrl = '/api/permission/Users?currentPage=1&pageSize=20';
  const adminTotal = (await check(base, listUrl, adminToken)).pagination!.total;
  const scopedTotal = (await check(base, listUrl, scopedToken)).pagination!.total;
  log(`users list: administrator sees ${adminTotal}, the scoped user ${scopedTotal} (row rule: own organisation and below)`);

  const t0 = performance.now();
  await check(base, '/api/oauth/CurrentUser', manyToken);
  const coldCurrentUser = performance.now() - t0;

  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const results = await interleaved(
    base,
    [
      { name: 'administrator', url: listUrl, token: adminToken },
      { name: 'row-rule user', url: listUrl, token: scopedToken },
      { name: 'CurrentUser (20 roles)', url: '/api/oauth/CurrentUser', token: manyToken },
    ],
    rounds,
    Math.max(2, Math.round(SECONDS / rounds)),
  );
  const admin = results.get('administrator')!;
  const scoped = results.get('row-rule user')!;
  const current = results.get('CurrentUser (20 roles)')!;

  const ratio = scoped.p99 / admin.p99;
  const ratio50 = scoped.p50 / admin.p50;
  const ratioCpu = scoped.cpuPerRequest / admin.cpuPerRequest;
  log('');
  log(
    `GET ${listUrl}   ${CONNECTIONS} connections, ${rounds} interleaved rounds of ${Math.max(2, Math.round(SECONDS / rounds))} s, ${baseUrl ? 'PostgreSQL' : 'SQLite'}, server workers: ${process.env.SERVER_WORKERS ?? 1}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  log('                            p50         p99        avg     req/s   server CPU/req   load generator CPU/req');
  for (const [name, r] of results) {
    log(
      `  ${name.padEnd(24)} ${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(11)} ${ms(r.avg).padStart(10)} ${r.rps.toFixed(0).padStart(8)} ${ms(r.cpuPerRequest).padStart(14)} ${ms(r.clientCpuPerRequest).padStart(18)}`,
    );
  }
  log('');
  log(
    `  scoped / administrator: p99 ${ratio.toFixed(2)}×, p50 ${ratio50.toFixed(2)}×, server CPU per request ${ratioCpu.toFixed(2)}×   (goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'})`,
  );
  log(
    `  p99 at ${CONNECTIONS} connections: administrator ${ms(admin.p99)}, scoped ${ms(scoped.p99)}   (goal ≤ ${GOAL_P99} ms: ${Math.max(admin.p99, scoped.p99) <= GOAL_P99 ? 'met' : 'NOT met'})`,
  );
  log(
    `  CurrentUser for a user with 20 roles (${grantCount} grants): first call ${ms(coldCurrentUser)} (grants computed), then p50 ${ms(current.p50)} / p99 ${ms(current.p99)} (grants cached)`,
  );
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exit(1);
  });
