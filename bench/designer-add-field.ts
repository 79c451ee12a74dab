/**
 * Adding a field in the form designer (issue 13): in Chromium against the
 * built app and the real server, a click on a palette item until the new item
 * is in the canvas's DOM, on a form of 200 fields (goal: under 50 ms), next to
 * the same on a form of 10 fields in the same run.
 *
 *   npx tsx bench/designer-add-field.ts
 *
 * The click is dispatched inside the page and timed there with
 * performance.now(); a MutationObserver on the canvas stops the clock when the
 * new item's node arrives. The second figure, to the next frame, adds the
 * browser's layout and paint. BENCH_WEB_DIST=<folder> uses a build already
 * made; BENCH_PROFILE=1 prints where the 200-field adds spend their time
 * (CPU profile through CDP, self time by function); BENCH_TRACE=1 prints the
 * renderer's main-thread time of those adds by kind (script, style, layout,
 * paint) from a Chrome trace, with the layouts forced inside script apart
 * (BENCH_TRACE=calls also lists the long events); BENCH_RENDERS=1 counts the
 * components each add renders (through React's devtools hook, like React
 * DevTools), by name (BENCH_RENDERS=<n> lists n names); names are readable with an unminified build
 * (vite build --minify false). BENCH_PROFILE=<n> lists n functions.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { login } from './support.ts';
import { startServerProcess, stopServerProcess } from '../apps/server/src/test/server-process.ts';

const RUNS = 20;
const WARMUP = 3;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-bench-designer-'));
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

const { base, server } = await startServerProcess({
  env: { ...process.env, DATA_DIR: path.join(work, 'data'), WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '' },
});

/** A model whose form holds `n` inputs in one row each, made through the Base API; answers its enCode. */
async function modelWith(token: string, n: number): Promise<string> {
  const enCode = `benchAdd${n}`;
  const fields = Array.from({ length: n }, (_, i) => ({ id: `f${i}`, type: 'input', field: `field${i}`, label: `字段 ${i}` }));
  const res = await fetch(`${base}/api/visualdev/Base`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: `设计器 ${n} 字段`,
      enCode,
      category: '',
      webType: 2,
      sortCode: 0,
      formData: { fields },
      columnData: {},
    }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`create model ${enCode}: ${body.msg}`);
  return enCode;
}

/** Opens the designer of a model from the model list and waits for its `n` items. */
async function openDesigner(page: Page, enCode: string, n: number) {
  await page.goto(`${base}/onlineDev/webDesign`);
  await page.getByTestId('wd-page').waitFor();
  await page.locator('tr', { hasText: enCode }).getByTestId('wd-design-row').click();
  await page.getByTestId('lcd-designer').waitFor();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="lcd-item"]').length === count, n);
}

/** One add, timed in the page: click → new item in the DOM, and → the next frame. */
function addOnce(page: Page): Promise<{ dom: number; frame: number }> {
  return page.evaluate(
    () =>
      new Promise<{ dom: number; frame: number }>((resolve) => {
        const canvas = document.querySelector('[data-testid="lcd-canvas"]')!;
        const before = canvas.querySelectorAll('[data-testid="lcd-item"]').length;
        const item = document.querySelector<HTMLElement>('[data-testid="lcd-palette-input"]')!;
        const observer = new MutationObserver(() => {
          if (canvas.querySelectorAll('[data-testid="lcd-item"]').length <= before) return;
          const dom = performance.now() - t0;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve({ dom, frame: performance.now() - t0 })));
        });
        observer.observe(canvas, { childList: true, subtree: true });
        const t0 = performance.now();
        item.click();
      }),
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function measure(page: Page, enCode: string, n: number) {
  await openDesigner(page, enCode, n);
  for (let i = 0; i < WARMUP; i++) await addOnce(page);
  const dom: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await addOnce(page);
    dom.push(r.dom);
    frame.push(r.frame);
  }
  await page.getByTestId('lcd-close').click();
  // Leaving with unsaved changes asks first.
  await page
    .locator('.ant-modal-confirm .ant-btn-primary, .ant-modal-confirm .ant-btn-dangerous')
    .first()
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  return { dom, frame };
}

