import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
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
  category: string;
  organize: string;
  organizeIds: string[];
  hasChildren: boolean;
  isLeaf: boolean;
  disabled: boolean;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const get = async (url: string, token = admin) => (await t.call('GET', url, { token })).data;
const pathOf = async (id: string) =>
  (await t.ctx.db.selectFrom('organizations').select('idPath').where('id', '=', id).executeTakeFirstOrThrow()).idPath;

describe('organisation trees', () => {
  it('one tree of companies and departments with the spec’s node fields', async () => {
    const { list } = await get('/api/permission/Organize');
    expect(list).toHaveLength(1);
    const root = list[0] as Node;
    expect(root).toMatchObject({ id: ORG.root, parentId: '-1', category: 'company', hasChildren: true, isLeaf: false, disabled: false });
    const all = flatten(list);
    expect(all).toHaveLength(28);
    const nk = all.find((n) => n.id === ORG.internalMedicine)!;
    expect(nk).toMatchObject({
      category: 'department',
      organize: '青山县医疗健康集团/青山县人民医院/内科',
      organizeIds: [ORG.root, ORG.countyHospital, ORG.internalMedicine],
      isLeaf: true,
    });
    expect(nk).toHaveProperty('enCode');
    expect(nk).toHaveProperty('icon');
  });

  it('a keyword keeps the matches and their ancestors', async () => {
    const { list } = await get(`/api/permission/Organize?keyword=${encodeURIComponent('超声')}`);
    expect(flatten(list).map((n) => n.fullName)).toEqual(['青山县医疗健康集团', '青山县人民医院', '超声科']);
  });

  it('the parent selector has the synthetic top node and leaves out the node’s own subtree', async () => {
    const { list } = await get(`/api/permission/Organize/Selector/${ORG.countyHospital}`);
    expect(list[0]).toMatchObject({ id: '-1', fullName: '顶级节点' });
    const ids = flatten(list).map((n) => n.id);
    expect(ids).not.toContain(ORG.countyHospital);
    expect(ids).not.toContain(ORG.internalMedicine);
    expect(ids).toContain(ORG.tcmHospital);
    const en = await t.call('GET', '/api/permission/Organize/Selector/0', { token: admin, headers: { 'accept-language': 'en' } });
    expect(en.data.list[0].fullName).toBe('Top node');
  });

  it('Organize/parent/{id} answers one level for lazy trees', async () => {
    const roots = (await get('/api/permission/Organize/parent/-1')).list as Node[];
    expect(roots.map((n) => n.id)).toEqual([ORG.root]);
    const level = (await get(`/api/permission/Organize/parent/${ORG.countyHospital}`)).list as Node[];
    expect(level).toHaveLength(7);
    expect(level.every((n) => n.isLeaf && !n.hasChildren && n.organize.startsWith('青山县医疗健康集团/青山县人民医院/'))).toBe(true);
    const top = (await get(`/api/permission/Organize/parent/${ORG.root}`)).list as Node[];
    expect(top.find((n) => n.id === ORG.chengguan)).toMatchObject({ hasChildren: true, isLeaf: false });
    expect((await t.call('GET', '/api/permission/Organize/parent/999999', { token: admin })).status).toBe(404);
  });

  it('SelectorByAuth: administrators get the whole tree, others their own organisations’ subtrees', async () => {
    expect(flatten((await get('/api/permission/Organize/SelectorByAuth/0')).list)).toHaveLength(28);
    const doctor = await t.login('zhoujie'); // ultrasound department of the county hospital
    const mine = (await get('/api/permission/Organize/SelectorByAuth/0', doctor)).list as Node[];
    expect(mine.map((n) => n.id)).toEqual([ORG.ultrasound]);
    expect(mine[0]!.organize).toBe('青山县医疗健康集团/青山县人民医院/超声科');
    const depts = (await get('/api/permission/Organize/Department/SelectorByAuth/0', doctor)).list as Node[];
    expect(flatten(depts).map((n) => n.id)).toEqual([ORG.ultrasound]);
  });

  it('OrganizeCondition answers the given organisations with their subtrees, labelled with their paths', async () => {
    const res = await t.call('POST', '/api/permission/Organize/OrganizeCondition', {
      token: admin,
      body: { departIds: [ORG.chengguan, ORG.internalMedicine] },
    });
    const roots = res.data.list as Node[];
    expect(roots.map((n) => n.id).sort()).toEqual([ORG.internalMedicine, ORG.chengguan].sort());
    expect(flatten(roots)).toHaveLength(6);
    expect(roots.find((n) => n.id === ORG.internalMedicine)).toMatchObject({ lastFullName: '青山县医疗健康集团/青山县人民医院/内科' });
  });

  it('the department list of a company and the department selector', async () => {
    const { list } = await get(`/api/permission/Organize/${ORG.chengguan}/Department`);
    expect(flatten(list).every((n: Node) => n.category === 'department')).toBe(true);
    expect(flatten(list).map((n: Node) => n.fullName)).toEqual(['全科医疗科', '公共卫生科']);
    const sel = (await get(`/api/permission/Organize/Department/Selector/${ORG.countyHospital}`)).list as Node[];
    expect(flatten(sel).map((n) => n.id)).not.toContain(ORG.internalMedicine);
  });
});

