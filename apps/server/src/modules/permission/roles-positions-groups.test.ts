import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { HOSPITAL_USER_ADMIN_ROLE } from '../../db/seed/permission.ts';
import { ORG, snapshot } from './test-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  onlyId?: string;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const call = (method: string, url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, ...(body !== undefined ? { body } : {}) });

describe('positions', () => {
  it('lists with paging, keyword and an organisation subtree', async () => {
    const all = await call('GET', '/api/permission/Position?pageSize=5');
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 13 });
    expect(all.data.list[0]).toMatchObject({ fullName: '系统运维工程师', department: '青山县医疗健康集团' });
    const county = await call('GET', `/api/permission/Position?organizeId=${ORG.countyHospital}&pageSize=50`);
    expect(county.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual([
      'P.RM.ATTENDING',
      'P.RM.DEAN',
      'P.RM.DIRECTOR',
      'P.RM.RESIDENT',
      'P.RM.TRAINER',
    ]);
    const kw = await call('GET', `/api/permission/Position?keyword=${encodeURIComponent('全科')}`);
    expect(kw.data.pagination.total).toBe(3);
  });

  it('Selector groups positions under their organisations; All, getListByOrgIds and PositionCondition', async () => {
    const tree = flatten((await call('GET', '/api/permission/Position/Selector')).data.list);
    const dean = tree.find((n) => n.id === '300000000000000002')!;
    expect(dean).toMatchObject({ type: 'position', parentId: ORG.countyHospital });
    expect(tree.filter((n) => n.type === 'position')).toHaveLength(13);
    // Organisations without positions below them are left out.
    expect(tree.map((n) => n.id)).not.toContain(ORG.internalMedicine);
    expect((await call('GET', '/api/permission/Position/All')).data.list).toHaveLength(13);
    const byOrg = await call('POST', '/api/permission/Position/getListByOrgIds', { organizeIds: [ORG.chengguan] });
    expect(byOrg.data.list.map((p: { enCode: string }) => p.enCode).sort()).toEqual(['P.CG.GP', 'P.CG.PH']);
    const cond = flatten((await call('POST', '/api/permission/Position/PositionCondition', { departIds: [ORG.countyHospital] })).data.list);
    expect(cond.filter((n) => n.type === 'position')).toHaveLength(5);
  });

  let pid: string;
  it('creates, refuses duplicates and unknown organisations, updates and deletes', async () => {
    const before = await snapshot(t);
    expect(
      (await call('POST', '/api/permission/Position', { organizeId: ORG.surgery, fullName: '护士长', enCode: 'P.RM.DEAN' })).status,
    ).toBe(409);
    expect((await call('POST', '/api/permission/Position', { organizeId: '98765', fullName: '护士长', enCode: 'P.NEW' })).status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    pid = (await call('POST', '/api/permission/Position', { organizeId: ORG.surgery, fullName: '护士长', enCode: 'P.RM.NURSE' })).data.id;
    expect((await call('GET', `/api/permission/Position/${pid}`)).data).toMatchObject({
      fullName: '护士长',
      organizeIdTree: [ORG.root, ORG.countyHospital, ORG.surgery],
    });
    expect(
      (await call('PUT', `/api/permission/Position/${pid}`, { organizeId: ORG.surgery, fullName: '护士长（外科）', enCode: 'P.RM.NURSE' }))
        .code,
    ).toBe(200);
    expect((await call('GET', `/api/permission/Position/${pid}`)).data.fullName).toBe('护士长（外科）');
  });

  it('refuses deleting a position someone holds; deleting a free one removes its grants', async () => {
    expect((await call('DELETE', '/api/permission/Position/300000000000000003')).status).toBe(400);
    await t.ctx.db
      .insertInto('authorizations')
      .values({ id: '991', itemType: 'module', itemId: 'x', objectType: 'Position', objectId: pid, createdAt: 1, createdBy: null })
      .execute();
    expect((await call('DELETE', `/api/permission/Position/${pid}`)).code).toBe(200);
    expect(await t.ctx.db.selectFrom('authorizations').select('id').where('objectId', '=', pid).execute()).toEqual([]);
    expect((await call('GET', `/api/permission/Position/${pid}`)).status).toBe(404);
  });
});

