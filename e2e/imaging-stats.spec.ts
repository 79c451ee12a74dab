import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDicom, fixtureUid } from '../apps/server/src/modules/imaging/dicom-fixture.ts';
import { baseUrl, fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 20's catalogue and statistics in the browser: the administrator adds
 * an examination item and a diagnosis template on the catalogue pages (the
 * centre switch between 超声 and 影像); the ultrasound director's workload
 * and diagnosis-fee statistics move by one study and its fee after a study
 * is registered, uploaded, read, audited and released through the studies
 * API; a figure drills down to its studies. Every catalogue and statistics
 * screen is shot in zh and en (into /tmp/team/shots/C).
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/C';
fs.mkdirSync(SHOTS, { recursive: true });

async function settle(page: Page) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}
async function shot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

const CATALOG = ['img_check_item', 'img_check_body', 'img_org_sort', 'img_diag_temp_sort', 'img_fee_schedule'];
const STATS = [
  '/health/ultrasound/ultras_statis_diag_fee',
  '/health/ultrasound/ultras_statis_apply_fee',
  '/health/ultrasound/ultras_statis_diag_report',
  '/health/ultrasound/ultras_statis_workload',
  '/health/imaging/img_statistics',
];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

/** Registers a heart study for 城关镇 (徐丽), uploads a DICOM file and takes it to release through the studies API. */
async function releaseOneStudy(): Promise<void> {
  const login = async (account: string) => {
    const page = await newPage(browser!);
    await signIn(page, account, 'demo123');
    const token = await tokenOf(page);
    await page.context().close();
    return token;
  };
  const [xuli, zhoujie, wuqing, zhenghao] = [await login('xuli'), await login('zhoujie'), await login('wuqing'), await login('zhenghao')];
  const ok = async (token: string, method: string, url: string, body?: unknown) => {
    const r = await fetchApi(token, method, url, body);
    expect(r.status, `${method} ${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const C = '/api/imaging/ultrasound';
  const users = await ok(zhoujie, 'GET', `${C}/readers`);
  const idOf = (name: string) => (users.list as { id: string; realName: string }[]).find((u) => u.realName === name)!.id;
  const residents = await ok(xuli, 'GET', `${C}/residents?keyword=`);
  const items = await ok(xuli, 'GET', '/api/imaging/catalog/items?centre=ultrasound&enabled=1&keyword=' + encodeURIComponent('心脏'));
  const item = items.list[0] as { id: string; bodyPartId: string };
  const { id } = await ok(xuli, 'POST', `${C}/studies`, {
    residentId: residents.list[0].id,
    itemId: item.id,
    bodyPartId: item.bodyPartId,
    clinicalDiagnosis: '胸闷待查',
  });
  const uid = fixtureUid(2026, 33, Date.now() % 100000);
  const form = new FormData();
  form.append('file', new Blob([buildDicom({ studyUid: uid, seriesUid: `${uid}.1`, sopUid: `${uid}.1.1`, modality: 'US' })]), 'heart.dcm');
  const up = await fetch(`${baseUrl()}/api/file/Uploader/annex`, { method: 'POST', headers: { authorization: xuli }, body: form });
  const file = (await up.json()) as { code: number; msg: string; data: { fileVersionId: string } };
  expect(file.code, file.msg).toBe(200);
  await ok(xuli, 'POST', `${C}/studies/${id}/images`, { fileId: file.data.fileVersionId });
  await ok(xuli, 'POST', `${C}/studies/${id}/actions/uploadDone`, {});
  await ok(zhoujie, 'POST', `${C}/studies/${id}/actions/qcPass`, {});
  await ok(zhoujie, 'POST', `${C}/studies/${id}/actions/triage`, { readerId: idOf('吴青') });
  await ok(wuqing, 'POST', `${C}/studies/${id}/actions/start`, {});
  await ok(wuqing, 'POST', `${C}/studies/${id}/actions/submit`, {
    report: { findings: '各房室大小正常，室壁运动协调。', impression: '心脏结构及功能未见明显异常。', positive: false },
  });
  await ok(wuqing, 'POST', `${C}/studies/${id}/actions/sendAudit`, { auditorId: idOf('郑浩') });
  await ok(zhenghao, 'POST', `${C}/studies/${id}/actions/auditPass`, {});
  await ok(zhenghao, 'POST', `${C}/studies/${id}/actions/release`, {});
}

const yuanText = (s: string) => Number(s.replace(/[^\d.]/g, ''));

describe('imaging catalogue and statistics in the browser', () => {
  it('the administrator adds an examination item and a diagnosis template; every catalogue page in zh and en', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'admin', 'admin123');

    // 检查项目: the image centre's items, then a new one.
    await page.goto('/health/imaging/img_check_item');
    await page.getByTestId('img-items').waitFor();
    await page.getByTestId('img-centre-switch').getByText('影像').click();
    await page.getByTestId('img-item-table').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('img-item-add').click();
    await page.getByTestId('img-item-code').fill('IM99');
    await page.getByTestId('img-item-name').fill('颈椎正侧位DR');
    await pick(page, 'img-item-body', '腰椎');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('img-item-table').innerText(), { timeout: 10_000 }).toContain('颈椎正侧位DR');
    await shot(page, 'img_check_item-zh');

    // 诊断模板分类: a template under the first category for the new item.
    await page.goto('/health/imaging/img_diag_temp_sort');
    await page.getByTestId('img-templates').waitFor();
    await page.getByTestId('img-centre-switch').getByText('影像').click();
    await page.getByTestId('img-tpl-table').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('img-tpl-tree').locator('.ant-tree-node-content-wrapper').nth(1).click();
    await page.getByTestId('img-tpl-add').click();
    await pick(page, 'img-tpl-body', '腰椎');
    await page.getByTestId('img-tpl-name').fill('颈椎退行性变');
    await page.getByTestId('img-tpl-findings').fill('颈椎生理曲度变直，C5-6 椎间隙变窄，椎体缘骨质增生。');
    await page.getByTestId('img-tpl-impression').fill('颈椎退行性变。');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('img-tpl-search').locator('input').fill('颈椎');
    await page.getByTestId('img-tpl-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('img-tpl-table').innerText(), { timeout: 10_000 }).toContain('颈椎退行性变');
    await page.getByTestId('img-tpl-search').locator('input').fill('');
    await page.getByTestId('img-tpl-search').locator('input').press('Enter');
    await shot(page, 'img_diag_temp_sort-zh');

    for (const code of ['img_check_body', 'img_org_sort', 'img_fee_schedule']) {
      await page.goto(`/health/imaging/${code}`);
      await page.locator('.img-catalog').waitFor();
      await page.locator('.img-catalog .ant-table-tbody tr.ant-table-row').first().waitFor();
      await shot(page, `${code}-zh`);
    }

    await switchLanguage(page, '切换语言', /English/);
    for (const code of CATALOG) {
      await page.goto(`/health/imaging/${code}`);
      await page.locator('.img-catalog').waitFor();
      await page.locator('.img-catalog .ant-table-tbody tr.ant-table-row').first().waitFor();
      await shot(page, `${code}-en`);
    }
    // The fee page's lookup: the in-force fee is shown.
    expect(await page.getByTestId('img-fee-diag').innerText()).toMatch(/¥\d+\.\d\d/);
    await page.context().close();
  });

  it('the workload and fee statistics change after a study is released; a figure drills down to its studies', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'zhoujie', 'demo123');
    await page.goto('/health/ultrasound/ultras_statis_workload');
    await page.getByTestId('img-stats-workload').waitFor();
    const total = page.getByTestId('img-workload-reports');
    await total.waitFor({ timeout: 20_000 });
    const reportsBefore = Number(await total.innerText());
    await page.goto('/health/ultrasound/ultras_statis_diag_fee');
    const fee = page.getByTestId('img-total-diagFee');
    await fee.waitFor({ timeout: 20_000 });
    const feeBefore = yuanText(await fee.innerText());
    const token = await tokenOf(page);
    const inForce = await fetchApi(
      token,
      'GET',
      `/api/imaging/catalog/fees/in-force?centre=ultrasound&at=${Date.now()}&itemId=${
        (await fetchApi(token, 'GET', '/api/imaging/catalog/items?centre=ultrasound&keyword=' + encodeURIComponent('心脏'))).data.list[0].id
      }`,
    );
    expect(inForce.status).toBe(200);

    await releaseOneStudy();

    await page.reload();
    await page.getByTestId('img-total-diagFee').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => yuanText(await page.getByTestId('img-total-diagFee').innerText()), { timeout: 15_000 })
      .toBeCloseTo(feeBefore + inForce.data.diagFee / 100, 2);
    await shot(page, 'ultras_statis_diag_fee-zh');
    await page.goto('/health/ultrasound/ultras_statis_workload');
    await page.getByTestId('img-workload-reports').waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId('img-workload-reports').innerText())).toBe(reportsBefore + 1);
    await shot(page, 'ultras_statis_workload-zh');
    // 吴青's reports drill down to studies that add up to her count.
    const row = page.getByTestId('img-workload-table').locator('tbody tr').filter({ hasText: '吴青' });
    const count = Number(await row.locator('td').nth(1).innerText());
    await row.locator('td').nth(1).locator('a').click();
    await page.getByTestId('img-drill-sums').waitFor();
    await expect.poll(() => page.getByTestId('img-drill-sums').innerText()).toContain(`共 ${count} 例`);
    await shot(page, 'ultras_statis_workload-drill-zh');
    await page.keyboard.press('Escape');

    for (const url of [STATS[1]!, STATS[2]!]) {
      await page.goto(url);
      await page.locator('.img-stats').waitFor();
      await settle(page);
      await shot(page, `${url.split('/').pop()}-zh`);
    }
    await page.context().close();

    // The image centre's page as the administrator (both centres), then every statistics page in English.
    const admin = await newPage(browser!);
    await signIn(admin, 'admin', 'admin123');
    await admin.goto(STATS[4]!);
    await admin.getByTestId('img-stats-all').waitFor();
    await shot(admin, 'img_statistics-zh');
    await admin.getByRole('tab', { name: '费用' }).click();
    await shot(admin, 'img_statistics-fees-zh');
    await switchLanguage(admin, '切换语言', /English/);
    for (const url of STATS) {
      await admin.goto(url);
      await admin.locator('.img-stats').waitFor();
      await settle(admin);
      await shot(admin, `${url.split('/').pop()}-en`);
    }
    await admin.getByTestId('img-centre-switch').getByText('Ultrasound').click();
    await shot(admin, 'img_statistics-ultrasound-en');
    await admin.context().close();
  });
});
