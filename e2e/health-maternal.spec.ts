import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn, switchLanguage } from './support.ts';

/**
 * Issue 18's maternal story: the township doctor of 城关镇 (徐丽) looks at the
 * maternal worklists, registers a woman of her units whose last menstrual
 * period was 11 weeks ago, records her first antenatal visit today (11+0
 * weeks) and sees the next window, 16–20 weeks, with its dates; then the
 * record, the early-registration list and the KPIs by unit with a drill-down.
 * Screenshots in zh and en.
 */
let browser: Browser | undefined;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

describe('maternal care in the browser', () => {
  it('a township doctor records a first visit at 11 weeks and sees the 16–20 week window with its dates', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto('/health/maternal/parturient_follow');
    await page.getByTestId('mat-follow').waitFor();
    await page.getByTestId('mat-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('mat-name').first().innerText()).toMatch(/\*/u);
    await page.waitForTimeout(600);
    await screenshot(page, 'health-maternal-follow-zh');
    await page.getByTestId('mat-tab-earlyMissing').click();
    await page.getByTestId('mat-early-reason').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(600);
    await screenshot(page, 'health-maternal-early-zh');

    // Register a woman with her LMP 77 days ago.
    await page.goto('/health/maternal/parturient_case');
    await page.getByTestId('mat-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-case-zh');
    await page.getByTestId('mat-register').click();
    await page.locator('.mat-register-resident').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 20_000 });
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const lmp = today - 77 * DAY;
    await page.locator('.mat-register-lmp input').click();
    await page.locator('.mat-register-lmp input').fill(iso(lmp));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('mat-register-computed').innerText(), { timeout: 10_000 }).toContain('11+0');
    expect(await page.getByTestId('mat-register-computed').innerText()).toContain(iso(lmp + 280 * DAY));
    await screenshot(page, 'health-maternal-register-zh');
    await page.getByTestId('mat-register-ok').click();

    // The record opens; record the first visit from it.
    const drawer = page.getByTestId('mat-drawer');
    await drawer.getByTestId('mat-drawer-gestation').waitFor({ timeout: 15_000 });
    expect(await drawer.getByTestId('mat-drawer-gestation').innerText()).toContain('11+0');
    await drawer.getByTestId('mat-drawer-visit').click();
    const dialog = page.getByTestId('mat-visit-dialog');
    await dialog.getByTestId('mat-live-gestation').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('mat-live-gestation').innerText()).toContain('11+0');
    await dialog.locator('[data-testid="lc-field-weightKg"] input').fill('56');
    await dialog.locator('[data-testid="lc-field-systolic"] input').fill('108');
    await dialog.locator('[data-testid="lc-field-diastolic"] input').fill('70');
    await screenshot(page, 'health-maternal-visit-zh');
    await page.getByTestId('mat-visit-save').click();
    const next = dialog.getByTestId('mat-next-window');
    await next.waitFor({ timeout: 15_000 });
    const text = await next.innerText();
    expect(text).toContain('16–20');
    expect(text).toContain(iso(lmp + 112 * DAY));
    expect(text).toContain(iso(lmp + 146 * DAY));
    expect(await dialog.getByTestId('mat-result-filled').innerText()).toContain('第1次产前随访');
    await page.waitForTimeout(400);
    await screenshot(page, 'health-maternal-result-zh');
    await page.getByTestId('mat-visit-close').click();
    await expect.poll(() => drawer.getByTestId('mat-drawer-state').innerText(), { timeout: 10_000 }).toBe('孕期管理');
    await page.waitForTimeout(400);
    await screenshot(page, 'health-maternal-drawer-zh');
    await page.keyboard.press('Escape');

    await page.goto('/health/maternal/parturient_case_org');
    await page.getByTestId('mat-kpi-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-kpi-zh');
    await page.locator('[data-testid^="mat-kpi-early-den-"]').first().click();
    await page.getByTestId('mat-kpi-drill').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-drill-zh');
    await page.keyboard.press('Escape');

    // English.
    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Early registration rate').first().waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-kpi-en');
    await page.goto('/health/maternal/parturient_follow');
    await page.getByTestId('mat-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByText('Due this gestational window').first().waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'health-maternal-follow-en');
    await page.getByTestId('mat-tab-highRisk').click();
    await page.waitForTimeout(1000);
    await screenshot(page, 'health-maternal-highrisk-en');
    await page.getByTestId('mat-tab-postpartumDue').click();
    await page.waitForTimeout(1000);
    await screenshot(page, 'health-maternal-postpartum-en');
    await page.goto('/health/maternal/parturient_case');
    await page.getByTestId('mat-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-case-en');
    await page.locator('[data-testid^="mat-open-"]').first().click();
    await page.getByTestId('mat-drawer-plans').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(600);
    await screenshot(page, 'health-maternal-drawer-en');
    await page.getByTestId('mat-drawer-visit').click();
    await page.getByTestId('mat-live-gestation').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-maternal-visit-en');
    await page.context().close();
  });
});
