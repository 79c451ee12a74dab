import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MenuNode } from '@medalliance/contract';
import { buildMenuRoutes } from '../apps/web/src/app/router/menuRoutes.ts';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * Every screen the administrator's menu reaches opens cleanly, in Chinese and
 * in English: no uncaught error, no console error, no failed API call (HTTP
 * status ≥ 400 or an envelope code other than 200), no message key showing
 * instead of its text, and something on the screen. Menus added later are
 * walked without touching this file. Screenshots: e2e/screenshots/walk-*.png.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
let token = '';
const api = (method: string, url: string, body?: unknown) => fetchApi(token, method, url, body);

const root = path.resolve(import.meta.dirname, '..');

/** Every message key of the web app (messages.ts files and the shared locales). */
function messageKeys(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name === 'messages.ts' || full.includes(`${path.sep}locales${path.sep}`)) files.push(full);
    }
  };
  visit(path.join(root, 'apps/web/src'));
  const keys = files.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/["']((?:[a-zA-Z]+\.)+[a-zA-Z@]+)["']:/g)].map((m) => m[1]!),
  );
  return [...new Set(keys)];
}
const KEYS = messageKeys();

interface Trouble {
  consoleErrors: string[];
  pageErrors: string[];
  failedCalls: string[];
}
const trouble: Trouble = { consoleErrors: [], pageErrors: [], failedCalls: [] };

/** The in-app paths of the administrator's menu, as the shell builds them. */
async function menuPaths(): Promise<{ path: string; enCode: string }[]> {
  const current = await api('GET', '/api/oauth/CurrentUser');
  expect(current.code).toBe(200);
  const { menuList } = current.data as { menuList: MenuNode[] };
  const table = buildMenuRoutes(menuList);
  return Object.values(table.routes)
    .filter((r) => !(r.meta.frameSrc && /^https?:/i.test(r.meta.frameSrc))) // other sites: no network here
    .map((r) => ({ path: r.path, enCode: r.meta.enCode ?? r.path }));
}

async function settle(p: Page) {
  await p.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await p
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
}

async function walk(lang: 'zh' | 'en') {
  const paths = await menuPaths();
  expect(paths.length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const { path: route, enCode } of paths) {
    trouble.consoleErrors.length = trouble.pageErrors.length = trouble.failedCalls.length = 0;
    await page.goto(route);
    await settle(page);
    const main = page.locator('#ma-main');
    const text = (await main.innerText().catch(() => '')).trim();
    const frames = await main.locator('iframe').count();
    const keys = KEYS.filter((k) => text.includes(k));
    const where = `${lang} ${route}`;
    if (!text && !frames) problems.push(`${where}: empty screen`);
    if (keys.length) problems.push(`${where}: untranslated ${keys.join(', ')}`);
    for (const e of trouble.pageErrors) problems.push(`${where}: uncaught ${e}`);
    for (const e of trouble.consoleErrors) problems.push(`${where}: console ${e}`);
    for (const e of trouble.failedCalls) problems.push(`${where}: ${e}`);
    await screenshot(page, `walk-${lang}-${enCode.replace(/[^\w.-]+/g, '_')}`);
  }
  console.log(`walked ${paths.length} screens in ${lang}; ${problems.length} problems`);
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  page.on('console', (m) => {
    if (m.type() === 'error') trouble.consoleErrors.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => trouble.pageErrors.push(String(e).slice(0, 300)));
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (res.status() >= 400) {
      trouble.failedCalls.push(`${res.request().method()} ${url.pathname} → HTTP ${res.status()}`);
      return;
    }
    if (!(res.headers()['content-type'] ?? '').includes('application/json')) return;
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if (body && typeof body.code === 'number' && body.code !== 200)
      trouble.failedCalls.push(`${res.request().method()} ${url.pathname} → code ${body.code} ${body.msg ?? ''}`);
  });
  await signIn(page, 'admin', 'admin123');
  token = await page.evaluate(() => {
    const raw = localStorage.getItem('medalliance_token') ?? '""|string';
    return JSON.parse(raw.slice(0, raw.lastIndexOf('|'))) as string;
  });
});

afterAll(async () => {
  // The language is the user's own setting on the server: leave the administrator in Chinese.
  if (token) await api('PUT', '/api/permission/Users/Current/SystemLanguage', { language: 'zh' });
  await browser?.close();
});

describe('every menu of the administrator', () => {
  it('opens cleanly in Chinese', { timeout: 600_000 }, async () => {
    await walk('zh');
  });

  it('opens cleanly in English', { timeout: 600_000 }, async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await walk('en');
  });
});
