import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * Portals (issue 14): an administrator designs a portal of four widgets in
 * the designer (palette, grid, properties), assigns it to a role, and a user
 * of that role signs in to find it as their home page, each widget loaded on
 * its own. The seeded portal menu opens its portal in a tab.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = Date.now().toString(36);
const portalName = `测试门户${stamp}`;
const account = `portal${stamp}`;
const password = 'Portal2024';
const TRAINER_ROLE = '200000000000000008';

async function switchLanguage(page: Page, from: string, to: RegExp) {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Waits until every widget of the portal on screen has finished its first load. */
const ready = (page: Page) => page.locator('.ma-portal-grid[data-portal-ready="true"]').first().waitFor({ timeout: 30_000 });

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('portals', () => {
  let admin: Page;
  let roleId = '';
  let unitCount = 0;

  it('designs a portal of four widgets and assigns it to a role', { timeout: 120_000 }, async () => {
    admin = await newPage(browser);
    await signIn(admin, 'admin', 'admin123');
    const token = await tokenOf(admin);
    const role = await call(admin, token, 'POST', '/api/permission/Role', {
      fullName: `门户角色${stamp}`,
      enCode: `e2e.portal.${stamp}`,
      globalMark: 1,
    });
    expect(role.code, role.msg).toBe(200);
    roleId = role.data.id;
    const user = await call(admin, token, 'POST', '/api/permission/Users', {
      account,
      realName: '门户测试员',
      organizeId: ['100000000000000002'],
      // The new role holds no menus, so the user also gets the seeded trainer role (menus, no portal):
      // a user without any menu cannot sign in at all.
      roleId: [roleId, TRAINER_ROLE],
      password: createHash('md5').update(password).digest('hex'),
    });
    expect(user.code, user.msg).toBe(200);

    await admin.goto('/onlineDev/portal');
    const list = admin.getByTestId('ma-portal-list');
    await list.locator('.ant-table-row', { hasText: '医共体门户' }).waitFor({ timeout: 30_000 });
    await admin.getByTestId('ma-portal-add').click();
    const designer = admin.getByTestId('ma-portal-designer');
    await designer.waitFor({ timeout: 30_000 });
    await admin.getByTestId('ma-portal-name').fill(portalName);
    await admin.getByTestId('ma-portal-code').fill(`e2e.portal.${stamp}`);

    // 1. a figure card over the seeded "member units" interface
    await admin.getByTestId('ma-portal-add-figure').click();
    const props = admin.getByTestId('ma-portal-props');
    await props.waitFor();
    await admin.getByTestId('ma-portal-prop-title').fill('成员单位数');
    await props.locator('.ant-select').first().click();
    await admin.keyboard.type('成员单位');
    await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '门户：成员单位数' }).click();
    const figure = designer.locator('[data-widget-type="figure"]');
    await expect.poll(() => figure.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    // 2. to-dos, 3. a clock, 4. rich text
    await admin.getByTestId('ma-portal-add-todo').click();
    await admin.getByTestId('ma-portal-add-clock').click();
    await admin.getByTestId('ma-portal-add-richText').click();
    const editor = props.locator('.ql-editor');
    await editor.waitFor({ timeout: 20_000 });
    await editor.click();
    await admin.keyboard.type('本门户为浏览器测试所建');
    await expect.poll(() => designer.locator('.ma-portal-richtext').textContent()).toContain('本门户为浏览器测试所建');

    // Resize the clock by its corner: the layout follows.
    const clock = admin.getByTestId('ma-portal-item-clock1');
    const before = await clock.boundingBox();
    const handle = clock.locator('.react-resizable-handle');
    const box = (await handle.boundingBox())!;
    await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(box.x + 200, box.y + 40, { steps: 8 });
    await admin.mouse.up();
    await expect.poll(async () => (await clock.boundingBox())!.width).toBeGreaterThan(before!.width + 100);
    await screenshot(admin, 'portal-designer-zh');

    await admin.getByTestId('ma-portal-save').click();
    await admin.locator('.ant-message', { hasText: '保存成功' }).waitFor({ timeout: 15_000 });
    await admin.getByTestId('ma-portal-close').click();
    await designer.waitFor({ state: 'detached' });

    const row = list.locator('.ant-table-row', { hasText: portalName });
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('ma-portal-roles-row').click();
    const dialog = admin.locator('.ant-modal', { hasText: `门户角色${stamp}` });
    await dialog.getByRole('checkbox', { name: `门户角色${stamp}` }).check();
    await admin.getByTestId('ma-portal-roles-ok').click();
    await admin.locator('.ant-message', { hasText: '角色已保存' }).waitFor({ timeout: 15_000 });

    // What was saved: four widgets, the resized clock, the role holding the portal.
    const listed = await call(admin, token, 'GET', `/api/visualdev/Portal?keyword=${stamp}`);
    const id = listed.data.list[0].id as string;
    const saved = await call(admin, token, 'GET', `/api/visualdev/Portal/${id}`);
    expect(saved.data.formData.widgets.map((w: { type: string }) => w.type).sort()).toEqual(['clock', 'figure', 'richText', 'todo']);
    expect(saved.data.formData.layout.find((g: { i: string }) => g.i === 'clock1').w).toBeGreaterThan(3);
    expect((await call(admin, token, 'GET', `/api/visualdev/Portal/${id}/Roles`)).data.roleIds).toEqual([roleId]);
    const units = await call(admin, token, 'POST', '/api/visualdev/Portal/Widgets/Preview', saved.data.formData.widgets[0]);
    unitCount = Number(units.data.rows[0].value);
    expect(unitCount).toBeGreaterThan(0);
  });

  it('shows the portal as the home page of a user of that role', { timeout: 90_000 }, async () => {
    const user = await newPage(browser);
    await signIn(user, account, password);
    await user.goto('/home');
    const home = user.getByTestId('ma-home-portal');
    await home.waitFor({ timeout: 30_000 });
    await ready(user);
    expect(await home.locator('.ma-portal-widget').count()).toBe(4);
    await expect.poll(() => home.locator('[data-widget-type="figure"] [data-value]').getAttribute('data-value')).toBe(String(unitCount));
    await home.locator('[data-widget-type="todo"]', { hasText: '暂无待办' }).waitFor();
    await home.getByText('本门户为浏览器测试所建').waitFor();
    // The dashboard is not shown in its place.
    expect(await user.locator('.ma-home-stats').count()).toBe(0);
    await screenshot(user, 'portal-home-zh');

    await switchLanguage(user, '切换语言', /English/);
    await home.locator('[data-widget-type="todo"]', { hasText: 'No to-dos' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => home.locator('.ma-portal-month th').first().textContent()).toBe('Mo');
    await screenshot(user, 'portal-home-en');
    await switchLanguage(user, 'Language', /简体中文/);
    await user.context().close();
  });

  it('opens the seeded portal from its menu, every widget drawn on its own', { timeout: 90_000 }, async () => {
    await admin.goto('/portal/alliancePortal');
    const page = admin.getByTestId('ma-portal-page');
    await page.waitFor({ timeout: 30_000 });
    await ready(admin);
    expect(await page.locator('.ma-portal-widget').count()).toBe(12);
    expect(await page.locator('.ma-portal-widget[data-state="error"]').count()).toBe(0);
    expect(await page.locator('[data-widget-type="chart"] canvas').count()).toBe(2);
    await screenshot(admin, 'portal-page-zh');

    await switchLanguage(admin, '切换语言', /English/);
    await page.locator('[data-widget-type="notice"]', { hasText: 'No notices' }).waitFor({ timeout: 15_000 });
    await screenshot(admin, 'portal-page-en');
    await admin.goto('/onlineDev/portal');
    const row = admin.getByTestId('ma-portal-list').locator('.ant-table-row', { hasText: portalName });
    await row.getByTestId('ma-portal-design-row').click();
    await admin.getByTestId('ma-portal-designer').waitFor({ timeout: 30_000 });
    await admin.getByTestId('ma-portal-item-figure1').click();
    await admin.getByTestId('ma-portal-props').waitFor();
    await expect
      .poll(() => admin.locator('[data-widget-type="figure"]').first().getAttribute('data-state'), { timeout: 20_000 })
      .toBe('ready');
    await screenshot(admin, 'portal-designer-en');
    await admin.getByTestId('ma-portal-close').click();
    await switchLanguage(admin, 'Language', /简体中文/);
  });

  it('keeps one failing widget from blanking the page', { timeout: 60_000 }, async () => {
    const fresh = await newPage(browser);
    await signIn(fresh, 'admin', 'admin123');
    await fresh.route('**/Widgets/stockChart/Data*', (route) =>
      route.fulfill({ status: 500, body: '{"code":500,"msg":"boom","data":null}' }),
    );
    await fresh.goto('/portal/alliancePortal');
    await ready(fresh);
    const page = fresh.getByTestId('ma-portal-page');
    await expect.poll(() => page.locator('[data-widget-id="stockChart"]').getAttribute('data-state')).toBe('error');
    expect(await page.locator('.ma-portal-widget[data-state="error"]').count()).toBe(1);
    expect(await page.locator('[data-widget-id="staffPie"] canvas').count()).toBe(1);
    await fresh.unroute('**/Widgets/stockChart/Data*');
    await page
      .locator('[data-widget-id="stockChart"]')
      .getByRole('button', { name: /重\s*试/ })
      .click();
    await expect.poll(() => page.locator('[data-widget-id="stockChart"]').getAttribute('data-state')).toBe('ready');
    await fresh.context().close();
  });
});
