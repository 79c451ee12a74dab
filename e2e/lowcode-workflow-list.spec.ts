import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * A workflow-enabled generated list: the seeded outpatient log has two flows
 * and demo instances (db/seed/workflow.ts). A county doctor sees each row's
 * flow state as a tag, cannot edit or delete a row in approval, submits a
 * draft row choosing one of the two flows, and opens a row's flow from its
 * state. Screenshots in zh and en.
 */
let browser: Browser;
let page: Page;
screenshotFailures(() => browser);

const PATH = '/model/outpatientLog';
const list = () => page.locator('[data-testid="lc-model-page"]');
const rows = () => list().locator('.ant-table-tbody tr.ant-table-row');
const rowWith = (state: string) => rows().filter({ has: page.locator('[data-testid="lc-flow-state"]', { hasText: state }) });

async function openList() {
  await page.goto(PATH);
  await list().getByTestId('lc-flow-state').first().waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, 'zhangwei', 'demo123');
});

afterAll(async () => {
  await browser?.close();
});

describe('a workflow-enabled model list', () => {
  it('shows flow states, locks rows in flow, submits a draft and links to the flow', { timeout: 180_000 }, async () => {
    await openList();
    const states = await list().getByTestId('lc-flow-state').allTextContents();
    for (const s of ['审批中', '已通过', '已驳回', '已撤回', '已终止', '待提交']) expect(states).toContain(s);
    await screenshot(page, 'lowcode-workflow-list-zh');

    // A row in approval: edit and delete are disabled, no submit offered.
    const waiting = rowWith('审批中').first();
    await expect.poll(() => waiting.getByTestId('lc-row-edit').isDisabled()).toBe(true);
    await expect.poll(() => waiting.getByTestId('lc-row-delete').isDisabled()).toBe(true);
    expect(await waiting.getByTestId('lc-row-submit').count()).toBe(0);
    // A rejected row may be corrected and submitted again.
    const rejected = rowWith('已驳回').first();
    expect(await rejected.getByTestId('lc-row-edit').isDisabled()).toBe(false);
    expect(await rejected.getByTestId('lc-row-submit').count()).toBe(1);

    // Submit a draft: two flows are bound, so the dialog asks which.
    const draft = rowWith('待提交').first();
    const draftName = (await draft.locator('td').nth(2).innerText()).trim();
    await draft.getByTestId('lc-row-submit').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByTestId('lc-submit-form').waitFor();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents()).toContain('请选择审批流程');
    await dialog.getByText('门诊费用审批', { exact: true }).click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBe(0);
    await screenshot(page, 'lowcode-workflow-submit-zh');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('已提交审批').waitFor();
    const submitted = rows().filter({ hasText: draftName }).first();
    await expect.poll(() => submitted.getByTestId('lc-flow-state').innerText()).toBe('审批中');
    await expect.poll(() => submitted.getByTestId('lc-row-edit').isDisabled()).toBe(true);

    // Its state opens the flow detail page.
    await submitted.getByTestId('lc-flow-link').click();
    await page.waitForURL(/\/workFlowDetail\?config=/);
  });

  it('speaks English', { timeout: 120_000 }, async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await openList();
    const states = await list().getByTestId('lc-flow-state').allTextContents();
    for (const s of ['In approval', 'Approved', 'Rejected', 'Withdrawn', 'Terminated', 'To submit']) expect(states).toContain(s);
    await screenshot(page, 'lowcode-workflow-list-en');
    await rowWith('To submit').first().getByTestId('lc-row-submit').click();
    await page.locator('.ant-modal:visible').getByTestId('lc-submit-form').waitFor();
    await screenshot(page, 'lowcode-workflow-submit-en');
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'Cancel' }).click();
    // Leave the user in Chinese for the other specs.
    await page.getByRole('button', { name: /Language|切换语言/ }).click();
    await page
      .getByRole('menuitem', { name: /简体中文|中文/ })
      .first()
      .click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).not.toMatch(/County Medical Alliance/);
  });
});
