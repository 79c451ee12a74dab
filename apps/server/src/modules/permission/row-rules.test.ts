import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userSchemes } from '../../db/seed/permission.ts';
import { ORG, snapshot } from './test-helpers.ts';
import { applyRowRules } from './index.ts';
import { userRowFields } from './users.service.ts';

/**
 * Row rules in SQL: the same users list, asked by viewers with different
 * schemes, answers exactly the rows each scheme allows (run on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL).
 */
let t: TestApp;
let admin: string;
let userMenuId: string;
let testOrg: string;
const ids = new Map<string, string>(); // account → id
const tokens = new Map<string, string>();

async function api(method: string, url: string, body?: unknown, token = admin) {
  const res = await t.call(method, url, { token, ...(body !== undefined ? { body } : {}) });
  if (res.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.msg}`);
  return res.data;
}

let seq = 0;
async function viewerRole(schemeIds: string[], buttons: string[] = []) {
  seq += 1;
  const { id } = await api('POST', '/api/permission/Role', { fullName: `查看者${seq}`, enCode: `rowViewer${seq}`, globalMark: 1 });
  const buttonIds = (await t.ctx.db.selectFrom('moduleButtons').select(['id', 'enCode']).where('moduleId', '=', userMenuId).execute())
    .filter((b) => buttons.includes(b.enCode))
    .map((b) => b.id);
  await api('PUT', `/api/permission/Authority/Data/${id}`, {
    objectType: 'Role',
    module: [userMenuId],
    button: buttonIds,
    resource: schemeIds,
  });
  return id as string;
}

async function scheme(enCode: string, conditionJson: unknown) {
  const { id } = await api('POST', '/api/permission/Authority/DataScheme', {
    moduleId: userMenuId,
    enCode,
    fullName: enCode,
    conditionJson: JSON.stringify(conditionJson),
  });
  return id as string;
}

async function user(account: string, organizeId: string, roleIds: string[], managerId: string | null = null) {
  const { id } = await api('POST', '/api/permission/Users', {
    account,
    realName: `测试${account.replace(/\d/g, '')}`,
    gender: 2,
    organizeId,
    roleId: roleIds,
    managerId,
    password: md5('demo123'),
  });
  ids.set(account, id);
  return id as string;
}

async function listAs(account: string, query = '') {
  const token = tokens.get(account) ?? (await t.login(account));
  tokens.set(account, token);
  const res = await t.call('GET', `/api/permission/Users?pageSize=500${query}`, { token });
  expect(res.code, res.msg).toBe(200);
  return res.data as { list: { id: string; account?: string }[]; pagination: { total: number } };
}

const idsOf = (accounts: string[]) => accounts.map((a) => ids.get(a)!).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  userMenuId = (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'user').executeTakeFirstOrThrow()).id;
  for (const u of await t.ctx.db.selectFrom('users').select(['id', 'account']).execute()) ids.set(u.account, u.id);
  testOrg = (await api('POST', '/api/permission/Organize', { parentId: ORG.root, fullName: '行规则测试单位', enCode: 'ROWTEST' })).id;

  const literal = await scheme('literal', [
    {
      logic: 'or',
      groups: [
        { field: 'realName', op: 'Contains', value: '林' },
        { field: 'account', op: 'In', value: 'zhangwei,liuyang' },
      ],
    },
    { logic: 'and', groups: [{ field: 'gender', op: 'Equal', value: 1 }] },
  ]);
  const hostile = await scheme('hostile', [
    {
      logic: 'or',
      groups: [
        { field: 'account', op: 'Contains', value: "' OR '1'='1" },
        { field: 'passwordHash', op: 'NotEqual', value: 'x' },
        { field: 'gender', op: 'Equal', value: '1 OR 1=1' },
      ],
    },
  ]);

  await user('vorg', ORG.countyHospital, [await viewerRole([userSchemes.orgAndSub])]);
  await user('vownorg', ORG.ultrasound, [
    await viewerRole([userSchemes.ownOrg], ['btn_edit', 'btn_remove', 'btn_resetPassword', 'btn_add']),
  ]);
  const vsub = await user('vsub', testOrg, [await viewerRole([userSchemes.selfAndSubordinates])]);
  const sub1 = await user('sub1', testOrg, [], vsub);
  await user('sub2', testOrg, [], sub1);
  await user('vliteral', testOrg, [await viewerRole([literal])]);
  await user('vnone', testOrg, [await viewerRole([])]);
  await user('vtwo', ORG.surgery, [await viewerRole([userSchemes.ownOrg]), await viewerRole([literal])]);
  await user('vhostile', testOrg, [await viewerRole([hostile])]);
});
afterAll(() => t.close());

describe('row rules on the users list', () => {
  it('@organizationAndSuborganization: the viewer’s organisation and everything below it', async () => {
    const { list, pagination } = await listAs('vorg');
    const expected = idsOf([
      'zhangwei',
      'liuyang',
      'chenjing',
      'yangfan',
      'zhaomin',
      'sunli',
      'zhoujie',
      'wuqing',
      'zhenghao',
      'wangfang',
      'fengtao',
      'luoxin',
      'huangqiang',
      'vorg',
      'vownorg',
      'vtwo',
    ]);
    expect(list.map((u) => u.id).sort()).toEqual(expected);
    expect(pagination.total).toBe(expected.length);
  });

  it('@organizeId: only the viewer’s own organisation', async () => {
    const { list } = await listAs('vownorg');
    expect(list.map((u) => u.id).sort()).toEqual(idsOf(['zhoujie', 'wuqing', 'zhenghao', 'vownorg']));
  });

  it('@userAndSubordinates: the viewer and the whole manager chain below', async () => {
    const { list } = await listAs('vsub');
    expect(list.map((u) => u.id).sort()).toEqual(idsOf(['vsub', 'sub1', 'sub2']));
  });

  it('literal conditions: (name contains 林 or account in a list) and gender = 1', async () => {
    const { list } = await listAs('vliteral');
    expect(list.map((u) => u.id).sort()).toEqual(idsOf(['linhua', 'linfeng', 'zhangwei']));
  });

  it('no scheme on a module with data permission on: no rows at all', async () => {
    const { list, pagination } = await listAs('vnone');
    expect(list).toEqual([]);
    expect(pagination.total).toBe(0);
  });

  it('two roles: the union of their schemes', async () => {
    const { list } = await listAs('vtwo');
    expect(list.map((u) => u.id).sort()).toEqual(idsOf(['chenjing', 'yangfan', 'vtwo', 'linhua', 'linfeng', 'zhangwei']));
  });

  it('hostile values are bound, unknown fields match nothing, nothing breaks', async () => {
    const { list } = await listAs('vhostile');
    expect(list).toEqual([]);
  });

  it('administrators bypass row rules', async () => {
    const res = await t.call('GET', '/api/permission/Users?pageSize=500', { token: admin });
    const total = (
      await t.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(res.data.pagination.total).toBe(Number(total));
  });

  it('row rules combine with the keyword, organisation filter and paging', async () => {
    const { list } = await listAs('vorg', '&keyword=zh');
    expect(list.map((u) => u.id).sort()).toEqual(idsOf(['zhangwei', 'zhaomin', 'zhoujie', 'zhenghao']));
    const page = await listAs('vorg', `&organizeId=${ORG.ultrasound}`);
    expect(page.list.map((u) => u.id).sort()).toEqual(idsOf(['zhoujie', 'wuqing', 'zhenghao', 'vownorg']));
    const token = tokens.get('vorg')!;
    const p2 = await t.call('GET', '/api/permission/Users?pageSize=5&currentPage=3', { token });
    expect(p2.data.list).toHaveLength(5);
    expect(p2.data.pagination).toEqual({ currentPage: 3, pageSize: 5, total: 16 });
  });

  it('reads, updates and deletes of a user outside my rows answer 404 and change nothing', async () => {
    const token = tokens.get('vownorg') ?? (await t.login('vownorg'));
    const outside = ids.get('zhangwei')!;
    const inside = ids.get('wuqing')!;
    expect((await t.call('GET', `/api/permission/Users/${inside}`, { token })).code).toBe(200);
    const before = await snapshot(t);
    expect((await t.call('GET', `/api/permission/Users/${outside}`, { token })).status).toBe(404);
    const body = { account: 'zhangwei', realName: '张伟', organizeId: [ORG.ultrasound] };
    expect((await t.call('PUT', `/api/permission/Users/${outside}`, { token, body })).status).toBe(404);
    expect((await t.call('DELETE', `/api/permission/Users/${outside}`, { token })).status).toBe(404);
    expect(
      (await t.call('POST', `/api/permission/Users/${outside}/Actions/ResetPassword`, { token, body: { userPassword: md5('x1234567') } }))
        .status,
    ).toBe(404);
    expect((await t.call('PUT', `/api/permission/Users/${outside}/Actions/State`, { token })).status).toBe(404);
    // Moving someone of mine out of my rows, or creating a user outside them, is refused too.
    const move = await t.call('PUT', `/api/permission/Users/${inside}`, {
      token,
      body: { account: 'wuqing', realName: '吴青', organizeId: [ORG.surgery] },
    });
    expect(move.status).toBe(403);
    const create = await t.call('POST', '/api/permission/Users', {
      token,
      body: { account: 'outsider1', realName: '外人', organizeId: [ORG.surgery] },
    });
    expect(create.status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
  });

  it('applyRowRules filters any select or update builder (the export for other modules)', async () => {
    const session = { userId: ids.get('vownorg')!, isAdministrator: false };
    const q = await applyRowRules(t.ctx.db.selectFrom('users').select('users.id'), t.ctx, session, 'user', userRowFields);
    expect((await q.execute()).map((r) => r.id).sort()).toEqual(idsOf(['zhoujie', 'wuqing', 'zhenghao', 'vownorg']));
    const upd = await applyRowRules(t.ctx.db.updateTable('users').set({ signature: 'seen' }), t.ctx, session, 'user', userRowFields);
    expect(Number((await upd.executeTakeFirst()).numUpdatedRows)).toBe(4);
    const adminAll = await applyRowRules(
      t.ctx.db.selectFrom('users').select('users.id'),
      t.ctx,
      { userId: ids.get('admin')!, isAdministrator: true },
      'user',
      userRowFields,
    );
    expect((await adminAll.execute()).length).toBe(ids.size);
    // A module without data permission switched on filters nothing.
    const open = await applyRowRules(t.ctx.db.selectFrom('users').select('users.id'), t.ctx, session, 'position', userRowFields);
    expect((await open.execute()).length).toBe(ids.size);
  });

  it('a changed grant applies to the next call (grants cache invalidated)', async () => {
    const roleId = (await t.ctx.db.selectFrom('roles').select('id').where('enCode', '=', 'rowViewer5').executeTakeFirstOrThrow()).id; // vnone's role
    await api('PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      module: [userMenuId],
      resource: [userSchemes.ownOrg],
    });
    expect((await listAs('vnone')).list.map((u) => u.id).sort()).toEqual(idsOf(['vsub', 'sub1', 'sub2', 'vliteral', 'vnone', 'vhostile']));
    // Data permission switched off for the menu: schemes no longer filter.
    await api('PUT', `/api/permission/Authority/DataScheme/Switch/${userMenuId}`, { isDataAuthorize: 0 });
    expect((await listAs('vhostile')).pagination.total).toBe((await listAs('vorg')).pagination.total);
    await api('PUT', `/api/permission/Authority/DataScheme/Switch/${userMenuId}`, { isDataAuthorize: 1 });
    expect((await listAs('vhostile')).list).toEqual([]);
  });
});
