import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn, switchLanguage } from './support.ts';

/**
 * Issue 17, residents and privacy: the auditor 沈计 (shenji, no reveal grant)
 * sees the resident list with masked ID numbers and no reveal button; the
 * village doctor 邓山 (dengshan) reveals one resident's ID number with a
 * reason, the page shows it in full, and the auditor finds the reveal in the
 * health audit log. The worklists, the resident page with its timeline, the
 * new-archive form and the transfers screen are looked at. Screenshots in zh and en.
 */
let browser: Browser | undefined;
const LIST = '/health/archive/inhabitant_manage';
const MASKED = /^\d{6}\*{8}[\dX]{4}$/;
const FULL = /^\d{17}[\dX]$/;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

async function openList(page: Page) {
  await page.goto(LIST);
  await page.getByTestId('resident-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
}

/** The first ID-number cell with a value (some demo residents have none yet). */
async function firstIdCell(page: Page) {
  const cells = page.getByTestId('resident-id-number');
  const n = await cells.count();
  for (let i = 0; i < n; i++) if (/\d/.test(await cells.nth(i).innerText())) return i;
  throw new Error('no ID number on the first page');
}

describe('resident records and privacy in the browser', () => {
  it('a user without reveal rights sees masked ID numbers and no reveal button', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'shenji', 'demo123');
    await openList(page);
    const i = await firstIdCell(page);
    expect(await page.getByTestId('resident-id-number').nth(i).innerText()).toMatch(MASKED);
    expect(await page.locator('[data-testid^="reveal-"]').count()).toBe(0);
    await screenshot(page, 'health-records-masked-zh');
  });

  it('a village doctor reveals an ID number with a reason; the auditor finds it in the audit log', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'dengshan', 'demo123');
    await openList(page);
    const i = await firstIdCell(page);
    const row = page.getByTestId('resident-table').locator('tbody tr.ant-table-row').nth(i);
    expect(await row.getByTestId('resident-id-number').innerText()).toMatch(MASKED);
    await row.locator('[data-testid^="reveal-"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.locator('.ant-form-item-explain-error').waitFor(); // the reason is required
    await dialog.getByTestId('reveal-reason').fill('电话随访前核对身份');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.getByTestId('resident-id-number').innerText(), { timeout: 10_000 }).toMatch(FULL);
    await screenshot(page, 'health-records-revealed-zh');

    // The resident page: summary and timeline.
    await row.getByTestId('resident-name').click();
    await page.getByTestId('resident-timeline').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('drawer-id-number').innerText()).toMatch(FULL);
    await page.waitForTimeout(500);
    await screenshot(page, 'health-records-page-zh');

    const auditor = await newPage(browser!);
    await signIn(auditor, 'shenji', 'demo123');
    await auditor.goto('/health/privacy/health_audit_log');
    await auditor.getByText('电话随访前核对身份').first().waitFor({ timeout: 20_000 });
    await screenshot(auditor, 'health-records-audit-log-zh');
  });

  it('worklists, the new-archive form and transfers, in zh and en', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto('/health/archive/person_except_list');
    await page.getByTestId('resident-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'health-records-worklists-zh');
    await page.goto('/health/archive/archives_add');
    await page.getByTestId('resident-form').waitFor({ timeout: 20_000 });
    await screenshot(page, 'health-records-form-zh');
    await page.goto('/health/move/move_manage');
    await page.getByTestId('new-transfer').waitFor({ timeout: 20_000 });
    await screenshot(page, 'health-records-transfers-zh');

    await switchLanguage(page, '切换语言', /English/);
    await page.goto('/health/archive/person_pending_list');
    await page.getByTestId('resident-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByText('Awaiting audit').first().waitFor();
    await screenshot(page, 'health-records-worklists-en');
    await page.goto(LIST);
    await page.getByTestId('resident-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'health-records-list-en');
    await page.getByTestId('resident-name').first().click();
    await page.getByTestId('resident-timeline').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await screenshot(page, 'health-records-page-en');
    await page.keyboard.press('Escape');
    await page
      .getByTestId('resident-drawer')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);
  });

  it('enterprise persons: employers with their people’s figures, an employer opens its people masked (zh and en)', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto('/health/followup/group_enterprise_person');
    const rows = page.getByTestId('enterprise-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const persons = Number(await rows.first().locator('td').nth(1).innerText());
    expect(persons).toBeGreaterThan(0);
    await screenshot(page, 'health-enterprises-zh');
    await page.getByTestId('enterprise-name').first().click();
    const people = page.locator('.ant-drawer').getByTestId('resident-table');
    await people.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    expect(await people.getByTestId('resident-id-number').first().innerText()).toMatch(/\*|^$/);
    await screenshot(page, 'health-enterprise-people-zh');
    await page.keyboard.press('Escape');
    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Not seen for a year').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'health-enterprises-en');
    await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);
  });
});
