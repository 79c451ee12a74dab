import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * Notice administration end to end (issue 16, spec §2.5, §7.2): the
 * administrator writes a notice with the rich-text editor and an attachment
 * and releases it after the confirmation; a doctor signed in in a second
 * browser context sees the badge rise without a reload, opens the notice
 * from the drawer in the 80 % dialog (HTML and attachment shown), and the
 * badge goes down; the publisher's read receipts show the read. Screenshots
 * in Chinese and English.
 */
let browser: Browser;
screenshotFailures(() => browser);

async function badge(page: Page): Promise<number> {
  const count = page.locator('[data-testid="ma-msg-bell"] .ant-badge-count');
  if (!(await count.count())) return 0;
  return Number((await count.getAttribute('title')) ?? '0');
}

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const res = await call(page, await tokenOf(page), 'PUT', '/api/permission/Users/Current/SystemLanguage', { language });
  expect(res.code, res.msg).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('notices', () => {
  it('released by the administrator, received live by another user, read in the 80 % dialog (zh)', { timeout: 240_000 }, async () => {
    const reader = await newPage(browser);
    await signIn(reader, 'liuyang', 'demo123');
    // The seeded notices (to everyone) are there on a fresh start.
    await expect.poll(() => badge(reader), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await badge(reader);

    const admin = await newPage(browser);
    await signIn(admin, 'admin', 'admin123');
    await admin.goto('/system/notice');
    const pageEl = admin.getByTestId('ma-notice-page');
    await pageEl.waitFor();
    await expect.poll(() => pageEl.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect(await pageEl.innerText()).toContain('信息系统升级维护公告');
    await shot(admin, 'notice-admin-zh');

    const title = `门诊楼电梯检修通知 ${Date.now() % 100000}`;
    await admin.getByTestId('ma-notice-add').click();
    const form = admin.locator('.ant-modal', { has: admin.getByTestId('ma-notice-title') });
    await form.waitFor();
    await form.getByTestId('ma-notice-title').fill(title);
    await form.locator('.ql-editor').click();
    await admin.keyboard.type('门诊楼 2 号电梯将于本周四停用检修，请绕行。');
    await admin.keyboard.press('Control+A');
    await admin.keyboard.press('Control+B');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'notice-')), '检修安排.txt');
    fs.writeFileSync(file, `检修安排（示例）${Date.now()}\n`);
    await form.locator('[data-testid="chunk-upload-input"]').setInputFiles(file);
    await expect.poll(() => form.locator('.ma-file-list-item').count(), { timeout: 30_000 }).toBe(1);
    await shot(admin, 'notice-form-zh');
    await form.getByTestId('ma-notice-save-release').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(title);
    await confirm.locator('.ant-btn-primary').click();
    await expect.poll(() => pageEl.locator('.ant-table-row', { hasText: title }).innerText(), { timeout: 15_000 }).toContain('已发布');

    // The reader's badge rises without a reload.
    await expect.poll(() => badge(reader), { timeout: 15_000 }).toBe(before + 1);

    // Opened from the drawer: the 80 % dialog with the HTML and the attachment; the badge goes down.
    await reader.getByTestId('ma-msg-bell').click();
    const drawer = reader.getByTestId('ma-msg-drawer');
    await drawer.waitFor();
    const item = drawer.getByTestId('ma-msg-item').first();
    await expect.poll(() => item.innerText(), { timeout: 15_000 }).toContain(title);
    await item.click();
    const dialog = reader.locator('.ant-modal').filter({ has: reader.getByTestId('ma-notice-body') });
    await dialog.waitFor();
    expect(await dialog.getByTestId('ma-notice-body').locator('strong').innerText()).toContain('电梯');
    await expect.poll(async () => Math.round((((await dialog.boundingBox())?.width ?? 0) / 1440) * 100), { timeout: 10_000 }).toBe(80);
    await dialog.getByTestId('ma-notice-files').getByText('检修安排.txt').waitFor();
    await expect.poll(() => badge(reader), { timeout: 15_000 }).toBe(before);
    await shot(reader, 'notice-dialog-zh');

    // The publisher's receipts: the reader has read it.
    await pageEl.locator('.ant-table-row', { hasText: title }).getByTestId('ma-notice-receipts-link').click();
    const receipts = admin.getByTestId('ma-notice-receipts');
    await receipts.waitFor();
    await expect.poll(() => receipts.getByTestId('ma-notice-receipts-filter').innerText(), { timeout: 15_000 }).toContain('已读 1');
    await receipts.locator('.ant-segmented-item', { hasText: '已读' }).click();
    await expect.poll(() => receipts.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await receipts.locator('.ant-table-row').innerText()).toContain('liuyang');
    await shot(admin, 'notice-receipts-zh');

    // Released: the server refuses an edit (409) and the list offers none.
    const id = (await call(admin, await tokenOf(admin), 'GET', `/api/message/Notice?keyword=${encodeURIComponent(title)}`)).data.list[0].id;
    const edit = await call(admin, await tokenOf(admin), 'PUT', `/api/message/${id}`, { title: 'x' });
    expect(edit.status).toBe(409);
    // A doctor is refused the administration API.
    const denied = await call(reader, await tokenOf(reader), 'GET', '/api/message/Notice');
    expect(denied.status).toBe(403);
    await reader.context().close();
    await admin.context().close();
  });

  it('speaks English: the administration page, the form and the dialog (en)', { timeout: 120_000 }, async () => {
    const admin = await newPage(browser, { locale: 'en-US' });
    await signIn(admin, 'admin', 'admin123');
    await setLanguage(admin, 'en');
    try {
      await admin.goto('/system/notice');
      const pageEl = admin.getByTestId('ma-notice-page');
      await pageEl.waitFor();
      await expect.poll(() => pageEl.innerText(), { timeout: 15_000 }).toContain('Released');
      await shot(admin, 'notice-admin-en');
      await pageEl.getByTestId('ma-notice-row-title').first().click();
      const dialog = admin.locator('.ant-modal').filter({ has: admin.getByTestId('ma-notice-body') });
      await dialog.waitFor();
      await expect.poll(async () => Math.round((((await dialog.boundingBox())?.width ?? 0) / 1440) * 100), { timeout: 10_000 }).toBe(80);
      await shot(admin, 'notice-dialog-en');
      await admin.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await admin.getByTestId('ma-notice-add').click();
      const form = admin.locator('.ant-modal', { has: admin.getByTestId('ma-notice-title') });
      await form.waitFor();
      await form.locator('.ant-radio-wrapper', { hasText: 'Chosen' }).click();
      await form.getByText('Organizations (with sub-organizations)').waitFor();
      await form.getByTestId('ma-notice-save').click();
      await form.getByText('Enter a title').waitFor();
      await shot(admin, 'notice-form-en');
    } finally {
      await setLanguage(admin, 'zh');
      await admin.context().close();
    }
  });
});
