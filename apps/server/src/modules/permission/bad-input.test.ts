import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ORG, snapshot } from './test-helpers.ts';

/**
 * Bad input on every write of the permission module: wrong types, missing
 * fields, huge strings, unknown ids — each answers 400/404/409 and leaves the
 * database exactly as it was. SQL and HTML in free text are stored verbatim
 * and come back as JSON strings.
 */
let t: TestApp;
let admin: string;
let userMenu: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  userMenu = (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'user').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const HUGE = 'x'.repeat(10_000);
const HOSTILE = `'; DROP TABLE users; -- <script>alert("x")</script> " OR 1=1 /* \\ %_`;

interface Write {
  method: string;
  url: string;
  body: Record<string, unknown>;
  /** Text fields that take a huge string. */
  text: string[];
  /** The same call with an unknown id in the path. */
  unknown?: string;
}

const writes = (): Write[] => [
  {
    method: 'POST',
    url: '/api/permission/Organize',
    body: { parentId: ORG.root, fullName: '新单位', enCode: 'NEWORG' },
    text: ['fullName', 'enCode', 'description', 'shortName'],
  },
  {
    method: 'PUT',
    url: `/api/permission/Organize/${ORG.chengguan}`,
    body: { parentId: ORG.root, fullName: '城关', enCode: 'CGZWSY' },
    text: ['fullName', 'enCode'],
    unknown: '/api/permission/Organize/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Organize/Department',
    body: { parentId: ORG.chengguan, fullName: '新科室', enCode: 'CG.NEW' },
    text: ['fullName', 'enCode', 'description'],
  },
  {
    method: 'PUT',
    url: `/api/permission/Organize/Department/${ORG.surgery}`,
    body: { parentId: ORG.countyHospital, fullName: '外科', enCode: 'QSRMYY.WK' },
    text: ['fullName'],
    unknown: '/api/permission/Organize/Department/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Position',
    body: { organizeId: ORG.surgery, fullName: '新岗位', enCode: 'P.NEW' },
    text: ['fullName', 'enCode', 'type', 'description'],
  },
  {
    method: 'PUT',
    url: '/api/permission/Position/300000000000000005',
    body: { organizeId: ORG.countyHospital, fullName: '住院医师', enCode: 'P.RM.RESIDENT' },
    text: ['fullName'],
    unknown: '/api/permission/Position/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Role',
    body: { fullName: '新角色', enCode: 'newRole' },
    text: ['fullName', 'enCode', 'description'],
  },
  {
    method: 'PUT',
    url: '/api/permission/Role/200000000000000008',
    body: { fullName: '培训管理员', enCode: 'trainer' },
    text: ['fullName'],
    unknown: '/api/permission/Role/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Group',
    body: { fullName: '新分组', enCode: 'G.NEW' },
    text: ['fullName', 'enCode', 'type', 'description'],
  },
  {
    method: 'PUT',
    url: '/api/permission/Group/400000000000000001',
    body: { fullName: '团队', enCode: 'G.FD.CG1' },
    text: ['fullName'],
    unknown: '/api/permission/Group/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Users',
    body: { account: 'newuser1', realName: '新用户', organizeId: [ORG.surgery] },
    text: ['account', 'realName', 'mobilePhone', 'email', 'idCard', 'description', 'telePhone', 'nickName', 'signature', 'headIcon'],
  },
  {
    method: 'PUT',
    url: '/api/permission/Users/500000000000000003',
    body: { account: 'liuyang', realName: '刘洋', organizeId: [ORG.internalMedicine] },
    text: ['account', 'realName', 'description'],
    unknown: '/api/permission/Users/8888',
  },
  {
    method: 'POST',
    url: '/api/permission/Users/500000000000000003/Actions/ResetPassword',
    body: { userPassword: md5('Abc12345') },
    text: ['userPassword'],
    unknown: '/api/permission/Users/8888/Actions/ResetPassword',
  },
  {
    method: 'PUT',
    url: '/api/permission/Authority/Data/200000000000000008',
    body: { objectType: 'Role', module: [] },
    text: ['objectType'],
    unknown: '/api/permission/Authority/Data/8888',
  },
  { method: 'POST', url: '/api/permission/Authority/Data/Batch', body: { roleIds: ['200000000000000008'], module: [] }, text: [] },
  {
    method: 'POST',
    url: '/api/permission/Authority/DataScheme',
    body: { moduleId: '__MENU__', enCode: 'scheme.new', fullName: '方案', conditionJson: '[]' },
    text: ['enCode', 'fullName', 'conditionJson', 'conditionText'],
  },
  {
    method: 'PUT',
    url: '/api/permission/Authority/DataScheme/850000000000000003',
    body: { moduleId: '__MENU__', enCode: 'user.ownOrg', fullName: '本组织', conditionJson: '[]' },
    text: ['fullName'],
    unknown: '/api/permission/Authority/DataScheme/8888',
  },
  { method: 'PUT', url: '/api/permission/Authority/SetColumnsByModuleId', body: { moduleId: '__MENU__', fieldList: '[]' }, text: [] },
  {
    method: 'PUT',
    url: '/api/permission/Users/Current/major',
    body: { majorId: ORG.infoCentre, majorType: 'Organize' },
    text: ['majorType'],
  },
  { method: 'POST', url: '/api/permission/Users/ImportData', body: { list: [] }, text: [] },
];

