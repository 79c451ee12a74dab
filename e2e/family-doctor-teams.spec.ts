import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 21's family-doctor teams in the browser, on the demo alliance:
 * 胡健 of 石桥镇卫生院 sets up a new team (himself as family doctor and
 * leader, 郭萍 nurse, 彭博 of 石桥村 public-health doctor) and submits it for
 * review; the auditor 马军 finds it in the standard 待办 screen and approves
 * it there (the workflow engine's own screen); 胡健 then sees the team 已生效.
 * fd_statis shows the contracting figures with drill-down. Every screen of
 * this part (fd_team, team_audit, fd_package, question_list, fd_statis) is
 * shot in zh and en into /tmp/team/shots/E2.
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/E2';
const URL = (code: string) => `/health/familyDoctor/${code}`;
const SUFFIX = String(Date.now()).slice(-5);
const TEAM = `石桥镇家庭医生二团队${SUFFIX}`;
const CODE = `G.FD.SQ2-${SUFFIX}`;

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}
const rowOf = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

describe('family-doctor teams in the browser', () => {
  it('a team is created and submitted, approved in the 待办 flow screen, and shows active', { timeout: 180_000 }, async () => {
    const p = await newPage(browser!);
    await signIn(p, 'hujian', 'demo123');
    await p.goto(URL('fd_team'));
    await p.getByTestId('fd-team-page').waitFor({ timeout: 30_000 });
    await rowOf(p, 'fd-team-table', '石桥镇家庭医生团队').waitFor({ timeout: 20_000 });
    await shot(p, 'fd_team-zh');

    await p.getByTestId('fd-team-add').click();
    await p.getByTestId('fd-team-form').waitFor();
    await pick(p, 'fd-team-unit', '石桥镇卫生院');
    await p.getByTestId('fd-team-code').fill(CODE);
    await p.getByTestId('fd-team-name').fill(TEAM);
    await pick(p, 'fd-team-member-0', '胡健');
    await p.getByTestId('fd-team-add-member').click();
    await pick(p, 'fd-team-member-1', '郭萍');
    await pick(p, 'fd-team-role-1', '护士');
    await p.getByTestId('fd-team-add-member').click();
    await pick(p, 'fd-team-member-2', '彭博');
    await pick(p, 'fd-team-role-2', '公卫医生');
    await pick(p, 'fd-team-leader', '胡健');
    await shot(p, 'fd_team-form-zh');
    await p.getByTestId('fd-team-save-submit').click();
    const row = rowOf(p, 'fd-team-table', TEAM);
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.getByTestId('fd-team-status-pending').count(), { timeout: 15_000 }).toBe(1);

    // The auditor approves it in the standard to-do screen.
    const m = await newPage(browser!);
    await signIn(m, 'majun', 'demo123');
    await m.goto(URL('team_audit'));
    await m.getByTestId('fd-audit-page').waitFor({ timeout: 30_000 });
    await rowOf(m, 'fd-audit-table', TEAM).waitFor({ timeout: 20_000 });
    await shot(m, 'team_audit-zh');
    await m.goto('/workFlow/flowTodo');
    await m.getByTestId('wf-todo-page').waitFor({ timeout: 30_000 });
    const todo = rowOf(m, 'wf-todo-page', TEAM);
    await todo.waitFor({ timeout: 20_000 });
    await shot(m, 'flowTodo-team-zh');
    await todo.getByTestId('wf-row-open').click();
    await m.waitForURL(/\/workFlowDetail\?config=/);
    await m.getByTestId('wfd-action-approve').click();
    const dialog = m.getByTestId('wfd-dialog-approve');
    await dialog.waitFor();
    await dialog.getByTestId('wfd-opinion').fill('团队成员配置齐全，同意');
    await m.getByTestId('wfd-dialog-ok').click();
    await expect
      .poll(
        async () =>
          (
            await m
              .getByTestId('wfd-status')
              .innerText()
              .catch(() => '')
          ).trim(),
        { timeout: 20_000 },
      )
      .toBe('已通过');

    // The team is active for its unit.
    await p.reload();
    await p.getByTestId('fd-team-page').waitFor({ timeout: 30_000 });
    const active = rowOf(p, 'fd-team-table', TEAM);
    await active.waitFor({ timeout: 20_000 });
    await expect.poll(() => active.getByTestId('fd-team-status-active').count(), { timeout: 15_000 }).toBe(1);
    const token = await tokenOf(p);
    const list = await fetchApi(token, 'GET', `/api/family-doctor/teams?keyword=${encodeURIComponent(CODE)}`);
    expect(list.data.list[0]).toMatchObject({ code: CODE, status: 'active', auditComment: '团队成员配置齐全，同意' });
    // The auditor's review screen in English (the seeded 河口乡 team still waits for them), then back to Chinese.
    await switchLanguage(m, '切换语言', /English/);
    await m.goto(URL('team_audit'));
    await m.getByTestId('fd-audit-page').waitFor({ timeout: 30_000 });
    await m.getByTestId('fd-audit-table').locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(m, 'team_audit-en');
    await switchLanguage(m, /^(Language|Switch language)$/, /简体中文/);
    await p.context().close();
    await m.context().close();
  });

  it('fd_statis shows the figures, opens a drill-down, and every screen reads in zh and en', { timeout: 180_000 }, async () => {
    const p = await newPage(browser!);
    await signIn(p, 'xuli', 'demo123');
    const token = await tokenOf(p);
    const kpi = await fetchApi(token, 'GET', '/api/family-doctor/kpi?by=unit');
    expect(kpi.status, kpi.msg).toBe(200);
    expect(kpi.data.total.residents).toBeGreaterThan(0);

    await p.goto(URL('fd_statis'));
    await p.getByTestId('fd-kpi-page').waitFor({ timeout: 30_000 });
    await p.getByTestId('fd-kpi-table').waitFor({ timeout: 30_000 });
    await p.getByTestId('fd-kpi-chart-rates').locator('canvas').first().waitFor({ timeout: 20_000 });
    const sign = (await p.getByTestId('fd-kpi-sign').innerText()).trim();
    const expected = kpi.data.total.signRate === null ? '—' : `${(kpi.data.total.signRate * 100).toFixed(1)}%`;
    expect(sign).toContain(expected);
    await shot(p, 'fd_statis-zh');
    if ((await p.locator('button[data-testid^="fd-kpi-contracted-"]').count()) > 0) {
      await p.locator('button[data-testid^="fd-kpi-contracted-"]').first().click();
      await p.getByTestId('fd-kpi-drill').locator('.ant-table-row').first().waitFor({ timeout: 15_000 });
      await shot(p, 'fd_statis-drill-zh');
      await p.keyboard.press('Escape');
    }

    for (const code of ['fd_team', 'team_audit', 'fd_package', 'question_list']) {
      await p.goto(URL(code));
      await p.locator('.fd-screen').waitFor({ timeout: 30_000 });
      await p
        .locator('.fd-screen .ant-table-tbody tr.ant-table-row')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      await shot(p, `${code}-xuli-zh`);
    }
    await p.goto(URL('fd_package'));
    await p.getByTestId('fd-tab-items').click();
    await p.getByTestId('fd-item-table').locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(p, 'fd_package-items-zh');

    await switchLanguage(p, '切换语言', /English/);
    for (const code of ['fd_team', 'team_audit', 'fd_package', 'question_list', 'fd_statis']) {
      await p.goto(URL(code));
      await p.locator('.fd-screen').waitFor({ timeout: 30_000 });
      await p
        .locator('.fd-screen .ant-table-tbody tr.ant-table-row')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      if (code === 'fd_statis') await p.getByTestId('fd-kpi-chart-rates').locator('canvas').first().waitFor({ timeout: 20_000 });
      await shot(p, code === 'team_audit' ? 'team_audit-xuli-en' : `${code}-en`);
    }
    await p.goto(URL('fd_package'));
    await p.getByTestId('fd-tab-items').click();
    await p.getByTestId('fd-item-table').locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(p, 'fd_package-items-en');
    await switchLanguage(p, /^(Language|Switch language)$/, /简体中文/);
    await p.context().close();
  });
});
