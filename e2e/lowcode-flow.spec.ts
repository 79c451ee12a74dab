import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';
import {
  addField,
  addModelMenu,
  call,
  createModelInDesigner,
  nameField,
  releaseFromList,
  saveDesign,
  selectContainer,
  tokenOf,
} from './lowcode-support.ts';

/**
 * The low-code engine end to end (issue 13): an administrator designs a model
 * with a sub-table, calculate fields, a dictionary select and a popup select,
 * releases it, puts it on a menu and grants two roles; a user of the first
 * creates, searches, edits, exports and imports records; a user of the second,
 * without the fee column, neither sees it nor receives it from the server.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const CODE = `flow${stamp}`;
const NAME = `流程测试${stamp}`;
const TITLE = `随访记录${stamp}`;
const password = 'Flow2024';
let modelId = '';

const dialog = (p: Page) => p.locator('.ant-modal:visible');
const listPage = (p: Page) => p.locator('[data-testid="lc-model-page"]');
const rows = (p: Page) => listPage(p).locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (p: Page, text: string) => rows(p).filter({ hasText: text });
const isList = (url: string) => url.includes(`/api/visualdev/OnlineDev/${modelId}/List`);

async function search(p: Page, title: string) {
  await p.getByTestId('lc-search-title').fill(title);
  await listPage(p)
    .locator('[role="search"]')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('low-code flow', () => {
  it(
    'designs, releases, grants; a user creates, searches, edits, exports, imports; a column not granted stays away',
    { timeout: 300_000 },
    async () => {
      // ---- design in the browser
      const admin = await newPage(browser);
      await signIn(admin, 'admin', 'admin123');
      modelId = await createModelInDesigner(admin, NAME, CODE);
      await addField(admin, 'input');
      await nameField(admin, '标题', 'title');
      await addField(admin, 'inputNumber');
      await nameField(admin, '费用', 'fee');
      await addField(admin, 'dicSelect');
      await nameField(admin, '性别', 'sex');
      await admin.getByTestId('lcd-prop-dictionary').click();
      await admin.keyboard.type('gender');
      await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(gender)' }).click();
      await addField(admin, 'popupSelect');
      await nameField(admin, '职称', 'doctorTitle');
      const props = admin.getByTestId('lcd-field-props');
      await props.locator('.ant-form-item', { hasText: '数据接口' }).locator('.ant-select').click();
      await admin.keyboard.type('医师职称');
      await admin.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', { hasText: '医师职称' }).last().click();
      await props.locator('.ant-form-item', { hasText: '存储字段' }).locator('input').fill('id');
      await props.locator('.ant-form-item', { hasText: '显示字段' }).locator('input').fill('fullName');
      await addField(admin, 'table');
      await nameField(admin, '明细', 'items');
      for (const [type, label, key] of [
        ['input', '药品', 'drug'],
        ['inputNumber', '数量', 'qty'],
        ['inputNumber', '单价', 'unitPrice'],
        ['calculate', '金额', 'lineTotal'],
      ] as const) {
        await selectContainer(admin, 'table');
        await addField(admin, type);
        await nameField(admin, label, key);
      }
      await admin.getByTestId('lcd-prop-expression').fill('qty * unitPrice');
      await expect.poll(() => props.innerText()).toContain('公式有效');
      await admin.getByTestId('lcd-canvas').click({ position: { x: 5, y: 5 } });
      await addField(admin, 'calculate');
      await nameField(admin, '合计', 'total');
      await admin.getByTestId('lcd-prop-expression').fill('fee + items.lineTotal');
      await expect.poll(() => props.innerText()).toContain('公式有效');
      expect(await admin.locator('[data-field-type="table"] [data-testid="lcd-item"]').count()).toBe(4);

      // The list: search the title by "contains", export and import buttons, button and column permissions.
      await admin.getByRole('tab', { name: '列表设计' }).click();
      const listDesigner = admin.getByTestId('lcd-list-designer');
      // New fields are offered as hidden columns: show the main ones.
      for (const key of ['title', 'fee', 'sex', 'doctorTitle', 'total'])
        await listDesigner
          .getByTestId('lcd-list-column')
          .filter({ has: admin.locator('.lcd-props-hint', { hasText: new RegExp(`^${key}$`) }) })
          .getByRole('checkbox', { name: '显示' })
          .check();
      await listDesigner.getByText('标题 (title)').click();
      await expect.poll(() => listDesigner.locator('.ant-select', { hasText: '包含' }).count()).toBe(1);
      for (const name of ['导出', '导入']) await listDesigner.getByRole('checkbox', { name }).check();
      for (const name of ['列表权限', '按钮权限'])
        await listDesigner.locator('.lcd-props-row', { hasText: name }).getByRole('switch').click();
      await saveDesign(admin);
      await admin.getByTestId('lcd-close').click();
      await releaseFromList(admin, CODE);

      // ---- a menu for it, two roles: one with every column, one without the fee; a user of each
      const columns: [string, string][] = [
        ['title', '标题'],
        ['fee', '费用'],
        ['sex', '性别'],
        ['doctorTitle', '职称'],
        ['total', '合计'],
      ];
      const menu = addModelMenu(modelId, CODE, NAME, columns);
      const adminToken = await tokenOf(admin);
      const makeUser = async (suffix: string, columnKeys: string[]) => {
        const role = await call(admin, adminToken, 'POST', '/api/permission/Role', {
          fullName: `低代码角色${suffix}${stamp}`,
          enCode: `e2e.flow.${suffix}.${stamp}`,
          globalMark: 1,
        });
        expect(role.code).toBe(200);
        const granted = await call(admin, adminToken, 'PUT', `/api/permission/Authority/Data/${role.data.id}`, {
          objectType: 'Role',
          module: [menu.parentId, menu.menuId],
          button: Object.values(menu.buttonIds),
          column: columnKeys.map((k) => menu.columnIds[k]),
        });
        expect(granted.code).toBe(200);
        const account = `flow${suffix}${stamp}`;
        const user = await call(admin, adminToken, 'POST', '/api/permission/Users', {
          account,
          realName: `低代码${suffix}`,
          organizeId: ['100000000000000002'],
          roleId: [role.data.id],
          password: createHash('md5').update(password).digest('hex'),
        });
        expect(user.code).toBe(200);
        return account;
      };
      const fullAccount = await makeUser('full', ['title', 'fee', 'sex', 'doctorTitle', 'total']);
      const narrowAccount = await makeUser('narrow', ['title', 'sex', 'doctorTitle', 'total']);

      // ---- the user with every column: create with a sub-table row
      const user = await newPage(browser);
      await signIn(user, fullAccount, password);
      await user.goto(`/model/${CODE}`);
      await user.getByTestId('lc-add').waitFor({ timeout: 30_000 });
      await expect.poll(() => user.locator('.ma-side-menu').innerText()).toContain(NAME);
      await user.getByTestId('lc-add').click();
      const form = dialog(user);
      await form.locator('[data-testid="lc-field-title"] input').fill(TITLE);
      await form.locator('[data-testid="lc-field-fee"] input').fill('20');
      await form.locator('[data-testid="lc-field-sex"] .ant-select').click();
      await user.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '女' }).click();
      await form.locator('[data-testid="lc-field-doctorTitle"] input').click();
      const picker = user.getByTestId('ma-popup-select-panel');
      await picker.locator('tr', { hasText: '主治医师' }).click();
      await user.getByTestId('ma-popup-confirm').click();
      await expect.poll(() => form.locator('[data-testid="lc-field-doctorTitle"] input').inputValue()).toBe('主治医师');
      const table = form.getByTestId('lc-table-items');
      await table.getByRole('button', { name: '添加' }).click();
      const cells = table.locator('tbody tr.ant-table-row').first().locator('input');
      await cells.nth(0).fill('阿莫西林');
      await cells.nth(1).fill('2');
      await cells.nth(2).fill('3.5');
      await expect.poll(() => cells.nth(3).inputValue(), { timeout: 5_000 }).toBe('7.00');
      await expect.poll(() => form.locator('[data-testid="lc-field-total"] input').inputValue(), { timeout: 5_000 }).toBe('27.00');
      await form.getByTestId('lc-save').click();
      await user.getByText('新建成功').waitFor();

      // Search (contains): a middle part of the title finds exactly the new record, its total recomputed by the server.
      await search(user, TITLE.slice(2, -1));
      await expect.poll(() => rows(user).count()).toBe(1);
      await expect.poll(() => rowOf(user, TITLE).innerText()).toContain('27');
      // The list shows the popup select's stored id (233): neither the list's display values nor the web
      // resolve interface labels yet (reported); the edit form below shows the label.

      // Edit: the fee changes, and with it the total.
      await rowOf(user, TITLE).getByTestId('lc-row-edit').click();
      await expect.poll(() => dialog(user).locator('[data-testid="lc-field-title"] input').inputValue()).toBe(TITLE);
      await expect.poll(() => dialog(user).locator('[data-testid="lc-field-doctorTitle"] input').inputValue()).toBe('主治医师');
      await dialog(user).locator('[data-testid="lc-field-fee"] input').fill('30');
      await expect.poll(() => dialog(user).locator('[data-testid="lc-field-total"] input').inputValue(), { timeout: 5_000 }).toBe('37.00');
      await dialog(user).getByTestId('lc-save').click();
      await user.getByText('修改成功').waitFor();
      await expect.poll(() => rowOf(user, TITLE).innerText()).toContain('37');

      // Export: the file holds the record with its display values.
      await listPage(user)
        .getByRole('button', { name: /导\s*出/ })
        .click();
      const download = user.waitForEvent('download');
      await dialog(user)
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /导\s*出/ })
        .click();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile((await (await download).path())!);
      const sheet = wb.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      expect(header).toEqual(expect.arrayContaining(['标题', '费用', '性别', '职称', '合计']));
      const exported = sheet.getRow(2).values as unknown[];
      expect(exported[header.indexOf('标题') + 1]).toBe(TITLE);
      expect(String(exported[header.indexOf('合计') + 1])).toMatch(/^37(\.00?)?$/);
      expect(exported[header.indexOf('性别') + 1]).toBe('女');

      // Import: one row from a sheet of our own; the dictionary label becomes its id, the total is computed.
      const imported = `导入记录${stamp}`;
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('data');
      ws.addRow(['标题', '费用', '性别']);
      ws.addRow([imported, 12, '男']);
      await dialog(user)
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await listPage(user)
        .getByRole('button', { name: /导\s*入/ })
        .click();
      await dialog(user)
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'import.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(await book.xlsx.writeBuffer()),
        });
      await dialog(user).getByText('导入完成：成功 1 条，失败 0 条').waitFor({ timeout: 20_000 });
      await dialog(user)
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s*闭/ })
        .click();
      await search(user, imported);
      await expect.poll(() => rows(user).count()).toBe(1);
      await expect.poll(() => rowOf(user, imported).innerText()).toContain('男');
      expect(await rowOf(user, imported).innerText()).toContain('12');

      // ---- the user without the fee column: not on the screen, not in the server's answer
      const narrow = await newPage(browser);
      await signIn(narrow, narrowAccount, password);
      const listed = narrow.waitForResponse((r) => isList(r.url()));
      await narrow.goto(`/model/${CODE}`);
      const answer = (await (await listed).json()) as { code: number; data: { list: Record<string, unknown>[] } };
      expect(answer.code).toBe(200);
      const mine = answer.data.list.find((r) => r.title === TITLE);
      expect(mine).toBeDefined();
      expect(mine).toHaveProperty('total');
      for (const row of answer.data.list) expect(row).not.toHaveProperty('fee');
      await rowOf(narrow, TITLE).waitFor({ timeout: 30_000 });
      const headers = (await listPage(narrow).locator('thead th').allTextContents()).map((h) => h.trim());
      expect(headers).toEqual(expect.arrayContaining(['标题', '合计']));
      expect(headers).not.toContain('费用');
      // The full user's answer carries the fee: the check above is not vacuous.
      const full = await call(user, await tokenOf(user), 'POST', `/api/visualdev/OnlineDev/${modelId}/List`, { menuId: menu.menuId });
      expect(full.data.list.find((r: Record<string, unknown>) => r.title === TITLE)?.fee).toBe(30);
      await screenshot(narrow, 'lowcode-flow-no-column-zh');
    },
  );
});
