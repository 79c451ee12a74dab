import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * The generated page of a model (menu type 3) against the real server: the
 * seeded outpatient log with its sub-table and calculate fields. Create with
 * a prescription row, search (contains and equal), edit, look at the detail,
 * delete; screenshots of the list, the create dialog and the detail in zh and en.
 */
let browser: Browser;
let page: Page;
screenshotFailures(() => browser);

const PATH = '/model/outpatientLog';
const NAME = `测试患者${Date.now() % 100000}`;

const dialog = () => page.locator('.ant-modal:visible');
const rowOf = (text: string) => page.locator('[data-testid="lc-model-page"] .ant-table-tbody tr.ant-table-row', { hasText: text });

async function openList() {
  await page.goto(PATH);
  await page.locator('[data-testid="lc-model-page"] .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
}

async function search(name: string) {
  await page.getByTestId('lc-search-patientName').fill(name);
  await page
    .locator('[data-testid="lc-model-page"] [role="search"]')
    .getByRole('button', { name: /查\s*询|Search/ })
    .click();
}

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, 'admin', 'admin123');
});

afterAll(async () => {
  await browser?.close();
});

describe('a generated model page', () => {
  it('creates, searches, edits, shows and deletes a record with a sub-table row', { timeout: 180_000 }, async () => {
    await openList();
    await screenshot(page, 'lowcode-list-zh');

    // Create: the required fields refuse an empty save with the field named.
    await page.getByTestId('lc-add').click();
    await dialog().getByTestId('lc-save').click();
    await expect.poll(() => dialog().locator('.ant-form-item-explain-error').allTextContents()).toContain('患者姓名不能为空');

    await dialog().locator('[data-testid="lc-field-visitDate"] input').click();
    await page.keyboard.type('2026-11-20');
    await page.keyboard.press('Enter');
    await dialog().locator('[data-testid="lc-field-patientName"] input').fill(NAME);
    await dialog().locator('[data-testid="lc-field-fee"] input').fill('20');

    // A sub-table row: its required cell says so until filled; the line total is calculated (2 × 3.5).
    const table = dialog().getByTestId('lc-table-prescriptions');
    await table.getByRole('button', { name: '添加' }).click();
    await expect.poll(() => table.locator('thead').innerText()).toContain('*药品名称');
    await dialog().getByTestId('lc-save').click();
    await expect.poll(() => table.locator('.lc-cell-msg').first().innerText()).toBe('不能为空');
    const cells = table.locator('tbody tr.ant-table-row').first().locator('input');
    await cells.nth(0).fill('阿莫西林胶囊');
    await cells.nth(1).fill('2');
    await cells.nth(2).fill('3.5');
    await expect.poll(() => cells.nth(3).inputValue(), { timeout: 5_000 }).toBe('7.00');
    await expect.poll(() => table.locator('.ant-table-summary').innerText()).toContain('合计');
    await expect.poll(() => dialog().getByTestId('lc-amount-capital').first().innerText()).toContain('贰拾元');
    await screenshot(page, 'lowcode-create-zh');
    await dialog().getByTestId('lc-save').click();
    await page.getByText('新建成功').waitFor();
    await dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    // Search: contains on the name finds exactly the new record; equal on the department (empty on ours) narrows nothing away.
    await search(NAME.slice(2));
    await expect.poll(() => rowOf(NAME).count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid="lc-model-page"] .ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => rowOf(NAME).innerText()).toContain('27.00'); // total fee: 20 + 7, recomputed by the server

    // Equal: sex 男 on a record without sex finds nothing; reset brings the rows back.
    const sex = page.locator('[data-testid="lc-model-page"] [role="search"] .ant-select').first();
    await sex.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page
      .locator('[data-testid="lc-model-page"] [role="search"]')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => rowOf(NAME).count()).toBe(0);
    await page
      .locator('[data-testid="lc-model-page"] [role="search"]')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect.poll(() => page.locator('[data-testid="lc-model-page"] .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(1);

    // Edit the diagnosis.
    await search(NAME);
    await rowOf(NAME).getByTestId('lc-row-edit').click();
    const diagnosis = dialog().locator('[data-testid="lc-field-diagnosis"] textarea');
    await expect.poll(() => dialog().locator('[data-testid="lc-field-patientName"] input').inputValue()).toBe(NAME);
    await diagnosis.fill('复诊：血压平稳');
    await dialog().getByTestId('lc-save').click();
    await page.getByText('修改成功').waitFor();
    await expect.poll(() => rowOf(NAME).innerText()).toContain('复诊：血压平稳');

    // Detail: display values, the prescription row and its total.
    await rowOf(NAME).getByTestId('lc-row-detail').click();
    const detail = page.getByTestId('lc-detail-dialog');
    await expect.poll(() => detail.getByTestId('lc-detail-patientName').innerText()).toContain(NAME);
    await expect.poll(() => detail.getByTestId('lc-detail-prescriptions').innerText()).toContain('阿莫西林胶囊');
    await expect.poll(() => detail.getByTestId('lc-detail-visitDate').innerText()).toContain('2026-11-20');
    await screenshot(page, 'lowcode-detail-zh');
    await dialog()
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // Delete after the spec's confirmation.
    await rowOf(NAME).getByTestId('lc-row-delete').click();
    await page.locator('.ant-modal-confirm').getByText('此操作将永久删除该数据, 是否继续?').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => rowOf(NAME).count()).toBe(0);
  });

  it('speaks English: list, create dialog and detail', { timeout: 120_000 }, async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await openList();
    await expect.poll(() => page.locator('[data-testid="lc-model-page"]').innerText()).toContain('Search');
    await screenshot(page, 'lowcode-list-en');
    await page.getByTestId('lc-add').click();
    await dialog().getByTestId('lc-table-prescriptions').getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => dialog().getByTestId('lc-table-prescriptions').innerText()).toContain('No.');
    await screenshot(page, 'lowcode-create-en');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-testid="lc-model-page"] .ant-table-tbody tr.ant-table-row').first().getByTestId('lc-row-detail').click();
    await expect.poll(() => page.getByTestId('lc-detail-dialog').innerText()).toContain('Total');
    await screenshot(page, 'lowcode-detail-en');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // Leave the administrator in Chinese for the other specs.
    await page.getByRole('button', { name: /Language|切换语言/ }).click();
    await page
      .getByRole('menuitem', { name: /简体中文|中文/ })
      .first()
      .click();
  });
});
