/**
 * How much JavaScript and CSS the first screens load, measured in Chromium
 * against the real built app and the compiled server, next to the baseline of
 * the whole app's JavaScript and CSS.
 *
 *   npm run build -w apps/web && npx tsx bench/web-first-screen.ts
 *
 * For the JavaScript and CSS files the page actually requested: their raw
 * size, their gzip size computed here, and the bytes that really travelled
 * (the server sends the build's precompressed Brotli variant to browsers that
 * accept it). Goals: /login at most 150 KB over the wire, sign-in then home at
 * most 350 KB. BENCH_VERBOSE=1 lists each file.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, waitForServer } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('build the web app first: npm run build -w apps/web');

const gz = (file: string) => gzipSync(fs.readFileSync(file)).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-web-'));
if (spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
  throw new Error('server build failed');
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitForServer(base, 60);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage();
  const loaded = new Set<string>();
  const wire = new Map<string, number>();
  page.on('requestfinished', async (r) => {
    const u = new URL(r.url());
    if (!/\.(js|css)$/.test(u.pathname)) return;
    loaded.add(u.pathname);
    wire.set(u.pathname, (await r.sizes()).responseBodySize);
  });
  const sizeOf = (set: Set<string>) => [...set].reduce((n, p) => n + gz(path.join(dist, p)), 0);
  const rawOf = (set: Set<string>) => [...set].reduce((n, p) => n + fs.statSync(path.join(dist, p)).size, 0);
  const wireOf = (set: Set<string>) => [...set].reduce((n, p) => n + (wire.get(p) ?? 0), 0);

  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  // The form renders after the page's own chunks load: wait for it, then for the network to settle.
  await page.locator('input[type=password]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const login = new Set(loaded);
  await page.locator('input[type=password]').first().fill('admin123');
  await page.locator('input:not([type=password])').first().fill('admin');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/home');
  await page.waitForLoadState('networkidle');
  const home = new Set(loaded);
  await browser.close();

  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const whole = all.reduce((n, f) => n + gz(path.join(dist, 'assets', f)), 0);
  const rows = [
    ['/login', login],
    ['/login then /home', home],
  ] as const;
  console.log('\nJavaScript and CSS loaded   files        raw       gzip   over the wire   gzip vs baseline');
  for (const [what, set] of rows)
    console.log(
      `  ${what.padEnd(24)} ${String(set.size).padStart(5)} ${kb(rawOf(set)).padStart(10)} ${kb(sizeOf(set)).padStart(10)} ${kb(wireOf(set)).padStart(15)} ${((sizeOf(set) / whole) * 100).toFixed(0).padStart(17)} %`,
    );
  if (process.env.BENCH_VERBOSE)
    for (const [what, set] of rows) {
      console.log(`\n  ${what}:`);
      for (const p of [...set].sort((a, b) => (wire.get(b) ?? 0) - (wire.get(a) ?? 0)))
        console.log(`    ${kb(wire.get(p) ?? 0).padStart(10)}  ${p}`);
    }
  console.log(`  baseline: every JS and CSS file of the app (${all.length} files), gzip ${kb(whole)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
