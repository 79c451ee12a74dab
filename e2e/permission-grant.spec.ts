import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * Authorization end to end (issue 3): an administrator creates a user of a
 * fresh role through the users screen, grants that role one menu (positions)
 * and one button (add) on the authorize screen; the user signs in and sees
 * exactly that menu and that button, and the server refuses the calls of the
 * buttons and menus that were not granted.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = Date.now().toString(36);
const roleName = `授权测试角色${stamp}`;
const account = `grant${stamp}`;
const password = 'Grant2024';

/** A row of a (virtual) tree by its text. */
const treeNode = (scope: Locator, text: string) => scope.locator('.ant-tree-treenode:not([aria-hidden])', { hasText: text }).first();

/** Picks nodes in an open picker dialog and confirms. */
async function pickInDialog(page: Page, names: string[], tab?: string) {
  const dialog = page.locator('.ma-picker-dialog').last();
  await dialog.locator('.ma-picker-node').first().waitFor({ timeout: 15_000 });
  if (tab) await dialog.locator('.ant-tabs-tab', { hasText: tab }).click();
  for (const name of names) {
    await dialog.locator('.ma-picker-node', { hasText: name }).first().click();
    // The pick shows in the 'selected' list before confirming (a failure names the step that went wrong).
    await dialog.locator('.ma-picker-selected li[data-id]', { hasText: name }).waitFor({ timeout: 10_000 });
  }
  await dialog.locator('[data-testid="picker-confirm"]').click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('permission grant', () => {
  it('grants a role one menu and one button; its user sees exactly those and the server refuses the rest', async () => {
    const admin = await newPage(browser);
    await grantAndCheck(admin);
  });

  it('shows a user only the list columns and rows their grants allow (column authority, data scheme)', async () => {
    const admin = await newPage(browser);
    await signIn(admin, 'admin', 'admin123');
    const adminToken = await tokenOf(admin);
    const role = await call(admin, adminToken, 'POST', '/api/permission/Role', {
      fullName: `列权限角色${stamp}`,
      enCode: `e2e.columns.${stamp}`,
      globalMark: 1,
    });
    const roleId = role.data.id as string;
    const model = await call(admin, adminToken, 'GET', `/api/permission/Authority/Model/${roleId}/Role`);
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const usersMenu = flat(model.data.module.list).find((n) => n.enCode === 'user');
    const accountColumn = flat(model.data.column.list).find(
      (n) => n.type === 'column' && n.parentId === usersMenu.id && n.enCode === 'account',
    );
    const allRows = flat(model.data.resource.list).find((n) => n.type === 'resource' && n.enCode === 'user.all');
    const saved = await call(admin, adminToken, 'PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      module: [usersMenu.id],
      column: [accountColumn.id],
      resource: [allRows.id],
    });
    expect(saved.code).toBe(200);
    const account2 = `cols${stamp}`;
    const created = await call(admin, adminToken, 'POST', '/api/permission/Users', {
      account: account2,
      realName: '列权限测试员',
      organizeId: ['100000000000000002'],
      roleId: [roleId],
      password: createHash('md5').update(password).digest('hex'),
    });
    expect(created.code).toBe(200);

    const user = await newPage(browser);
    await signIn(user, account2, password);
    await user.goto('/permission/user');
    const page = user.locator('[data-testid="page-user"]');
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    const headers = (await page.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toContain('账号');
    for (const refused of ['姓名', '手机', '所属组织']) expect(headers).not.toContain(refused);
    // No button was granted: no add, import, export, edit or delete, and no actions column.
    for (const name of ['新建', '导入', '导出', '编辑', '删除']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(headers).not.toContain('操作');
    await screenshot(user, 'permission-grant-columns');
    // The server left the refused fields out of the rows.
    const rows = await call(user, await tokenOf(user), 'GET', '/api/permission/Users?pageSize=5');
    expect(rows.data.list.length).toBeGreaterThan(0);
    expect(Object.keys(rows.data.list[0])).not.toContain('mobilePhone');
  });
});

async function grantAndCheck(admin: Page) {
  {
    // ---- the administrator: a role, and a user of that role made on the users screen
    await signIn(admin, 'admin', 'admin123');
    const adminToken = await tokenOf(admin);
    const role = await call(admin, adminToken, 'POST', '/api/permission/Role', {
      fullName: roleName,
      enCode: `e2e.grant.${stamp}`,
      globalMark: 1,
    });
    expect(role.code).toBe(200);
    const roleId = role.data.id as string;

    await admin.goto('/permission/user');
    await admin.locator('[data-testid="page-user"] .ant-table-row').first().waitFor({ timeout: 30_000 });
    await admin.locator('[data-testid="page-user"] button', { hasText: '新建' }).click();
    const form = admin.locator('.ma-perm-dialog-user');
    await form.locator('#user_account').fill(account);
    await form.locator('#user_realName').fill('授权测试员');
    await form.locator('#user_password').fill(password);
    await form.locator('.ma-picker-field').nth(0).click();
    await pickInDialog(admin, ['信息中心']);
    await form.locator('.ma-picker-field').nth(2).click();
    await pickInDialog(admin, [roleName], '全局');
    await expect.poll(() => form.locator('.ma-picker-field').nth(2).textContent()).toContain(roleName);
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await admin.locator('[data-testid="page-user"] .ant-table-row', { hasText: account }).waitFor({ timeout: 15_000 });

    // ---- grant on the authorize screen: the positions menu and its add button, nothing else
    await admin.goto('/permission/authorize');
    await admin.locator('[data-testid="page-authorize"] .ma-picker-field').click();
    await pickInDialog(admin, [roleName], '全局');
    const tree = admin.locator('.ma-auth-tree');
    await treeNode(tree, '医共体管理平台').waitFor({ timeout: 15_000 });
    await admin.getByRole('button', { name: '折叠全部' }).click();
    await expect.poll(() => tree.locator('.ant-tree-treenode:not([aria-hidden])').count()).toBeLessThan(4);
    // Rows open at once (no slide motion): each click can follow the last.
    await treeNode(tree, '医共体管理平台').locator('.ant-tree-switcher').click();
    await treeNode(tree, '权限管理').locator('.ant-tree-switcher').click();
    await treeNode(tree, '岗位管理').locator('.ant-tree-checkbox').click();
    await expect.poll(() => treeNode(tree, '岗位管理').locator('.ant-tree-checkbox-checked').count()).toBe(1);

    await admin.locator('.ant-tabs-tab', { hasText: '按钮权限' }).click();
    await admin.getByRole('button', { name: '展开全部' }).click();
    // Only the chosen menu's buttons are offered.
    await treeNode(tree, 'btn_add').waitFor();
    expect(await tree.locator('.ant-tree-treenode:not([aria-hidden])', { hasText: '用户管理' }).count()).toBe(0);
    await treeNode(tree, 'btn_add').locator('.ant-tree-checkbox').click();
    await screenshot(admin, 'permission-grant-admin');
    await admin.locator('[data-testid="page-authorize"] button', { hasText: '保存授权' }).click();
    await admin.getByText('授权已保存').waitFor();

    const model = await call(admin, adminToken, 'GET', `/api/permission/Authority/Model/${roleId}/Role`);
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const granted = (tier: string) => flat(model.data[tier].list).filter((n) => model.data[tier].ids.includes(n.id));
    expect(
      granted('module')
        .map((n) => n.enCode)
        .sort(),
    ).toEqual(['permission', 'position']);
    expect(granted('button').map((n) => n.enCode)).toEqual(['btn_add']);

    // ---- the user: exactly that menu and that button
    const user = await newPage(browser);
    await signIn(user, account, password);
    const userToken = await tokenOf(user);
    const me = await call(user, userToken, 'GET', '/api/oauth/CurrentUser');
    const pages = flat(me.data.menuList).filter((m) => m.type !== 1);
    expect(pages.map((m) => m.enCode)).toEqual(['position']);
    const entry = me.data.permissionList.find((e: any) => e.modelId === pages[0].id);
    expect(entry.button.map((b: any) => b.enCode)).toEqual(['btn_add']);

    await user.goto('/permission/position');
    await user.locator('[data-testid="page-position"] .ant-table-row').first().waitFor({ timeout: 30_000 });
    const sideMenu = user.locator('.ma-side-menu');
    await expect.poll(() => sideMenu.locator('.ant-menu-item').allTextContents()).toEqual(['岗位管理']);
    expect(await sideMenu.locator('.ant-menu-submenu-title').allTextContents()).toEqual(['权限管理']);
    const page = user.locator('[data-testid="page-position"]');
    expect(await page.getByRole('button', { name: '新建' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    await screenshot(user, 'permission-grant-user');

    // The granted button's dialog opens.
    await page.getByRole('button', { name: '新建' }).click();
    await user.locator('.ma-perm-dialog-position .ant-modal-title', { hasText: '新建岗位' }).waitFor();
    await user.keyboard.press('Escape');

    // ---- the server: the granted calls work, every other button and menu is refused
    const list = await call(user, userToken, 'GET', '/api/permission/Position?pageSize=1');
    expect(list.status).toBe(200);
    const positionId = list.data.list[0].id as string;
    const info = await call(user, userToken, 'GET', `/api/permission/Position/${positionId}`);
    const created = await call(user, userToken, 'POST', '/api/permission/Position', {
      organizeId: info.data.organizeId,
      fullName: `授权岗位${stamp}`,
      enCode: `e2e.pos.${stamp}`,
    });
    expect(created.code).toBe(200);
    const edit = await call(user, userToken, 'PUT', `/api/permission/Position/${positionId}`, {
      organizeId: info.data.organizeId,
      fullName: info.data.fullName,
      enCode: info.data.enCode,
    });
    expect([edit.status, edit.code]).toEqual([403, 403]);
    const remove = await call(user, userToken, 'DELETE', `/api/permission/Position/${created.data.id}`);
    expect([remove.status, remove.code]).toEqual([403, 403]);
    for (const url of ['/api/permission/Role', '/api/permission/Users', '/api/permission/Organize', '/api/system/OnlineUser']) {
      const refused = await call(user, userToken, 'GET', url);
      expect([url, refused.status]).toEqual([url, 403]);
    }
    const grant = await call(user, userToken, 'PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      module: [],
      button: [],
    });
    expect(grant.status).toBe(403);

    // Clean up what the user created (as the administrator).
    expect((await call(admin, adminToken, 'DELETE', `/api/permission/Position/${created.data.id}`)).code).toBe(200);
  }
}
