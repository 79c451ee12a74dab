import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * A dictionary page (menu type 4, issue 14): the seeded dictDemo menu opens the
 * gender dictionary. The administrator adds an item (after the form's own
 * validation messages), disables it, drags it to the top, and deletes it; the
 * county doctor holds the menu without its buttons and sees it read-only.
 * Screenshots: e2e/screenshots/dictionary-page-*.png.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
let token = '';
const api = (method: string, url: string, body?: unknown) => fetchApi(token, method, url, body);
const PATH = '/dictionary/dictDemo';
const stamp = String(Date.now()).slice(-6);
const NAME = `E2E性别${stamp}`;

const table = () => page.getByTestId('ma-dict-view-table');
const rowOf = (p: Page, text: string) => p.getByTestId('ma-dict-view-table').locator('.ant-table-row', { hasText: text });
const firstRowName = () => table().locator('.ant-table-row').first().locator('td').nth(1).innerText();

/** Drags a row by its handle onto another row, with the pointer (dnd-kit starts after 4 px). */
async function drag(handle: Locator, onto: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 8, { steps: 3 });
  await page.mouse.move(x, to.y + 4, { steps: 20 });
  await page.mouse.up();
}

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

describe('the dictDemo dictionary page', () => {
  it('adds, disables, reorders and deletes an item under the menu buttons', { timeout: 120_000 }, async () => {
    await page.goto(PATH);
    await rowOf(page, '男').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('ma-dict-view-title').innerText()).toBe('性别');
    await screenshot(page, 'dictionary-page-zh');

    // Add: the form says what is missing before anything is sent.
    await page.getByTestId('ma-dict-view-add').click();
    const modal = page.locator('.ant-modal.ma-dict-data-modal');
    await modal.locator('input#fullName').waitFor();
    await modal.locator('input#enCode').press('Enter');
    await expect
      .poll(() => modal.locator('.ant-form-item-explain-error').allInnerTexts())
      .toEqual(expect.arrayContaining(['请输入数据名称', '请输入数据编码']));
    await modal.locator('input#enCode').fill('bad code!');
    await expect
      .poll(() => modal.locator('.ant-form-item-explain-error').allInnerTexts())
      .toContain('编码只能输入英文、数字和小数点且小数点不能放在首尾');
    await screenshot(page, 'dictionary-page-form-zh');
    await modal.locator('input#fullName').fill(NAME);
    await modal.locator('input#enCode').fill(`e2e${stamp}`);
    await modal.locator('.ant-input-number input').fill('99');
    await modal.locator('input#enCode').press('Enter');
    await modal.waitFor({ state: 'hidden' });
    const row = rowOf(page, NAME);
    await row.waitFor();
    expect(await table().locator('.ant-table-row').last().innerText()).toContain(NAME);

    // Disable: the switch saves at once, and a reload shows it kept.
    const toggle = row.locator('.ant-switch');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');

    // Reorder: drag the new item above the first one.
    await drag(row.locator('.ma-dict-drag'), table().locator('.ant-table-row').first());
    await expect.poll(firstRowName, { timeout: 15_000 }).toBe(NAME);
    await page.reload();
    await rowOf(page, NAME).waitFor({ timeout: 30_000 });
    expect(await firstRowName()).toBe(NAME);
    expect(await rowOf(page, NAME).locator('.ant-switch').getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'dictionary-page-sorted-zh');

    // Delete, after the confirmation naming the item.
    await rowOf(page, NAME)
      .getByRole('button', { name: /删\s?除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.innerText()).toContain(NAME);
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await rowOf(page, NAME).waitFor({ state: 'detached' });
    expect(await firstRowName()).toBe('未知的性别');
  });

  it('is read-only for the county doctor, who holds the menu without its buttons', { timeout: 60_000 }, async () => {
    const viewer = await newPage(browser);
    await signIn(viewer, 'zhangwei', 'demo123');
    await viewer.goto(PATH);
    await rowOf(viewer, '男').waitFor({ timeout: 30_000 });
    await viewer.getByText('只读', { exact: true }).waitFor();
    expect(await viewer.getByTestId('ma-dict-view-add').count()).toBe(0);
    expect(await viewer.locator('.ma-dict-drag').count()).toBe(0);
    expect(await viewer.locator('[data-testid="ma-dict-view-table"] .ant-switch').count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /编\s?辑|删\s?除/ }).count()).toBe(0);
    await screenshot(viewer, 'dictionary-page-readonly-zh');
    await viewer.context().close();
  });

  it('speaks English', { timeout: 60_000 }, async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await page.goto(PATH);
    await rowOf(page, 'Male').or(rowOf(page, '男')).first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New item' }).waitFor();
    await screenshot(page, 'dictionary-page-en');
    await page.getByTestId('ma-dict-view-add').click();
    const modal = page.locator('.ant-modal.ma-dict-data-modal');
    await modal.locator('input#enCode').press('Enter');
    await expect.poll(() => modal.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('Please enter Item name');
    await screenshot(page, 'dictionary-page-form-en');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    // The empty state of a search without hits.
    await page.getByTestId('ma-dict-view-keyword').fill('no-such-item');
    await page.getByTestId('ma-dict-view-keyword').press('Enter');
    await page.getByText('No items match "no-such-item"').waitFor();
    await screenshot(page, 'dictionary-page-empty-en');
  });
});
