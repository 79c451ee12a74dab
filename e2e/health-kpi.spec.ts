import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf, switchLanguage } from './support.ts';

/**
 * The township's KPI page (issue 17): 徐丽 (township doctor of 城关镇) opens
 * 高血压管理（机构）, sees the figures by village, opens the patients behind
 * one; the village doctor of 东风村 records a controlled visit today (through
 * the API) for one of the village's patients whose last visit was not
 * controlled; after a refresh the township's 控制满意 figure of 东风村 is one
 * higher. Screenshots in zh and en.
 */
let browser: Browser | undefined;
const VILLAGE = '100000000000000033';
const URL = '/health/chronic/hypertension_manage_org';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

const figure = async (page: Page, metric: string, key: string) =>
  Number(await page.getByTestId(`kpi-${metric}-${key}`).first().innerText());

describe('health KPIs in the browser', () => {
  it('shows the township its villages, drills down, and follows a new visit', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto(URL);
    await page.getByTestId('kpi-table').waitFor();
    await page.getByTestId(`kpi-managed-${VILLAGE}`).waitFor({ timeout: 30_000 });
    const managed = await figure(page, 'managed', VILLAGE);
    const controlled = await figure(page, 'controlled', VILLAGE);
    expect(managed).toBeGreaterThan(0);
    await page.waitForTimeout(1200);
    await screenshot(page, 'health-kpi-zh');

    // The patients behind 东风村's managed figure: masked names, as many as the figure.
    await page.getByTestId(`kpi-managed-${VILLAGE}`).first().click();
    const drill = page.locator('.ant-modal:visible');
    await drill.getByTestId('kpi-drill-table').locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(async () => drill.locator('.ant-typography').first().innerText()).toContain(`共 ${managed} 人`);
    const firstName = await drill.locator('tbody tr.ant-table-row td').first().innerText();
    expect(firstName).toMatch(/^\S\*+$/u);
    await screenshot(page, 'health-kpi-drill-zh');
    await page.keyboard.press('Escape');

    // A village patient whose last visit this year was not controlled, then a controlled visit today by the village doctor.
    const xuli = await tokenOf(page);
    const year = new Date().getUTCFullYear();
    let residentId: string | null = null;
    for (let p = 1; p <= 20 && !residentId; p++) {
      const r = await fetchApi(
        xuli,
        'GET',
        `/api/health/kpi/patients?programme=htn&year=${year}&metric=managed&rowOrgId=${VILLAGE}&pageSize=50&currentPage=${p}`,
      );
      expect(r.status).toBe(200);
      residentId = r.data.list.find((x: { lastControlled: boolean; lastVisitAt: number }) => !x.lastControlled)?.residentId ?? null;
      if (r.data.list.length < 50) break;
    }
    expect(residentId).toBeTruthy();
    const village = await fetchApi(await loginToken('dengshan'), 'POST', '/api/health/chronic/htn/visits', {
      data: {
        residentId,
        visitDate: Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()),
        visitMethod: '1',
        systolic: 126,
        diastolic: 78,
        heartRate: 72,
        weightKg: 65,
        drugReaction: 0,
        complication: 0,
      },
    });
    expect(village.status, village.msg).toBe(200);

    await page.getByTestId('kpi-refresh').click();
    await expect.poll(() => figure(page, 'controlled', VILLAGE), { timeout: 15_000 }).toBe(controlled + 1);
    expect(await figure(page, 'managed', VILLAGE)).toBe(managed);

    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Standard rate').first().waitFor();
    await page.waitForTimeout(1200);
    await screenshot(page, 'health-kpi-en');
    await page.getByTestId('kpi-group').getByText('By doctor').click();
    await page.getByText('Responsible doctor').first().waitFor();
    await page.waitForTimeout(1200);
    await screenshot(page, 'health-kpi-doctor-en');
    await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);
    await page.context().close();
  });
});

async function loginToken(account: string): Promise<string> {
  const page = await newPage(browser!);
  await signIn(page, account, 'demo123');
  const token = await tokenOf(page);
  await page.context().close();
  return token;
}
