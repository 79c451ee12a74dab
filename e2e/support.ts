import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';

/** Shared pieces of the browser tests: Debian's Chromium, sign-in, screenshots. */
export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // The machine has no outside network: keep Chromium from trying.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number; locale?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'zh-CN',
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  // The app warns before leaving a page (beforeunload); a test navigating on accepts it.
  page.on('dialog', (d) => void d.accept());
  return page;
}

/** Signs in through the real login form and waits for the shell. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input#account, input[name="account"]').first().fill(account);
  await page.locator('input#password, input[name="password"], input[type="password"]').first().fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

const shots = path.resolve(import.meta.dirname, 'screenshots');

/** Saves a screenshot under e2e/screenshots/ to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * After a failed test, a screenshot of every page the browser still has open
 * (e2e/screenshots/failure-<test>-<n>.png): what the screen showed when a wait ran out.
 */
export function screenshotFailures(browser: () => Browser | undefined): void {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const pages = (browser()?.contexts() ?? []).flatMap((c) => c.pages()).filter((p) => !p.isClosed());
    const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 60);
    for (const [i, page] of pages.entries()) {
      const file = await screenshot(page, `failure-${name}-${i}`).catch(() => 'no screenshot');
      // CI keeps only the log: say where each page was and which dialogs were open.
      const dialogs = await page
        .locator('.ant-modal:visible .ant-modal-title')
        .allTextContents()
        .catch(() => []);
      console.log(`after the failure, page ${i} was at ${page.url()} with dialogs ${JSON.stringify(dialogs)}: ${file}`);
    }
  });
}

/** The session token the app keeps in localStorage (stored as `"<token>"|string`). */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('medalliance_token') ?? '""|string';
    return JSON.parse(raw.slice(0, raw.lastIndexOf('|'))) as string;
  });
}

/** An API answer: the envelope plus the HTTP status. */
export type Answer = { status: number; code: number; msg: string; data: any };

/** One API call with the page's cookies and the given token. */
export async function call(page: Page, token: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: token, 'jnpf-origin': 'pc', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  return { status: res.status(), ...json };
}

/** One API call from the test process itself (no page), with a token. */
export async function fetchApi(token: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  return { status: res.status, ...json };
}

/** Switches the interface language from the top bar and waits for the menu to close. */
export async function switchLanguage(page: Page, from: string | RegExp, to: RegExp): Promise<void> {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await page.mouse.move(700, 880);
  await page
    .locator('.ant-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}
