import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { login } from '../apps/server/src/test/server-process.ts';
import { baseUrl, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * The product opened by an intranet host name over plain HTTP (issue 12), as
 * a township clinic reaches the county server: `http://medalliance.intranet:<port>`.
 * Browsers exempt only localhost from upgrade-insecure-requests; at any other
 * name a CSP carrying it made Chromium fetch /assets over https and the page
 * stayed blank. Chromium maps the made-up name to 127.0.0.1, so all traffic
 * stays on loopback.
 */
const HOST = 'medalliance.intranet';
const ACCOUNT = 'tianye';
const PASSWORD = 'demo123';

// A 16x16 PNG the browser must decode (naturalWidth > 0 proves the stored file arrived).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABq0lEQVR4nAXBEQIAIRRAwT3EO1gYhmEYfvwYhmEYhmEYhmHYEXbmI05kopM0yZMyqZM26ZMxmZM12ZMzuZM3P+JABjpIgzwogzpogz4YgzlYgz04gzt44yN2pKOd1Mmd0qmd1umd0Zmd1dmd07md1z9iQxraSI3cKI3aaI3eGI3ZWI3dOI3beO0jVqSilVTJlVKplVbplVGZlVXZlVO5lVc/YkEKWkiFXCiFWmiFXhiFWViFXTiFW3jlI2Yko5mUyZmSqZmW6ZmRmZmV2ZmTuZmXP2JCEppIiZwoiZpoiZ4YiZlYiZ04iZt46SMqoqiSlKwUpSpN6cpQprKUrRzlKk8/oiCCCknIQhGq0IQuDGEKS9jCEa7w5CNGJKKRFMmREqmRFumREZmRFdmRE7mRFz9iQAIaSIEcKIEaaIEeGIEZWIEdOIEbeOEjesSjnuTJnuKpnubpnuGZnuXZnuO5nuc/okMc6kiO7CiO6miO7hiO6ViO7TiO63juI1rEopZkyZZiqZZm6ZZhmZZl2ZZjuZZnP6JBDGpIhmwohmpohm4YhmlYhm04hmt45gfXSlQQaIF7FAAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
let origin: string;
const requested: string[] = [];
const failed: string[] = [];

/** Uploads the avatar and points the user's profile at it, over the API (loopback). */
async function giveAvatar(): Promise<void> {
  const token = await login(baseUrl(), ACCOUNT, PASSWORD);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'intranet-avatar.png');
  const up = await fetch(`${baseUrl()}/api/file/Uploader/userAvatar`, { method: 'POST', headers: { authorization: token }, body: form });
  const uploaded = (await up.json()) as { code: number; msg: string; data: { name: string } };
  expect(uploaded.code, uploaded.msg).toBe(200);
  const set = await fetch(`${baseUrl()}/api/permission/Users/Current/Avatar/${encodeURIComponent(uploaded.data.name)}`, {
    method: 'PUT',
    headers: { authorization: token },
  });
  expect(((await set.json()) as { code: number }).code).toBe(200);
}

beforeAll(async () => {
  origin = `http://${HOST}:${new URL(baseUrl()).port}`;
  await giveAvatar();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // No outside network on the test machine; the intranet name resolves to loopback only.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'].concat([
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ]),
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: origin });
  page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  page.on('request', (r) => requested.push(r.url()));
  page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
});

afterAll(async () => {
  await browser?.close();
});

describe(`the product at http://${HOST}`, () => {
  it('answers the page without HSTS or upgrade-insecure-requests', async () => {
    const res = await page.goto('/login');
    expect(res?.status()).toBe(200);
    const headers = res!.headers();
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await page.locator('input#account, input[name="account"]').first().waitFor({ timeout: 30_000 });
  });

  it('signs in, shows the home page and the stored avatar, and never asks for https', async () => {
    await signIn(page, ACCOUNT, PASSWORD);
    expect(new URL(page.url()).origin).toBe(origin);
    await page.locator('.ma-shell').waitFor({ timeout: 30_000 });
    await page.locator('.ma-home').waitFor({ timeout: 30_000 });
    // The top bar's avatar: a signed link to the stored file, decoded by the browser.
    const avatar = page
      .locator('.ma-shell img')
      .filter({ has: page.locator('xpath=self::img[contains(@src, "/api/file/")]') })
      .first();
    await avatar.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await avatar.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).origin)).toBe(origin);
    await screenshot(page, 'intranet-host-home');

    const ours = requested.filter((u) => u.includes(HOST));
    expect(ours.some((u) => u.includes('/assets/'))).toBe(true);
    expect(requested.filter((u) => u.startsWith(`https://${HOST}`) || u.startsWith(`wss://${HOST}`))).toEqual([]);
    expect(failed).toEqual([]);
  });
});
