import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDicom, fixtureUid } from '../apps/server/src/modules/imaging/dicom-fixture.ts';
import { buildMp4 } from '../apps/server/src/modules/imaging/media-fixture.ts';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 20's remote-ultrasound story in the browser, on the demo alliance:
 * the township doctor 徐丽 (城关镇卫生院) registers a thyroid study for a
 * resident picked from the archive, uploads a DICOM file and an MP4 clip
 * through the chunked uploader, looks at them in the viewer (window, zoom,
 * compare) and sends them; the ultrasound director 周杰 passes the image
 * check and triages the study to 吴青; 吴青 starts, writes the report from a
 * template and sends it to 郑浩 for the collaborative audit; 郑浩 grades the
 * images on the 16-item checklist and returns the report once; 吴青 revises
 * and resubmits; 郑浩 passes and releases it and prints it (unit header, QR
 * code that verifies); 徐丽 then sees the released report. Every study screen
 * of both centres is shot in zh and en (into /tmp/team/shots/B).
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/B';
const US = (code: string) => `/health/ultrasound/${code}`;
const IMG = (code: string) => `/health/imaging/${code}`;

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The drawer's status tag (its header). */
const drawerStatus = (page: Page) => page.locator('.ant-drawer-header').getByTestId('img-status');

async function openStudy(page: Page, tab: string, id: string) {
  await page.getByTestId(`img-tab-${tab}`).click();
  await page.getByTestId(`img-open-${id}`).click();
  await page.getByTestId('img-actions').waitFor();
}

