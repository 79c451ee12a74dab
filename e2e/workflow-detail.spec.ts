import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenOf } from './lowcode-support.ts';
import { launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';

/**
 * The flow detail page end to end (issue 15): an administrator sets up a flow
 * over the seeded outpatient log whose approver may write the diagnosis and
 * may not see the fee; 张伟 starts it from /workFlowDetail (type 0), fills
 * the form and submits; 刘洋 opens the to-do link, sees the form read-only
 * except the diagnosis and without the fee, and approves with an opinion and
 * a signature; 张伟 then sees the flow approved and the history.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const E = '/api/workflow/Engine';
const PATIENT = `详情患者${stamp}`;
const pages: Record<string, Page> = {};
const tokens: Record<string, string> = {};
let flowId = '';

/** The page's `config` value: the message body, base64 then URL-encoded (spec route table). */
const detailPath = (body: Record<string, unknown>) =>
  `/workFlowDetail?config=${encodeURIComponent(Buffer.from(JSON.stringify(body)).toString('base64'))}`;

async function userId(account: string): Promise<string> {
  const res = await call(pages.admin!, tokens.admin!, 'GET', `/api/permission/Users/All?keyword=${account}`);
  const found = (res.data.list as { id: string; account?: string; fullName?: string }[]).find(
    (u) => u.account === account || String(u.fullName).endsWith(`/${account}`),
  );
  if (!found) throw new Error(`no user ${account}`);
  return found.id;
}

/** A screenshot once spinners and toasts are gone. */
async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(800);
  await screenshot(page, name);
}

async function useLanguage(account: string, language: 'zh' | 'en') {
  const res = await call(pages[account]!, tokens[account]!, 'PUT', '/api/permission/Users/Current/SystemLanguage', { language });
  expect(res.code).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
  for (const [account, password] of [
    ['admin', 'admin123'],
    ['zhangwei', 'demo123'],
    ['liuyang', 'demo123'],
  ] as const) {
    const p = await newPage(browser, { width: 1280, height: 800 });
    await signIn(p, account, password);
    pages[account] = p;
    tokens[account] = await tokenOf(p);
  }
  const approverId = await userId('liuyang');
  const graph = {
    nodes: [
      { id: 'start', type: 'start', name: '发起' },
      {
        id: 'review',
        type: 'approver',
        name: '科室审核',
        assignee: { type: 'users', userIds: [approverId] },
        fieldPermissions: [
          { field: 'diagnosis', access: 'write' },
          { field: 'fee', access: 'hidden' },
        ],
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'review' },
      { id: 'e2', source: 'review', target: 'end' },
    ],
  };
  const res = await call(pages.admin!, tokens.admin!, 'POST', `${E}/FlowEngine`, {
    enCode: `wf_detail_${stamp}`,
    fullName: `门诊审核${stamp}`,
    formKind: 'model',
    formId: 'outpatientLog',
    graph,
  });
  expect(res.status, res.msg).toBe(200);
  flowId = res.data.id;
}, 120_000);

afterAll(async () => {
  // The language is the user's own setting on the server: leave the demo users in Chinese.
  for (const account of ['zhangwei', 'liuyang']) if (tokens[account]) await useLanguage(account, 'zh').catch(() => undefined);
  await browser?.close();
});

