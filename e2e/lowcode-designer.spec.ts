import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';
import { addField, createModelInDesigner, releaseFromList, saveDesign } from './lowcode-support.ts';

/**
 * The form designer as an administrator uses it (issue 13): create a model,
 * add an input, a number, a dictionary select, a calculate field and a
 * sub-table with a column, save, release, and see the fields in the preview.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
const stamp = String(Date.now()).slice(-6);

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, 'admin', 'admin123');
});

afterAll(async () => {
  await browser?.close();
});

const add = (type: string) => addField(page, type);

describe('form designer', () => {
  it('designs, saves and releases a model', async () => {
    await createModelInDesigner(page, `设计测试${stamp}`, `designE2e${stamp}`);

    await add('input');
    await add('inputNumber');
    await page.getByTestId('lcd-prop-key').fill('price');
    await add('dicSelect');
    await page.getByTestId('lcd-prop-dictionary').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await add('calculate');
    await page.getByTestId('lcd-prop-expression').fill('price * 2');
    await expect.poll(() => page.getByTestId('lcd-field-props').innerText()).toContain('公式有效');
    await add('table');
    // The sub-table is selected: a click adds the column into it.
    await add('input');
    const table = page.locator('[data-field-type="table"]');
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(1);
    expect(await page.getByTestId('lcd-item').count()).toBe(6);

    // Undo takes the column back, redo restores it.
    await page.getByTestId('lcd-undo').click();
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(0);
    await page.getByTestId('lcd-redo').click();
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(1);

    await screenshot(page, 'lowcode-designer-zh');
    await saveDesign(page);

    await page.getByTestId('lcd-preview').click();
    const preview = page.getByTestId('lcd-preview-dialog');
    await preview.waitFor();
    expect(await preview.locator('.ant-form-item').count()).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Escape');
    await page.getByTestId('lcd-close').click();

    await releaseFromList(page, `designE2e${stamp}`);
    await screenshot(page, 'lowcode-model-list-zh');
  });

  it('shows the designer and the list in English', async () => {
    const en = page;
    await en.goto(`${baseUrl()}/home`);
    await en.getByRole('button', { name: '切换语言' }).click();
    await en.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => en.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await en.goto(`${baseUrl()}/onlineDev/webDesign`);
    await en.getByTestId('wd-page').waitFor();
    await screenshot(en, 'lowcode-model-list-en');
    await en
      .locator('tr', { hasText: `designE2e${stamp}` })
      .getByTestId('wd-design-row')
      .click();
    await en.getByTestId('lcd-designer').waitFor();
    await en.locator('[data-field-type="calculate"]').click();
    await screenshot(en, 'lowcode-designer-en');
  });
});
