import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshot, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 19's consultation story: the township doctor 徐丽 applies from her own
 * list (远程会诊) for a patient of her archive; the county doctor 张伟 approves
 * and assigns himself, the consultation is scheduled and held, he writes the
 * opinion from a 内科 diagnosis template; 徐丽 evaluates it. A conference is
 * created, approved by 张伟 and 徐丽 signs in once. Then every screen of the
 * meetings menu in zh and en.
 */
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

const MEETING = '/health/meeting';
const MINE = '/health/followup/remote_meeting_list';

async function openDrawer(page: Page, code: string) {
  await page.getByTestId(`consult-open-${code}`).first().click();
  await page.getByTestId('consult-drawer').waitFor();
}

/** Another user in a fresh browser context (the old one is closed). */
async function as(old: Page | null, account: string): Promise<Page> {
  await old?.context().close();
  const page = await newPage(browser!);
  await signIn(page, account, 'demo123');
  return page;
}

describe('remote consultation in the browser', () => {
  it('apply → approve → opinion from a template → evaluate; a conference sign-in; every screen in zh and en', async () => {
    let page = await as(null, 'xuli');
    await page.goto(MINE);
    await page.getByTestId('remote-meeting-page').waitFor();
    await page.getByTestId('consult-apply').first().click();
    const form = page.getByTestId('consult-apply-form');
    await form.waitFor();
    await form.getByTestId('consult-apply-patient').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 20_000 });
    await form.getByTestId('consult-apply-question').fill('血压连续两次控制不满意，已联合用药，请专家指导调整方案。');
    await form.getByTestId('consult-apply-dept').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="内科"]').click();
    await expect.poll(() => form.getByTestId('consult-apply-dept').innerText()).toContain('内科');
    await screenshot(page, 'consult-apply-form-zh');
    await page.getByTestId('consult-apply-ok').click();
    await page.getByTestId('consult-apply-form').waitFor({ state: 'hidden' });
    const xuli = await tokenOf(page);
    const mine = await fetchApi(xuli, 'POST', '/api/consult/requests/list', { box: 'mine', pageSize: 1 });
    const { id, code } = mine.data.list[0] as { id: string; code: string };
    expect(mine.data.list[0]).toMatchObject({ state: 'pending', deptName: '内科' });
    await page.getByTestId(`consult-open-${code}`).first().waitFor();
    await screenshot(page, 'consult-remote-mine-zh');

    // The county doctor approves and assigns himself.
    page = await as(page, 'zhangwei');
    await page.goto(`${MEETING}/consult_approve`);
    await page.getByTestId('consult-approve-page').waitFor();
    await openDrawer(page, code);
    await page.getByTestId('consult-do-approve').click();
    await page.getByTestId('consult-experts').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '张伟' }).first().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'consult-approve-zh');
    await page.getByTestId('consult-action-ok').click();
    await expect
      .poll(async () => (await fetchApi(xuli, 'GET', `/api/consult/requests/${id}`)).data.state, { timeout: 10_000 })
      .toBe('approved');
    await page.waitForTimeout(500);
    await screenshot(page, 'consult-drawer-approved-zh');
    // Scheduling and holding through the API (the date-time picker is covered by the unit of antd, not by us).
    const zhang = await tokenOf(page);
    expect(
      (
        await fetchApi(zhang, 'POST', `/api/consult/requests/${id}/schedule`, {
          scheduledAt: Date.now() + 60_000,
          link: 'https://meet.example.org/hz',
        })
      ).status,
    ).toBe(200);
    expect((await fetchApi(zhang, 'POST', `/api/consult/requests/${id}/hold`, {})).status).toBe(200);

    // The opinion from a template, on his own list (as expert).
    await page.goto(MINE);
    await page.getByRole('tab', { name: '我参与的会诊' }).click();
    await page.getByTestId('consult-expert-list').waitFor();
    await openDrawer(page, code);
    await page.getByTestId('consult-do-opinion').click();
    await page.getByTestId('consult-template').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '高血压控制不佳' }).first().click();
    await expect.poll(() => page.getByTestId('consult-opinion-text').inputValue()).toContain('原发性高血压');
    await screenshot(page, 'consult-opinion-zh');
    await page.getByTestId('consult-action-ok').click();
    await expect
      .poll(async () => (await fetchApi(xuli, 'GET', `/api/consult/requests/${id}`)).data.state, { timeout: 10_000 })
      .toBe('answered');

    // A conference for 徐丽, starting in ten minutes, approved by 张伟 in the browser.
    const start = Date.now() + 10 * 60_000;
    const conf = await fetchApi(zhang, 'POST', '/api/consult/conferences', {
      title: '远程会诊质控周会',
      mode: 'online',
      startAt: start,
      endAt: start + 3_600_000,
      link: 'https://meet.example.org/weekly',
      agenda: '1. 本周会诊情况\n2. 典型病例讨论',
      userIds: ['500000000000000019', '500000000000000002'],
    });
    expect(conf.status, conf.msg).toBe(200);
    await page.goto(`${MEETING}/conference_manage`);
    await page.getByTestId(`conference-open-${conf.data.id}`).click();
    await page.getByTestId('conference-approve').click();
    await expect
      .poll(async () => (await fetchApi(zhang, 'GET', `/api/consult/conferences/${conf.data.id}`)).data.state, { timeout: 10_000 })
      .toBe('approved');
    await page.waitForTimeout(500);
    await screenshot(page, 'consult-conference-drawer-zh');
    await page.keyboard.press('Escape');
    await page.getByTestId('conference-new').click();
    await page.getByTestId('conference-form').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'consult-conference-form-zh');
    await page.keyboard.press('Escape');

    // 徐丽 evaluates and signs in (once).
    page = await as(page, 'xuli');
    await page.goto(MINE);
    await openDrawer(page, code);
    await expect.poll(() => page.getByTestId('consult-opinion').innerText()).toContain('原发性高血压');
    await page.getByTestId('consult-do-evaluate').click();
    await page.getByTestId('consult-form-evaluate').locator('.ant-rate-star').nth(3).click();
    await page.getByTestId('consult-comment').fill('意见明确，可操作');
    await screenshot(page, 'consult-evaluate-zh');
    await page.getByTestId('consult-action-ok').click();
    await expect
      .poll(async () => (await fetchApi(xuli, 'GET', `/api/consult/requests/${id}`)).data.state, { timeout: 10_000 })
      .toBe('evaluated');
    await page.waitForTimeout(500);
    await screenshot(page, 'consult-drawer-evaluated-zh');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '我的会议' }).click();
    await page.getByTestId(`conference-open-${conf.data.id}`).click();
    await page.getByTestId('conference-signin').click();
    await page.getByTestId('conference-signed').waitFor();
    expect((await fetchApi(xuli, 'POST', `/api/consult/conferences/${conf.data.id}/signin`, {})).status).toBe(409);
    await screenshot(page, 'consult-conference-signed-zh');
    await page.keyboard.press('Escape');
    await screenshot(page, 'consult-remote-conferences-zh');

    // Every screen of the meetings menu, zh then en, as the county doctor.
    page = await as(page, 'zhangwei');
    const screens = [
      'consult_apply',
      'consult_approve',
      'consult_query',
      'charge_query',
      'consult_eval_list',
      'consult_feedback_list',
      'diagnosis_template',
      'flow_settings',
      'conference_manage',
      'conference_apply',
    ];
    const walk = async (lang: string) => {
      for (const s of screens) {
        await page.goto(`${MEETING}/${s}`);
        await page.locator('.ant-card, .ant-tabs').first().waitFor({ timeout: 20_000 });
        await page
          .locator('.ant-spin-spinning')
          .first()
          .waitFor({ state: 'hidden', timeout: 15_000 })
          .catch(() => undefined);
        await page.waitForTimeout(700);
        await screenshot(page, `consult-${s}-${lang}`);
      }
      await page.goto(MINE);
      await page.getByTestId('remote-meeting-page').waitFor();
      await page.waitForTimeout(700);
      await screenshot(page, `consult-remote_meeting_list-${lang}`);
    };
    await walk('zh');
    await switchLanguage(page, '切换语言', /English/);
    await walk('en');
    await page.goto(`${MEETING}/consult_query`);
    await openDrawer(page, code);
    await page.waitForTimeout(500);
    await screenshot(page, 'consult-drawer-en');
    await page.keyboard.press('Escape');
    await page.goto(`${MEETING}/conference_manage`);
    await page.getByTestId(`conference-open-${conf.data.id}`).click();
    await page.getByTestId('conference-drawer').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'consult-conference-drawer-en');
    await page.context().close();
  }, 300_000);
});