describe('the flow detail page', () => {
  it('shows a clear error for a damaged link', async () => {
    const p = pages.zhangwei!;
    await p.goto('/workFlowDetail?config=not-a-config');
    await p.getByTestId('wfd-bad-config').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-bad-config').innerText()).toContain('无法打开该流程');
    await shot(p, 'workflow-detail-bad-config-zh');
  });

  it('starts a flow from its launch link: fill, submit, the instance opens', { timeout: 120_000 }, async () => {
    const p = pages.zhangwei!;
    await p.goto(detailPath({ type: 0, flowId }));
    await p.getByTestId('wfd-launch').waitFor({ timeout: 30_000 });
    const launchForm = p.getByTestId('wfd-launch');
    // The starter fills every field, the fee too (nothing is hidden on the start node).
    await launchForm.locator('[data-testid="lc-field-visitDate"] input').click();
    await p.keyboard.type('2026-11-20');
    await p.keyboard.press('Enter');
    await launchForm.locator('[data-testid="lc-field-patientName"] input').fill(PATIENT);
    await launchForm.locator('[data-testid="lc-field-fee"] input').fill('35');
    await launchForm.locator('[data-testid="lc-field-diagnosis"] textarea').fill('上呼吸道感染');
    await p.getByTestId('wfd-title').fill(`${PATIENT}的门诊审核`);
    await p.getByTestId('wfd-urgency-select').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '紧急' }).click();
    await shot(p, 'workflow-detail-launch-zh');
    // The horizontal scrollbar would mean the page does not fit 1280 wide.
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A draft first: the record is created (flow state 0) and the page stays; the submit then updates it.
    const created = p.waitForResponse((r) => r.url().includes('/api/visualdev/OnlineDev/outpatientLog') && r.request().method() === 'POST');
    await p.getByTestId('wfd-save-draft').click();
    expect((await created).status()).toBe(200);
    await p.locator('.ant-message', { hasText: '草稿已保存' }).waitFor({ timeout: 10_000 });
    expect(await p.getByTestId('wfd-launch').count()).toBe(1);
    const updated = p.waitForResponse((r) => r.url().includes('/api/visualdev/OnlineDev/outpatientLog/') && r.request().method() === 'PUT');
    await p.getByTestId('wfd-submit').click();
    expect((await updated).status()).toBe(200);
    await p.getByTestId('wfd-instance').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-status').innerText()).toBe('审批中');
    expect(await p.getByTestId('wfd-urgency').innerText()).toBe('紧急');
    expect(await p.getByTestId('wfd-header').innerText()).toContain(`${PATIENT}的门诊审核`);
    // The starter may withdraw and urge while nobody has acted.
    await p.getByTestId('wfd-action-withdraw').waitFor();
    expect(await p.getByTestId('wfd-action-approve').count()).toBe(0);
  });

  it('lets the approver write only the diagnosis, never see the fee, and approve', { timeout: 120_000 }, async () => {
    const p = pages.liuyang!;
    const todo = await call(p, tokens.liuyang!, 'GET', `${E}/FlowBefore/List/1?keyword=${encodeURIComponent(PATIENT)}`);
    expect(todo.status, todo.msg).toBe(200);
    const row = (todo.data.list as { id: string; instanceId: string }[])[0];
    expect(row).toBeTruthy();
    // The server never sends the hidden fee to this approver.
    const raw = await call(p, tokens.liuyang!, 'GET', `${E}/FlowBefore/${row!.instanceId}`);
    expect(raw.data.form.values).not.toHaveProperty('fee');
    expect(JSON.stringify(raw.data.form.definition)).not.toContain('"fee"');

    await p.goto(detailPath({ type: 2, id: row!.instanceId, taskId: row!.id }));
    const form = p.getByTestId('wfd-form');
    await form.waitFor({ timeout: 30_000 });
    await expect.poll(() => form.locator('[data-testid="lc-field-patientName"] input').inputValue()).toBe(PATIENT);
    expect(await form.locator('[data-testid="lc-field-patientName"] input').isDisabled()).toBe(true);
    expect(await form.locator('[data-testid="lc-field-fee"]').count()).toBe(0);
    const diagnosis = form.locator('[data-testid="lc-field-diagnosis"] textarea');
    expect(await diagnosis.isDisabled()).toBe(false);
    await diagnosis.fill('上呼吸道感染，建议复诊');
    await shot(p, 'workflow-detail-todo-zh');

    // Rejecting needs a reason: the dialog says so and sends nothing.
    await p.getByTestId('wfd-action-reject').click();
    const reject = p.getByTestId('wfd-dialog-reject');
    await reject.waitFor();
    await p.getByTestId('wfd-dialog-ok').click();
    await expect.poll(() => reject.locator('.ant-form-item-explain-error').allTextContents()).toContain('请输入驳回意见');
    await p
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await reject.waitFor({ state: 'detached' });

    await p.getByTestId('wfd-action-approve').click();
    const dialog = p.getByTestId('wfd-dialog-approve');
    await dialog.waitFor();
    await dialog.getByTestId('wfd-opinion').fill('同意，按时复诊');
    // A signature drawn with the mouse, once the dialog's opening animation has settled.
    const pad = dialog.getByTestId('wfd-signature-pad');
    await p
      .locator('.ant-modal:visible .ant-zoom-enter, .ant-modal:visible .ant-zoom-appear')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await p.waitForTimeout(500);
    const box = (await pad.boundingBox())!;
    await p.mouse.move(box.x + 30, box.y + 70);
    await p.mouse.down();
    for (const [dx, dy] of [
      [80, 30],
      [140, 90],
      [200, 40],
      [260, 100],
    ])
      await p.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
    await p.mouse.up();
    await shot(p, 'workflow-detail-approve-dialog-zh');
    await p.getByTestId('wfd-dialog-ok').click();
    await expect.poll(() => p.getByTestId('wfd-status').innerText(), { timeout: 20_000 }).toBe('已通过');
    expect(await p.getByTestId('wfd-action-bar').count()).toBe(0);
    // The approval carried the signature (stored as a file) and the written diagnosis.
    const after = await call(p, tokens.liuyang!, 'GET', `${E}/FlowBefore/${row!.instanceId}`);
    expect(after.data.records[1]).toMatchObject({ action: 1, opinion: '同意，按时复诊', signatureFileId: expect.any(String) });
    expect(after.data.form.values.diagnosis).toBe('上呼吸道感染，建议复诊');
  });

  it('shows the starter the approved flow, the written diagnosis and the history', { timeout: 120_000 }, async () => {
    const p = pages.zhangwei!;
    await p.reload();
    await p.getByTestId('wfd-instance').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-status').innerText()).toBe('已通过');
    await expect.poll(() => p.locator('[data-testid="lc-field-diagnosis"] textarea').inputValue()).toBe('上呼吸道感染，建议复诊');
    await p.getByRole('tab', { name: '审批记录' }).click();
    const timeline = p.getByTestId('wfd-timeline');
    await timeline.waitFor();
    await expect.poll(() => p.getByTestId('wfd-record').count()).toBe(2);
    const text = await timeline.innerText();
    expect(text).toContain('提交');
    expect(text).toContain('同意，按时复诊');
    expect(text).toContain('刘洋');
    await p.getByTestId('wfd-record-signature').waitFor({ timeout: 15_000 });
    await shot(p, 'workflow-detail-records-zh');
    await p.getByRole('tab', { name: '流程图' }).click();
    await p.getByTestId('wf-progress').waitFor();
    await shot(p, 'workflow-detail-graph-zh');
  });

  it('shows the same screens in English', { timeout: 120_000 }, async () => {
    for (const account of ['zhangwei', 'liuyang']) {
      await useLanguage(account, 'en');
      const p = pages[account]!;
      await p.goto('/home');
      await p.getByRole('button', { name: '切换语言' }).click();
      await p.getByRole('menuitem', { name: /English/ }).click();
    }
    const p = pages.zhangwei!;
    await p.goto(detailPath({ type: 0, flowId }));
    await p.getByTestId('wfd-launch').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-submit').innerText()).toContain('Submit for approval');
    await shot(p, 'workflow-detail-launch-en');
    const back = await call(p, tokens.zhangwei!, 'GET', `${E}/FlowLaunch?keyword=${encodeURIComponent(PATIENT)}`);
    const started = (back.data.list as { instanceId: string }[])[0]!;
    await p.goto(detailPath({ type: 1, id: started.instanceId }));
    await p.getByTestId('wfd-instance').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('wfd-status').innerText()).toBe('Approved');
    await shot(p, 'workflow-detail-form-en');
    await p.getByRole('tab', { name: 'Approval history' }).click();
    await p.getByTestId('wfd-timeline').waitFor();
    expect(await p.getByTestId('wfd-timeline').innerText()).toContain('Approved');
    await shot(p, 'workflow-detail-records-en');
    await p.getByRole('tab', { name: 'Flow chart' }).click();
    await p.getByTestId('wf-progress').waitFor();
    await shot(p, 'workflow-detail-graph-en');
  });
});