async function act(page: Page, action: string) {
  await page.getByTestId(`img-act-${action}`).click();
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

describe('remote ultrasound in the browser', () => {
  let studyId = '';
  let applyNo = '';

  it('a township doctor registers a study, uploads a DICOM file and a clip, views them and sends them', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto(US('ultras_regist'));
    await page.getByTestId('img-table-registrations').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(page, 'us-regist-zh');

    await page.getByTestId('img-new-study').click();
    await page.getByTestId('img-patient-select').waitFor();
    await page.getByTestId('img-patient-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await pick(page, 'img-item', '甲状腺彩超');
    // The item brings its body part.
    await expect.poll(() => page.getByTestId('img-body-part').innerText()).toContain('甲状腺');
    await page.getByTestId('img-clinical-diagnosis').fill('甲状腺结节待查');
    await page.getByTestId('img-device').fill('Mindray M9');
    await page.locator('.ant-modal:visible').getByText('加急').click();
    await shot(page, 'us-register-form-zh');
    await page.getByTestId('img-register-save').click();
    // The new study opens on its images.
    await page.getByTestId('img-upload').waitFor({ timeout: 20_000 });
    applyNo = (await page.locator('.ant-drawer-title').innerText()).trim().split(/\s+/).pop()!;
    const token = await tokenOf(page);
    const mine = await fetchApi(token, 'GET', `/api/imaging/ultrasound/worklists/registrations?keyword=${applyNo}`);
    expect(mine.status, mine.msg).toBe(200);
    studyId = mine.data.list[0].id;
    expect(mine.data.list[0].status).toBe('registered');
    expect(mine.data.list[0].priority).toBe(1);

    const uid = fixtureUid(2026, 20, Date.now() % 100000);
    const dicom = buildDicom({
      studyUid: uid,
      seriesUid: `${uid}.1`,
      sopUid: `${uid}.1.1`,
      modality: 'US',
      rows: 128,
      columns: 160,
      seed: 3,
    });
    await page
      .getByTestId('img-upload')
      .getByTestId('chunk-upload-input')
      .setInputFiles([
        { name: 'thyroid-left.dcm', mimeType: 'application/dicom', buffer: dicom },
        { name: 'thyroid-sweep.mp4', mimeType: 'video/mp4', buffer: buildMp4({ seed: 2 }) },
      ]);
    await expect.poll(() => page.getByTestId('img-tab-images').innerText(), { timeout: 30_000 }).toContain('(2)');
    // The server read the study UID from the DICOM header.
    const detail = await fetchApi(token, 'GET', `/api/imaging/ultrasound/studies/${studyId}`);
    const dcm = (detail.data.images as { kind: string; studyUid: string | null }[]).find((i) => i.kind === 'dicom');
    expect(dcm?.studyUid).toBe(uid);

    // The viewer: the DICOM frame on a canvas with the header's window, adjustable by dragging; zoom; compare with the clip.
    const pane = page.getByTestId('img-viewer-pane-0');
    await page.getByTestId('img-viewer-canvas').waitFor({ timeout: 20_000 });
    const before = await pane.getByTestId('img-viewer-pane-0-window').innerText();
    expect(before).toContain('WC 2048 / WW 4096');
    const box = (await pane.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    expect(await pane.getByTestId('img-viewer-pane-0-window').innerText()).not.toBe(before);
    await page.getByTestId('img-viewer-zoom-in').click();
    expect(await pane.getByTestId('img-viewer-pane-0-zoom').innerText()).toBe('125%');
    await shot(page, 'us-viewer-dicom-zh');
    await page.getByTestId('img-viewer-compare').click();
    await page.getByTestId('img-viewer-pane-1').waitFor();
    await page.getByTestId('img-viewer-pane-1').getByTestId('img-viewer-video').waitFor({ timeout: 20_000 });
    await shot(page, 'us-viewer-compare-zh');

    await act(page, 'uploadDone');
    await expect.poll(() => drawerStatus(page).innerText()).toBe('已上传');
    await page.getByTestId('img-tab-history').click();
    await page.getByTestId('img-history').waitFor();
    await shot(page, 'us-detail-history-zh');
    await page.context().close();
  });

  it('the county director passes the image check and triages the study to a reader', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'zhoujie', 'demo123');
    await page.goto(US('ultras_triage_query'));
    await page.getByTestId('img-triage-ultrasound').waitFor();
    await page.getByTestId('img-tab-qc').click();
    await page.getByTestId(`img-row-qcPass-${studyId}`).click();
    await page.getByTestId('img-tab-triage').click();
    await page.getByTestId(`img-row-triage-${studyId}`).waitFor({ timeout: 20_000 });
    await shot(page, 'us-triage-zh');
    await page.getByTestId(`img-row-triage-${studyId}`).click();
    await pick(page, 'img-pick-reader', '吴青');
    await shot(page, 'us-triage-assign-zh');
    await page.getByTestId('img-action-ok').click();
    await page.getByTestId(`img-row-triage-${studyId}`).waitFor({ state: 'detached', timeout: 20_000 });
    const token = await tokenOf(page);
    const d = await fetchApi(token, 'GET', `/api/imaging/ultrasound/studies/${studyId}`);
    expect(d.data.status).toBe('triaged');
    expect(d.data.readerName).toBe('吴青');
    await page.getByTestId('img-tab-breached').click();
    await page.getByTestId('img-table-breached').waitFor();
    await shot(page, 'us-breached-zh');
    await page.context().close();
  });

  it('the reader writes the report from a template and sends it to audit', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'wuqing', 'demo123');
    await page.goto(US('ultras_diag_query'));
    await page.getByTestId('img-diag-ultrasound').waitFor();
    await page.getByTestId(`img-open-${studyId}`).waitFor({ timeout: 20_000 });
    await shot(page, 'us-diag-zh');
    await openStudy(page, 'mine', studyId);
    await act(page, 'start');
    await expect.poll(() => drawerStatus(page).innerText()).toBe('诊断中');
    await page.getByTestId('img-tab-report').click();
    await page.getByTestId('img-report-editor').waitFor();
    await page.getByTestId('img-template').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect.poll(() => page.getByTestId('img-findings').inputValue()).not.toBe('');
    await page.getByTestId('img-save-draft').click();
    await shot(page, 'us-report-editor-zh');
    await page.getByTestId('img-submit-report').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('初步报告');
    await act(page, 'sendAudit');
    await pick(page, 'img-pick-auditor', '郑浩');
    await page.getByTestId('img-action-ok').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('审核中');
    await page.context().close();
  });

  it('a second doctor grades the images and returns the report once', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'zhenghao', 'demo123');
    await page.goto(US('ultras_collab_audit'));
    await page.getByTestId(`img-open-${studyId}`).waitFor({ timeout: 20_000 });
    await shot(page, 'us-audit-zh');
    await openStudy(page, 'audit', studyId);
    await page.getByTestId('img-review-form').waitFor();
    await page.getByTestId('img-review-checklist').getByText('可避免伪影').click();
    await page.getByTestId('img-review-checklist').getByText('图像位置不规范').click();
    await page.getByTestId('img-review-grade').getByText('良好').click();
    await page.getByTestId('img-review-disagrees').click();
    await shot(page, 'us-audit-review-zh');
    await page.getByTestId('img-review-save').click();
    await page.getByTestId('img-tab-info').click();
    await page.getByTestId('img-reviews').getByText('良好').waitFor();
    await act(page, 'auditReturn');
    await page.getByTestId('img-action-comment').fill('请补充左叶结节的大小和TI-RADS分级');
    await shot(page, 'us-audit-return-zh');
    await page.getByTestId('img-action-ok').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('退回修改');
    await page.context().close();
  });

  it('the reader revises the returned report and resubmits it', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'wuqing', 'demo123');
    await page.goto(US('ultras_diag_query'));
    await page.getByTestId('img-diag-ultrasound').waitFor();
    await openStudy(page, 'returned', studyId);
    await act(page, 'start');
    await page.getByTestId('img-tab-report').click();
    const impression = page.getByTestId('img-impression');
    await expect.poll(() => impression.inputValue()).not.toBe('');
    await impression.fill(`${await impression.inputValue()}\n左叶结节约 8×6 mm，TI-RADS 3 类。`);
    await page.getByTestId('img-submit-report').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('初步报告');
    await act(page, 'sendAudit');
    await pick(page, 'img-pick-auditor', '郑浩');
    await page.getByTestId('img-action-ok').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('审核中');
    await page.context().close();
  });

  it('the auditor passes and releases it and prints it with a QR code that verifies', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'zhenghao', 'demo123');
    await page.goto(US('ultras_collab_audit'));
    await page.getByTestId(`img-open-${studyId}`).waitFor({ timeout: 20_000 });
    await openStudy(page, 'audit', studyId);
    await act(page, 'auditPass');
    await expect.poll(() => drawerStatus(page).innerText()).toBe('已审核');
    await act(page, 'release');
    await page.getByTestId('img-action-ok').waitFor();
    await shot(page, 'us-release-confirm-zh');
    await page.getByTestId('img-action-ok').click();
    await expect.poll(() => drawerStatus(page).innerText()).toBe('已发布');
    await page.getByTestId('img-tab-history').click();
    const history = await page.getByTestId('img-history').innerText();
    for (const step of ['上传完成', '初审合格', '分诊', '开始诊断', '提交报告', '送审', '退回修改', '审核通过', '发布'])
      expect(history).toContain(step);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('img-print').click();
    await page.getByTestId('img-print-masked').click();
    await page.getByTestId('ma-print-view').waitFor();
    const content = page.getByTestId('ma-print-content');
    await expect.poll(() => content.innerText()).toContain(applyNo);
    expect(await content.innerText()).toContain('青山县');
    expect(await content.locator('img[alt="QR"]').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await shot(page, 'us-print-zh');
    // The QR code's address answers that the report is authentic.
    const token = await tokenOf(page);
    const print = await fetchApi(token, 'GET', `/api/imaging/ultrasound/studies/${studyId}/print`);
    const verify = await fetchApi('', 'GET', print.data.verifyUrl);
    expect(verify.data.authentic).toBe(true);
    expect(verify.data.applyNo).toBe(applyNo);
    await page.context().close();
  });

  it('the township sees the released report', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'xuli', 'demo123');
    await page.goto(US('ultras_release_query'));
    await page.getByTestId(`img-open-${studyId}`).waitFor({ timeout: 20_000 });
    await shot(page, 'us-release-township-zh');
    await openStudy(page, 'released', studyId);
    expect(await drawerStatus(page).innerText()).toBe('已发布');
    await page.getByTestId('img-tab-report').click();
    await expect.poll(() => page.getByTestId('img-report-impression').first().innerText()).toContain('TI-RADS 3');
    await shot(page, 'us-released-report-zh');
    await page.context().close();
  });

  it('the centre queries every report with its versions', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'zhoujie', 'demo123');
    await page.goto(US('ultras_report_query'));
    await page.getByTestId('img-table-all').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(page, 'us-report-query-zh');
    await page.getByTestId('img-keyword').locator('input').fill(applyNo);
    await page.getByTestId('img-keyword').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('img-table-all-total').innerText()).toMatch(/ 1 /);
    await page.getByTestId(`img-open-${studyId}`).click();
    await page.getByTestId('img-tab-report').click();
    await page.getByTestId('img-report-versions').waitFor();
    await shot(page, 'us-report-versions-zh');
    await page.context().close();
  });

  it('the image centre screens in zh and en', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'wangfang', 'demo123');
    for (const [code, table] of [
      ['img_first_trial', 'img-table-qc'],
      ['img_diagnose', 'img-table-mine'],
      ['img_publish', 'img-table-released'],
    ] as const) {
      await page.goto(IMG(code));
      await page.getByTestId(table).waitFor({ timeout: 30_000 });
      await shot(page, `${code}-zh`);
    }
    // A seeded image-centre study with DICOM images in the viewer.
    await page.goto(IMG('img_publish'));
    await page.getByTestId('img-table-released').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('img-table-released').locator('tbody tr.ant-table-row button.ant-btn-link').first().click();
    await page.getByTestId('img-tab-images').click();
    await page.getByTestId('img-viewer').waitFor();
    await shot(page, 'img-viewer-zh');
    await page.keyboard.press('Escape');
    await switchLanguage(page, '切换语言', /English/);
    for (const [code, table] of [
      ['img_first_trial', 'img-table-qc'],
      ['img_diagnose', 'img-table-mine'],
      ['img_publish', 'img-table-released'],
    ] as const) {
      await page.goto(IMG(code));
      await page.getByTestId(table).waitFor({ timeout: 30_000 });
      await shot(page, `${code}-en`);
    }
    await page.getByTestId('img-table-released').locator('tbody tr.ant-table-row button.ant-btn-link').first().click();
    await page.getByTestId('img-tab-report').click();
    await shot(page, 'img-detail-report-en');
    await page.context().close();
  });

  it('the ultrasound screens in English', async () => {
    const us = await newPage(browser!);
    await signIn(us, 'zhoujie', 'demo123');
    await us.goto(US('ultras_triage_query'));
    await us.getByTestId('img-table-triage').waitFor({ timeout: 30_000 });
    await switchLanguage(us, '切换语言', /English/);
    for (const [code, table] of [
      ['ultras_triage_query', 'img-table-triage'],
      ['ultras_diag_query', 'img-table-mine'],
      ['ultras_collab_audit', 'img-table-audit'],
      ['ultras_report_query', 'img-table-all'],
      ['ultras_release_query', 'img-table-released'],
    ] as const) {
      await us.goto(US(code));
      await us.getByTestId(table).waitFor({ timeout: 30_000 });
      await shot(us, `${code}-en`);
    }
    await us.getByTestId(`img-open-${studyId}`).click();
    await us.getByTestId('img-tab-history').click();
    await us.getByTestId('img-history').waitFor();
    await shot(us, 'us-detail-history-en');
    await us.context().close();
  });

  it('the township screens in English', async () => {
    const town = await newPage(browser!);
    await signIn(town, 'xuli', 'demo123');
    await town.goto(IMG('img_regist'));
    await town.getByTestId('img-table-registrations').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(town, 'img_regist-zh');
    await town.goto(US('ultras_regist'));
    await town.getByTestId('img-table-registrations').waitFor({ timeout: 30_000 });
    await switchLanguage(town, '切换语言', /English/);
    await town.getByTestId('img-table-registrations').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(town, 'ultras_regist-en');
    await town.getByTestId('img-new-study').click();
    await town.getByTestId('img-patient-select').waitFor();
    await shot(town, 'us-register-form-en');
    await town.keyboard.press('Escape');
    await town.goto(IMG('img_regist'));
    await town.getByTestId('img-table-registrations').waitFor({ timeout: 30_000 });
    await shot(town, 'img_regist-en');
    await town.goto(US('ultras_release_query'));
    await town.getByTestId('img-table-released').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await shot(town, 'us-release-township-en');
    await town.context().close();
  });
});
