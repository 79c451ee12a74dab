import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { revokeInstance, startFlow } from './actions.service.ts';
import { approver, chain, end, forms, graph, start } from './test-support.ts';

let t: TestApp;
let admin: string;
/** viewer: the flow design menu only; editor: the menu and btn_edit; nobody: no grant. */
const tok = {} as Record<'viewer' | 'editor' | 'nobody', string>;
const ids = {} as Record<'viewer' | 'editor' | 'nobody', string>;
const BASE = '/api/workflow/Engine/FlowEngine';

async function grantMenu(userId: string, buttons: string[]) {
  const menu = await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'flowEngine').executeTakeFirstOrThrow();
  const items = [{ itemType: 'module', itemId: menu.id }];
  for (const enCode of buttons) {
    const b = await t.ctx.db
      .selectFrom('moduleButtons')
      .select('id')
      .where('moduleId', '=', menu.id)
      .where('enCode', '=', enCode)
      .executeTakeFirstOrThrow();
    items.push({ itemType: 'button', itemId: b.id });
  }
  await t.ctx.db
    .insertInto('authorizations')
    .values(items.map((i) => ({ id: newId(), ...i, objectType: 'User', objectId: userId, createdAt: Date.now(), createdBy: null })))
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const name of ['viewer', 'editor', 'nobody'] as const) {
    ids[name] = await insertUser(t, `wfe_${name}`);
    tok[name] = await t.login(`wfe_${name}`);
  }
  await grantMenu(ids.viewer, []);
  await grantMenu(ids.editor, ['btn_edit']);
});
afterAll(() => t.close());

const body = (enCode: string, extra: Record<string, unknown> = {}) => ({
  enCode,
  fullName: `Referral ${enCode}`,
  category: 'referral',
  formKind: forms.kind,
  formId: 'referral',
  graph: chain(approver('n1', { type: 'starter' })),
  ...extra,
});
const create = async (enCode: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', BASE, { token: admin, body: body(enCode, extra) });
  expect(res.status).toBe(200);
  return res.data.id as string;
};

