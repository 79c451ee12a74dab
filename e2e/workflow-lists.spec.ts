import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launch, newPage, screenshotFailures, signIn, tokenOf } from './support.ts';
import { pickUser, settledShot, switchLanguage } from './workflow-support.ts';

/**
 * The six workflow list screens (issue 15) with real flows: an administrator
 * defines a flow over the seeded outpatient log (approver 徐丽, copy to 陈静),
 * 张伟 submits records into it; 张伟 starts and withdraws on 我发起的, 徐丽
 * batch-approves on 待办, sees them on 已办, 陈静 on 抄送; 徐丽 entrusts the
 * flow to 马军, who then finds the next task as "徐丽的委托"; the monitor
 * cancels, reassigns and deletes. Every screen is photographed in zh and en.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const FLOW = `门诊审批${stamp}`;
const CATEGORY = '医务审批';
const E = '/api/workflow/Engine';
const titles = { a: `急诊会诊A${stamp}`, b: `复诊审批B${stamp}`, c: `撤回测试C${stamp}`, d: `终止测试D${stamp}`, e: `委托测试E${stamp}` };

const rowsOf = (p: Page, testId: string) => p.getByTestId(testId).locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (p: Page, testId: string, text: string) => rowsOf(p, testId).filter({ hasText: text });

async function open(p: Page, path: string, testId: string) {
  await p.goto(path);
  await p.getByTestId(testId).waitFor({ timeout: 20_000 });
}

const tokens: Record<string, string> = {};
const pages: Record<string, Page> = {};
const ids: Record<string, string> = {};
let flowId = '';

async function userId(admin: Page, account: string): Promise<string> {
  const res = await call(admin, tokens.admin!, 'GET', `/api/permission/Users/All?keyword=${account}`);
  const found = (res.data.list as { id: string; account?: string; fullName?: string }[]).find(
    (u) => u.account === account || String(u.fullName).endsWith(`/${account}`),
  );
  if (!found) throw new Error(`no user ${account}`);
  return found.id;
}

/** 张伟 writes an outpatient record and submits it into the flow; the instance id. */
async function submit(title: string, urgency: 1 | 2 | 3): Promise<string> {
  const p = pages.zhangwei!;
  const rec = await call(p, tokens.zhangwei!, 'POST', '/api/visualdev/OnlineDev/outpatientLog', {
    data: { visitDate: Date.now(), patientName: `患者${stamp}`, prescriptions: [] },
  });
  expect(rec.status, rec.msg).toBe(200);
  const res = await call(p, tokens.zhangwei!, 'POST', `${E}/FlowBefore/Submit`, {
    flowId,
    modelId: 'outpatientLog',
    recordId: rec.data.id,
    title,
    urgency,
  });
  expect(res.status, res.msg).toBe(200);
  return res.data.instanceId ?? res.data.id;
}

