import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { approver, chain } from './test-support.ts';

/**
 * The flow designer's routes beside the definition CRUD: the draft, the bound
 * form's fields, old versions, copy, and the short list of every flow.
 */
let t: TestApp;
let admin: string;
/** viewer: the flow design menu only; editor: menu + btn_edit; adder: menu + btn_add; todo: only the to-do menu; nobody: nothing. */
const who = ['viewer', 'editor', 'adder', 'todo', 'nobody'] as const;
const tok = {} as Record<(typeof who)[number], string>;
const BASE = '/api/workflow/Engine/FlowEngine';

async function grantMenu(userId: string, menuCode: string, buttons: string[]) {
  const menu = await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', menuCode).executeTakeFirstOrThrow();
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
  const ids = {} as Record<(typeof who)[number], string>;
  for (const name of who) {
    ids[name] = await insertUser(t, `wfd_${name}`);
    tok[name] = await t.login(`wfd_${name}`);
  }
  await grantMenu(ids.viewer, 'flowEngine', []);
  await grantMenu(ids.editor, 'flowEngine', ['btn_edit']);
  await grantMenu(ids.adder, 'flowEngine', ['btn_add']);
  await grantMenu(ids.todo, 'flowTodo', []);
});
afterAll(() => t.close());

/** A flow over the seeded, released outpatient-log model. */
const create = async (enCode: string) => {
  const res = await t.call('POST', BASE, {
    token: admin,
    body: {
      enCode,
      fullName: `Visit ${enCode}`,
      category: 'clinical',
      formKind: 'model',
      formId: 'outpatientLog',
      graph: chain(approver('n1', { type: 'starter' })),
    },
  });
  expect(res.status).toBe(200);
  return res.data.id as string;
};

/** An unfinished graph: an approver not connected yet, no end. */
const draft = {
  nodes: [
    { id: 'start', type: 'start', name: 'Start', position: { x: 10, y: 20 } },
    { id: 'a1', type: 'approver', name: 'Head', assignee: { type: 'deptHead' }, position: { x: 10, y: 140 } },
  ],
  edges: [],
};

