import path from 'node:path';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';
import { call, tokenOf } from './lowcode-support.ts';

/**
 * Data reports end to end (issue 14): an administrator designs a report over
 * the seeded referral model in the browser (a date-range filter, a table
 * grouped by the referring organisation with sums, a chart), sees the live
 * preview, saves it, puts it on a menu (type 5) whose data rule is "own
 * organisation", grants a role; a user of another organisation opens it and
 * sees only their organisation's rows, in the chart and the table.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const CODE = `rpt${stamp}`;
const NAME = `转诊汇总${stamp}`;
const password = 'Report2024';
const CHENGGUAN = '100000000000000030';

async function pick(p: Page, testId: string, text: string) {
  await p.getByTestId(testId).click();
  await p.keyboard.type(text);
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: text }).first().waitFor();
  await p.keyboard.press('Enter');
}

async function switchLanguage(page: Page, from: string | RegExp, to: RegExp) {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await page.mouse.move(700, 880);
  await page
    .locator('.ant-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/** A screenshot once the charts have finished their entry animation. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(1500);
  await screenshot(page, name);
}

/**
 * Puts a report on a menu of type 5 (propertyJson.moduleId = the report) under
 * the seeded data-applications directory, with data authorization on and one
 * scheme "own organisation". The product has no menu API yet (menus come from
 * the seed): like lowcode-support's addModelMenu, this writes the rows a menu
 * screen would write into the test server's database.
 */
