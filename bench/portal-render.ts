/**
 * A portal of eight widgets as a user's home page, from a cold browser cache
 * to every widget drawn (the grid's data-portal-ready), in headless Chromium
 * against the real built app and server; printed next to the home page of
 * today's dashboard (figures and both charts drawn) in the same run.
 *
 *   npx tsx bench/portal-render.ts          (BENCH_RUNS=7, BENCH_WEB_DIST=<a built web> to skip the build)
 *
 * Each run opens a fresh browser context (empty HTTP cache, no service
 * worker), already signed in, and navigates to /home; times are the page's
 * own performance.now() from navigation start. The two homes alternate so
 * machine noise falls on both; the medians and their ratio are printed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { interfaceId } from '../apps/server/src/db/seed/system.ts';
import { md5 } from '../apps/server/src/lib/crypto.ts';
import { benchWorkDir, pgAdmin, serverDatabaseUrl, stopServer } from './support.ts';
import { startServerProcess } from '../apps/server/src/test/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS) || 7;
const { work, dataDir } = benchWorkDir('portal');

let webDist = process.env.BENCH_WEB_DIST;
if (!webDist) {
  webDist = path.join(work, 'web');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');
}

const schema = process.env.DATABASE_URL ? `bench_portal_${Date.now()}` : null;
if (schema) await pgAdmin(process.env.DATABASE_URL!, `CREATE SCHEMA ${schema}`);
const databaseUrl = serverDatabaseUrl(process.env.DATABASE_URL ?? null, schema);
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn' };
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;
const { base, server } = await startServerProcess({ env });

async function api(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
  return json.data;
}

async function signIn(account: string, password: string): Promise<{ token: string; sid: string }> {
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: md5(password), grant_type: 'password', scope: 'all' }).toString(),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { token: string; sid: string } };
  if (json.code !== 200) throw new Error(`login ${account}: ${json.msg}`);
  return json.data;
}

/** Eight widgets: three figures, two charts and a table over seeded interfaces, to-dos and a clock. */
const src = (code: string) => interfaceId(code);
const portal = {
  fullName: '基准门户',
  enCode: 'bench.portal',
  formData: {
    layout: [
      { i: 'f1', x: 0, y: 0, w: 3, h: 4 },
      { i: 'f2', x: 3, y: 0, w: 3, h: 4 },
      { i: 'f3', x: 6, y: 0, w: 3, h: 4 },
      { i: 'clock', x: 9, y: 0, w: 3, h: 4 },
      { i: 'c1', x: 0, y: 4, w: 6, h: 8 },
      { i: 'c2', x: 6, y: 4, w: 6, h: 8 },
      { i: 't1', x: 0, y: 12, w: 8, h: 8 },
      { i: 'todo', x: 8, y: 12, w: 4, h: 8 },
    ],
    widgets: [
      { id: 'f1', type: 'figure', interfaceId: src('portalStaffCount'), valueField: 'value', previousField: 'previous' },
      { id: 'f2', type: 'figure', interfaceId: src('portalUnitCount'), valueField: 'value' },
      { id: 'f3', type: 'figure', interfaceId: src('portalMyStock'), valueField: 'value' },
      { id: 'clock', type: 'clock', showCalendar: false },
      {
        id: 'c1',
        type: 'chart',
        interfaceId: src('portalStockByUnit'),
        kind: 'bar',
        category: 'unitName',
        series: [{ field: 'quantity' }],
      },
      { id: 'c2', type: 'chart', interfaceId: src('portalStaffByUnit'), kind: 'pie', category: 'unitName', series: [{ field: 'staff' }] },
      {
        id: 't1',
        type: 'table',
        interfaceId: src('portalLowStock'),
        columns: [{ field: 'itemName' }, { field: 'quantity' }, { field: 'unitName' }],
      },
      { id: 'todo', type: 'todo' },
    ],
  },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let browser: Browser | null = null;
try {
  const admin = await signIn('admin', 'admin123');
  const role = await api(admin.token, 'POST', '/api/permission/Role', { fullName: '门户基准角色', enCode: 'bench.portal', globalMark: 1 });
  await api(admin.token, 'POST', '/api/permission/Users', {
    account: 'benchportal',
    realName: '门户基准',
    organizeId: ['100000000000000010'],
    // A user needs some menu to sign in: the seeded trainer role (menus, no portal).
    roleId: [role.id, '200000000000000008'],
    password: md5('Bench2024'),
  });
  const { id } = await api(admin.token, 'POST', '/api/visualdev/Portal', portal);
  await api(admin.token, 'PUT', `/api/visualdev/Portal/${id}/Roles`, { roleIds: [role.id] });
  const portalUser = await signIn('benchportal', 'Bench2024');

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });

  /** Opens /home in a fresh context signed in as `who`; answers ms from navigation start to `done` answering a time. */
  const measure = async (who: { token: string; sid: string }, done: () => number | false): Promise<number> => {
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
    await context.addInitScript(
      ([token, sid]) => {
        localStorage.setItem('medalliance_token', `${JSON.stringify(token)}|string`);
        localStorage.setItem('medalliance_sid', `${JSON.stringify(sid)}|string`);
      },
      [who.token, who.sid],
    );
    const page = await context.newPage();
    await page.goto('/home');
    const handle = await page.waitForFunction(done, undefined, { polling: 'raf', timeout: 60_000 });
    const ms = (await handle.jsonValue()) as number;
    await context.close();
    return ms;
  };

  /** Every widget of the portal loaded and drawn. */
  const portalDone = () =>
    document.querySelector('[data-testid="ma-home-portal"] .ma-portal-grid[data-portal-ready="true"]') ? performance.now() : false;
  /** The dashboard's figures in and both its charts drawn. */
  const dashboardDone = () =>
    document.querySelector('.ma-home-stat-value[data-value]') && document.querySelectorAll('.ma-home-chart canvas').length >= 2
      ? performance.now()
      : false;

  // A warm-up of each (server statements, interface definitions), not counted.
  await measure(portalUser, portalDone);
  await measure(admin, dashboardDone);

  const portalTimes: number[] = [];
  const dashTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    portalTimes.push(await measure(portalUser, portalDone));
    dashTimes.push(await measure(admin, dashboardDone));
  }
  const p = median(portalTimes);
  const d = median(dashTimes);
  console.log(`\nHome page, cold browser cache to fully drawn (median of ${RUNS}, ${databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
  console.log(
    `  portal of 8 widgets (every widget loaded and drawn)  ${p.toFixed(0).padStart(6)} ms   runs: ${portalTimes.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(
    `  today's dashboard (figures and charts drawn)          ${d.toFixed(0).padStart(6)} ms   runs: ${dashTimes.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(`  portal / dashboard                                    ${(p / d).toFixed(2).padStart(6)} ×`);
} finally {
  await browser?.close();
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
  if (schema) await pgAdmin(process.env.DATABASE_URL!, `DROP SCHEMA ${schema} CASCADE`);
}
