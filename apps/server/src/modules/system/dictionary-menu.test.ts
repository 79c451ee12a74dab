import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buttonId, menuId } from '../../db/seed/index.ts';
import { dictTypeId } from '../../db/seed/system.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ORG, insertUser } from '../permission/test-helpers.ts';

/** Dictionary pages (menu type 4): the menu's one dictionary, under the menu's own buttons. */

let t: TestApp;
let admin: string;
let viewer: string; // county doctor: the seeded view-only grant
let editor: string; // a role with the menu and all three buttons
let editOnly: string; // a role with the menu and btn_edit only
let outsider: string; // a village doctor: no grant of the menu
const DEMO = menuId('dictDemo');
const GENDER = dictTypeId('gender');
const base = `/api/system/DictionaryData/Menu/${DEMO}`;

async function roleUser(account: string, buttons: string[]) {
  const role = await t.call('POST', '/api/permission/Role', { token: admin, body: { fullName: account, enCode: account, globalMark: 1 } });
  expect(role.status, role.msg).toBe(200);
  const granted = await t.call('PUT', `/api/permission/Authority/Data/${role.data.id}`, {
    token: admin,
    body: { objectType: 'Role', module: [menuId('dataApps'), DEMO], button: buttons.map((b) => buttonId('dictDemo', b)) },
  });
  expect(granted.status, granted.msg).toBe(200);
  const uid = await insertUser(t, account, { organizeId: ORG.infoCentre });
  await t.ctx.db
    .insertInto('userRelations')
    .values({ id: newId(), userId: uid, objectType: 'Role', objectId: role.data.id, sortCode: 0, createdAt: Date.now() })
    .execute();
  return t.login(account);
}

const item = (enCode: string, extra: Record<string, unknown> = {}) => ({ fullName: `测试${enCode}`, enCode, ...extra });
const listOf = async (token: string, q = '') => {
  const res = await t.call('GET', `${base}${q}`, { token });
  expect(res.status, res.msg).toBe(200);
  return res.data.list as { id: string; enCode: string; fullName: string; sortCode: number; enabledMark: number }[];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  viewer = await t.login('zhangwei');
  outsider = await t.login('dengshan');
  editor = await roleUser('dictpageeditor', ['btn_add', 'btn_edit', 'btn_remove']);
  editOnly = await roleUser('dictpageeditonly', ['btn_edit']);
});
afterAll(() => t.close());