describe('organisation writes', () => {
  let a: string;
  let b: string;
  let c: string;

  it('creates companies and departments', async () => {
    a = (
      await t.call('POST', '/api/permission/Organize', {
        token: admin,
        body: { parentId: ORG.root, fullName: '新建卫生院', enCode: 'XJWSY' },
      })
    ).data.id;
    b = (
      await t.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: a, fullName: '内科', enCode: 'XJWSY.NK' },
      })
    ).data.id;
    c = (
      await t.call('POST', '/api/permission/Organize/Department', {
        token: admin,
        body: { parentId: b, fullName: '内科一组', enCode: 'XJWSY.NK.1' },
      })
    ).data.id;
    expect(await pathOf(c)).toBe(`${ORG.root},${a},${b},${c}`);
    expect((await get(`/api/permission/Organize/Department/${b}`)).category).toBe('department');
    expect((await t.call('GET', `/api/permission/Organize/Department/${a}`, { token: admin })).status).toBe(404);
    const info = await get(`/api/permission/Organize/${c}`);
    expect(info.organizeIdTree).toEqual([ORG.root, a, b, c]);
  });

  it('refuses duplicates and impossible parents, changing nothing', async () => {
    const before = await snapshot(t);
    const dupCode = await t.call('POST', '/api/permission/Organize', {
      token: admin,
      body: { parentId: ORG.root, fullName: '另一个', enCode: 'XJWSY' },
    });
    expect(dupCode.status).toBe(409);
    expect(dupCode.msg).toContain('XJWSY');
    expect(
      (
        await t.call('POST', '/api/permission/Organize', {
          token: admin,
          body: { parentId: ORG.root, fullName: '新建卫生院', enCode: 'OTHER' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.call('POST', '/api/permission/Organize/Department', {
          token: admin,
          body: { parentId: '-1', fullName: '孤立部门', enCode: 'LONE' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/permission/Organize', {
          token: admin,
          body: { parentId: '424242', fullName: '无父', enCode: 'NOPARENT' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/permission/Organize', {
          token: admin,
          body: { parentId: b, fullName: '部门下的公司', enCode: 'BADCO', category: 'company' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/permission/Organize', {
          token: admin,
          body: { parentId: ORG.root, fullName: '主管不存在', enCode: 'NOMGR', managerId: '777' },
        })
      ).status,
    ).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('moving a node rewrites its subtree’s paths in one go', async () => {
    const res = await t.call('PUT', `/api/permission/Organize/${a}`, {
      token: admin,
      body: { parentId: ORG.countyHospital, fullName: '新建卫生院', enCode: 'XJWSY' },
    });
    expect(res.code).toBe(200);
    expect(await pathOf(a)).toBe(`${ORG.root},${ORG.countyHospital},${a}`);
    expect(await pathOf(b)).toBe(`${ORG.root},${ORG.countyHospital},${a},${b}`);
    expect(await pathOf(c)).toBe(`${ORG.root},${ORG.countyHospital},${a},${b},${c}`);
    // Siblings that merely share a prefix of the id text are untouched.
    expect(await pathOf(ORG.internalMedicine)).toBe(`${ORG.root},${ORG.countyHospital},${ORG.internalMedicine}`);
    const names = flatten((await get('/api/permission/Organize')).list).find((n) => n.id === c)!;
    expect(names.organize).toBe('青山县医疗健康集团/青山县人民医院/新建卫生院/内科/内科一组');
  });

  it('refuses cycles: under itself or under its own descendants', async () => {
    const before = await snapshot(t);
    for (const parentId of [a, b, c]) {
      const res = await t.call('PUT', `/api/permission/Organize/${a}`, {
        token: admin,
        body: { parentId, fullName: '新建卫生院', enCode: 'XJWSY' },
      });
      expect(res.status, parentId).toBe(400);
    }
    const dept = await t.call('PUT', `/api/permission/Organize/Department/${b}`, {
      token: admin,
      body: { parentId: c, fullName: '内科', enCode: 'XJWSY.NK' },
    });
    expect(dept.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses deleting a node with children or users, with a clear message', async () => {
    const withChildren = await t.call('DELETE', `/api/permission/Organize/${a}`, { token: admin, headers: { 'accept-language': 'en' } });
    expect(withChildren.status).toBe(400);
    expect(withChildren.msg).toMatch(/sub-organizations/);
    const withUsers = await t.call('DELETE', `/api/permission/Organize/Department/${ORG.internalMedicine}`, {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(withUsers.status).toBe(400);
    expect(withUsers.msg).toMatch(/users/);
    const withPositions = await t.call('DELETE', `/api/permission/Organize/${ORG.chengguan}`, { token: admin });
    expect(withPositions.status).toBe(400);
  });

  it('deletes an empty node, then it is gone', async () => {
    expect((await t.call('DELETE', `/api/permission/Organize/Department/${c}`, { token: admin })).code).toBe(200);
    expect((await t.call('GET', `/api/permission/Organize/${c}`, { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', `/api/permission/Organize/${c}`, { token: admin })).status).toBe(404);
  });

  it('toggles the enabled state; disabled nodes are flagged for pickers and left out of selectors', async () => {
    expect((await t.call('PUT', `/api/permission/Organize/${b}/Actions/State`, { token: admin })).code).toBe(200);
    const node = flatten((await get('/api/permission/Organize')).list).find((n) => n.id === b)!;
    expect(node.disabled).toBe(true);
    expect(flatten((await get('/api/permission/Organize/Tree')).list).map((n) => n.id)).not.toContain(b);
  });

  it('a user without the organize buttons cannot write', async () => {
    const doctor = await t.login('zhangwei');
    expect(
      (await t.call('POST', '/api/permission/Organize', { token: doctor, body: { parentId: ORG.root, fullName: 'x', enCode: 'X' } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/permission/Organize/${b}`, { token: doctor })).status).toBe(403);
  });
});