beforeAll(async () => {
  browser = await launch();
  for (const [account, password] of [
    ['admin', 'admin123'],
    ['zhangwei', 'demo123'],
    ['xuli', 'demo123'],
    ['chenjing', 'demo123'],
    ['majun', 'demo123'],
  ] as const) {
    const p = await newPage(browser);
    await signIn(p, account, password);
    pages[account] = p;
    tokens[account] = await tokenOf(p);
  }
  for (const account of ['xuli', 'chenjing', 'majun', 'zhangwei']) ids[account] = await userId(pages.admin!, account);
  const graph = {
    nodes: [
      { id: 'start', type: 'start', name: '发起' },
      {
        id: 'audit',
        type: 'approver',
        name: '医务科审核',
        assignee: { type: 'users', userIds: [ids.xuli] },
        copyTo: { userIds: [ids.chenjing] },
      },
      { id: 'end', type: 'end', name: '结束' },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'audit' },
      { id: 'e2', source: 'audit', target: 'end' },
    ],
  };
  const flow = await call(pages.admin!, tokens.admin!, 'POST', `${E}/FlowEngine`, {
    enCode: `wfl${stamp}`,
    fullName: FLOW,
    category: CATEGORY,
    formKind: 'model',
    formId: 'outpatientLog',
    graph,
    description: '门诊处方审批（演示）',
  });
  expect(flow.status, flow.msg).toBe(200);
  flowId = flow.data.id;
  ids.a = await submit(titles.a, 3);
  ids.b = await submit(titles.b, 1);
  ids.c = await submit(titles.c, 2);
  ids.d = await submit(titles.d, 2);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('workflow lists', () => {
  it('launched by me: the flows to start by category, my flows, withdraw with an opinion', { timeout: 120_000 }, async () => {
    const p = pages.zhangwei!;
    await open(p, '/workFlow/flowLaunch', 'wf-launch-page');
    const card = p.getByTestId('wf-launch-card').filter({ hasText: FLOW });
    await card.waitFor();
    await expect.poll(() => p.locator('.wf-launch-group', { has: card }).locator('h4').innerText()).toBe(CATEGORY);
    await p.getByTestId('wf-launch-search').locator('input').fill(`审批${stamp}`);
    await p.getByTestId('wf-launch-search').locator('input').press('Enter');
    await expect.poll(() => p.getByTestId('wf-launch-card').count()).toBe(1);
    await settledShot(p, 'wf-launch-zh');
    await p.getByTestId('wf-launch-search').locator('input').fill('没有这个流程zzz');
    await p.getByTestId('wf-launch-search').locator('input').press('Enter');
    await p.getByTestId('wf-launch-empty').waitFor();

    await p.getByTestId('wf-launch-page').getByRole('tab', { name: '我发起的' }).click();
    await rowOf(p, 'wf-launched-list', titles.a).waitFor();
    expect(await rowOf(p, 'wf-launched-list', titles.a).innerText()).toContain('紧急');
    expect(await rowOf(p, 'wf-launched-list', titles.a).innerText()).toContain('医务科审核');
    // Withdraw C: the confirmation takes an opinion; the row turns 'withdrawn'.
    await rowOf(p, 'wf-launched-list', titles.c).getByTestId('wf-withdraw').click();
    await p.getByTestId('wf-opinion').fill('信息填写有误');
    await p.getByTestId('wf-opinion-ok').click();
    await p.getByText('流程已撤回').waitFor();
    await expect.poll(() => rowOf(p, 'wf-launched-list', titles.c).getByTestId('wf-status').innerText()).toBe('已撤回');
    expect(await rowOf(p, 'wf-launched-list', titles.c).getByTestId('wf-withdraw').isDisabled()).toBe(true);
    // Filters: by status, then by urgency.
    await p.getByTestId('wf-filter-status').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已撤回' }).click();
    await expect.poll(() => rowsOf(p, 'wf-launched-list').count()).toBe(1);
    await p
      .getByTestId('wf-launched-list')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await p.getByTestId('wf-filter-urgency').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '紧急' }).click();
    await expect.poll(() => rowsOf(p, 'wf-launched-list').allInnerTexts()).toEqual([expect.stringContaining(titles.a)]);
    await p
      .getByTestId('wf-launched-list')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect.poll(() => rowsOf(p, 'wf-launched-list').count()).toBeGreaterThanOrEqual(4);
    // Urge B: the current approver is reminded.
    await rowOf(p, 'wf-launched-list', titles.b).getByTestId('wf-urge').click();
    await p.getByText('已提醒当前审批人').waitFor();
    await settledShot(p, 'wf-launched-zh');
    // A row opens the flow detail page on that instance.
    await rowOf(p, 'wf-launched-list', titles.a).getByTestId('wf-row-open').click();
    await p.waitForURL(/\/workFlowDetail\?config=/);
  });

  it('to-do: rows with urgency, batch approve with one opinion; done and circulated show the result', { timeout: 120_000 }, async () => {
    const p = pages.xuli!;
    await open(p, '/workFlow/flowTodo', 'wf-todo-page');
    await rowOf(p, 'wf-todo-page', titles.a).waitFor();
    await rowOf(p, 'wf-todo-page', titles.d).waitFor();
    expect(await rowOf(p, 'wf-todo-page', titles.c).count()).toBe(0);
    expect(await p.getByTestId('wf-batch-approve').isDisabled()).toBe(true);
    await rowOf(p, 'wf-todo-page', titles.a).locator('.ant-checkbox-input').check();
    await rowOf(p, 'wf-todo-page', titles.b).locator('.ant-checkbox-input').check();
    await settledShot(p, 'wf-todo-zh');
    await p.getByTestId('wf-batch-approve').click();
    await p.getByTestId('wf-opinion').fill('同意，按流程办理');
    await p.getByTestId('wf-opinion-ok').click();
    await p.getByText('已办理 2 项').waitFor();
    await expect.poll(() => rowOf(p, 'wf-todo-page', titles.a).count()).toBe(0);
    expect(await rowOf(p, 'wf-todo-page', titles.b).count()).toBe(0);
    expect(await rowOf(p, 'wf-todo-page', titles.d).count()).toBe(1);

    await open(p, '/workFlow/flowDone', 'wf-done-page');
    for (const title of [titles.a, titles.b]) {
      const row = rowOf(p, 'wf-done-page', title);
      await row.waitFor();
      expect(await row.getByTestId('wf-my-action').innerText()).toBe('同意');
      expect(await row.getByTestId('wf-status').innerText()).toBe('已通过');
    }
    await settledShot(p, 'wf-done-zh');

    const c = pages.chenjing!;
    await open(c, '/workFlow/flowCirculate', 'wf-circulate-page');
    await rowOf(c, 'wf-circulate-page', titles.a).waitFor();
    await rowOf(c, 'wf-circulate-page', titles.b).waitFor();
    await settledShot(c, 'wf-circulate-zh');

    const z = pages.zhangwei!;
    await open(z, '/workFlow/flowLaunch', 'wf-launch-page');
    await z.getByTestId('wf-launch-page').getByRole('tab', { name: '我发起的' }).click();
    await expect.poll(() => rowOf(z, 'wf-launched-list', titles.a).getByTestId('wf-status').innerText()).toBe('已通过');
    expect(await rowOf(z, 'wf-launched-list', titles.b).getByTestId('wf-status').innerText()).toBe('已通过');
    expect(await rowOf(z, 'wf-launched-list', titles.d).getByTestId('wf-status').innerText()).toBe('审批中');
  });

  it('entrust: validation, a rule for the flow, and the delegate sees the next task as entrusted', { timeout: 120_000 }, async () => {
    const p = pages.xuli!;
    await open(p, '/workFlow/entrust', 'wf-entrust-page');
    await p.getByTestId('wf-entrust-add').click();
    const form = p.getByTestId('wf-entrust-form');
    await p.getByTestId('wf-entrust-ok').click();
    await form.getByText('请选择受委托人').waitFor();
    await form.getByText('请选择委托时间').waitFor();
    await pickUser(p, form.locator('.ma-picker-field').first(), '马军');
    await p.getByTestId('wf-entrust-flow').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: FLOW }).click();
    const fmt = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    const from = new Date(Date.now() - 3_600_000);
    const until = new Date(Date.now() + 3 * 86_400_000);
    const period = form.locator('.ant-picker-range');
    // Typed like a user: the start, Enter, the end, Enter (the end-after-start rule is unit-tested in entrust.test.ts).
    await period.locator('input').first().click();
    await period.locator('input').first().fill(fmt(from));
    await period.locator('input').first().press('Enter');
    await period.locator('input').last().fill(fmt(until));
    await period.locator('input').last().press('Enter');
    await p.locator('.ant-modal-title', { hasText: '新建委托' }).click();
    await expect
      .poll(() => period.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)))
      .toEqual([fmt(from), fmt(until)]);
    await form.locator('textarea').fill('外出进修期间');
    await settledShot(p, 'wf-entrust-form-zh');
    await p.getByTestId('wf-entrust-ok').click();
    await p.getByText('保存成功').waitFor();
    const rule = rowOf(p, 'wf-entrust-page', '马军');
    await rule.waitFor();
    expect(await rule.innerText()).toContain(FLOW);
    expect(await rule.innerText()).toContain('生效中');
    await settledShot(p, 'wf-entrust-zh');

    ids.e = await submit(titles.e, 1);
    const m = pages.majun!;
    await open(m, '/workFlow/flowTodo', 'wf-todo-page');
    const row = rowOf(m, 'wf-todo-page', titles.e);
    await row.waitFor();
    expect(await row.innerText()).toContain('徐丽的委托');
    await settledShot(m, 'wf-todo-entrusted-zh');
    // 办理 opens the detail page on this task: the link names the instance and the task.
    await row.getByTestId('wf-handle').click();
    await m.waitForURL(/\/workFlowDetail\?config=/);
    const config = new URL(m.url()).searchParams.get('config')!;
    const link = JSON.parse(Buffer.from(decodeURIComponent(config), 'base64').toString('utf8')) as Record<string, unknown>;
    expect(link).toMatchObject({ type: 2, id: ids.e });
    expect(typeof link.taskId).toBe('string');

    // Delete needs the confirmation.
    await open(p, '/workFlow/entrust', 'wf-entrust-page');
    await rowOf(p, 'wf-entrust-page', '马军').getByTestId('wf-entrust-delete').click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.getByText('删除成功').waitFor();
    await expect.poll(() => rowOf(p, 'wf-entrust-page', '马军').count()).toBe(0);
  });

  it('monitor: every flow, filters, cancel with an opinion, assign, delete finished', { timeout: 120_000 }, async () => {
    const p = pages.admin!;
    await open(p, '/workFlow/flowMonitor', 'wf-monitor-page');
    await p.getByTestId('wf-filter-flow').click();
    await p.keyboard.type(FLOW);
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: FLOW }).click();
    await expect.poll(() => rowsOf(p, 'wf-monitor-page').count()).toBe(5);
    await settledShot(p, 'wf-monitor-zh');
    // Cancel D.
    await rowOf(p, 'wf-monitor-page', titles.d).getByTestId('wf-cancel').click();
    await p.getByTestId('wf-opinion').fill('重复提交');
    await p.getByTestId('wf-opinion-ok').click();
    await p.getByText('流程已终止').waitFor();
    await expect.poll(() => rowOf(p, 'wf-monitor-page', titles.d).getByTestId('wf-status').innerText()).toBe('已终止');
    // Assign E (waiting with 马军 for 徐丽) to 刘洋.
    await rowOf(p, 'wf-monitor-page', titles.e).getByTestId('wf-assign').click();
    const dialog = p.locator('.ant-modal:visible', { hasText: '指派审批人' });
    await expect.poll(() => dialog.getByTestId('wf-assign-node').innerText()).toContain('医务科审核');
    await pickUser(p, dialog.locator('.ma-picker-field'), '刘洋');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await p.getByText('指派成功').waitFor();
    // Suspend E, then restore it: the row says so in between.
    const more = () => rowOf(p, 'wf-monitor-page', titles.e).getByRole('button', { name: '更多' });
    await more().click();
    await p.locator('.ant-dropdown:visible').getByText('挂起').click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.getByText('流程已挂起').waitFor();
    await rowOf(p, 'wf-monitor-page', titles.e).getByText('已挂起').waitFor();
    await more().click();
    await p.locator('.ant-dropdown:visible').getByText('恢复').click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.getByText('流程已恢复').waitFor();
    await expect.poll(() => rowOf(p, 'wf-monitor-page', titles.e).getByText('已挂起').count()).toBe(0);
    // Finished D and C can be ticked and deleted; waiting E cannot be ticked.
    expect(await rowOf(p, 'wf-monitor-page', titles.e).locator('.ant-checkbox-input').isDisabled()).toBe(true);
    await rowOf(p, 'wf-monitor-page', titles.d).locator('.ant-checkbox-input').check();
    await rowOf(p, 'wf-monitor-page', titles.c).locator('.ant-checkbox-input').check();
    await p.getByTestId('wf-monitor-delete').click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.getByText('删除成功').waitFor();
    await expect.poll(() => rowsOf(p, 'wf-monitor-page').count()).toBe(3);
  });

  it('every screen in English', { timeout: 180_000 }, async () => {
    const walk: [string, string, string, string][] = [
      ['zhangwei', '/workFlow/flowLaunch', 'wf-launch-page', 'wf-launch-en'],
      ['xuli', '/workFlow/flowDone', 'wf-done-page', 'wf-done-en'],
      ['chenjing', '/workFlow/flowCirculate', 'wf-circulate-page', 'wf-circulate-en'],
      ['liuyang', '/workFlow/flowTodo', 'wf-todo-page', 'wf-todo-en'],
      ['admin', '/workFlow/flowMonitor', 'wf-monitor-page', 'wf-monitor-en'],
    ];
    const liuyang = await newPage(browser);
    await signIn(liuyang, 'liuyang', 'demo123');
    pages.liuyang = liuyang;
    for (const [who, path, testId, name] of walk) {
      const p = pages[who]!;
      await open(p, path, testId);
      await switchLanguage(p, '切换语言', /English/);
      if (name === 'wf-launch-en') await p.getByTestId('wf-launch-card').first().waitFor();
      else await rowsOf(p, testId).first().waitFor();
      await settledShot(p, name);
      if (name === 'wf-launch-en') {
        await p.getByTestId('wf-launch-page').getByRole('tab', { name: 'Launched by me' }).click();
        await rowsOf(p, 'wf-launched-list').first().waitFor();
        await settledShot(p, 'wf-launched-en');
      }
      if (name === 'wf-todo-en') expect(await rowOf(p, testId, titles.e).count()).toBe(1);
    }
    const x = pages.xuli!;
    await open(x, '/workFlow/entrust', 'wf-entrust-page');
    await x.getByTestId('wf-entrust-add').click();
    await x.getByTestId('wf-entrust-ok').click();
    await x.getByTestId('wf-entrust-form').getByText('Choose a delegate').waitFor();
    await settledShot(x, 'wf-entrust-en');
  });
});