describe('flow designer routes', () => {
  it('saves a draft without release checks, reads it back, and release clears it', async () => {
    const id = await create('fd_draft');
    const put = await t.call('PUT', `${BASE}/${id}/Draft`, { token: tok.editor, body: { graph: draft } });
    expect(put.status).toBe(200);
    const got = await t.call('GET', `${BASE}/${id}`, { token: tok.viewer });
    expect(got.data.hasDraft).toBe(true);
    expect(got.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'a1']);
    expect(got.data.graph.nodes[1].position).toEqual({ x: 10, y: 140 });
    expect(got.data.version).toBe(1);
    expect(got.data).not.toHaveProperty('draftGraph');

    const g2 = chain(approver('n1', { type: 'starter' }), approver('n2', { type: 'deptHead' }));
    const rel = await t.call('POST', `${BASE}/Release/${id}`, { token: tok.editor, body: { graph: g2 } });
    expect(rel.data.version).toBe(2);
    const after = await t.call('GET', `${BASE}/${id}`, { token: tok.viewer });
    expect(after.data.hasDraft).toBe(false);
    expect(after.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'n1', 'n2', 'end']);

    // Old versions stay readable, each with its own graph.
    const v1 = after.data.versions.find((v: { version: number }) => v.version === 1);
    const old = await t.call('GET', `${BASE}/${id}/Versions/${v1.id}`, { token: tok.viewer });
    expect(old.status).toBe(200);
    expect(old.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'n1', 'end']);
    const other = await create('fd_draft_other');
    expect((await t.call('GET', `${BASE}/${other}/Versions/${v1.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses bad drafts with a clear envelope and keeps the stored one', async () => {
    const id = await create('fd_bad');
    await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: draft } });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}/Draft`,
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{"graph": {"nodes": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(400);
    expect(typeof malformed.json().msg).toBe('string');

    const en = { 'Accept-Language': 'en' };
    const wrongType = await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, headers: en, body: { graph: { nodes: 'x', edges: [] } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.msg).toContain('nodes');
    const unknownType = { nodes: [{ id: 'x', type: 'teleport', name: 'X' }], edges: [] };
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: unknownType } })).status).toBe(400);
    const hugeName = { nodes: [{ id: 's', type: 'start', name: 'x'.repeat(100_000) }], edges: [] };
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: hugeName } })).status).toBe(400);
    const badPos = { nodes: [{ id: 's', type: 'start', name: 'S', position: { x: 'left', y: 0 } }], edges: [] };
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: badPos } })).status).toBe(400);
    const tooMany = { nodes: Array.from({ length: 201 }, (_, i) => ({ id: `e${i}`, type: 'end', name: 'E' })), edges: [] };
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: tooMany } })).status).toBe(400);
    expect((await t.call('PUT', `${BASE}/${newId()}/Draft`, { token: admin, body: { graph: draft } })).status).toBe(404);
    expect((await t.call('PUT', `${BASE}/${encodeURIComponent('a b')}/Draft`, { token: admin, body: { graph: draft } })).status).toBe(400);

    const still = await t.call('GET', `${BASE}/${id}`, { token: admin });
    expect(still.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'a1']);
  });

  it('lists the bound form fields of a released model, and none for an unknown form', async () => {
    const id = await create('fd_fields');
    const res = await t.call('GET', `${BASE}/${id}/FormDataFields`, { token: tok.viewer });
    expect(res.status).toBe(200);
    const keys = res.data.list.map((f: { key: string }) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['visitDate', 'patientName', 'age', 'fee', 'diagnosis']));
    // Sub-table fields and the table itself are not conditions of the flow.
    expect(keys).not.toContain('prescriptions');
    expect(keys).not.toContain('drugName');
    expect(res.data.list.find((f: { key: string }) => f.key === 'fee')).toEqual({ key: 'fee', label: '诊疗费', type: 'amount' });
    // A flow bound to a model that is not released (or gone) has no fields to offer.
    await t.ctx.db.updateTable('flowDefinitions').set({ formId: 'noSuchModel' }).where('id', '=', id).execute();
    expect((await t.call('GET', `${BASE}/${id}/FormDataFields`, { token: admin })).data.list).toEqual([]);
    expect((await t.call('GET', `${BASE}/${newId()}/FormDataFields`, { token: admin })).status).toBe(404);
  });

  it('copies a flow: fresh code, copy name, disabled, version 1 of the current graph', async () => {
    const id = await create('fd_copy');
    const g2 = chain(approver('n1', { type: 'starter' }), approver('n2', { type: 'deptHead' }));
    await t.call('POST', `${BASE}/Release/${id}`, { token: admin, body: { graph: g2 } });
    await t.call('PUT', `${BASE}/${id}/Draft`, { token: admin, body: { graph: draft } });
    const c1 = await t.call('POST', `${BASE}/${id}/Actions/Copy`, { token: tok.adder });
    expect(c1.status).toBe(200);
    const c2 = await t.call('POST', `${BASE}/${id}/Actions/Copy`, { token: admin });
    const a = await t.call('GET', `${BASE}/${c1.data.id}`, { token: admin });
    const b = await t.call('GET', `${BASE}/${c2.data.id}`, { token: admin });
    expect(a.data).toMatchObject({ enCode: 'fd_copy_copy1', fullName: 'Visit fd_copy 副本', enabledMark: 0, version: 1, hasDraft: false });
    expect(b.data.enCode).toBe('fd_copy_copy2');
    // The released graph is copied, not the draft.
    expect(a.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'n1', 'n2', 'end']);
    expect(a.data.versions).toHaveLength(1);
    expect((await t.call('POST', `${BASE}/${id}/Actions/Copy`, { token: tok.editor })).status).toBe(403);
    expect((await t.call('POST', `${BASE}/${newId()}/Actions/Copy`, { token: admin })).status).toBe(404);
  });

  it('ListAll lists the flows to anyone holding a workflow menu, to nobody else', async () => {
    const id = await create('fd_all');
    const todo = await t.call('GET', `${BASE}/ListAll`, { token: tok.todo });
    expect(todo.status).toBe(200);
    const row = todo.data.list.find((r: { id: string }) => r.id === id);
    expect(row).toEqual({ id, fullName: 'Visit fd_all', enCode: 'fd_all', category: 'clinical', enabledMark: 1 });
    // Nobody without a workflow menu learns which flows exist (an empty lookup, as signed-in lookups answer).
    const nobody = await t.call('GET', `${BASE}/ListAll`, { token: tok.nobody });
    expect([nobody.status, nobody.data.list]).toEqual([200, []]);
    expect((await t.call('GET', `${BASE}/ListAll`)).status).toBe(401);
  });

  it('grants: the designer routes need the flow design menu and its buttons', async () => {
    const id = await create('fd_grants');
    expect((await t.call('GET', `${BASE}/${id}/FormDataFields`, { token: tok.nobody })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/${id}/FormDataFields`, { token: tok.todo })).status).toBe(403);
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: tok.viewer, body: { graph: draft } })).status).toBe(403);
    expect((await t.call('PUT', `${BASE}/${id}/Draft`, { token: tok.adder, body: { graph: draft } })).status).toBe(403);
    expect((await t.call('POST', `${BASE}/${id}/Actions/Copy`, { token: tok.viewer })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/${id}`, { token: tok.todo })).status).toBe(403);
    expect((await t.call('GET', `${BASE}/${id}`, { token: admin })).data.hasDraft).toBe(false);
  });
});
