import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * The code generator (issue 14, spec §7.6 Generater) as a developer uses it:
 * the released seeded models listed, a model's code previewed file by file
 * (tree on the left, code on the right) and downloaded as a zip, in Chinese
 * and in English. Screenshots: e2e/screenshots/generator-*.png.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
let token = '';
const api = (method: string, url: string, body?: unknown) => fetchApi(token, method, url, body);

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
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

const screen = () => page.getByTestId('ma-generator-page');
const row = (enCode: string) => screen().locator('tr', { hasText: enCode });

async function openPreview(enCode: string) {
  await row(enCode).getByTestId('ma-gen-preview').click();
  const files = page.getByTestId('ma-gen-files');
  // antd's tree keeps a hidden measuring node first: wait for the code, then for a visible file.
  await page.getByTestId('ma-gen-code').waitFor({ timeout: 30_000 });
  await files.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor({ timeout: 10_000 });
  return files;
}

describe('code generator', () => {
  it('lists the released seeded models and previews the code of one, file by file', async () => {
    await page.goto('/onlineDev/codeGenerator');
    await row('outpatientLog').waitFor({ timeout: 30_000 });
    await expect.poll(() => row('followUpVisit').count()).toBe(1);
    await screenshot(page, 'generator-list-zh');

    const files = await openPreview('outpatientLog');
    // The tree holds the module's files: server, contract, migration, web screens, test.
    for (const name of [
      'outpatient-log.routes.ts',
      'outpatient-log.service.ts',
      'outpatient-log.test.ts',
      'OutpatientLogPage.tsx',
      'messages.ts',
    ]) {
      await expect.poll(() => files.getByText(name, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    await files.getByText('outpatient-log.routes.ts', { exact: true }).click();
    await expect.poll(() => page.getByTestId('ma-gen-path').textContent()).toBe('apps/server/src/modules/system/outpatient-log.routes.ts');
    // The tree marks the file shown.
    await expect.poll(() => files.locator('.ma-gen-file-current').textContent()).toBe('outpatient-log.routes.ts');
    const code = (await page.getByTestId('ma-gen-code').textContent()) ?? '';
    expect(code).toContain("app.get('/system/OutpatientLog', withAccess(moduleAccess(MODULE))");
    expect(code).toContain('body(outpatientLogBody, req)');
    await screenshot(page, 'generator-preview-zh');

    // The same files as a zip, named after the module.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ma-gen-drawer-download').click()]);
    expect(download.suggestedFilename()).toBe('outpatientLog.zip');
    const bytes = await download.createReadStream().then(async (s) => {
      const chunks: Buffer[] = [];
      for await (const c of s) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    });
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    await page.locator('.ma-gen-drawer .ant-drawer-close').click();
  });

  it('shows the screen and the preview in English', async () => {
    expect((await api('PUT', '/api/permission/Users/Current/SystemLanguage', { language: 'en' })).code).toBe(200);
    await page.goto('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await page.goto('/onlineDev/codeGenerator');
    await row('followUpVisit').waitFor({ timeout: 30_000 });
    await expect.poll(() => screen().getByText('Preview code').count()).toBeGreaterThan(0);
    await screenshot(page, 'generator-list-en');
    const files = await openPreview('followUpVisit');
    await files.getByText('FollowUpVisitFormModal.tsx', { exact: true }).click();
    await expect.poll(() => page.getByTestId('ma-gen-code').textContent()).toContain('followUpVisitApi.create(values)');
    expect(await page.locator('.ma-gen-drawer .ant-drawer-title').textContent()).toContain('Code preview');
    await screenshot(page, 'generator-preview-en');
  });
});
