import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * Every organisation and authorization screen as the administrator uses it
 * (issue 3): lists, dialogs, pickers, the user import, the authorize tiers and
 * the data-scheme editor, online users with force offline, and one screen in
 * English. Each step leaves a screenshot in e2e/screenshots/permission-*.png
 * and fails on an untranslated message key showing on screen.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
const stamp = Date.now().toString(36);

/** Our message keys: one showing on screen means a text is missing. */
const root = path.resolve(import.meta.dirname, '..');
const KEYS = ['apps/web/src/features/permission/messages.ts', 'apps/web/src/components/pickers/org/messages.ts'].flatMap((file) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/["']((?:[a-zA-Z]+\.)+[a-zA-Z@]+)["']:/g)].map((m) => m[1]!),
);

async function shot(name: string, p: Page = page) {
  await p.waitForTimeout(400);
  const text = await p.locator('body').innerText();
  expect(
    KEYS.filter((k) => text.includes(k)),
    `untranslated keys on ${name}`,
  ).toEqual([]);
  await screenshot(p, `permission-${name}`);
}

const visibleDialog = (p: Page = page) => p.locator('.ant-modal-wrap:visible .ant-modal').last();

async function open(path: string, testId: string, p: Page = page) {
  await p.goto(path);
  await p.locator(`[data-testid="${testId}"]`).waitFor({ timeout: 30_000 });
  await p
    .locator(`[data-testid="${testId}"] .ant-spin-spinning`)
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
}

async function pickerOpen(fieldIndex: number, scope: string) {
  await page.locator(`${scope} .ma-picker-field`).nth(fieldIndex).click();
  const dialog = page.locator('.ma-picker-dialog').last();
  await dialog.locator('.ma-picker-node').first().waitFor({ timeout: 15_000 });
  return dialog;
}

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, 'admin', 'admin123');
});

afterAll(async () => {
  await browser?.close();
});

