import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 19's referral story in the browser, on the demo alliance:
 * the village doctor of 东风村 (邓山) starts an up-referral from a patient
 * whose hypertension follow-up was uncontrolled and flagged 需转诊/紧急转诊
 * (the flagged-patient entry; the form is prefilled from that visit), picks
 * the county hospital and submits; the township centre above the village
 * (马军 of 城关镇) approves it (同意转出) under 待我审批; the alliance's
 * referral coordinator 何芸 accepts it (同意接收), marks arrival (已到诊) and
 * closes it (结案); 邓山 then sees the state change and the two-week
 * follow-up under 转诊后两周待随访 and records it. Every referral screen is
 * shot in zh and en (into /tmp/team/referral2/shots).
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/referral2/shots';
const VILLAGE_DOCTOR = 'dengshan';
/** A screenshot once the tables stopped loading. */
async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
const URL = (code: string) => `/health/referral/${code}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

async function openByNumber(page: Page, no: string) {
  await page.getByTestId('referral-keyword').locator('input').fill(no);
  await page.getByTestId('referral-keyword').locator('input').press('Enter');
  await page.getByRole('button', { name: no }).first().click();
  await page.locator('.ant-drawer-body').waitFor();
}

describe('two-way referral in the browser', () => {
  let referralNo = '';
  let referralId = '';

  it('a village doctor starts an up-referral from an uncontrolled hypertension follow-up', async () => {
    const page = await newPage(browser!);
    await signIn(page, VILLAGE_DOCTOR, 'demo123');
    await page.goto(URL('referral_apply'));
    await page.getByTestId('referral-apply').waitFor();
    await page.getByTestId('referral-table-mine').waitFor({ timeout: 30_000 });
    await shot(page, 'apply-mine-zh');
    // A hypertension patient of the village on the flagged list's first page whose latest visit is that hypertension follow-up.
    const token = await tokenOf(page);
    const flagged = await fetchApi(token, 'GET', '/api/referral/flagged');
    expect(flagged.status, flagged.msg).toBe(200);
    let residentId = '';
    for (const f of (flagged.data.list as { residentId: string; programme: string; openReferrals: number }[]).slice(0, 20)) {
      if (f.programme !== 'htn' || f.openReferrals) continue;
      const pre = await fetchApi(token, 'GET', `/api/referral/prefill?residentId=${f.residentId}`);
      if (pre.data?.sourceProgramme === 'htn') {
        residentId = f.residentId;
        break;
      }
    }
    expect(residentId, 'a flagged hypertension patient of 东风村').not.toBe('');
    await page.getByTestId('referral-tab-flagged').click();
    const start = page.getByTestId(`referral-start-${residentId}`).first();
    await start.waitFor({ timeout: 20_000 });
    await shot(page, 'apply-flagged-zh');
    await start.click();
    await page.getByTestId('referral-diagnosis').waitFor();
    expect(await page.getByTestId('referral-diagnosis').inputValue()).toMatch(/高血压/);
    await pick(page, 'referral-to-unit', '青山县人民医院');
    await pick(page, 'referral-to-dept', '内科');
    await page.locator('.ant-modal-title').click();
    await shot(page, 'apply-form-zh');
    await page.getByTestId('referral-submit').click();
    await page
      .getByTestId('referral-apply-modal')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    const mine = await fetchApi(token, 'GET', '/api/referral/worklists/mine?pageSize=1');
    expect(mine.data.list[0].status).toBe('0');
    expect(mine.data.list[0].residentId).toBe(residentId);
    referralNo = mine.data.list[0].referralNo;
    referralId = mine.data.list[0].id;
    await page.getByTestId('referral-tab-mine').click();
    await openByNumber(page, referralNo);
    await page.locator('.ant-drawer-body .ant-timeline').waitFor();
    await shot(page, 'apply-detail-zh');
    await page.context().close();
  });

  it('the township above the village approves it (同意转出)', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'majun', 'demo123');
    await page.goto(URL('referral_examine'));
    await page.getByTestId('referral-examine').waitFor();
    await page.getByTestId('referral-table-toApprove').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'examine-zh');
    await openByNumber(page, referralNo);
    await page.getByTestId('referral-act-approve').click();
    await page.locator('.ant-drawer-header').getByText('同意转出').waitFor();
    await shot(page, 'examine-approved-zh');
    await page.context().close();
  });

  it('the referral coordinator triages, accepts, marks arrival and closes it', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'heyun', 'demo123');
    await page.goto(URL('triage_center'));
    await page.getByTestId('referral-triage').waitFor();
    await page.getByTestId('referral-table-triage').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'triage-zh');
    await page.goto(URL('referral_deal'));
    await page.getByTestId('referral-deal').waitFor();
    await page.getByTestId('referral-table-toReceive').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'deal-zh');
    await openByNumber(page, referralNo);
    await page.getByTestId('referral-act-accept').click();
    await page.getByTestId('referral-act-arrive').click();
    await page.getByTestId('referral-act-close').click();
    await page.locator('.ant-drawer-header').getByText('结案').first().waitFor();
    await page.getByTestId('referral-followup').waitFor();
    await shot(page, 'deal-closed-zh');
    await page.goto(URL('referral_monitor'));
    await page.getByTestId('referral-monitor-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'monitor-zh');
    await page.goto(URL('referral_query'));
    await page.getByTestId('referral-query').waitFor();
    await page.getByTestId('referral-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'query-zh');
    await page.getByTestId('referral-tab-stats').click();
    await page.getByTestId('referral-stats-table').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await shot(page, 'stats-zh');
    await page.context().close();
  });

  it('the village doctor sees the state change and the two-week follow-up', async () => {
    const page = await newPage(browser!);
    await signIn(page, VILLAGE_DOCTOR, 'demo123');
    await page.goto(URL('referral_apply'));
    await page.getByTestId('referral-table-mine').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await openByNumber(page, referralNo);
    await page.locator('.ant-drawer-body .ant-timeline').waitFor();
    expect(await page.locator('.ant-drawer-header').getByTestId('referral-status').innerText()).toContain('结案');
    // The history shows every step the others took (同意转出, 同意接收, 已到诊, 结案).
    const history = await page.locator('.ant-drawer-body .ant-timeline').innerText();
    for (const step of ['同意转出', '同意接收', '已到诊', '结案']) expect(history).toContain(step);
    await shot(page, 'apply-closed-zh');
    await page.keyboard.press('Escape');
    await page.getByTestId('referral-tab-afterReferral').click();
    await page.getByTestId(`referral-open-${referralId}`).waitFor({ timeout: 30_000 });
    await shot(page, 'apply-after-referral-zh');
    await page.getByTestId(`referral-open-${referralId}`).click();
    await page.getByTestId('referral-followup').waitFor();
    expect(await page.locator('.ant-drawer-header').getByTestId('referral-status').innerText()).toContain('结案');
    await shot(page, 'apply-followup-zh');
    await page.getByTestId('referral-followup-record').click();
    await page.getByTestId('referral-text').fill('电话随访，血压 132/84');
    await page.locator('.ant-modal:visible .ant-btn-primary').click();
    await page.locator('.ant-drawer-body .ant-alert-success').waitFor();
    await shot(page, 'apply-followup-done-zh');
    await page.context().close();
  });

  it('every screen in English', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'heyun', 'demo123');
    await page.goto(URL('referral_monitor'));
    await page.getByTestId('referral-monitor-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await switchLanguage(page, '切换语言', /English/);
    await page.getByText('Overdue').first().waitFor();
    await shot(page, 'monitor-en');
    await page.getByTestId('referral-limits').click();
    await page.locator('.ant-modal:visible').waitFor();
    await shot(page, 'monitor-limits-en');
    await page.keyboard.press('Escape');
    for (const [code, table, name] of [
      ['triage_center', 'referral-table-triage', 'triage-en'],
      ['referral_deal', 'referral-table-toReceive', 'deal-en'],
      ['referral_examine', 'referral-table-toApprove', 'examine-en'],
      ['referral_query', 'referral-table', 'query-en'],
    ] as const) {
      await page.goto(URL(code));
      await page.getByTestId(table).waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shot(page, name);
    }
    await openByNumber(page, referralNo);
    await page.locator('.ant-drawer-body .ant-timeline').waitFor();
    await shot(page, 'detail-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('referral-tab-stats').click();
    await page.getByTestId('referral-stats-table').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await shot(page, 'stats-en');
    await page.context().close();

    const p2 = await newPage(browser!);
    await signIn(p2, VILLAGE_DOCTOR, 'demo123');
    await p2.goto(URL('referral_apply'));
    await p2.getByTestId('referral-apply').waitFor();
    await switchLanguage(p2, '切换语言', /English/);
    await p2.getByTestId('referral-table-mine').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(p2, 'apply-mine-en');
    await p2.getByTestId('referral-tab-flagged').click();
    await p2.locator('[data-testid="referral-flagged-table"] tbody tr').first().waitFor();
    await shot(p2, 'apply-flagged-en');
    await p2.getByTestId('referral-new-up').click();
    await p2.getByTestId('referral-diagnosis').waitFor();
    await shot(p2, 'apply-form-en');
    await p2.context().close();
  });
});
