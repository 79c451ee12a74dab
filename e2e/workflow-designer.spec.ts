import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';
import { addNode, autoLayout, clickBetween, connectNodes, flowNode, selectNode, switchLanguage } from './workflow-support.ts';

/**
 * The flow designer end to end (issue 15): the administrator creates a flow
 * bound to the seeded, released outpatient-log model, draws start → approver
 * → condition (fee > 1000 → second approver, default → end) → end on the
 * canvas, validates, releases, and sees the new version in the list.
 * Screenshots of the list and the designer in Chinese and English.
 */
let browser: Browser;
screenshotFailures(() => browser);
const stamp = String(Date.now()).slice(-6);
const NAME = `门诊费用审批${stamp}`;
const CODE = `wfd${stamp}`;

async function shot(p: Page, name: string) {
  await p
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await p.waitForTimeout(300);
  await screenshot(p, name);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('flow designer', () => {
  it('creates, draws, validates and releases a two-level approval with a fee condition', async () => {
    const p = await newPage(browser);
    await signIn(p, 'admin', 'admin123');
    await p.goto('/workFlow/flowEngine');
    await p.getByTestId('wf-engine-page').waitFor({ timeout: 20_000 });

    // ---- create, bound to the released outpatient-log model
    await p.getByTestId('wf-add').click();
    await p.getByTestId('wf-basics-fullName').fill(NAME);
    await p.getByTestId('wf-basics-enCode').fill(CODE);
    await p.getByTestId('wf-basics-category').locator('input').fill('门诊');
    await p.getByTestId('wf-basics-form-select').click();
    await p.keyboard.type('门诊日志');
    await p.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '门诊日志' }).first().click();
    await shot(p, 'workflow-engine-create-zh');
    await p.locator('.ant-modal:visible .ant-btn-primary').click();

    // ---- the designer opens on start → end
    const designer = p.getByTestId('wf-canvas');
    await designer.waitFor({ timeout: 20_000 });
    await flowNode(p, '发起').waitFor();
    // The view may still be fitting itself to the graph: click again until the edge is selected.
    await expect
      .poll(async () => {
        await clickBetween(p, flowNode(p, '发起'), flowNode(p, '结束'));
        return p.getByTestId('wf-side-panel').isVisible();
      })
      .toBe(true);
    await p.keyboard.press('Delete');
    await p.locator('[data-testid="rf__edge-e_start_end"]').waitFor({ state: 'detached' });

    await addNode(p, 'approver', '科室审批');
    // The condition is dragged from the palette onto the canvas (the others are added by a click).
    await p.getByTestId('wf-add-condition').dragTo(p.getByTestId('wf-canvas'), { targetPosition: { x: 160, y: 90 } });
    await p.getByTestId('wf-node-name').fill('费用判断');
    await flowNode(p, '费用判断').waitFor();
    await addNode(p, 'approver', '院长审批');
    await autoLayout(p);

    await connectNodes(p, flowNode(p, '发起'), flowNode(p, '科室审批'));
    await connectNodes(p, flowNode(p, '科室审批'), flowNode(p, '费用判断'));
    // The first branch out of the condition becomes its default.
    await connectNodes(p, flowNode(p, '费用判断'), flowNode(p, '结束'));
    await connectNodes(p, flowNode(p, '费用判断'), flowNode(p, '院长审批'));
    await connectNodes(p, flowNode(p, '院长审批'), flowNode(p, '结束'));
    await expect.poll(() => p.locator('.react-flow__edge').count()).toBe(5);
    await autoLayout(p);

    // Validation finds the branch without its condition and points at it.
    await p.getByTestId('wf-validate').click();
    await p.getByTestId('wf-issues').getByText('分支缺少条件').waitFor();
    await p.getByTestId('wf-edge-panel').waitFor();
    await shot(p, 'workflow-designer-issues-zh');

    // ---- fee > 1000 on the selected branch
    await p.getByTestId('wf-cond-add').click();
    await p.getByTestId('wf-cond-field').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '诊疗费' }).click();
    await p.getByTestId('wf-cond-op').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^大于$/ }).click();
    await p.getByTestId('wf-cond-value').fill('1000');
    await p.locator('.react-flow__edge-text', { hasText: '诊疗费 > 1000' }).waitFor();
    await shot(p, 'workflow-designer-condition-zh');

    await p.getByTestId('wf-validate').click();
    await p.locator('.ant-message-notice', { hasText: '校验通过' }).waitFor();
    await expect.poll(() => p.getByTestId('wf-issues').count()).toBe(0);
    await selectNode(p, '科室审批');
    await shot(p, 'workflow-designer-zh');
    // The second approver may write the patient's name (field access per node).
    await p.getByRole('tab', { name: '表单权限' }).click();
    await p.getByTestId('wf-field-permissions').locator('.ant-table-row', { hasText: '患者姓名' }).getByText('可编辑').click();
    await shot(p, 'workflow-designer-fields-zh');

    // Ctrl+S saves the draft.
    await p.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await p.keyboard.press('Control+s');
    await p.locator('.ant-message-notice', { hasText: '草稿已保存' }).waitFor();

    // ---- release
    await p.getByTestId('wf-release').click();
    await p.locator('.ant-modal-confirm .ant-btn-primary').click();
    await p.locator('.ant-message-notice', { hasText: '已发布版本 v2' }).waitFor();

    // What was released is what was drawn: read back through the API.
    const token = await tokenOf(p);
    const list = await call(p, token, 'GET', `/api/workflow/Engine/FlowEngine?keyword=${CODE}`);
    const flow = await call(p, token, 'GET', `/api/workflow/Engine/FlowEngine/${list.data.list[0].id}`);
    const graph = flow.data.graph as { nodes: any[]; edges: any[] };
    const dept = graph.nodes.find((n) => n.name === '科室审批');
    expect(dept.fieldPermissions).toEqual([{ field: 'patientName', access: 'write' }]);
    const cond = graph.nodes.find((n) => n.type === 'condition');
    const out = graph.edges.filter((e) => e.source === cond.id);
    expect(out.find((e) => e.isDefault).target).toBe(graph.nodes.find((n) => n.type === 'end').id);
    expect(out.find((e) => !e.isDefault).condition).toEqual({ logic: 'and', items: [{ field: 'fee', operator: '>', value: 1000 }] });
    expect(graph.nodes.every((n) => Number.isFinite(n.position?.x))).toBe(true);

    await p.locator('.wf-designer-drawer .ant-drawer-close').click();
    await p.getByTestId('wf-canvas').waitFor({ state: 'detached' });

    // ---- the list: the flow with its released version (creating it released the start → end graph as v1)
    const row = p.locator('.ant-table-row', { hasText: CODE });
    await row.getByText('v2').waitFor();
    await shot(p, 'workflow-engine-list-zh');
    await switchLanguage(p, '切换语言', /English/);
    await p.getByRole('columnheader', { name: 'Flow name' }).waitFor();
    await shot(p, 'workflow-engine-list-en');

    // ---- the designer in English; the version list holds both versions, the old one opens read-only
    await row.getByTestId(`wf-design-${CODE}`).click();
    await selectNode(p, '科室审批');
    await p.getByText('Department head').first().waitFor();
    await shot(p, 'workflow-designer-en');
    await p.getByRole('tab', { name: 'Advanced' }).click();
    await p.getByRole('switch', { name: 'Use a timeout' }).click();
    await shot(p, 'workflow-designer-advanced-en');
    await p.getByTestId('wf-versions-open').click();
    await p.getByTestId('wf-version-2').waitFor();
    await p.getByTestId('wf-version-1').click();
    await p.getByTestId('wf-progress').waitFor();
    await expect.poll(() => p.locator('.ant-modal:visible .react-flow__node').count()).toBe(2);
    await shot(p, 'workflow-designer-version-en');
  }, 180_000);
});
