import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 21's contracting story in the browser, on the demo alliance: the
 * township doctor 徐丽 (城关镇, team 城关镇家庭医生一团队) signs a hypertension
 * patient without a contract with the 慢病管理服务包 (term started 100 days
 * ago, so the first quarter's visit task is already overdue: 过访), the
 * tasks appear in the contract's service plan, a hypertension follow-up
 * saved through the chronic programme's API completes the overdue task
 * (已做), and 履约率 on the fd_statis page (helper E2's) rises. Every screen
 * of the service side is shot in zh and en (into /tmp/team/shots/E).
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/E';
const DAY = 86_400_000;
const URL = (code: string) => `/health/familyDoctor/${code}`;

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function keepRate(page: Page): Promise<string> {
  await page.goto(URL('fd_statis'));
  const el = page.getByTestId('fd-kpi-keep').first();
  await el.waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  // The statistic's text is its title and value ("履约率71.5%"): the percentage.
  return /(\d+(?:\.\d+)?)%/.exec((await el.textContent()) ?? '')?.[1] ?? '';
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

describe('family-doctor contracting in the browser', () => {
  it('a team doctor signs a resident, the tasks appear, a hypertension visit completes one and 履约率 changes', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    const token = await tokenOf(page);

    // A hypertension patient of 城关镇 without a contract (the key-population worklist).
    const unsigned = await fetchApi(token, 'GET', '/api/family-doctor/worklists/unsigned?pageSize=200');
    expect(unsigned.status, unsigned.msg).toBe(200);
    const candidate = (unsigned.data.list as { residentId: string; groups: string[] }[]).find((r) => r.groups.includes('04'));
    expect(candidate, 'an unsigned hypertension patient').toBeDefined();
    const residentId = candidate!.residentId;
    const before = await keepRate(page);

    await page.goto(URL('my_service'));
    await page.getByTestId('fd-my-service').waitFor();
    await page.getByTestId('fd-contracts').waitFor({ timeout: 30_000 });
    await shot(page, 'my-service-zh');
    for (const tab of ['expiring', 'audit', 'overdue', 'unsigned']) {
      await page.getByTestId(`fd-tab-${tab}`).click();
      await page.getByTestId(`fd-wl-${tab}`).waitFor({ timeout: 20_000 });
      await shot(page, `my-service-${tab}-zh`);
    }

    // Sign through the form: the resident from the archive picker, group and package preset from the archive.
    await page.getByTestId('fd-sign').click();
    await page.getByTestId('fd-sign-form').waitFor();
    await page.getByTestId('fd-sign-resident').click();
    await page.keyboard.type(residentId);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await option.waitFor({ timeout: 15_000 });
    await option.click();
    await expect.poll(async () => page.getByTestId('fd-sign-package').textContent()).toContain('慢病管理服务包');
    const start = new Date(Date.now() - 100 * DAY).toISOString().slice(0, 10);
    const startInput = page.getByTestId('fd-sign-start').locator('input').first();
    const dateInput = (await startInput.count()) ? startInput : page.getByTestId('fd-sign-start');
    await dateInput.click();
    await dateInput.fill(start);
    await dateInput.press('Enter');
    await shot(page, 'sign-modal-zh');
    await page.getByTestId('fd-sign-ok').click();
    await page.locator('.ant-modal:visible').waitFor({ state: 'hidden', timeout: 15_000 });

    const mine = await fetchApi(token, 'GET', '/api/family-doctor/contracts?mine=1&sidx=signedAt&sort=desc&pageSize=5');
    const contract = (mine.data.list as { id: string; residentId: string; startDate: number; tasksTotal: number; status: string }[]).find(
      (c) => c.residentId === residentId,
    );
    expect(contract, 'the new contract').toBeDefined();
    expect(contract!.status).toBe('signed');
    expect(new Date(contract!.startDate).toISOString().slice(0, 10)).toBe(start);
    // 慢病管理服务包, one year: htn 4 + dm 4 + glucose 4 + ecg 1 + medicine 4.
    expect(contract!.tasksTotal).toBe(17);

    // The tasks in the contract's service plan (opened from the contract list).
    await page.getByTestId('fd-tab-mine').click();
    await page.getByTestId(`fd-plan-${contract!.id}`).click();
    await page.getByTestId('fd-plan-list').waitFor();
    await page.getByTestId('fd-plan-contract').waitFor();
    await expect.poll(async () => page.getByTestId('fd-tasks-total').textContent(), { timeout: 15_000 }).toMatch(/17/);
    const overdueBefore = await page.getByTestId('fd-task-status').filter({ hasText: '过访' }).count();
    expect(overdueBefore).toBeGreaterThan(0);
    await shot(page, 'plan-list-zh');
    const afterSign = await keepRate(page);

    // A hypertension follow-up saved through the chronic programme completes the overdue visit task.
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const visit = await fetchApi(token, 'POST', '/api/health/chronic/htn/visits', {
      data: { visitMethod: '1', residentId, visitDate: today, systolic: 128, diastolic: 80 },
    });
    expect(visit.status, visit.msg).toBe(200);
    const tasks = await fetchApi(token, 'GET', `/api/family-doctor/tasks?contractId=${contract!.id}&status=1`);
    expect(tasks.data.list.map((x: { formCode: string }) => x.formCode)).toContain('htn_visit');

    await page.goto(`${URL('plan_list')}?contractId=${contract!.id}`);
    await page.getByTestId('fd-plan-contract').waitFor();
    await expect.poll(async () => page.getByTestId('fd-task-status').filter({ hasText: '已做' }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'plan-list-done-zh');

    // 履约率 moved: signing added due tasks (none done), the visit made one of them done.
    const afterVisit = await keepRate(page);
    expect(afterSign).not.toBe(before);
    expect(afterVisit).not.toBe(afterSign);
    expect(Number(afterVisit)).toBeGreaterThan(Number(afterSign));
    await shot(page, 'fd-statis-zh');

    // The other screens, then everything again in English.
    for (const code of ['serve_modify', 'serve_verify', 'serve_list']) {
      await page.goto(URL(code));
      await page.locator('.ant-table').first().waitFor({ timeout: 30_000 });
      await shot(page, `${code}-zh`);
    }
    await page.getByTestId('fd-add-record').click();
    await page.getByTestId('fd-record-form').waitFor();
    await shot(page, 'record-modal-zh');
    await page.keyboard.press('Escape');
    await page.goto(URL('serve_modify'));
    await page
      .getByTestId(`fd-terminate-${contract!.id}`)
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);

    await switchLanguage(page, '切换语言', /English/);
    await page.goto(URL('my_service'));
    await page.getByTestId('fd-contracts').waitFor({ timeout: 30_000 });
    await shot(page, 'my-service-en');
    await page.getByTestId('fd-tab-unsigned').click();
    await page.getByTestId('fd-wl-unsigned').waitFor();
    await shot(page, 'my-service-unsigned-en');
    await page.getByTestId('fd-sign').click();
    await page.getByTestId('fd-sign-form').waitFor();
    await shot(page, 'sign-modal-en');
    await page.keyboard.press('Escape');
    await page.goto(`${URL('plan_list')}?contractId=${contract!.id}`);
    await page.getByTestId('fd-tasks').waitFor();
    await shot(page, 'plan-list-en');
    for (const code of ['serve_modify', 'serve_verify', 'serve_list']) {
      await page.goto(URL(code));
      await page.locator('.ant-table').first().waitFor({ timeout: 30_000 });
      await shot(page, `${code}-en`);
    }
    await page.getByTestId('fd-add-record').click();
    await page.getByTestId('fd-record-form').waitFor();
    await shot(page, 'record-modal-en');
  }, 360_000);
});