describe('permission screens', () => {
  it('organizations: tree table, search, create dialog with the parent picker, delete confirmation', async () => {
    await open('/permission/organize', 'page-organize');
    await page.locator('[data-testid="page-organize"] .ant-table-row').first().waitFor();
    await shot('organize');
    await page.locator('[data-testid="page-organize"] input[aria-label]').first().fill('卫生院');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="page-organize"] .ant-table-row', { hasText: '城关镇' }).first().waitFor();
    await shot('organize-search');

    await page
      .locator('[data-testid="page-organize"] .ant-table-row', { hasText: '城关镇' })
      .first()
      .getByRole('button', { name: '新建下级' })
      .click();
    const form = page.locator('.ma-perm-dialog-organize');
    // The first field has the focus: Enter submits, and the rules answer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('organize_fullName');
    await page.keyboard.press('Enter');
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await shot('organize-form-errors');
    await form.locator('#organize_fullName').fill(`测试科室${stamp}`);
    await form.locator('#organize_enCode').fill('.bad');
    await form.locator('#organize_enCode').blur();
    await form.getByText('编码只能输入英文、数字和小数点').waitFor();
    await form.locator('#organize_enCode').fill(`E2E.${stamp}`);
    const dialog = await pickerOpen(0, '.ma-perm-dialog-organize');
    await shot('organize-parent-picker');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    await page.locator('[data-testid="page-organize"] input[aria-label]').first().fill(`测试科室${stamp}`);
    await page.keyboard.press('Enter');
    const row = page.locator('[data-testid="page-organize"] .ant-table-row', { hasText: `测试科室${stamp}` });
    await row.waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByText('此操作将永久删除该数据, 是否继续?').waitFor();
    await shot('organize-delete-confirm');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await row.waitFor({ state: 'detached' });
  });

  it('departments, positions and groups: lists and dialogs', async () => {
    await open('/permission/department', 'page-department');
    await page.locator('[data-testid="page-department"] .ant-table-row').first().waitFor();
    await shot('department');
    await page.locator('[data-testid="page-department"] .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
    await page.locator('.ma-perm-dialog-department #department_fullName').waitFor();
    await expect.poll(() => page.locator('.ma-perm-dialog-department #department_fullName').inputValue()).not.toBe('');
    await shot('department-form');
    await page.keyboard.press('Escape');

    await open('/permission/position', 'page-position');
    await page.locator('[data-testid="page-position"] .ant-table-row').first().waitFor();
    await page.locator('[data-testid="page-position"] .ma-perm-side .ant-tree-title', { hasText: '青山县人民医院' }).click();
    await expect.poll(() => page.locator('[data-testid="page-position"] .ant-pagination-total-text').textContent()).toMatch(/共 \d+ 条/);
    await shot('position');
    await page.locator('[data-testid="page-position"] button', { hasText: '新建' }).click();
    await page.locator('.ma-perm-dialog-position #position_fullName').waitFor();
    await shot('position-form');
    await page.keyboard.press('Escape');

    await open('/permission/group', 'page-group');
    await page.locator('[data-testid="page-group"] .ant-table-row').first().waitFor();
    await shot('group');
    await page.locator('[data-testid="page-group"] .ant-table-row').first().getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => page.locator('.ma-perm-dialog-group #group_fullName').inputValue()).not.toBe('');
    await shot('group-form');
    await page.keyboard.press('Escape');
  });

  it('roles: type filter, state toggle, organization role with the organization picker, role picker tabs', async () => {
    await open('/permission/role', 'page-role');
    await page.locator('[data-testid="page-role"] .ant-table-row').first().waitFor();
    await shot('role');
    await page.locator('[data-testid="page-role"] button', { hasText: '新建' }).click();
    const form = page.locator('.ma-perm-dialog-role');
    await form.locator('#role_fullName').fill(`组织角色${stamp}`);
    await form.locator('#role_enCode').fill(`e2e.role.${stamp}`);
    await form.getByText('组织角色', { exact: true }).click();
    const dialog = await pickerOpen(0, '.ma-perm-dialog-role');
    await dialog.locator('.ma-picker-node', { hasText: '青山县人民医院' }).click();
    await dialog.locator('.ma-picker-node', { hasText: '青山县中医院' }).click();
    // A second click on a chosen node is ignored.
    await dialog.locator('.ma-picker-node', { hasText: '青山县中医院' }).click();
    await expect.poll(() => dialog.locator('.ma-picker-selected li[data-id]').count()).toBe(2);
    await shot('role-organize-picker');
    await dialog.locator('[data-testid="picker-confirm"]').click();
    await shot('role-form');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const row = page.locator('[data-testid="page-role"] .ant-table-row', { hasText: `组织角色${stamp}` });
    await row.waitFor();
    await row.locator('.ant-switch').click();
    await page.getByText('状态已更新').first().waitFor();
    await expect.poll(() => row.locator('.ant-switch-checked').count()).toBe(0);

    // The type filter applies with the search; reset clears it and lists every type again.
    const bar = page.locator('[data-testid="page-role"] [role="search"]');
    await bar.getByLabel('角色类型').click();
    await page.locator('.ant-select-dropdown:visible').getByText('全局角色', { exact: true }).click();
    await bar.getByRole('button', { name: /查\s*询|搜\s*索/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    await bar.getByRole('button', { name: /重\s*置/ }).click();
    await row.waitFor();
  });

  it('users: list, form with every picker, reset password, import with preview and failed rows, export', async () => {
    await open('/permission/user', 'page-user');
    await page.locator('[data-testid="page-user"] .ant-table-row').first().waitFor();
    // Sort by account.
    await page.locator('[data-testid="page-user"] th', { hasText: '账号' }).click();
    await expect.poll(() => page.locator('[data-testid="page-user"] .ant-table-row').first().textContent()).toContain('admin');
    await shot('user');
    await page.locator('[data-testid="page-user"] input[aria-label]').first().fill('zhangwei');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="page-user"] .ant-table-row').count()).toBe(1);

    await page.locator('[data-testid="page-user"] .ant-table-row', { hasText: 'zhangwei' }).getByRole('button', { name: '编辑' }).click();
    const form = page.locator('.ma-perm-dialog-user');
    await expect.poll(() => form.locator('.ma-picker-field').nth(0).textContent(), { timeout: 15_000 }).toContain('内科');
    await shot('user-form');
    for (const [i, name] of [
      [0, 'organize'],
      [1, 'position'],
      [2, 'role'],
      [3, 'group'],
      [4, 'user'],
    ] as const) {
      const dialog = await pickerOpen(i, '.ma-perm-dialog-user');
      await shot(`picker-${name}`);
      if (name === 'role') {
        await dialog.locator('.ant-tabs-tab', { hasText: '全局' }).click();
        await shot('picker-role-global');
      }
      if (name === 'user') {
        await dialog.locator('input').first().fill('刘');
        await page.keyboard.press('Enter');
        await dialog.locator('.ma-picker-node[data-type="user"]').first().waitFor();
        await shot('picker-user-search');
      }
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.keyboard.press('Escape');

    await page
      .locator('[data-testid="page-user"] .ant-table-row', { hasText: 'zhangwei' })
      .getByRole('button', { name: '重置密码' })
      .click();
    const reset = page.locator('.ma-perm-dialog-resetPassword');
    await reset.locator('#resetPassword_password').fill('abc');
    await reset.locator('#resetPassword_confirm').fill('abd');
    await page.keyboard.press('Enter');
    await reset.getByText('两次输入的密码不一致').waitFor();
    await shot('user-reset-password');
    await page.keyboard.press('Escape');

    // Import: the template, uploaded back twice (the second time its accounts exist).
    const adminToken = await tokenOf(page);
    const template = await page.request.get('/api/permission/Users/TemplateDownload', { headers: { authorization: adminToken } });
    expect(template.status()).toBe(200);
    const workbook = {
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await template.body(),
    };
    for (const round of [1, 2]) {
      await page.locator('[data-testid="page-user"] button', { hasText: '导入' }).click();
      const dialog = visibleDialog();
      await dialog.locator('input[type="file"]').setInputFiles(workbook);
      await dialog.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
      await shot(`user-import-preview-${round}`);
      const start = dialog.getByRole('button', { name: /开始导入|没有可导入的数据/ });
      if (await start.isEnabled()) {
        await start.click();
        await dialog.locator('.ant-result').waitFor();
        await shot('user-import-result');
      } else {
        // Every row has an error now: the preview names it per row.
        expect(await dialog.locator('.ma-import-error').first().textContent()).toBeTruthy();
      }
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    }

    await page.locator('[data-testid="page-user"] button', { hasText: '导出' }).click();
    await visibleDialog().getByText('导出字段').waitFor();
    await shot('user-export');
    const download = page.waitForEvent('download');
    await visibleDialog()
      .getByRole('button', { name: /导\s*出/ })
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('authorize: role tiers, check all and deselect all, the data-scheme editor', async () => {
    await open('/permission/authorize', 'page-authorize');
    await shot('authorize-empty');
    await page.locator('[data-testid="page-authorize"] .ma-picker-field').click();
    const dialog = page.locator('.ma-picker-dialog').last();
    await dialog.locator('.ant-tabs-tab', { hasText: '全局' }).click();
    await dialog.locator('.ma-picker-node', { hasText: '县级医生' }).click();
    await dialog.locator('[data-testid="picker-confirm"]').click();
    const tree = page.locator('.ma-auth-tree');
    await tree.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
    await shot('authorize-menu');
    await page.getByRole('button', { name: '全部取消' }).click();
    await expect.poll(() => tree.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await page.getByText('有未保存的修改').waitFor();
    await page.getByRole('button', { name: '全部勾选' }).click();
    await expect.poll(() => tree.locator('.ant-tree-checkbox-checked').count()).toBeGreaterThan(0);
    for (const [tab, name] of [
      ['应用权限', 'system'],
      ['按钮权限', 'button'],
      ['列表权限', 'column'],
      ['数据权限', 'data'],
    ]) {
      await page.locator('.ant-tabs-tab', { hasText: tab }).click();
      await shot(`authorize-${name}`);
    }

    await page.getByRole('button', { name: '方案管理' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-select').first().click();
    await page.keyboard.type('用户管理');
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '用户管理' }).first().click();
    await drawer.locator('.ant-table-row').first().waitFor();
    await shot('scheme-drawer');
    await drawer.getByRole('button', { name: '新建方案' }).click();
    const schemeForm = visibleDialog();
    await schemeForm.locator('#scheme_fullName').fill(`本组织方案${stamp}`);
    await schemeForm.locator('#scheme_enCode').fill(`e2e.scheme.${stamp}`);
    await schemeForm.getByRole('button', { name: /确\s*定/ }).click();
    // The empty condition row is refused with its reason.
    await schemeForm.getByText('请选择字段').waitFor();
    const row = schemeForm.locator('.ma-scheme-row').first();
    await row.locator('.ant-select').nth(0).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '所属组织' }).click();
    await row.locator('.ant-select').nth(2).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '系统变量' }).click();
    await row.locator('.ant-select').nth(3).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '当前组织及子组织' }).click();
    await expect.poll(() => schemeForm.locator('[data-testid="scheme-text"]').textContent()).toBe('所属组织 等于 当前组织及子组织');
    await shot('scheme-form');
    await schemeForm.getByRole('button', { name: /确\s*定/ }).click();
    const saved = drawer.locator('.ant-table-row', { hasText: `本组织方案${stamp}` });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('当前组织及子组织');
    await saved.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await saved.waitFor({ state: 'detached' });
    await drawer.locator('.ant-drawer-close').click();
  });

  it('online users: force another session offline, whose next call answers 601', async () => {
    const other = await newPage(browser);
    await signIn(other, 'zhangwei', 'demo123');
    const otherToken = await tokenOf(other);
    await open('/permission/onlineUser', 'page-online');
    const row = page.locator('[data-testid="page-online"] .ant-table-row', { hasText: 'zhangwei' }).first();
    await row.waitFor();
    await shot('online');
    await row.getByRole('button', { name: '强制下线' }).click();
    await page.getByText('您确定要注销该账户吗?').waitFor();
    await shot('online-confirm');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已强制下线').first().waitFor();
    const res = await other.request.get('/api/oauth/CurrentUser', { headers: { authorization: otherToken } });
    expect(((await res.json()) as { code: number }).code).toBe(601);
    await other.context().close();
  });

  it('shows the users screen in English', async () => {
    await page.locator('.ma-navbar-btn:has(.anticon-translation)').click();
    await page.getByText('English', { exact: true }).click();
    await open('/permission/user', 'page-user');
    await page.locator('[data-testid="page-user"] .ant-table-row').first().waitFor();
    const main = page.locator('[data-testid="page-user"]');
    for (const text of ['Organization tree', 'Search', 'Reset', 'Add', 'Import', 'Export', 'Account', 'Reset password']) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    await shot('user-en');
    await main.locator('.ant-table-row', { hasText: 'zhangwei' }).getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() => page.locator('.ma-perm-dialog-user .ma-picker-field').nth(0).textContent(), { timeout: 15_000 })
      .toContain('内科');
    await shot('user-form-en');
    await pickerOpen(2, '.ma-perm-dialog-user');
    await page.locator('.ma-picker-dialog').getByText('Clear list').waitFor();
    await shot('picker-role-en');
    // Esc closes the picker, then (the focus back on its field) the form.
    await page.keyboard.press('Escape');
    await page.locator('.ma-picker-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.locator('.ma-perm-dialog-user').waitFor({ state: 'hidden' });
    // Back to Chinese for whoever signs in next with this browser.
    await page.locator('.ma-navbar-btn:has(.anticon-translation)').click();
    await page.getByText('简体中文', { exact: true }).click();
  });
});