describe('roles', () => {
  it('Selector: node "1" holds the global roles, organisation roles hang under their organisations with onlyId keys', async () => {
    const { list } = (await call('GET', '/api/permission/Role/Selector')).data as { list: Node[] };
    expect(list[0]).toMatchObject({ id: '1', onlyId: '1' });
    expect(list[0]!.children.map((r) => r.fullName)).toContain('系统管理员');
    expect(list[0]!.children.every((r) => r.type === 'role' && r.onlyId === `1_${r.id}`)).toBe(true);
    const orgSide = flatten(list.slice(1)).filter((n) => n.type === 'role');
    expect(orgSide.map((r) => r.onlyId).sort()).toEqual(
      [`${ORG.countyHospital}_${HOSPITAL_USER_ADMIN_ROLE}`, `${ORG.tcmHospital}_${HOSPITAL_USER_ADMIN_ROLE}`].sort(),
    );
    expect(flatten(list[0]!.children).map((r) => r.id)).not.toContain(HOSPITAL_USER_ADMIN_ROLE);
  });

  it('SelectorByPermission: a non-administrator may hand out their own roles and their organisations’ roles', async () => {
    const dean = await t.login('huangqiang');
    const roles = flatten((await call('GET', '/api/permission/Role/SelectorByPermission', undefined, dean)).data.list).filter(
      (n) => n.type === 'role',
    );
    expect([...new Set(roles.map((r) => r.id))].sort()).toEqual(['200000000000000002', HOSPITAL_USER_ADMIN_ROLE].sort());
    const all = flatten((await call('GET', '/api/permission/Role/SelectorByPermission')).data.list).filter((n) => n.type === 'role');
    expect(new Set(all.map((r) => r.id)).size).toBe(10);
  });

  it('lists by type and organisation; getListByOrgIds', async () => {
    expect((await call('GET', '/api/permission/Role?type=organize')).data.list.map((r: { enCode: string }) => r.enCode)).toEqual([
      'hospitalUserAdmin',
    ]);
    expect((await call('GET', '/api/permission/Role?type=global')).data.pagination.total).toBe(9);
    const byOrg = await call('GET', `/api/permission/Role?organizeId=${ORG.tcmHospital}`);
    expect(byOrg.data.list[0]).toMatchObject({ enCode: 'hospitalUserAdmin', type: 'organize' });
    expect(byOrg.data.list[0].organizeInfo).toContain('青山县中医院');
    const list = await call('POST', '/api/permission/Role/getListByOrgIds', { organizeIds: [ORG.countyHospital] });
    expect(list.data.list.map((r: { id: string }) => r.id)).toEqual([HOSPITAL_USER_ADMIN_ROLE]);
  });

  let rid: string;
  it('creates organisation roles only with organisations; duplicates 409', async () => {
    const before = await snapshot(t);
    expect((await call('POST', '/api/permission/Role', { fullName: '科室管理员', enCode: 'deptAdmin', globalMark: 0 })).status).toBe(400);
    expect(
      (await call('POST', '/api/permission/Role', { fullName: '科室管理员', enCode: 'deptAdmin', globalMark: 0, organizeIds: ['123123'] }))
        .status,
    ).toBe(400);
    expect((await call('POST', '/api/permission/Role', { fullName: '重复', enCode: 'sysAdmin' })).status).toBe(409);
    expect(await snapshot(t)).toEqual(before);
    rid = (
      await call('POST', '/api/permission/Role', {
        fullName: '科室管理员',
        enCode: 'deptAdmin',
        type: 'organize',
        organizeIds: `${ORG.surgery},${ORG.ultrasound}`,
      })
    ).data.id;
    expect((await call('GET', `/api/permission/Role/${rid}`)).data).toMatchObject({
      globalMark: 0,
      organizeIds: expect.arrayContaining([ORG.surgery, ORG.ultrasound]),
    });
    expect((await call('PUT', `/api/permission/Role/${rid}`, { fullName: '科室管理员', enCode: 'deptAdmin', globalMark: 1 })).code).toBe(
      200,
    );
    expect(await t.ctx.db.selectFrom('roleOrganizations').select('id').where('roleId', '=', rid).execute()).toEqual([]);
  });

  it('disabling a role drops its grants at once; enabling restores them', async () => {
    const doctor = await t.login('zhangwei'); // countyDoctor only
    const menus = async () => (await call('GET', '/api/oauth/CurrentUser', undefined, doctor)).data.menuList.length;
    expect(await menus()).toBeGreaterThan(0);
    expect((await call('PUT', '/api/permission/Role/200000000000000002/Actions/State')).data).toEqual({ enabledMark: 0 });
    expect(await menus()).toBe(0);
    expect((await call('PUT', '/api/permission/Role/200000000000000002/Actions/State', { enabledMark: 1 })).data).toEqual({
      enabledMark: 1,
    });
    expect(await menus()).toBeGreaterThan(0);
  });

  it('refuses deleting a role someone holds; deletes a free one with its grants and links', async () => {
    expect((await call('DELETE', '/api/permission/Role/200000000000000002')).status).toBe(400);
    expect((await call('DELETE', `/api/permission/Role/${rid}`)).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Role/${rid}`)).status).toBe(404);
  });
});

describe('groups', () => {
  it('CRUD, selector nodes of type group, deleting removes memberships', async () => {
    const sel = (await call('GET', '/api/permission/Group/Selector')).data.list as Node[];
    expect(sel.every((g) => g.type === 'group')).toBe(true);
    expect(sel).toHaveLength(3);
    expect((await call('POST', '/api/permission/Group', { fullName: '重复', enCode: 'G.EXPERT' })).status).toBe(409);
    const gid = (await call('POST', '/api/permission/Group', { fullName: '质控小组', enCode: 'G.QC', type: 'quality' })).data.id;
    expect((await call('GET', '/api/permission/Group?keyword=QC')).data.list.map((g: { id: string }) => g.id)).toEqual([gid]);
    expect((await call('PUT', `/api/permission/Group/${gid}`, { fullName: '质控小组2', enCode: 'G.QC' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Group/${gid}`)).data.fullName).toBe('质控小组2');
    const expert = '400000000000000003';
    expect((await call('DELETE', `/api/permission/Group/${expert}`)).code).toBe(200);
    expect(await t.ctx.db.selectFrom('userRelations').select('id').where('objectId', '=', expert).execute()).toEqual([]);
    expect((await call('DELETE', `/api/permission/Group/${expert}`)).status).toBe(404);
  });
});