/** Self time by function over a few adds on the big form (BENCH_PROFILE=1). */
async function profile(page: Page, enCode: string, n: number) {
  await openDesigner(page, enCode, n);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < 10; i++) await addOnce(page);
  const { profile: prof } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = new Map<number, number>();
  prof.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas?.[i] ?? 0)));
  for (const node of prof.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${path.basename(f.url || '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
  }
  console.log('\n  where 10 adds on the 200-field form spend their time (self ms):');
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`    ${ms.toFixed(1).padStart(8)}  ${k}`);
  // Inclusive time by function name (each sample counted once per name on its stack): with an
  // unminified build (vite build --minify false) this names the components that cost.
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of prof.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const total = new Map<string, number>();
  for (const node of prof.nodes) {
    const ms = (dt.get(node.id) ?? 0) / 1000;
    if (!ms) continue;
    const names = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id))
      names.add(byId.get(id)!.callFrame.functionName || '(anonymous)');
    for (const name of names) total.set(name, (total.get(name) ?? 0) + ms);
  }
  console.log('\n  inclusive ms by function name:');
  for (const [k, ms] of [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_PROFILE) > 1 ? Number(process.env.BENCH_PROFILE) : 20))
    console.log(`    ${ms.toFixed(1).padStart(8)}  ${k}`);
}

const LISTED = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'Paint']);

/** Main-thread time of 10 adds on the big form by trace event (BENCH_TRACE=1); forced = layout/style inside script. */
async function trace(page: Page, enCode: string, n: number) {
  await openDesigner(page, enCode, n);
  const cdp = await page.context().newCDPSession(page);
  type Ev = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };
  const events: Ev[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as Ev[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8', transferMode: 'ReportEvents' });
  for (let i = 0; i < 10; i++) await addOnce(page);
  await cdp.send('Tracing.end');
  await done;
  // The renderer's main thread is the one that ran the click.
  const click = events.find((e) => e.name === 'EventDispatch');
  if (!click) return console.log('  no click in the trace');
  const main = events.filter((e) => e.ph === 'X' && e.pid === click.pid && e.tid === click.tid && e.dur !== undefined);
  const script = main.filter((e) => e.name === 'EventDispatch' || e.name === 'FunctionCall' || e.name === 'RunMicrotasks');
  const inScript = (e: Ev) => script.some((s) => s !== e && s.ts <= e.ts && e.ts + e.dur! <= s.ts + s.dur!);
  const sum = new Map<string, number>();
  for (const e of main) {
    const kind = ['Layout', 'UpdateLayoutTree'].includes(e.name) && inScript(e) ? `${e.name} (forced in script)` : e.name;
    sum.set(kind, (sum.get(kind) ?? 0) + e.dur! / 1000);
  }
  console.log('\n  main-thread time of 10 adds on the 200-field form by event (ms, nested events counted in their parents too):');
  for (const [k, ms] of [...sum].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`    ${ms.toFixed(1).padStart(8)}  ${k}`);
  if (process.env.BENCH_TRACE === 'calls') {
    const t0 = click.ts;
    for (const e of main.filter((x) => x.dur! > 1500 && LISTED.has(x.name)))
      console.log(
        `    ${((e.ts - t0) / 1000).toFixed(1).padStart(9)} +${(e.dur! / 1000).toFixed(1).padStart(6)}  ${e.name} ${JSON.stringify((e as { args?: { data?: unknown } }).args?.data ?? '').slice(0, 140)}`,
      );
  }
}

/**
 * Installed before the app loads: React reports each commit to the devtools
 * hook; this walks the committed tree the way React DevTools does (a subtree
 * whose child list is the previous one was skipped) and counts the components
 * that rendered, by name, into window.__renders.
 */
function countRenders() {
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  type Fiber = {
    tag: number;
    flags: number;
    type: { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | string | null;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  };
  const w = window as unknown as { __renders: Record<string, number>[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  w.__renders = [];
  const nameOf = (f: Fiber) => {
    const t = f.type;
    if (!t || typeof t === 'string') return String(t);
    return t.displayName || t.name || t.render?.name || t.type?.name || '(anonymous)';
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      const counts: Record<string, number> = {};
      const walk = (f: Fiber) => {
        if (COMPONENT_TAGS.has(f.tag) && (!f.alternate || (f.flags & PERFORMED_WORK) !== 0)) {
          const name = nameOf(f);
          counts[name] = (counts[name] ?? 0) + 1;
        }
        if (f.alternate && f.child === f.alternate.child) return;
        for (let c = f.child; c; c = c.sibling) walk(c);
      };
      walk(root.current);
      w.__renders.push(counts);
    },
  };
}

/** Components rendered by each of 5 adds on the big form (BENCH_RENDERS=1). */
async function renders(browser: Browser, enCode: string, n: number) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page.on('dialog', (d) => void d.accept());
  // tsx compiles nested named functions with a __name helper that the page does not have.
  await page.addInitScript('globalThis.__name ??= (f) => f;');
  await page.addInitScript(countRenders);
  await signIn(page);
  await openDesigner(page, enCode, n);
  await page.waitForTimeout(500);
  console.log(`\n  components rendered per add on the ${n}-field form (all commits of the add, by name):`);
  for (let i = 0; i < 5; i++) {
    await page.evaluate(() => ((window as unknown as { __renders: unknown[] }).__renders = []));
    await addOnce(page);
    await page.waitForTimeout(300);
    const commits = await page.evaluate(() => (window as unknown as { __renders: Record<string, number>[] }).__renders);
    const byName = new Map<string, number>();
    for (const c of commits) for (const [k, v] of Object.entries(c)) byName.set(k, (byName.get(k) ?? 0) + v);
    const total = [...byName.values()].reduce((a, b) => a + b, 0);
    const top = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_RENDERS) > 1 ? Number(process.env.BENCH_RENDERS) : 12)
      .map(([k, v]) => `${k} ${v}`);
    console.log(`    add ${i + 1}: ${total} in ${commits.length} commit(s): ${top.join(', ')}`);
  }
  await page.close();
}

