import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { FEE_CONSULT_FLOW } from '../../db/seed/workflow.ts';

/** FlowEngine Actions/ExportData and Actions/ImportData: a flow as JSON and back, through every check a new flow passes. */
const BASE = '/api/workflow/Engine/FlowEngine';
let t: TestApp;
let admin: string;
let flowId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  flowId = (await t.ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', FEE_CONSULT_FLOW).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('flow export and import', () => {
  it('exports the current version with its sub-flow node and imports it as a new flow under a free code', async () => {
    const exported = await t.call('GET', `${BASE}/${flowId}/Actions/ExportData`, { token: admin });
    expect(exported.status).toBe(200);
    const json = exported.data;
    expect(json).toMatchObject({ enCode: FEE_CONSULT_FLOW, formKind: 'model', formId: 'outpatientLog' });
    expect(json.graph.nodes.some((n: { type: string }) => n.type === 'subFlow')).toBe(true);
    // Through text, as a downloaded file would be.
    const first = await t.call('POST', `${BASE}/Actions/ImportData`, { token: admin, body: JSON.parse(JSON.stringify(json)) });
    expect(first.status).toBe(200);
    expect(first.data.enCode).toBe(`${FEE_CONSULT_FLOW}_import1`);
    const second = await t.call('POST', `${BASE}/Actions/ImportData`, { token: admin, body: json });
    expect(second.data.enCode).toBe(`${FEE_CONSULT_FLOW}_import2`);
    const back = await t.call('GET', `${BASE}/${first.data.id}`, { token: admin });
    expect(back.data.graph).toEqual(json.graph);
    expect(back.data.starters).toEqual(json.starters);
  });

  it('refuses bad files: malformed, an unknown child flow, an unknown form kind; markup in names stays text', async () => {
    const json = (await t.call('GET', `${BASE}/${flowId}/Actions/ExportData`, { token: admin })).data;
    const bad = await t.call('POST', `${BASE}/Actions/ImportData`, { token: admin, body: { hello: 'world' } });
    expect(bad.status).toBe(400);
    const nodes = json.graph.nodes.map((n: { type: string }) => (n.type === 'subFlow' ? { ...n, flowId: 'no-such-flow' } : n));
    const unknown = await t.call('POST', `${BASE}/Actions/ImportData`, {
      token: admin,
      body: { ...json, graph: { ...json.graph, nodes } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('子流程');
    const kind = await t.call('POST', `${BASE}/Actions/ImportData`, { token: admin, body: { ...json, formKind: 'nope' } });
    expect(kind.status).toBe(400);
    const html = await t.call('POST', `${BASE}/Actions/ImportData`, {
      token: admin,
      body: { ...json, enCode: 'htmlFlow', fullName: '<script>alert(1)</script>' },
    });
    expect(html.status).toBe(200);
    const row = await t.ctx.db.selectFrom('flowDefinitions').select('fullName').where('id', '=', html.data.id).executeTakeFirstOrThrow();
    expect(row.fullName).toBe('<script>alert(1)</script>');
  });

  it('needs the flow design menu: 401 without a session, 403 for a user without it', async () => {
    expect((await t.call('GET', `${BASE}/${flowId}/Actions/ExportData`)).status).toBe(401);
    const doctor = await t.login('xuli');
    expect((await t.call('GET', `${BASE}/${flowId}/Actions/ExportData`, { token: doctor })).status).toBe(403);
    expect((await t.call('POST', `${BASE}/Actions/ImportData`, { token: doctor, body: {} })).status).toBe(403);
  });
});