describe('flow definition routes', () => {
  it('creates, lists (paged, keyword, category, enabled) and reads one with its versions', async () => {
    const a = await create('fe_list_a', { fullName: 'Upward referral 100%_' });
    await create('fe_list_b', { category: 'audit' });
    const page = await t.call('GET', `${BASE}?pageSize=1&currentPage=1&category=referral`, { token: tok.viewer });
    expect(page.status).toBe(200);
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 1 });
    expect(page.data.list.every((r: { category: string }) => r.category === 'referral')).toBe(true);
    const kw = await t.call('GET', `${BASE}?keyword=${encodeURIComponent('100%_')}`, { token: tok.viewer });
    expect(kw.data.list.map((r: { id: string }) => r.id)).toEqual([a]);
    const inj = await t.call('GET', `${BASE}?keyword=${encodeURIComponent("' or 1=1 --")}`, { token: tok.viewer });
    expect(inj.data.pagination.total).toBe(0);
    const one = await t.call('GET', `${BASE}/${a}`, { token: tok.viewer });
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ id: a, enCode: 'fe_list_a', version: 1, enabledMark: 1 });
    expect(one.data.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(one.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'n1', 'end']);
    expect((await t.call('GET', `${BASE}/${newId()}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/${encodeURIComponent('<b>x</b>')}`, { token: admin })).status).toBe(400);
  });

  it('grants: reads need the menu, writes its buttons; nobody else gets in', async () => {
    expect((await t.call('GET', BASE, { token: tok.nobody })).status).toBe(403);
    const denied = await t.call('POST', BASE, { token: tok.viewer, body: body('fe_denied') });
    expect(denied.status).toBe(403);
    expect((await t.call('POST', BASE, { token: tok.editor, body: body('fe_denied') })).status).toBe(403);
    const id = await create('fe_grants');
    const put = await t.call('PUT', `${BASE}/${id}`, { token: tok.editor, body: { enCode: 'fe_grants', fullName: 'Renamed' } });
    expect(put.status).toBe(200);
    expect((await t.call('PUT', `${BASE}/${id}`, { token: tok.viewer, body: { enCode: 'fe_grants', fullName: 'X' } })).status).toBe(403);
    expect((await t.call('DELETE', `${BASE}/${id}`, { token: tok.editor })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/${id}`, { token: tok.viewer })).data.fullName).toBe('Renamed');
  });

  it('refuses bad input naming the problem, and writes nothing', async () => {
    const broken = graph([start, approver('n1', { type: 'starter' }), end], [{ id: 'e1', source: 'start', target: 'end' }]);
    const bad = await t.call('POST', BASE, { token: admin, body: body('fe_broken', { graph: broken }) });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/n1|invalid|有误/);
    const wrongType = await t.call('POST', BASE, { token: admin, body: body('fe_types', { fullName: 42 }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.msg).toContain('fullName');
    const huge = await t.call('POST', BASE, { token: admin, body: body('fe_huge', { fullName: 'x'.repeat(10_000) }) });
    expect(huge.status).toBe(400);
    const sqlCode = await t.call('POST', BASE, { token: admin, body: body("x'; drop table users; --") });
    expect(sqlCode.status).toBe(400);
    expect(sqlCode.msg).toContain('enCode');
    const kind = await t.call('POST', BASE, { token: admin, body: body('fe_kind', { formKind: 'noSuchForm' }) });
    expect(kind.status).toBe(400);
    const html = await create('fe_html', { fullName: '<img src=x onerror=alert(1)>' });
    expect((await t.call('GET', `${BASE}/${html}`, { token: admin })).data.fullName).toBe('<img src=x onerror=alert(1)>');
    const dup = await t.call('POST', BASE, { token: admin, body: body('fe_html') });
    expect(dup.status).toBe(409);
    const rows = await t.ctx.db
      .selectFrom('flowDefinitions')
      .select('enCode')
      .where('enCode', 'in', ['fe_broken', 'fe_types', 'fe_huge', 'fe_kind'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('updates the draft, releases versions (validated), enables and disables', async () => {
    const id = await create('fe_release');
    const other = await create('fe_taken');
    const upd = await t.call('PUT', `${BASE}/${id}`, {
      token: admin,
      body: { enCode: 'fe_release', fullName: 'New name', category: 'audit', starters: { userIds: [ids.viewer] } },
    });
    expect(upd.status).toBe(200);
    expect((await t.call('PUT', `${BASE}/${id}`, { token: admin, body: { enCode: 'fe_taken', fullName: 'X' } })).status).toBe(409);
    expect((await t.call('PUT', `${BASE}/${newId()}`, { token: admin, body: { enCode: 'fe_nobody', fullName: 'X' } })).status).toBe(404);
    expect(other).toBeTruthy();
    const got = await t.call('GET', `${BASE}/${id}`, { token: admin });
    expect(got.data).toMatchObject({ fullName: 'New name', category: 'audit', starters: { userIds: [ids.viewer], roleIds: [] } });

    const g2 = chain(approver('n1', { type: 'starter' }), approver('n2', { type: 'starter' }));
    const rel = await t.call('POST', `${BASE}/Release/${id}`, { token: tok.editor, body: { graph: g2 } });
    expect(rel.status).toBe(200);
    expect(rel.data.version).toBe(2);
    const broken = graph([start, approver('n1', { type: 'starter' }), end], [{ id: 'e1', source: 'start', target: 'end' }]);
    const badRel = await t.call('POST', `${BASE}/Release/${id}`, { token: admin, body: { graph: broken } });
    expect(badRel.status).toBe(400);
    expect((await t.call('POST', `${BASE}/Release/${id}`, { token: admin, body: { graph: 'nope' } })).status).toBe(400);
    expect((await t.call('POST', `${BASE}/Release/${newId()}`, { token: admin, body: { graph: g2 } })).status).toBe(404);
    const after = await t.call('GET', `${BASE}/${id}`, { token: admin });
    expect(after.data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(after.data.graph.nodes.map((n: { id: string }) => n.id)).toContain('n2');

    expect((await t.call('POST', `${BASE}/Stop/${id}`, { token: tok.editor })).status).toBe(200);
    const disabled = await t.call('GET', `${BASE}?enabledMark=0&keyword=fe_release`, { token: admin });
    expect(disabled.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    const refused = await startFlow(t.ctx, { flowId: id, recordId: forms.add() }, ids.viewer).catch((e: { key?: string }) => e.key);
    expect(refused).toBe('workflow.flowDisabled');
    expect((await t.call('POST', `${BASE}/Enable/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${BASE}?enabledMark=1&keyword=fe_release`, { token: admin })).data.pagination.total).toBe(1);
    expect((await t.call('POST', `${BASE}/Stop/${newId()}`, { token: admin })).status).toBe(404);
  });

  it('deletes a flow, refused with 409 while an instance runs or history remains', async () => {
    const idle = await create('fe_delete_idle');
    expect((await t.call('DELETE', `${BASE}/${idle}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${BASE}/${idle}`, { token: admin })).status).toBe(404);
    expect(await t.ctx.db.selectFrom('flowVersions').select('id').where('flowId', '=', idle).execute()).toEqual([]);
    expect((await t.call('DELETE', `${BASE}/${idle}`, { token: admin })).status).toBe(404);

    const busy = await create('fe_delete_busy', { graph: chain(approver('n1', { type: 'users', userIds: [ids.editor] })) });
    const started = await startFlow(t.ctx, { flowId: busy, recordId: forms.add() }, ids.viewer);
    const en = { 'Accept-Language': 'en' };
    const running = await t.call('DELETE', `${BASE}/${busy}`, { token: admin, headers: en });
    expect(running.status).toBe(409);
    expect(running.msg).toMatch(/running/);
    const still = await t.call('GET', `${BASE}/${busy}`, { token: admin });
    expect(still.data.enabledMark).toBe(1);
    await revokeInstance(t.ctx, started.instanceId, ids.viewer);
    const history = await t.call('DELETE', `${BASE}/${busy}`, { token: admin, headers: en });
    expect(history.status).toBe(409);
    expect(history.msg).toMatch(/history/);
    expect((await t.call('GET', `${BASE}/${busy}`, { token: admin })).status).toBe(200);
  });
});