async function signIn(page: Page) {
  await page.goto(`${base}/login`);
  await page.locator('input#account, input[name="account"]').first().fill('admin');
  await page.locator('input[type="password"]').first().fill('admin123');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

try {
  const token = await login(base, 'admin', 'admin123');
  const small = await modelWith(token, 10);
  const big = await modelWith(token, 200);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page.on('dialog', (d) => void d.accept());
  await signIn(page);

  const baseline = await measure(page, small, 10);
  const target = await measure(page, big, 200);
  const line = (what: string, r: { dom: number[]; frame: number[] }) =>
    console.log(
      `  ${what.padEnd(28)} ${pct(r.dom, 50).toFixed(1).padStart(8)} ${pct(r.dom, 90).toFixed(1).padStart(8)} ${pct(r.frame, 50).toFixed(1).padStart(12)} ${pct(r.frame, 90).toFixed(1).padStart(10)}`,
    );
  console.log(`\nAdd a field by click (${RUNS} adds after ${WARMUP} warm-up, ms)   DOM p50  DOM p90  frame p50  frame p90`);
  line('baseline: form of 10 fields', baseline);
  line('form of 200 fields', target);
  const p50 = pct(target.dom, 50);
  console.log(`  goal: under 50 ms on 200 fields -> ${p50 < 50 ? 'met' : 'missed'} (p50 ${p50.toFixed(1)} ms)`);
  if (process.env.BENCH_PROFILE) await profile(page, big, 200);
  if (process.env.BENCH_TRACE) await trace(page, big, 200);
  if (process.env.BENCH_RENDERS) await renders(browser, big, 200);
  await browser.close();
} finally {
  await stopServerProcess(server);
  fs.rmSync(work, { recursive: true, force: true });
}