describe('the seeded dictionary page', () => {
  it('has the three buttons; the county doctor holds the menu without them', async () => {
    const buttons = await t.ctx.db.selectFrom('moduleButtons').select('enCode').where('moduleId', '=', DEMO).orderBy('sortCode').execute();
    expect(buttons.map((b) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
    const res = await t.call('GET', base, { token: viewer });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.type).toMatchObject({ id: GENDER, enCode: 'gender', isTree: 0 });
    expect(res.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['0', '1', '2', '9']);
    const perms = await t.call('GET', '/api/oauth/CurrentUser', { token: viewer });
    const entry = perms.data.permissionList.find((p: { modelId: string }) => p.modelId === DEMO);
    expect(entry.button).toEqual([]);
  });

  it('refuses every change to a holder of the menu without the button', async () => {
    const id = (await listOf(viewer))[0]!.id;
    const before = await listOf(admin);
    expect((await t.call('POST', base, { token: viewer, body: item('v1') })).status).toBe(403);
    expect((await t.call('PUT', `${base}/${id}`, { token: viewer, body: item('v1') })).status).toBe(403);
    expect((await t.call('DELETE', `${base}/${id}`, { token: viewer })).status).toBe(403);
    expect((await t.call('PUT', `${base}/${id}/Actions/State`, { token: viewer, body: { enabledMark: 0 } })).status).toBe(403);
    expect((await t.call('PUT', `${base}/Actions/Sort`, { token: viewer, body: { list: [{ id, sortCode: 9 }] } })).status).toBe(403);
    // btn_edit does not open create or delete
    expect((await t.call('POST', base, { token: editOnly, body: item('v2') })).status).toBe(403);
    expect((await t.call('DELETE', `${base}/${id}`, { token: editOnly })).status).toBe(403);
    expect(await listOf(admin)).toEqual(before);
  });

  it('refuses a caller without the menu, even to read', async () => {
    expect((await t.call('GET', base, { token: outsider })).status).toBe(403);
    expect((await t.call('POST', base, { token: outsider, body: item('o1') })).status).toBe(403);
  });
});

describe('editing through the menu', () => {
  it('creates only in the menu dictionary, and the grant opens no other dictionary route', async () => {
    const res = await t.call('POST', base, { token: editor, body: item('E1') });
    expect(res.status, res.msg).toBe(200);
    const row = await t.ctx.db.selectFrom('dictionaryData').selectAll().where('id', '=', res.data.id).executeTakeFirstOrThrow();
    expect(row.dictionaryTypeId).toBe(GENDER);
    // naming the type by enCode or id is fine; any other type is refused
    expect((await t.call('POST', base, { token: editor, body: item('E2', { dictionaryTypeId: 'gender' }) })).status).toBe(200);
    for (const other of ['urgency', dictTypeId('urgency')]) {
      const refused = await t.call('POST', base, { token: editor, body: item('E3', { dictionaryTypeId: other }) });
      expect(refused.status).toBe(403);
    }
    expect(await t.ctx.db.selectFrom('dictionaryData').select('id').where('enCode', '=', 'E3').execute()).toEqual([]);
    // the Dictionaries screen's routes stay closed to this user
    const direct = await t.call('POST', '/api/system/DictionaryData', { token: editor, body: item('E4', { dictionaryTypeId: GENDER }) });
    expect(direct.status).toBe(403);
    // an item of another dictionary is not on this page
    const urgent = await t.ctx.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', dictTypeId('urgency'))
      .executeTakeFirstOrThrow();
    expect((await t.call('PUT', `${base}/${urgent.id}`, { token: editor, body: item('E5') })).status).toBe(404);
    expect((await t.call('DELETE', `${base}/${urgent.id}`, { token: editor })).status).toBe(404);
    expect((await t.call('PUT', `${base}/${urgent.id}/Actions/State`, { token: editor })).status).toBe(404);
    const sort = await t.call('PUT', `${base}/Actions/Sort`, { token: editor, body: { list: [{ id: urgent.id, sortCode: 1 }] } });
    expect(sort.status).toBe(400);
  });

  it('answers 404 for an unknown menu and 400 for a menu of another type', async () => {
    for (const id of ['999999999999999999', "1' OR '1'='1", '<b>x</b>']) {
      const res = await t.call('GET', `/api/system/DictionaryData/Menu/${encodeURIComponent(id)}`, { token: admin });
      expect(res.status).toBe(404);
    }
    const typeTwo = await t.call('GET', `/api/system/DictionaryData/Menu/${menuId('dictionary')}`, { token: admin });
    expect(typeTwo.status).toBe(400);
    expect(typeTwo.msg).toMatch(/字典页面/);
    // a type-3 menu the editor does not hold is refused before anything is said of it
    expect((await t.call('GET', `/api/system/DictionaryData/Menu/${menuId('outpatientLog')}`, { token: editor })).status).toBe(403);
  });

  it('keeps the service rules: unique code and name within the type, no parent in a flat type', async () => {
    const dupCode = await t.call('POST', base, { token: editor, body: { fullName: '新名', enCode: '1' } });
    expect(dupCode.status).toBe(409);
    const dupName = await t.call('POST', base, { token: editor, body: { fullName: '男', enCode: 'male2' } });
    expect(dupName.status).toBe(409);
    const parent = (await listOf(editor))[0]!.id;
    const nested = await t.call('POST', base, { token: editor, body: item('N1', { parentId: parent }) });
    expect(nested.status).toBe(400);
  });

  it('handles hostile input with a 400 naming the field, and stores markup as plain text', async () => {
    const huge = await t.call('POST', base, { token: editor, body: item('H1', { fullName: 'x'.repeat(100_000) }) });
    expect(huge.status).toBe(400);
    expect(huge.msg).toMatch(/fullName/);
    const sqlCode = await t.call('POST', base, { token: editor, body: item("x'; DROP TABLE dictionary_data;--") });
    expect(sqlCode.status).toBe(400);
    expect(sqlCode.msg).toMatch(/enCode/);
    const wrongType = await t.call('POST', base, { token: editor, body: { fullName: 12, enCode: ['a'] } });
    expect(wrongType.status).toBe(400);
    expect((await t.call('POST', base, { token: editor, body: [1, 2] })).status).toBe(400);
    const html = await t.call('POST', base, { token: editor, body: item('H2', { fullName: '<img src=x onerror=alert(1)>' }) });
    expect(html.status, html.msg).toBe(200);
    const rows = await listOf(editor, `?keyword=${encodeURIComponent('<img')}`);
    expect(rows.map((r) => r.fullName)).toEqual(['<img src=x onerror=alert(1)>']);
    expect(await listOf(editor, `?keyword=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    const longKeyword = await t.call('GET', `${base}?keyword=${'k'.repeat(5000)}`, { token: editor });
    expect(longKeyword.status).toBe(400);
    const badSort = await t.call('PUT', `${base}/Actions/Sort`, { token: editor, body: { list: [{ id: rows[0]!.id, sortCode: 'top' }] } });
    expect(badSort.status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ id: `x${i}`, sortCode: i }));
    expect((await t.call('PUT', `${base}/Actions/Sort`, { token: editor, body: { list: tooMany } })).status).toBe(400);
    const twice = await t.call('PUT', `${base}/Actions/Sort`, {
      token: editor,
      body: {
        list: [
          { id: rows[0]!.id, sortCode: 1 },
          { id: rows[0]!.id, sortCode: 2 },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(await t.ctx.db.selectFrom('dictionaryData').select('id').where('dictionaryTypeId', '=', GENDER).execute()).not.toHaveLength(0);
  });

  it('enables, disables and sorts for good, and the cached lookups follow', async () => {
    const created = await t.call('POST', base, { token: editor, body: item('S1', { sortCode: 50 }) });
    const id = created.data.id as string;
    const all = async () => (await t.call('GET', '/api/system/DictionaryData/All', { token: viewer })).data;
    const genderCodes = (a: { list: { enCode: string; dictionaryList: { enCode: string }[] }[] }) =>
      a.list.find((x) => x.enCode === 'gender')!.dictionaryList.map((d) => d.enCode);
    const before = await all();
    expect(genderCodes(before)).toContain('S1');

    const off = await t.call('PUT', `${base}/${id}/Actions/State`, { token: editOnly, body: { enabledMark: 0 } });
    expect(off.status, off.msg).toBe(200);
    expect(off.data.enabledMark).toBe(0);
    const afterOff = await all();
    expect(afterOff.version).not.toBe(before.version);
    expect(genderCodes(afterOff)).not.toContain('S1');
    expect((await listOf(viewer)).find((r) => r.id === id)!.enabledMark).toBe(0);

    // a drag to the top: the new order of the siblings as sort codes, in one call
    const order = await listOf(editor);
    const moved = [order.find((r) => r.id === id)!, ...order.filter((r) => r.id !== id)];
    const sorted = await t.call('PUT', `${base}/Actions/Sort`, {
      token: editOnly,
      body: { list: moved.map((r, i) => ({ id: r.id, sortCode: i })) },
    });
    expect(sorted.status, sorted.msg).toBe(200);
    expect(sorted.data.count).toBe(moved.length);
    expect((await listOf(viewer)).map((r) => r.id)).toEqual(moved.map((r) => r.id));
    const afterSort = await all();
    expect(afterSort.version).not.toBe(afterOff.version);

    // a foreign id in the list changes nothing at all
    const urgent = await t.ctx.db
      .selectFrom('dictionaryData')
      .select('id')
      .where('dictionaryTypeId', '=', dictTypeId('urgency'))
      .executeTakeFirstOrThrow();
    const mixed = await t.call('PUT', `${base}/Actions/Sort`, {
      token: editOnly,
      body: {
        list: [
          { id, sortCode: 999 },
          { id: urgent.id, sortCode: 0 },
        ],
      },
    });
    expect(mixed.status).toBe(400);
    expect((await listOf(viewer))[0]!.id).toBe(id);

    const on = await t.call('PUT', `${base}/${id}/Actions/State`, { token: editOnly, body: { enabledMark: 1 } });
    expect(on.data.enabledMark).toBe(1);
    expect(genderCodes(await all())).toContain('S1');

    const edited = await t.call('PUT', `${base}/${id}`, { token: editOnly, body: item('S1', { fullName: '改名', sortCode: 7 }) });
    expect(edited.status, edited.msg).toBe(200);
    expect((await listOf(viewer)).find((r) => r.id === id)).toMatchObject({ fullName: '改名', sortCode: 7 });

    const removed = await t.call('DELETE', `${base}/${id}`, { token: editor });
    expect(removed.status, removed.msg).toBe(200);
    expect((await listOf(viewer)).some((r) => r.id === id)).toBe(false);
    expect(genderCodes(await all())).not.toContain('S1');
  });
});

describe('a tree dictionary page', () => {
  it('keeps parents within the type and refuses cycles', async () => {
    const treeMenu = newId();
    await t.ctx.db
      .insertInto('menus')
      .values({
        id: treeMenu,
        parentId: menuId('dataApps'),
        systemId: '600000000000000001',
        type: 4,
        enCode: 'dictTreeProbe',
        fullName: '慢病分类',
        i18nJson: null,
        icon: null,
        urlAddress: 'dictionary/dictTreeProbe',
        linkTarget: null,
        propertyJson: JSON.stringify({ moduleId: 'chronicDiseaseCategory' }),
        category: 'Web',
        hidden: 0,
        sortCode: 99,
        enabledMark: 1,
        isButtonAuthorize: 0,
        isColumnAuthorize: 0,
        isFormAuthorize: 0,
        isDataAuthorize: 0,
        description: null,
        createdAt: Date.now(),
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    const tree = `/api/system/DictionaryData/Menu/${treeMenu}`;
    const first = await t.call('GET', tree, { token: admin });
    expect(first.status, first.msg).toBe(200);
    expect(first.data.type.isTree).toBe(1);
    const cvd = first.data.list.find((n: { enCode: string }) => n.enCode === 'CVD');
    expect(cvd.children.length).toBeGreaterThan(0);

    const child = await t.call('POST', tree, { token: admin, body: item('CVDX', { parentId: cvd.id }) });
    expect(child.status, child.msg).toBe(200);
    const maleId = (await listOf(admin)).find((r) => r.enCode === '1')!.id;
    const foreignParent = await t.call('POST', tree, { token: admin, body: item('CVDY', { parentId: maleId }) });
    expect(foreignParent.status).toBe(400);
    const cycle = await t.call('PUT', `${tree}/${cvd.id}`, {
      token: admin,
      body: { fullName: cvd.fullName, enCode: cvd.enCode, parentId: child.data.id },
    });
    expect(cycle.status).toBe(400);
    const selector = await t.call('GET', `${tree}/Selector/${cvd.id}`, { token: admin });
    expect(JSON.stringify(selector.data.list)).not.toContain(child.data.id);
    // a menu the editor does not hold
    expect((await t.call('GET', tree, { token: editor })).status).toBe(403);
  });
});
