import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn, screenshotFailures } from './support.ts';

/**
 * Files as a person uses them (issue 5): a 60 MB file in chunks, paused near
 * half way and resumed, downloaded again byte-identical; the same file again
 * finishes instantly without sending a chunk; an image shows its thumbnail.
 * Also prints the browser worker's MD5 speed (bench figure).
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-e2e-files-'));
const big = path.join(work, '超声报告-60MB.zip');
const SIZE = 60 * 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
let bigMd5 = '';
const chunkPosts: string[] = [];

// A 16x16 PNG (a real picture: the server checks the magic bytes and the browser must decode it).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABlklEQVR4nBXR4RiFMQiG4Q9hCEMIYQghhDCEEIbwIIQQQgghDOHs9Lu7662+72N8zA/5WB/6YR/7wz/OBx/xkR/10R/34/sGYzAHMlgDHdhgD3xwBgxikIMa9OCOByZjMicyWROd2GRPfHImTGKSk5r05M4HhCFMQYQlqGDCFlw4AkIIKZTQwpUHFmMxF7JYC13YYi98cRYsYpGLWvTirgeUoUxFlKWoYspWXDkKSiiplNLK1QeMYUxDjGWoYcY23DgGRhhplNHGtQc2YzM3slkb3dhmb3xzNmxik5va9ObuB5zhTEec5ahjznbcOQ5OOOmU0871Bw7jMA9yWAc92GEf/HAOHOKQhzr04Z4H/s95534HfCd5S77YL8gb/Zr/FZBQ0HDf679gBDOQYAUaWLADD0782yPIoIIObjyQjGQmkqxEE0t24snJ//BIMqmkk5sPFKOYhRSr0MKKXXhx6h8liiyq6OLWA81oZiPNarSxZjfenP4Hjyabarq5/cBlXOZFLuuiF7vsi1/O/a8Zl7zUpS/38gNq4ZAQG74ASAAAAABJRU5ErkJggg==',
  'base64',
);

const task = (name: string) => page.locator(`li.ma-upload-task[data-name="${name}"]`);
const percentOf = async (name: string) =>
  Number(
    await task(name)
      .getAttribute('data-progress', { timeout: 1000 })
      .catch(() => '0'),
  ) || 0;

beforeAll(async () => {
  const cipher = createCipheriv('aes-256-ctr', randomBytes(32), Buffer.alloc(16));
  const data = cipher.update(Buffer.alloc(SIZE));
  fs.writeFileSync(big, data);
  bigMd5 = md5(data);
  browser = await launch();
  page = await newPage(browser);
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/file/chunk')) chunkPosts.push(r.url());
  });
  await signIn(page, 'admin', 'admin123');
  await page.goto('/file/myFiles');
  await page.locator('[data-testid="chunk-upload-input"]').waitFor({ state: 'attached', timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('file upload', () => {
  it('uploads 60 MB in chunks, pauses about half way, resumes, and downloads it byte-identical', async () => {
    // Loopback is too fast to pause by hand: hold each chunk request back a little, like a slow township line.
    const slow = async (route: import('playwright-core').Route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
      await route.continue().catch(() => undefined);
    };
    await page.route('**/api/file/chunk*', slow);

    const name = path.basename(big);
    await page.locator('[data-testid="chunk-upload-input"]').setInputFiles(big);
    await task(name).waitFor({ timeout: 10_000 });
    await expect.poll(() => task(name).getAttribute('data-status'), { timeout: 60_000 }).toBe('uploading');
    await expect.poll(() => percentOf(name), { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(40);
    await task(name).getByRole('button', { name: '暂停' }).click();
    await expect.poll(() => task(name).getAttribute('data-status')).toBe('paused');
    const pausedAt = await percentOf(name);
    expect(pausedAt).toBeGreaterThanOrEqual(40);
    expect(pausedAt).toBeLessThan(100);
    await screenshot(page, 'file-upload-paused');
    const sentBeforeResume = chunkPosts.length;

    // The server kept what arrived; resuming sends only the rest.
    const status = await page.evaluate(async (id) => {
      const raw = localStorage.getItem('medalliance_token') ?? '""|string';
      const token = JSON.parse(raw.slice(0, raw.lastIndexOf('|'))) as string;
      const q = new URLSearchParams({
        identifier: id,
        totalSize: String(60 * 1024 * 1024),
        chunkSize: '5242880',
        totalChunks: '12',
        fileName: 'x.zip',
        type: 'annex',
      });
      const res = await fetch(`/api/file/chunk?${q}`, { headers: { authorization: token } });
      return (await res.json()) as { data: { chunkNumbers: number[] } };
    }, bigMd5);
    expect(status.data.chunkNumbers.length).toBeGreaterThan(0);
    expect(status.data.chunkNumbers.length).toBeLessThan(12);

    await page.unroute('**/api/file/chunk*', slow);
    await task(name).getByRole('button', { name: '继续' }).click();
    const row = page.locator('li.ma-file-list-item', { hasText: name });
    await row.first().waitFor({ timeout: 60_000 });
    const resent = chunkPosts.length - sentBeforeResume;
    expect(resent).toBeLessThanOrEqual(12 - status.data.chunkNumbers.length + 3);
    await screenshot(page, 'file-upload-done');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      row.first().getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = path.join(work, 'downloaded.bin');
    await download.saveAs(saved);
    expect(md5(fs.readFileSync(saved))).toBe(bigMd5);

    const stats = await page.evaluate(() => window.__md5Stats ?? []);
    for (const s of stats) {
      console.log(
        `browser worker MD5 (${s.engine}, ${s.reader} reads): ${(s.bytes / 1e6 / (s.ms / 1000)).toFixed(0)} MB/s over ${(s.bytes / 1048576).toFixed(0)} MiB ` +
          `(one sample, load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; bench/file-md5-browser.ts for the figure)`,
      );
    }
  });

  it('finishes instantly when the same file is uploaded again', async () => {
    const name = path.basename(big);
    const before = chunkPosts.length;
    const rows = page.locator('li.ma-file-list-item', { hasText: name });
    const count = await rows.count();
    const started = Date.now();
    await page.locator('[data-testid="chunk-upload-input"]').setInputFiles(big);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(count + 1);
    const took = Date.now() - started;
    expect(chunkPosts.length).toBe(before);
    expect(took).toBeLessThan(5_000);
    await screenshot(page, 'file-upload-instant');
  });

  it('resumes after a page reload, sending only the chunks the server lacks', async () => {
    const file = path.join(work, '会诊录像.mp4');
    const cipher = createCipheriv('aes-256-ctr', randomBytes(32), Buffer.alloc(16));
    const data = cipher.update(Buffer.alloc(30 * 1024 * 1024));
    fs.writeFileSync(file, data);
    const name = path.basename(file);
    const slow = async (route: import('playwright-core').Route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 700));
      await route.continue().catch(() => undefined);
    };
    await page.route('**/api/file/chunk*', slow);
    await page.locator('[data-testid="chunk-upload-input"]').setInputFiles(file);
    await expect
      .poll(
        async () =>
          `${await task(name)
            .getAttribute('data-status', { timeout: 1000 })
            .catch(() => 'gone')}:${await percentOf(name)}`,
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toMatch(/^uploading:([3-9]\d)$/);
    await task(name).getByRole('button', { name: '暂停' }).click();
    await expect.poll(() => task(name).getAttribute('data-status')).toBe('paused');
    await page.unroute('**/api/file/chunk*', slow);

    await page.reload();
    await page.locator('[data-testid="chunk-upload-input"]').waitFor({ state: 'attached', timeout: 30_000 });
    const have = await page.evaluate(async (id) => {
      const raw = localStorage.getItem('medalliance_token') ?? '""|string';
      const token = JSON.parse(raw.slice(0, raw.lastIndexOf('|'))) as string;
      const q = new URLSearchParams({
        identifier: id,
        totalSize: String(30 * 1024 * 1024),
        chunkSize: '5242880',
        totalChunks: '6',
        fileName: 'x.mp4',
        type: 'annex',
      });
      const res = await fetch(`/api/file/chunk?${q}`, { headers: { authorization: token } });
      return ((await res.json()) as { data: { chunkNumbers: number[] } }).data.chunkNumbers.length;
    }, md5(data));
    expect(have).toBeGreaterThan(0);
    expect(have).toBeLessThan(6);
    const before = chunkPosts.length;
    await page.locator('[data-testid="chunk-upload-input"]').setInputFiles(file);
    await page.locator('li.ma-file-list-item', { hasText: name }).first().waitFor({ timeout: 60_000 });
    expect(chunkPosts.length - before).toBe(6 - have);
  });

  it('previews a text file in the document preview dialog', async () => {
    const txt = path.join(work, '随访记录.txt');
    fs.writeFileSync(txt, `血压 135/85 mmHg ${randomBytes(8).toString('hex')}\n`);
    await page.locator('[data-testid="chunk-upload-input"]').setInputFiles(txt);
    const row = page.locator('li.ma-file-list-item', { hasText: '随访记录.txt' }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: '预览' }).click();
    const dialog = page.locator('.ma-document-preview');
    await expect.poll(() => dialog.locator('.ant-modal-title').textContent(), { timeout: 10_000 }).toBe('文档预览 - 随访记录.txt');
    const frame = dialog.locator('iframe.ma-preview-frame');
    await frame.waitFor({ timeout: 10_000 });
    expect(await frame.getAttribute('src')).toMatch(/^\/api\/file\/Signed\/\d+\?e=\d+&d=i&s=/);
    await expect
      .poll(async () => (await frame.contentFrame().locator('body').textContent()) ?? '', { timeout: 10_000 })
      .toContain('血压 135/85 mmHg');
    await screenshot(page, 'file-upload-preview');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('shows the thumbnail of an uploaded image', async () => {
    const png = path.join(work, '超声图像.png');
    fs.writeFileSync(png, PNG);
    await page.locator('[data-testid="image-upload-input"]').setInputFiles(png);
    const img = page.locator('.ma-image-upload-item img.ma-image-thumb').first();
    await img.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 20_000 })
      .toBe(16);
    expect(await img.getAttribute('src')).toMatch(/^\/api\/file\/Signed\/\d+\?e=\d+&d=i&s=/);
    await screenshot(page, 'file-upload-image');
  });
});
