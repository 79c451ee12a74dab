import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userSchemes } from '../../db/seed/permission.ts';
import { insertUser, ORG, snapshot } from './test-helpers.ts';

let t: TestApp;
let admin: string;
const menu = async (enCode: string) =>
  (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
const button = async (menuCode: string, code: string) =>
  (
    await t.ctx.db
      .selectFrom('moduleButtons')
      .select('id')
      .where('moduleId', '=', await menu(menuCode))
      .where('enCode', '=', code)
      .executeTakeFirstOrThrow()
  ).id;
const call = (method: string, url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, ...(body !== undefined ? { body } : {}) });

interface Node {
  id: string;
  type: string;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('authorize model', () => {
  it('answers every tier as a tree with the ids granted to the object', async () => {
    const res = await call('GET', '/api/permission/Authority/Model/200000000000000004/Role'); // villageDoctor
    expect(res.code).toBe(200);
    const { system, module, button: buttons_, column, form, resource } = res.data;
    for (const tier of [system, module, buttons_, column, form, resource])
      expect(tier).toEqual(expect.objectContaining({ list: expect.any(Array), ids: expect.any(Array), all: expect.any(Array) }));
    expect(module.ids).toContain(await menu('inhabitant_manage'));
    expect(module.ids).not.toContain(await menu('user'));
    expect(system.ids).toEqual(['600000000000000001']);
    // Menus hang under their application; buttons under their menus.
    expect(module.list.map((n: Node) => n.type)).toEqual(['system', 'system']);
    const buttons = flatten(buttons_.list).filter((n) => n.type === 'button');
    expect(buttons.length).toBeGreaterThan(100);
    expect(buttons_.ids).toContain(await button('inhabitant_manage', 'btn_add'));
    expect(
      flatten(resource.list)
        .filter((n) => n.type === 'resource')
        .map((n) => n.id),
    ).toContain(userSchemes.all);
    expect((await call('GET', '/api/permission/Authorize/Model/200000000000000004/Role')).data.module.ids).toEqual(module.ids);
  });

  it('unknown objects answer 404, bad object types 400', async () => {
    expect((await call('GET', '/api/permission/Authority/Model/424242/Role')).status).toBe(404);
    expect((await call('GET', '/api/permission/Authority/Model/200000000000000004/Group')).status).toBe(400);
  });

  it('the original tier-by-tier call (Data/{id}/Values) answers the chosen menus’ items', async () => {
    const res = await call('POST', '/api/permission/Authority/Data/200000000000000001/Values', {
      type: 'button',
      moduleIds: await menu('permission'),
    });
    const leaves = flatten(res.data.list).filter((n) => n.type === 'button');
    expect(leaves.length).toBe(3 * 5 + 6 + 1 + 1);
    expect(res.data.ids.length).toBe(leaves.length);
  });
});

describe('granting', () => {
  let role: string;
  let token: string;
  it('an administrator grants a role one menu and one button: its user sees exactly those, the server refuses the rest', async () => {
    role = (await call('POST', '/api/permission/Role', { fullName: '岗位管理员', enCode: 'positionKeeper' })).data.id;
    const positionMenu = await menu('position');
    const res = await call('PUT', `/api/permission/Authority/Data/${role}`, {
      objectType: 'Role',
      module: [positionMenu],
      button: [await button('position', 'btn_add'), positionMenu],
    });
    expect(res.code, res.msg).toBe(200);
    const uid = await insertUser(t, 'keeper', { organizeId: ORG.infoCentre });
    await t.ctx.db
      .insertInto('userRelations')
      .values({ id: '55001', userId: uid, objectType: 'Role', objectId: role, sortCode: 0, createdAt: 1 })
      .execute();
    token = await t.login('keeper');
    const me = (await call('GET', '/api/oauth/CurrentUser', undefined, token)).data;
    const titles = (nodes: { fullName: string; children: never[] }[]): string[] =>
      nodes.flatMap((n) => [n.fullName, ...titles(n.children)]);
    expect(titles(me.menuList)).toEqual(['权限管理', '岗位管理']);
    const entry = me.permissionList.find((p: { modelId: string }) => p.modelId === positionMenu);
    expect(entry.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add']);
    expect((await call('GET', '/api/permission/Position', undefined, token)).code).toBe(200);
    const created = await call(
      'POST',
      '/api/permission/Position',
      { organizeId: ORG.surgery, fullName: '新岗位', enCode: 'P.KEEPER' },
      token,
    );
    expect(created.code).toBe(200);
    const edit = await call(
      'PUT',
      `/api/permission/Position/${created.data.id}`,
      { organizeId: ORG.surgery, fullName: '改', enCode: 'P.KEEPER' },
      token,
    );
    expect(edit.status).toBe(403);
    expect(edit.msg).toBe('Permission Denied');
    expect((await call('DELETE', `/api/permission/Position/${created.data.id}`, undefined, token)).status).toBe(403);
    expect((await call('GET', '/api/permission/Role', undefined, token)).status).toBe(403);
  });

  it('a save replaces the grants in one transaction; unknown ids are refused and change nothing', async () => {
    const before = await snapshot(t);
    const bad = await call('PUT', `/api/permission/Authority/Data/${role}`, {
      objectType: 'Role',
      module: [await menu('role')],
      button: ['31415926'],
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('31415926');
    expect((await call('PUT', '/api/permission/Authority/Data/31415926', { objectType: 'Role', module: [] })).status).toBe(404);
    expect((await call('PUT', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: 'not-an-array!' })).status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    expect((await call('PUT', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [await menu('role')] })).code).toBe(
      200,
    );
    expect((await call('GET', '/api/permission/Position', undefined, token)).status).toBe(403);
    expect((await call('GET', '/api/permission/Role', undefined, token)).code).toBe(200);
  });

  it('Batch adds grants to many objects without removing any', async () => {
    const res = await call('POST', '/api/permission/Authority/Data/Batch', {
      roleIds: [role],
      userIds: [],
      positionIds: ['300000000000000001'],
      module: [await menu('userGroup')],
    });
    expect(res.code).toBe(200);
    expect((await call('GET', '/api/permission/Role', undefined, token)).code).toBe(200);
    expect((await call('GET', '/api/permission/Group', undefined, token)).code).toBe(200);
    expect((await call('POST', '/api/permission/Authority/Data/Batch', { module: [await menu('userGroup')] })).status).toBe(400);
  });

  it('a non-administrator may grant only what they hold, and keeps the rest of the object’s grants', async () => {
    const editorRole = (await call('POST', '/api/permission/Role', { fullName: '授权员', enCode: 'grantor' })).data.id;
    await call('PUT', `/api/permission/Authority/Data/${editorRole}`, {
      objectType: 'Role',
      module: [await menu('authorize'), await menu('userGroup')],
      button: [await button('authorize', 'btn_edit')],
    });
    const uid = await insertUser(t, 'grantor', { organizeId: ORG.infoCentre });
    await t.ctx.db
      .insertInto('userRelations')
      .values({ id: '55002', userId: uid, objectType: 'Role', objectId: editorRole, sortCode: 0, createdAt: 1 })
      .execute();
    const grantor = await t.login('grantor');
    const model = (await call('GET', `/api/permission/Authority/Model/${role}/Role`, undefined, grantor)).data;
    expect(flatten(model.module.list).filter((n) => n.type === 'module').length).toBe(3); // the directory and its two pages
    expect(
      (await call('PUT', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [await menu('user')] }, grantor)).status,
    ).toBe(403);
    // Saving only userGroup's tier leaves the role's grant on 'role' (outside the grantor's reach) alone.
    expect((await call('PUT', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [] }, grantor)).code).toBe(200);
    expect((await call('GET', '/api/permission/Role', undefined, token)).code).toBe(200);
    expect((await call('GET', '/api/permission/Group', undefined, token)).status).toBe(403);
  });
});

describe('data-permission schemes', () => {
  let userMenu: string;
  let sid: string;
  beforeAll(async () => {
    userMenu = await menu('user');
  });

  it('lists a menu’s schemes and the fields they may use', async () => {
    const list = (await call('GET', '/api/permission/Authority/DataScheme/user')).data;
    expect(list.isDataAuthorize).toBe(1);
    expect(list.list.map((s: { enCode: string }) => s.enCode)).toEqual([
      'user.all',
      'user.orgAndSub',
      'user.ownOrg',
      'user.selfAndSubordinates',
    ]);
    const fields = (await call('GET', `/api/permission/Authority/DataScheme/Fields/${userMenu}`)).data;
    expect(fields.list.map((f: { field: string }) => f.field)).toContain('organizeId');
    expect(fields.tokens).toContain('@organizationAndSuborganization');
  });

  it('validates conditions and codes, changing nothing on refusal', async () => {
    const before = await snapshot(t);
    const base = { moduleId: userMenu, enCode: 'newScheme', fullName: '新方案' };
    for (const conditionJson of [
      'not json',
      '{"logic":"and"}',
      JSON.stringify([{ logic: 'xor', groups: [] }]),
      JSON.stringify([{ logic: 'and', groups: [{ field: 'a b', op: 'Equal', value: 1 }] }]),
      JSON.stringify([{ logic: 'and', groups: [{ field: 'id', op: 'Like', value: 1 }] }]),
    ]) {
      expect((await call('POST', '/api/permission/Authority/DataScheme', { ...base, conditionJson })).status, conditionJson).toBe(400);
    }
    expect((await call('POST', '/api/permission/Authority/DataScheme', { ...base, enCode: 'user.all', conditionJson: '[]' })).status).toBe(
      409,
    );
    expect((await call('POST', '/api/permission/Authority/DataScheme', { ...base, moduleId: '5555', conditionJson: '[]' })).status).toBe(
      400,
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('creates, updates and deletes a scheme; deleting removes its grants', async () => {
    sid = (
      await call('POST', '/api/permission/Authority/DataScheme', {
        moduleId: userMenu,
        enCode: 'women',
        fullName: '女性用户',
        conditionJson: [{ logic: 'and', groups: [{ field: 'gender', op: 'Equal', value: 2 }] }],
      })
    ).data.id;
    const info = (await call('GET', `/api/permission/Authority/DataScheme/Info/${sid}`)).data;
    expect(JSON.parse(info.conditionJson)).toEqual([{ logic: 'and', groups: [{ field: 'gender', op: 'Equal', value: 2 }] }]);
    expect(
      (
        await call('PUT', `/api/permission/Authority/DataScheme/${sid}`, {
          moduleId: userMenu,
          enCode: 'women',
          fullName: '女性',
          conditionJson: '[]',
        })
      ).code,
    ).toBe(200);
    await call('POST', '/api/permission/Authority/Data/Batch', { roleIds: ['200000000000000002'], resource: [sid] });
    expect((await t.ctx.db.selectFrom('authorizations').select('id').where('itemId', '=', sid).execute()).length).toBe(1);
    expect((await call('DELETE', `/api/permission/Authority/DataScheme/${sid}`)).code).toBe(200);
    expect(await t.ctx.db.selectFrom('authorizations').select('id').where('itemId', '=', sid).execute()).toEqual([]);
    expect((await call('DELETE', `/api/permission/Authority/DataScheme/${sid}`)).status).toBe(404);
  });
});

describe('column authority (GetColumnsByModuleId / SetColumnsByModuleId)', () => {
  it('answers the columns the user may see; saves their order and visibility per user', async () => {
    const userMenu = await menu('user');
    const first = (await call('GET', `/api/permission/Authority/GetColumnsByModuleId/${userMenu}`)).data;
    expect(first.list.map((c: { prop: string }) => c.prop)).toEqual(['account', 'realName', 'mobilePhone', 'organize']);
    const fieldList = JSON.stringify([
      { prop: 'realName', label: '姓名', columnVisible: true },
      { prop: 'account', label: '账号', columnVisible: false },
    ]);
    const saved = (await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: userMenu, fieldList })).data;
    expect(saved.list.map((c: { prop: string; columnVisible: boolean }) => [c.prop, c.columnVisible])).toEqual([
      ['realName', true],
      ['account', false],
      ['mobilePhone', true],
      ['organize', true],
    ]);
    // Per user: the dean still sees the default layout.
    const dean = await t.login('huangqiang');
    const his = (await call('GET', '/api/permission/Authority/GetColumnsByModuleId/user', undefined, dean)).data;
    expect(his.list[0].prop).toBe('account');
  });

  it('refuses menus the user does not hold and bad field lists', async () => {
    const doctor = await t.login('dengshan');
    expect((await call('GET', '/api/permission/Authority/GetColumnsByModuleId/user', undefined, doctor)).status).toBe(403);
    expect(
      (await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: 'user', fieldList: '[]' }, doctor)).status,
    ).toBe(403);
    expect((await call('PUT', '/api/permission/Authority/SetColumnsByModuleId', { moduleId: 'user', fieldList: '{bad' })).status).toBe(400);
    expect((await call('GET', '/api/permission/Authority/GetColumnsByModuleId/999999')).status).toBe(404);
  });
});

describe('current user authorize', () => {
  it('answers my own menus, buttons, columns and schemes as trees', async () => {
    const doctor = await t.login('dengshan');
    const res = (await call('GET', '/api/permission/Users/Current/Authorize', undefined, doctor)).data;
    const modules = flatten(res.module)
      .filter((n) => n.type === 'module')
      .map((n) => n.id);
    expect(modules).toContain(await menu('inhabitant_manage'));
    expect(modules).not.toContain(await menu('user'));
    expect(flatten(res.button).filter((n) => n.type === 'button').length).toBeGreaterThan(0);
    expect(res.resource).toEqual([]);
  });
});
