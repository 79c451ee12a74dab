import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn, switchLanguage } from './support.ts';

/**
 * Issue 18's elderly story: the village doctor of 东风村 (邓山) opens
 * 老年人健康管理 → 本年未体检, records a resident's annual check (self-care
 * items, screens) and sees the server's band; the worklist shrinks by one and
 * the resident leaves it. A township doctor (徐丽) looks at 老年人健康管理率 by
 * unit with a drill-down and at 随访列表（机构）. Screenshots in zh and en of
 * the three menus, copied to /tmp/team/old/shots.
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/old/shots';

beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

async function shot(page: Page, name: string) {
  // Settled: no table still loading, no toast over the header.
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(500);
  const file = await screenshot(page, `health-elderly-${name}`);
  fs.copyFileSync(file, `${SHOTS}/${name}.png`);
}

const totalOf = async (page: Page) => Number((await page.getByTestId('old-total').innerText()).replace(/\D/g, ''));

/** Picks the option at `index` of a low-code select field inside the dialog. */
async function choose(page: Page, field: string, index: number) {
  await page.locator(`[data-testid="lc-field-${field}"] .ant-select`).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option').nth(index).click();
}

describe('elderly 65+ in the browser', () => {
  it('a village doctor saves a check from 本年未体检 and the worklist shrinks', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'dengshan', 'demo123');
    await page.goto('/health/elderly/old_people_manage');
    await page.getByTestId('old-screen').waitFor();
    const rows = page.getByTestId('old-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const before = await totalOf(page);
    expect(before).toBeGreaterThan(0);
    expect(await page.getByTestId('old-name').first().innerText()).toMatch(/\*/u);
    await shot(page, 'manage-unchecked-zh');

    const button = rows.first().locator('[data-testid^="old-record-"]');
    const residentId = (await button.getAttribute('data-testid'))!.replace('old-record-', '');
    await button.click();
    const dialog = page.getByTestId('old-check-dialog');
    await dialog.getByTestId('lc-field-scMeal').waitFor();
    // 进餐 需要协助 (3) + 梳洗 能独立洗头… (1) + others independent: 4 → 轻度依赖; emotion screen positive.
    await choose(page, 'scMeal', 2);
    await choose(page, 'scGrooming', 1);
    await choose(page, 'scDressing', 0);
    await choose(page, 'scToilet', 0);
    await choose(page, 'scActivity', 0);
    await choose(page, 'cognition', 0);
    await choose(page, 'emotion', 1);
    await expect.poll(() => dialog.getByTestId('old-check-live-score').innerText(), { timeout: 10_000 }).toContain('4');
    await shot(page, 'manage-check-zh');
    await page.getByTestId('old-check-save').click();
    await expect.poll(() => dialog.getByTestId('old-check-result').innerText(), { timeout: 15_000 }).toContain('轻度依赖');
    await shot(page, 'manage-check-result-zh');
    await page.getByTestId('old-check-close').click();

    await expect.poll(() => totalOf(page), { timeout: 15_000 }).toBe(before - 1);
    expect(await page.getByTestId(`old-record-${residentId}`).count()).toBe(0);

    // The resident now shows under 自理能力依赖 and 粗筛阳性.
    await page.getByTestId('old-tab-dependent').click();
    await rows.first().waitFor();
    await shot(page, 'manage-dependent-zh');
    await page.getByTestId('old-tab-positive').click();
    await rows.first().waitFor();
    await page.getByTestId('old-tab-checks').click();
    await rows.first().waitFor();
    await shot(page, 'manage-checks-zh');

    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Not checked this year').first().waitFor();
    await page.getByTestId('old-tab-unchecked').click();
    await rows.first().waitFor();
    await shot(page, 'manage-unchecked-en');
    await rows.first().locator('[data-testid^="old-record-"]').click();
    await dialog.getByTestId('lc-field-scMeal').waitFor();
    await choose(page, 'scToilet', 3);
    await shot(page, 'manage-check-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('old-tab-residents').click();
    await rows.first().waitFor();
    await shot(page, 'manage-residents-en');
    await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);
    await page.context().close();
  });

  it('a township doctor reads 老年人健康管理率 by unit and the follow-up counts by unit', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto('/health/elderly/old_people_manage_org');
    await page.getByTestId('old-kpi-table').waitFor();
    const figure = page.locator('[data-testid^="old-kpi-unchecked-"]:not([disabled])').first();
    await figure.waitFor({ timeout: 30_000 });
    await shot(page, 'org-kpi-zh');
    const expected = Number(await figure.innerText());
    await figure.click();
    const drill = page.getByTestId('old-kpi-drill');
    await drill.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await drill.innerText()).toContain(`共 ${expected} 人`);
    await shot(page, 'org-kpi-drill-zh');
    await page.keyboard.press('Escape');

    await page.goto('/health/followup/treatment_list_org');
    await page.getByTestId('fu-org-table').waitFor();
    const due = page.locator('[data-testid^="fu-org-htn-due-"]:not([disabled])').first();
    await due.waitFor({ timeout: 30_000 });
    await shot(page, 'followup-org-zh');
    await due.click();
    await page.getByTestId('fu-org-drill').locator('tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'followup-org-drill-zh');
    await page.keyboard.press('Escape');

    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Visited').first().waitFor();
    await shot(page, 'followup-org-en');
    await page.goto('/health/elderly/old_people_manage_org');
    await page.locator('[data-testid^="old-kpi-unchecked-"]:not([disabled])').first().waitFor({ timeout: 30_000 });
    await shot(page, 'org-kpi-en');
    await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);
    await page.context().close();
  });
});