function addReportMenu(reportId: string, enCode: string, fullName: string) {
  const dataDir = inject('dataDir');
  if (!dataDir) throw new Error('adding a menu needs the test server’s own database (not E2E_BASE_URL)');
  const db = new SQLite(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const now = Date.now();
    let seq = 0;
    const id = () => `8${now}${String(seq++).padStart(4, '0')}`;
    const parent = db.prepare(`select id, system_id from menus where en_code = 'dataApps'`).get() as { id: string; system_id: string };
    const menuId = id();
    db.prepare(
      `insert into menus (id, parent_id, system_id, type, en_code, full_name, i18n_json, icon, url_address, link_target, property_json,
        category, hidden, sort_code, enabled_mark, is_button_authorize, is_column_authorize, is_form_authorize, is_data_authorize,
        description, created_at, created_by, updated_at, updated_by)
       values (?, ?, ?, 5, ?, ?, null, 'icon-ym icon-ym-report-icon', ?, null, ?, 'Web', 0, 98, 1, 0, 0, 0, 1, null, ?, null, null, null)`,
    ).run(menuId, parent.id, parent.system_id, enCode, fullName, `report/${enCode}`, JSON.stringify({ moduleId: reportId }), now);
    const schemeId = id();
    db.prepare(
      `insert into module_data_schemes (id, module_id, en_code, full_name, condition_json, condition_text, sort_code, enabled_mark,
        description, created_at, created_by, updated_at, updated_by) values (?, ?, ?, ?, ?, null, 0, 1, null, ?, null, null, null)`,
    ).run(
      schemeId,
      menuId,
      `own${stamp}`,
      '本组织',
      JSON.stringify([{ logic: 'and', groups: [{ field: 'organizeId', op: 'Equal', value: '@organizeId' }] }]),
      now,
    );
    return { menuId, parentId: parent.id, schemeId };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('data reports', () => {
  it(
    'designs a grouped report with a date filter and a chart; a user of another organisation sees only their rows',
    { timeout: 300_000 },
    async () => {
      const admin = await newPage(browser);
      await signIn(admin, 'admin', 'admin123');
      await admin.goto('/onlineDev/dataReport');
      await admin.getByTestId('rd-page').waitFor({ timeout: 30_000 });
      // The seeded reports are listed.
      await expect.poll(() => admin.getByTestId('rd-page').innerText()).toContain('转诊统计报表');
      await admin.getByTestId('rd-add').click();
      await admin.getByTestId('rd-editor').waitFor();
      await admin.getByTestId('rd-name').fill(NAME);
      await admin.getByTestId('rd-code').fill(CODE);
      await pick(admin, 'rd-model-select', '转诊登记');

      // Columns: the referring organisation, the count of patients, the sum of fees.
      await admin.getByRole('tab', { name: '列' }).click();
      for (const [i, label] of ['转出机构', '患者姓名', '费用'].entries()) {
        await admin.getByTestId('rd-add-column').click();
        await pick(admin, `rd-col-field-${i}`, label);
      }
      await admin.getByTestId('rd-col-title-1').fill('转诊人次');
      await pick(admin, 'rd-col-agg-1', '计数');
      await pick(admin, 'rd-col-agg-2', '求和');
      // A date-range filter on the referral date.
      await admin.getByRole('tab', { name: '查询条件' }).click();
      await admin.getByTestId('rd-add-param').click();
      await pick(admin, 'rd-param-field-0', '转诊日期');
      // Grouped by organisation, with a chart of it.
      await admin.getByRole('tab', { name: '分组汇总' }).click();
      await pick(admin, 'rd-groupby', '转出机构');
      await admin.keyboard.press('Escape');
      await admin.getByRole('tab', { name: '图表' }).click();
      await admin.getByTestId('rd-add-chart').click();

      // The live preview runs the draft: grouped rows, the total row, a chart.
      const preview = admin.getByTestId('rd-preview');
      await preview.getByTestId('report-total-row').waitFor({ timeout: 20_000 });
      await expect.poll(() => preview.locator('.report-table .ant-table-row').count()).toBe(5);
      await preview.locator('[data-testid="report-chart-0"] canvas').waitFor();
      await expect.poll(() => preview.innerText()).toContain('青山县城关镇卫生院');
      await shot(admin, 'report-designer-zh');

      const saved = admin.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/visualdev/DataReport',
      );
      await admin.getByTestId('rd-save').click();
      const reportId = ((await (await saved).json()) as { data: { id: string } }).data.id;
      await admin.getByText('保存成功').waitFor();
      await admin.getByTestId('rd-close').click();
      await admin.getByTestId('rd-editor').waitFor({ state: 'detached' });
      await admin
        .locator('.ant-modal-mask')
        .first()
        .waitFor({ state: 'hidden' })
        .catch(() => undefined);
      // The designer in English: reopened from the list.
      await switchLanguage(admin, '切换语言', /English/);
      await admin.locator('.ant-table-row', { hasText: CODE }).getByTestId('rd-design-row').click();
      await preview.getByTestId('report-total-row').waitFor({ timeout: 20_000 });
      await preview.locator('[data-testid="report-chart-0"] canvas').waitFor();
      await admin.getByRole('tab', { name: 'Columns' }).click();
      await shot(admin, 'report-designer-en');
      await admin.getByTestId('rd-close').click();
      await admin.getByTestId('rd-editor').waitFor({ state: 'detached' });
      await admin
        .locator('.ant-modal-mask')
        .first()
        .waitFor({ state: 'hidden' })
        .catch(() => undefined);
      await switchLanguage(admin, /^(Language|Switch language)$/, /简体中文/);

      // ---- on a menu with the "own organisation" rule, a role, a user of a township health centre
      const menu = addReportMenu(reportId, CODE, NAME);
      const token = await tokenOf(admin);
      const role = await call(admin, token, 'POST', '/api/permission/Role', {
        fullName: `报表角色${stamp}`,
        enCode: `e2e.report.${stamp}`,
        globalMark: 1,
      });
      expect(role.code).toBe(200);
      const granted = await call(admin, token, 'PUT', `/api/permission/Authority/Data/${role.data.id}`, {
        objectType: 'Role',
        module: [menu.parentId, menu.menuId],
        resource: [menu.schemeId],
      });
      expect(granted.code, granted.msg).toBe(200);
      const account = `rptuser${stamp}`;
      const user = await call(admin, token, 'POST', '/api/permission/Users', {
        account,
        realName: '报表用户',
        organizeId: [CHENGGUAN],
        roleId: [role.data.id],
        password: createHash('md5').update(password).digest('hex'),
      });
      expect(user.code, user.msg).toBe(200);

      const page = await newPage(browser);
      await signIn(page, account, password);
      const ran = page.waitForResponse((r) => r.url().includes(`/api/visualdev/DataReport/${reportId}/Actions/Run`));
      await page.goto(`/report/${CODE}`);
      const answer = (await (await ran).json()) as {
        code: number;
        data: { rows: { fromOrg: string }[]; charts: { rows: { fromOrg: string }[] }[] };
      };
      expect(answer.code).toBe(200);
      expect(answer.data.rows.map((r) => r.fromOrg)).toEqual([CHENGGUAN]);
      expect(answer.data.charts[0]!.rows.map((r) => r.fromOrg)).toEqual([CHENGGUAN]);
      const view = page.getByTestId('report-view');
      await view.getByTestId('report-total-row').waitFor({ timeout: 20_000 });
      await expect.poll(() => view.locator('.report-table .ant-table-row').count()).toBe(1);
      const text = await view.innerText();
      expect(text).toContain('青山县城关镇卫生院');
      expect(text).not.toContain('石桥镇');
      expect(text).not.toContain('县人民医院');
      await view.locator('[data-testid="report-chart-0"] canvas').waitFor();

      // The date-range filter: a range long before the demo data finds nothing.
      await view.getByTestId('report-param-referralDate').first().click();
      await page.keyboard.type('2001-01-01');
      await page.keyboard.press('Enter');
      await page.keyboard.type('2001-01-31');
      await page.keyboard.press('Enter');
      const filtered = page.waitForResponse((r) => r.url().includes(`/Actions/Run`));
      await view.getByTestId('report-search').click();
      const empty = (await (await filtered).json()) as { data: { rows: unknown[]; pagination: { total: number } } };
      expect(empty.data.pagination.total).toBe(0);
      await expect.poll(() => view.locator('.report-table .ant-table-row').count()).toBe(0);
      await view.getByTestId('report-reset').click();
      await expect.poll(() => view.locator('.report-table .ant-table-row').count()).toBe(1);
      await shot(page, 'report-page-zh');
      // Print shows the report only: no menu, tabs, filters or buttons.
      await page.evaluate(() => {
        window.print = () => undefined;
      });
      await view.getByTestId('report-print').click();
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.ma-side-menu').isVisible()).toBe(false);
      expect(await view.getByTestId('report-filters').isVisible()).toBe(false);
      expect(await view.locator('.report-table').isVisible()).toBe(true);
      await shot(page, 'report-print-zh');
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      expect(await page.locator('html.report-printing').count()).toBe(0);
      // Excel: the user's rows only, with the total.
      const download = page.waitForEvent('download');
      await view.getByTestId('report-export').click();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await (await download).path())!);
      const sheet = JSON.stringify(wb.worksheets[0]!.getSheetValues());
      expect(sheet).toContain('青山县城关镇卫生院');
      expect(sheet).toContain('合计');
      expect(sheet).not.toContain('石桥镇');
      await switchLanguage(page, '切换语言', /English/);
      await view.getByText('Total').first().waitFor();
      await shot(page, 'report-page-en');
      await switchLanguage(page, /^(Language|Switch language)$/, /简体中文/);

      // The seeded report opens from its seeded menu, for the administrator.
      await admin.goto('/report/referralReport');
      await admin.getByTestId('report-view').getByTestId('report-total-row').waitFor({ timeout: 20_000 });
      await admin.locator('[data-testid="report-chart-0"] canvas').waitFor();
      expect(await admin.locator('.report-subtotal-row').count()).toBeGreaterThan(0);
      await shot(admin, 'report-seeded-zh');
      // The seeded report over a data interface (its menu is in the data-centre system): in the designer's preview.
      await admin.goto('/onlineDev/dataReport');
      await admin.locator('.ant-table-row', { hasText: 'dcReport' }).getByTestId('rd-design-row').click();
      await admin.getByTestId('rd-preview').getByTestId('report-total-row').waitFor({ timeout: 20_000 });
      await admin.getByTestId('rd-preview').locator('[data-testid="report-chart-0"] canvas').waitFor();
      await shot(admin, 'report-interface-zh');
    },
  );
});
