import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launch, newPage, screenshotFailures, signIn, tokenOf } from './support.ts';
import { addNode, autoLayout, clickBetween, connectNodes, flowNode, pickUser, selectNode, settledShot } from './workflow-support.ts';

/**
 * A two-level approval as the alliance runs it (issue 15's story): the
 * administrator designs it in the flow designer (county first review by
 * 张伟; fees above 1000 go on to a second review by 陈静, copied to 何芸),
 * releases it; 徐丽, a township doctor, starts it from the launch screen with
 * a fee of 1500; 张伟 finds it in the message drawer and the to-do list and
 * approves; 陈静 approves the second level; 徐丽 sees it adopted and 何芸
 * sees it among the flows circulated to her.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const FLOW = `两级费用审批${stamp}`;
const CODE = `wfa${stamp}`;
const PATIENT = `两级患者${stamp}`;
const TITLE = `${PATIENT}门诊费用`;
const E = '/api/workflow/Engine';
const pages: Record<string, Page> = {};

const rowOf = (p: Page, testId: string, text: string) =>
  p.getByTestId(testId).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

async function as(account: string): Promise<Page> {
  if (!pages[account]) {
    const p = await newPage(browser, { width: 1440, height: 900 });
    await signIn(p, account, account === 'admin' ? 'admin123' : 'demo123');
    pages[account] = p;
  }
  return pages[account];
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a two-level approval from design to circulation', () => {
  it('the administrator designs and releases it', { timeout: 240_000 }, async () => {
    const p = await as('admin');
    await p.goto('/workFlow/flowEngine');
    await p.getByTestId('wf-engine-page').waitFor({ timeout: 20_000 });
    await p.getByTestId('wf-add').click();
    await p.getByTestId('wf-basics-fullName').fill(FLOW);
    await p.getByTestId('wf-basics-enCode').fill(CODE);
    await p.getByTestId('wf-basics-category').locator('input').fill('门诊');
    await p.getByTestId('wf-basics-form-select').click();
    await p.keyboard.type('门诊日志');
    await p.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '门诊日志' }).first().click();
    await p.locator('.ant-modal:visible .ant-btn-primary').click();

    await p.getByTestId('wf-canvas').waitFor({ timeout: 20_000 });
    await flowNode(p, '发起').waitFor();
    await expect
      .poll(async () => {
        await clickBetween(p, flowNode(p, '发起'), flowNode(p, '结束'));
        return p.getByTestId('wf-side-panel').isVisible();
      })
      .toBe(true);
    await p.keyboard.press('Delete');
    await p.locator('[data-testid="rf__edge-e_start_end"]').waitFor({ state: 'detached' });

    // Two county reviews, each handled by a chosen user; the second copies to the referral coordinator.
    for (const [name, user, copyTo] of [
      ['县级初审', '张伟', null],
      ['县级复审', '陈静', '何芸'],
    ] as const) {
      await addNode(p, 'approver', name);
      const panel = p.getByTestId('wf-side-panel');
      await panel.getByTestId('wf-assignee-type').click();
      await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '指定用户' }).click();
      await pickUser(p, panel.locator('.ma-picker-field').first(), user);
      if (copyTo) {
        await panel.getByRole('tab', { name: '高级' }).click();
        await pickUser(p, panel.locator('.ma-picker-field:visible').first(), copyTo);
      }
    }
    await p.getByTestId('wf-add-condition').dragTo(p.getByTestId('wf-canvas'), { targetPosition: { x: 160, y: 90 } });
    await p.getByTestId('wf-node-name').fill('费用判断');
    await flowNode(p, '费用判断').waitFor();
    await autoLayout(p);

    await connectNodes(p, flowNode(p, '发起'), flowNode(p, '县级初审'));
    await connectNodes(p, flowNode(p, '县级初审'), flowNode(p, '费用判断'));
    await connectNodes(p, flowNode(p, '费用判断'), flowNode(p, '结束')); // the first branch is the default
    await connectNodes(p, flowNode(p, '费用判断'), flowNode(p, '县级复审'));
    await connectNodes(p, flowNode(p, '县级复审'), flowNode(p, '结束'));
    await expect.poll(() => p.locator('.react-flow__edge').count()).toBe(5);
    await autoLayout(p);

    // Validation points at the branch without a condition: fee > 1000 goes to the second review.
    await p.getByTestId('wf-validate').click();
    await p.getByTestId('wf-edge-panel').waitFor();
    await p.getByTestId('wf-cond-add').click();
    await p.getByTestId('wf-cond-field').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '诊疗费' }).click();
    await p.getByTestId('wf-cond-op').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^大于$/ }).click();
    await p.getByTestId('wf-cond-value').fill('1000');
    await p.getByTestId('wf-validate').click();
    await p.locator('.ant-message-notice', { hasText: '校验通过' }).waitFor();
    await selectNode(p, '县级复审');
    await settledShot(p, 'workflow-approval-design-zh');

    await p.getByTestId('wf-release').click();
    await p.locator('.ant-modal-confirm .ant-btn-primary').click();
    await p.locator('.ant-message-notice', { hasText: '已发布版本 v2' }).waitFor();

    // What runs is what was drawn: the released graph names the chosen users and the copy.
    const token = await tokenOf(p);
    const list = await call(p, token, 'GET', `${E}/FlowEngine?keyword=${CODE}`);
    const flow = await call(p, token, 'GET', `${E}/FlowEngine/${list.data.list[0].id}`);
    const second = (flow.data.graph.nodes as any[]).find((n) => n.name === '县级复审');
    expect(second.assignee.type).toBe('users');
    expect(second.copyTo.userIds).toHaveLength(1);
  });

  it('a township doctor starts it from the launch screen with a fee of 1500', { timeout: 120_000 }, async () => {
    const p = await as('xuli');
    await p.goto('/workFlow/flowLaunch');
    await p.getByTestId('wf-launch-page').waitFor({ timeout: 20_000 });
    await p.getByTestId('wf-launch-card').filter({ hasText: FLOW }).click();
    const form = p.getByTestId('wfd-launch');
    await form.waitFor({ timeout: 30_000 });
    await form.locator('[data-testid="lc-field-visitDate"] input').click();
    await p.keyboard.type('2026-11-20');
    await p.keyboard.press('Enter');
    await form.locator('[data-testid="lc-field-patientName"] input').fill(PATIENT);
    await form.locator('[data-testid="lc-field-fee"] input').fill('1500');
    await form.locator('[data-testid="lc-field-diagnosis"] textarea').fill('慢性胃炎复查');
    await p.getByTestId('wfd-title').fill(TITLE);
    await p.getByTestId('wfd-submit').click();
    await p.getByTestId('wfd-instance').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-status').innerText()).toBe('审批中');
  });

  it('the county reviewer gets a message, finds it in to-do and approves', { timeout: 120_000 }, async () => {
    const p = await as('zhangwei');
    await p.goto('/workFlow/flowTodo');
    await rowOf(p, 'wf-todo-page', TITLE).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () =>
        Number(
          (await p
            .getByTestId('ma-msg-badge')
            .innerText()
            .catch(() => '0')) || 0,
        ),
      )
      .toBeGreaterThan(0);
    await p.getByTestId('ma-msg-bell').click();
    const item = p.getByTestId('ma-msg-drawer').getByTestId('ma-msg-item').filter({ hasText: TITLE });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.innerText()).toContain('【待办】');
    await settledShot(p, 'workflow-approval-message-zh');
    await item.click();
    await p.getByTestId('wfd-instance').waitFor({ timeout: 30_000 });
    await p.getByTestId('wfd-action-approve').click();
    await p.getByTestId('wfd-dialog-approve').getByTestId('wfd-opinion').fill('同意，转复审');
    await p.locator('.ant-modal:visible .ant-btn-primary').click();
    // The fee is above 1000: the flow moves on to the second review.
    await expect.poll(() => p.getByTestId('wfd-header').innerText(), { timeout: 15_000 }).toContain('县级复审');
    await p.goto('/workFlow/flowTodo');
    await p.getByTestId('wf-todo-page').waitFor();
    await expect.poll(() => rowOf(p, 'wf-todo-page', TITLE).count(), { timeout: 15_000 }).toBe(0);
  });

  it('the second reviewer approves; the starter sees it adopted and the copied user sees it circulated', { timeout: 120_000 }, async () => {
    const c = await as('chenjing');
    await c.goto('/workFlow/flowTodo');
    await rowOf(c, 'wf-todo-page', TITLE).getByTestId('wf-row-open').click();
    await c.getByTestId('wfd-action-approve').click();
    await c.getByTestId('wfd-dialog-approve').getByTestId('wfd-opinion').fill('同意');
    await c.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect.poll(() => c.getByTestId('wfd-status').innerText(), { timeout: 15_000 }).toBe('已通过');

    const x = await as('xuli');
    await x.goto('/workFlow/flowLaunch');
    await x.getByTestId('wf-launch-page').getByRole('tab', { name: '我发起的' }).click();
    await expect.poll(() => rowOf(x, 'wf-launched-list', TITLE).getByTestId('wf-status').innerText(), { timeout: 15_000 }).toBe('已通过');
    await settledShot(x, 'workflow-approval-adopted-zh');

    const h = await as('heyun');
    await h.goto('/workFlow/flowCirculate');
    await rowOf(h, 'wf-circulate-page', TITLE).waitFor({ timeout: 20_000 });
    await settledShot(h, 'workflow-approval-circulated-zh');
  });
});