const fill = (w: Write): Write => ({
  ...w,
  body: Object.fromEntries(Object.entries(w.body).map(([k, v]) => [k, v === '__MENU__' ? userMenu : v])),
});

describe('bad input on every write', () => {
  it('wrong types in each field: 400 naming the field, nothing changed', async () => {
    const before = await snapshot(t);
    const wrong: string[] = [];
    for (const w of writes().map(fill)) {
      for (const key of Object.keys(w.body)) {
        for (const bad of [{ nested: { deeper: 1 } }, [[['x']]]]) {
          const res = await t.call(w.method, w.url, {
            token: admin,
            body: { ...w.body, [key]: bad },
            headers: { 'accept-language': 'en' },
          });
          if (res.status !== 400 || !res.msg.includes(key))
            wrong.push(`${w.method} ${w.url} ${key}=${JSON.stringify(bad)} → ${res.status} ${res.msg}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('missing required fields and bodies that are not objects: 400', async () => {
    const before = await snapshot(t);
    const wrong: string[] = [];
    for (const w of writes().map(fill)) {
      const required = Object.keys(w.body).filter((k) => !['module', 'list'].includes(k) || w.url.endsWith('ImportData'));
      for (const key of required) {
        const { [key]: _drop, ...rest } = w.body;
        const res = await t.call(w.method, w.url, { token: admin, body: rest });
        if (res.status !== 400) wrong.push(`${w.method} ${w.url} without ${key} → ${res.status}`);
      }
      for (const body of ['"a string"', '[1,2,3]', '{"broken": ']) {
        const res = await t.call(w.method, w.url, { token: admin, body, headers: { 'content-type': 'application/json' } });
        if (res.status !== 400) wrong.push(`${w.method} ${w.url} body ${body} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('huge strings (10 000 characters): 400, nothing changed', async () => {
    const before = await snapshot(t);
    const wrong: string[] = [];
    for (const w of writes().map(fill)) {
      for (const key of w.text) {
        const res = await t.call(w.method, w.url, { token: admin, body: { ...w.body, [key]: HUGE } });
        if (res.status !== 400) wrong.push(`${w.method} ${w.url} ${key}=HUGE → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('unknown ids in the path: 404, nothing changed', async () => {
    const before = await snapshot(t);
    const wrong: string[] = [];
    for (const w of writes()
      .map(fill)
      .filter((x) => x.unknown)) {
      const res = await t.call(w.method, w.unknown!, { token: admin, body: w.body });
      if (res.status !== 404) wrong.push(`${w.method} ${w.unknown} → ${res.status} ${res.msg}`);
    }
    for (const url of [
      '/api/permission/Organize/8888',
      '/api/permission/Organize/Department/8888',
      '/api/permission/Position/8888',
      '/api/permission/Role/8888',
      '/api/permission/Group/8888',
      '/api/permission/Users/8888',
      '/api/permission/Authority/DataScheme/8888',
      '/api/system/OnlineUser/8888',
    ]) {
      const res = await t.call('DELETE', url, { token: admin });
      if (res.status !== 404) wrong.push(`DELETE ${url} → ${res.status}`);
    }
    for (const url of [
      '/api/permission/Role/8888/Actions/State',
      '/api/permission/Users/8888/Actions/State',
      '/api/permission/Users/8888/Actions/unlock',
      '/api/permission/Organize/8888/Actions/State',
    ]) {
      const res = await t.call('PUT', url, { token: admin });
      if (res.status !== 404) wrong.push(`PUT ${url} → ${res.status}`);
    }
    // Ids that are not ids at all never reach the database.
    for (const url of ["/api/permission/Users/1' OR '1'='1", '/api/permission/Role/..%2F..', '/api/permission/Organize/%3Cscript%3E']) {
      const res = await t.call('GET', url, { token: admin });
      if (res.status !== 400) wrong.push(`GET ${url} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('SQL and HTML in free text are stored verbatim and answered as JSON strings', async () => {
    const org = await t.call('POST', '/api/permission/Organize', {
      token: admin,
      body: { parentId: ORG.root, fullName: HOSTILE, enCode: 'HOSTILE', description: HOSTILE },
    });
    expect(org.code, org.msg).toBe(200);
    const info = await t.call('GET', `/api/permission/Organize/${org.data.id}`, { token: admin });
    expect(info.data.fullName).toBe(HOSTILE);
    expect(info.raw.headers['content-type']).toContain('application/json');
    expect(info.raw.body).not.toContain('<script>alert("x")'); // the quote is escaped inside the JSON string
    const user = await t.call('POST', '/api/permission/Users', {
      token: admin,
      body: { account: 'hostile1', realName: '测试', organizeId: [org.data.id], description: HOSTILE },
    });
    expect(user.code).toBe(200);
    expect((await t.call('GET', `/api/permission/Users/${user.data.id}`, { token: admin })).data.description).toBe(HOSTILE);
    const listed = await t.call('GET', `/api/permission/Users?keyword=${encodeURIComponent("'; DROP")}`, { token: admin });
    expect(listed.data.list).toEqual([]);
    const byOrg = await t.call('GET', `/api/permission/Users?organizeId=${org.data.id}`, { token: admin });
    expect(byOrg.data.list[0].organize).toBe(`青山县医疗健康集团/${HOSTILE}`);
    const role = await t.call('POST', '/api/permission/Role', {
      token: admin,
      body: { fullName: HOSTILE, enCode: 'hostileRole', description: HOSTILE },
    });
    expect((await t.call('GET', `/api/permission/Role/${role.data.id}`, { token: admin })).data.fullName).toBe(HOSTILE);
    expect(
      Number(
        (
          await t.ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(32);
  });

  it('a duplicate account is 409 whichever way it is spelled, and changes nothing', async () => {
    const before = await snapshot(t);
    for (const account of ['zhangwei', 'ZhangWei', 'ZHANGWEI']) {
      const res = await t.call('POST', '/api/permission/Users', {
        token: admin,
        body: { account, realName: '重名', organizeId: [ORG.root] },
      });
      expect(res.status).toBe(409);
    }
    const rename = await t.call('PUT', '/api/permission/Users/500000000000000003', {
      token: admin,
      body: { account: 'Zhangwei', realName: '刘洋', organizeId: [ORG.internalMedicine] },
    });
    expect(rename.status).toBe(409);
    expect(await snapshot(t)).toEqual(before);
  });
});
