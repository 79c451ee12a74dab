import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 18's child-health story (M7): the township doctor of 城关镇 (徐丽)
 * signs in, opens 儿童随访 → 本月应体检, records a check-up for a child whose
 * check is due, sees the growth bands and the next check of the schedule, and
 * the child leaves the due list. The records page (with a child's schedule) and
 * the KPIs by unit with a drill-down are looked at too. Screenshots in zh and en.
 */
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

interface DueRow {
  residentId: string;
  planKind: string;
  windowStart: number;
}

/** A child of the first page of 本月应体检 with one due row only (a check, no Hb), whose window is open today. */
async function dueChild(token: string): Promise<string> {
  const due = await fetchApi(token, 'GET', '/api/health/child/worklists/due?pageSize=200');
  expect(due.status, due.msg).toBe(200);
  expect(due.data.pagination.total).toBeGreaterThan(0);
  const rows = due.data.list as DueRow[];
  const row = rows.find(
    (r) => r.planKind === 'check' && r.windowStart <= Date.now() && rows.filter((x) => x.residentId === r.residentId).length === 1,
  );
  if (!row) throw new Error('no child with a single open check-up due today');
  return row.residentId;
}

describe('child health in the browser', () => {
  it('a township doctor records a check-up from 本月应体检; the child leaves the list and the next check shows', async () => {
    const page = await newPage(browser!);
    page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack));
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
    await signIn(page, 'xuli', 'demo123');
    await page.goto('/health/child/child_follow');
    await page.getByTestId('child-follow').waitFor();
    await page.getByTestId('child-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('child-name').first().innerText()).toMatch(/^\S+\*+$/u);
    await page.waitForTimeout(600);
    await screenshot(page, 'health-child-newborn-zh');

    await page.getByTestId('child-tab-due').click();
    await page.getByTestId('child-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const token = await tokenOf(page);
    const residentId = await dueChild(token);
    const before = Number((await page.getByTestId('child-total').innerText()).replace(/\D/g, ''));
    await page.waitForTimeout(400);
    await screenshot(page, 'health-child-due-zh');
    // The screen pages by 20 in the API's order: go to the page holding the child.
    const full = await fetchApi(token, 'GET', '/api/health/child/worklists/due?pageSize=200');
    const row = (full.data.list as { residentId: string; fullName: string }[]).find((r) => r.residentId === residentId)!;
    const index = (full.data.list as { residentId: string }[]).findIndex((r) => r.residentId === residentId);
    if (index >= 20) {
      await page
        .getByTestId('child-table')
        .locator(`.ant-pagination-item-${Math.floor(index / 20) + 1}`)
        .click();
    }
    await page.getByTestId(`child-record-${residentId}`).click();
    const dialog = page.getByTestId('child-visit-dialog');
    await dialog.locator('[data-testid="lc-field-weightKg"] input').waitFor();
    await dialog.locator('[data-testid="lc-field-weightKg"] input').fill('11.2');
    await dialog.locator('[data-testid="lc-field-lengthCm"] input').fill('82');
    await page.waitForTimeout(300);
    await screenshot(page, 'health-child-checkup-zh');
    await page.getByTestId('child-visit-save').click();
    await dialog.getByTestId('child-result-stage').waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('child-result-bands').innerText()).toMatch(/[上中下]/u);
    expect(await dialog.getByTestId('child-result-next').innerText()).toMatch(/下次体检|已完成全部体检/u);
    await page.waitForTimeout(300);
    await screenshot(page, 'health-child-result-zh');
    await page.getByTestId('child-visit-close').click();
    // The child left 本月应体检.
    await expect
      .poll(async () => Number((await page.getByTestId('child-total').innerText()).replace(/\D/g, '')), { timeout: 15_000 })
      .toBe(before - 1);
    expect(await page.getByTestId(`child-record-${residentId}`).count()).toBe(0);
    const after = await fetchApi(token, 'GET', '/api/health/child/worklists/due?pageSize=200');
    expect((after.data.list as DueRow[]).some((r) => r.residentId === residentId)).toBe(false);
    expect(row.fullName).toMatch(/\*/);

    // Records and one child's schedule.
    await page.goto('/health/child/child_case');
    await page.getByTestId('child-records').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-child-records-zh');
    await page.getByTestId('child-records').locator('tbody tr.ant-table-row').first().locator('button').last().click();
    await page.getByTestId('child-schedule').locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-child-schedule-zh');
    await page.keyboard.press('Escape');

    // KPIs by unit and a drill-down.
    await page.goto('/health/child/child_case_org');
    await page.getByTestId('child-kpi-mg-total').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('child-kpi-mg-total').innerText()).toMatch(/%/);
    await page.waitForTimeout(500);
    await screenshot(page, 'health-child-kpi-zh');
    await page.locator('[data-testid^="child-kpi-mg-1"]').first().click();
    await page.getByTestId('child-kpi-drill').locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(400);
    await screenshot(page, 'health-child-drill-zh');
    await page.keyboard.press('Escape');

    // English.
    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Newborn visit rate').first().waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'health-child-kpi-en');
    await page.goto('/health/child/child_follow');
    await page.getByTestId('child-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('child-tab-due').click();
    await page.getByTestId('child-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(600);
    await screenshot(page, 'health-child-due-en');
    await page.getByTestId('child-tab-weak').click();
    await page.getByTestId('child-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(600);
    await screenshot(page, 'health-child-weak-en');
    await page.goto('/health/child/child_case');
    await page.getByTestId('child-records').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('child-records').locator('tbody tr.ant-table-row').first().locator('button').last().click();
    await page.getByTestId('child-schedule').locator('tbody tr').first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-child-schedule-en');
    await page.context().close();
  });
});
