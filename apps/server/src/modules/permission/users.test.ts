import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_PASSWORD } from '@medalliance/contract';
import { md5 } from '../../lib/crypto.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { userSchemes } from '../../db/seed/permission.ts';
import { insertUser, ORG, snapshot } from './test-helpers.ts';

let t: TestApp;
let admin: string;
let userMenuId: string;
const idOf = async (account: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const call = (method: string, url: string, body?: unknown, token = admin) =>
  t.call(method, url, { token, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  userMenuId = (await t.ctx.db.selectFrom('menus').select('id').where('enCode', '=', 'user').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('users list', () => {
  it('answers rows with organisation path, positions and roles, paged in SQL', async () => {
    const res = await call('GET', '/api/permission/Users?pageSize=5');
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 31 });
    const row = res.data.list[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'account',
        'realName',
        'gender',
        'mobilePhone',
        'email',
        'organize',
        'organizeId',
        'position',
        'roleName',
        'managerId',
        'description',
        'enabledMark',
        'lockMark',
        'headIcon',
        'sortCode',
        'creatorTime',
        'lastLogTime',
      ].sort(),
    );
    expect(row).toMatchObject({
      account: 'admin',
      organize: '青山县医疗健康集团/信息中心',
      position: '系统运维工程师',
      roleName: '系统管理员',
    });
    expect(row).not.toHaveProperty('passwordHash');
  });

  it('keyword over account, name and mobile; organisation subtree; sort', async () => {
    const names = async (q: string) =>
      (await call('GET', `/api/permission/Users?pageSize=100${q}`)).data.list.map((u: { account: string }) => u.account);
    expect(await names(`&keyword=${encodeURIComponent('张伟')}`)).toEqual(['zhangwei']);
    expect(await names('&keyword=13800000003')).toEqual(['liuyang']);
    expect(await names('&keyword=ZHANG')).toEqual(['zhangwei']);
    expect(await names('&keyword=%25')).toEqual([]); // a literal % matches nothing, not everything
    expect((await names(`&organizeId=${ORG.chengguan}`)).sort()).toEqual(['caoxia', 'dengshan', 'majun', 'tianye', 'xuli']);
    expect(await names(`&organizeId=${ORG.ultrasound}&sidx=account&sort=desc`)).toEqual(['zhoujie', 'zhenghao', 'wuqing']);
    expect(await names(`&organizeId=${ORG.ultrasound}&sidx=account&sort=asc`)).toEqual(['wuqing', 'zhenghao', 'zhoujie']);
  });

  it('the total follows this process’s writes at once (totals are cached only briefly)', async () => {
    const total = async () => (await call('GET', '/api/permission/Users?pageSize=1')).data.pagination.total;
    const before = await total();
    const { id } = (await call('POST', '/api/permission/Users', { account: 'counted1', realName: '计数', organizeId: [ORG.root] })).data;
    expect(await total()).toBe(before + 1);
    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    expect(await total()).toBe(before);
  });

  it('page sizes up to 500; larger sizes and unknown sort columns are refused or ignored', async () => {
    expect((await call('GET', '/api/permission/Users?pageSize=500')).code).toBe(200);
    expect((await call('GET', '/api/permission/Users?pageSize=501')).status).toBe(400);
    expect((await call('GET', '/api/permission/Users?sidx=password_hash;drop')).status).toBe(400);
    expect((await call('GET', '/api/permission/Users?sidx=passwordHash')).code).toBe(200);
    expect((await call('GET', '/api/permission/Users?organizeId=999999')).status).toBe(404);
  });

  it('position and role names (kept in memory) follow their creation and renaming at once', async () => {
    const roleId = (await call('POST', '/api/permission/Role', { fullName: '标签角色', enCode: 'labelRole' })).data.id;
    const positionId = (
      await call('POST', '/api/permission/Position', { organizeId: ORG.surgery, fullName: '标签岗位', enCode: 'P.LABEL' })
    ).data.id;
    const row = async () => (await call('GET', '/api/permission/Users?keyword=labelled1')).data.list[0];
    await row(); // the names are loaded before the role and position exist
    const created = await call('POST', '/api/permission/Users', {
      account: 'labelled1',
      realName: '标签用户',
      organizeId: [ORG.surgery],
      positionId: [positionId],
      roleId: [roleId, '200000000000000002'],
    });
    expect(created.code, created.msg).toBe(200);
    expect(await row()).toMatchObject({ position: '标签岗位', roleName: '标签角色,县级医生' });

    expect((await call('PUT', `/api/permission/Role/${roleId}`, { fullName: '改名角色', enCode: 'labelRole', globalMark: 1 })).code).toBe(
      200,
    );
    expect((await row()).roleName).toBe('改名角色,县级医生');
    const renamed = await call('PUT', `/api/permission/Position/${positionId}`, {
      organizeId: ORG.surgery,
      fullName: '改名岗位',
      enCode: 'P.LABEL',
    });
    expect(renamed.code).toBe(200);
    expect((await row()).position).toBe('改名岗位');
    expect((await call('DELETE', `/api/permission/Users/${created.data.id}`)).code).toBe(200);
  });

  it("a user's positions and roles (kept in memory) follow an edit of that user at once", async () => {
    const created = await call('POST', '/api/permission/Users', {
      account: 'heldroles1',
      realName: '成员用户',
      organizeId: [ORG.surgery],
      positionId: ['300000000000000004'],
      roleId: ['200000000000000002'],
    });
    expect(created.code, created.msg).toBe(200);
    const row = async () => (await call('GET', '/api/permission/Users?keyword=heldroles1')).data.list[0];
    const before = await row();
    expect(before.roleName).toBe('县级医生');
    expect(before.position).not.toBe('');

    const edited = await call('PUT', `/api/permission/Users/${created.data.id}`, {
      account: 'heldroles1',
      realName: '成员用户',
      organizeId: [ORG.surgery],
      positionId: [],
      roleId: ['200000000000000001', '200000000000000002'],
    });
    expect(edited.code, edited.msg).toBe(200);
    expect(await row()).toMatchObject({ position: '', roleName: '系统管理员,县级医生' });
    expect((await call('DELETE', `/api/permission/Users/${created.data.id}`)).code).toBe(200);
  });
});

describe('user writes', () => {
  let uid: string;
  it('creates a user with organisations, positions, roles, groups and a manager; default password', async () => {
    const manager = await idOf('zhangwei');
    const res = await call('POST', '/api/permission/Users', {
      account: 'newdoc1',
      realName: '新医生',
      gender: 1,
      organizeId: `${ORG.internalMedicine},${ORG.surgery}`,
      positionId: ['300000000000000004'],
      roleId: ['200000000000000002'],
      groupId: ['400000000000000003'],
      managerId: manager,
      mobilePhone: '13912345678',
      email: 'newdoc1@example.org',
      idCard: '11010519491231002X',
    });
    expect(res.code, res.msg).toBe(200);
    uid = res.data.id;
    const info = (await call('GET', `/api/permission/Users/${uid}`)).data;
    expect(info).toMatchObject({
      account: 'newdoc1',
      organizeId: `${ORG.internalMedicine},${ORG.surgery}`,
      mainOrganizeId: ORG.internalMedicine,
      positionId: '300000000000000004',
      roleId: '200000000000000002',
      groupId: '400000000000000003',
      managerId: manager,
      idCard: '11010519491231002X',
    });
    expect(info).not.toHaveProperty('passwordHash');
    // Signs in with the system default password (DEFAULT_USER_PASSWORD).
    const token = await t.login('newdoc1', DEFAULT_USER_PASSWORD);
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, token)).data.menuList.length).toBeGreaterThan(0);
    // A member of the surgery department too: found under either organisation.
    const inSurgery = (await call('GET', `/api/permission/Users?organizeId=${ORG.surgery}&pageSize=50`)).data.list.map(
      (u: { id: string }) => u.id,
    );
    expect(inSurgery).toContain(uid);
  });

  it('applies the §5.1 rules and refuses duplicates (also by case), changing nothing', async () => {
    const before = await snapshot(t);
    const base = { account: 'newdoc2', realName: '新医生二', organizeId: [ORG.surgery] };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...base, account: 'bad account!' }, /^account: /],
      [{ ...base, realName: '王<b>' }, /^realName: /],
      [{ ...base, mobilePhone: '12345' }, /^mobilePhone: /],
      [{ ...base, email: 'not-an-email' }, /^email: /],
      [{ ...base, idCard: '110105194912310021' }, /^idCard: /],
      [{ ...base, organizeId: [] }, /^organizeId: /],
      [{ ...base, password: 'plain-text' }, /^password: /],
    ];
    for (const [body, msg] of bad) {
      const res = await call('POST', '/api/permission/Users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
    const dup = await call('POST', '/api/permission/Users', { ...base, account: 'NewDoc1' });
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(409);
    for (const refs of [
      { roleId: ['1234'] },
      { positionId: ['1234'] },
      { groupId: ['1234'] },
      { organizeId: ['1234'] },
      { managerId: '1234' },
    ]) {
      expect((await call('POST', '/api/permission/Users', { ...base, ...refs })).status, JSON.stringify(refs)).toBe(400);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('an explicit initial password (MD5 from the client) is used instead of the default', async () => {
    const res = await call('POST', '/api/permission/Users', {
      account: 'newdoc3',
      realName: '新医生三',
      organizeId: ORG.surgery,
      password: md5('Abc12345'),
    });
    expect(res.code).toBe(200);
    await expect(t.login('newdoc3', DEFAULT_USER_PASSWORD)).rejects.toThrow();
    expect(await t.login('newdoc3', 'Abc12345')).toMatch(/^Bearer /);
  });

  it('a partial update keeps the fields it does not name', async () => {
    expect(
      (await call('PUT', `/api/permission/Users/${uid}`, { account: 'newdoc1', realName: '新医生改', organizeId: [ORG.internalMedicine] }))
        .code,
    ).toBe(200);
    const info = (await call('GET', `/api/permission/Users/${uid}`)).data;
    expect(info).toMatchObject({
      realName: '新医生改',
      mobilePhone: '13912345678',
      roleId: '200000000000000002',
      organizeId: ORG.internalMedicine,
    });
  });

  it('refuses a manager cycle and being one’s own manager', async () => {
    const zw = await idOf('zhangwei');
    expect(
      (
        await call('PUT', `/api/permission/Users/${uid}`, {
          account: 'newdoc1',
          realName: '新医生改',
          organizeId: [ORG.internalMedicine],
          managerId: uid,
        })
      ).status,
    ).toBe(400);
    // newdoc1 reports to zhangwei: zhangwei may not report to newdoc1.
    expect(
      (
        await call('PUT', `/api/permission/Users/${zw}`, {
          account: 'zhangwei',
          realName: '张伟',
          organizeId: [ORG.internalMedicine],
          managerId: uid,
        })
      ).status,
    ).toBe(400);
  });

  it('reset password: the new one works, the old one and the user’s sessions end', async () => {
    const token = await t.login('newdoc1', DEFAULT_USER_PASSWORD);
    expect(
      (
        await call('POST', `/api/permission/Users/${uid}/Actions/ResetPassword`, {
          userPassword: md5('Reset123'),
          validatePassword: md5('Other123'),
        })
      ).status,
    ).toBe(400);
    expect((await call('POST', `/api/permission/Users/${uid}/Actions/ResetPassword`, { userPassword: md5('Reset123') })).code).toBe(200);
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, token)).code).toBe(601);
    await expect(t.login('newdoc1', DEFAULT_USER_PASSWORD)).rejects.toThrow();
    expect(await t.login('newdoc1', 'Reset123')).toMatch(/^Bearer /);
  });

  it('disable: the user’s next call answers 601 and sign-in is refused; enable restores', async () => {
    const token = await t.login('newdoc1', 'Reset123');
    expect((await call('PUT', `/api/permission/Users/${uid}/Actions/State`)).data).toEqual({ enabledMark: 0 });
    const next = await call('GET', '/api/oauth/CurrentUser', undefined, token);
    expect(next.status).toBe(401);
    expect(next.code).toBe(601);
    await expect(t.login('newdoc1', 'Reset123')).rejects.toThrow();
    expect((await call('PUT', `/api/permission/Users/${uid}/Actions/State`, { enabledMark: 1 })).data).toEqual({ enabledMark: 1 });
    expect(await t.login('newdoc1', 'Reset123')).toMatch(/^Bearer /);
    const self = await idOf('admin');
    expect((await call('PUT', `/api/permission/Users/${self}/Actions/State`)).status).toBe(400);
  });

  it('unlock clears the lock and the failure count of that user only', async () => {
    const other = await idOf('zhangwei');
    const lockedAt = Date.now();
    await t.ctx.db.updateTable('users').set({ lockedAt, logErrorCount: 5 }).where('id', 'in', [uid, other]).execute();
    expect((await call('GET', `/api/permission/Users?keyword=newdoc1`)).data.list[0].lockMark).toBe(1);
    expect((await call('PUT', `/api/permission/Users/${uid}/Actions/unlock`)).code).toBe(200);
    const row = await t.ctx.db.selectFrom('users').select(['lockedAt', 'logErrorCount']).where('id', '=', uid).executeTakeFirstOrThrow();
    expect(row).toEqual({ lockedAt: null, logErrorCount: 0 });
    const untouched = await t.ctx.db
      .selectFrom('users')
      .select(['lockedAt', 'logErrorCount'])
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ lockedAt, logErrorCount: 5 });
    await t.ctx.db.updateTable('users').set({ lockedAt: null, logErrorCount: 0 }).where('id', '=', other).execute();
  });

  it('delete: never yourself nor the last administrator; otherwise relations, grants and sessions go', async () => {
    const self = await idOf('admin');
    expect((await call('DELETE', `/api/permission/Users/${self}`)).status).toBe(400);
    // A second administrator: each may remove the other, never itself; with one left, that one is
    // always the caller, so "the last administrator" is guarded by the self rules as well.
    const other = await insertUser(t, 'admin2', { isAdministrator: true });
    const admin2 = await t.login('admin2');
    expect((await call('DELETE', `/api/permission/Users/${other}`, undefined, admin2)).status).toBe(400);
    expect((await call('PUT', `/api/permission/Users/${other}/Actions/State`, { enabledMark: 0 }, admin2)).status).toBe(400);
    expect((await call('DELETE', `/api/permission/Users/${other}`)).code).toBe(200);
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, admin2)).status).toBe(401);

    const token = await t.login('newdoc1', 'Reset123');
    await t.ctx.db
      .insertInto('authorizations')
      .values({ id: '77001', itemType: 'module', itemId: userMenuId, objectType: 'User', objectId: uid, createdAt: 1, createdBy: null })
      .execute();
    expect((await call('DELETE', `/api/permission/Users/${uid}`)).code).toBe(200);
    expect(await t.ctx.db.selectFrom('userRelations').select('id').where('userId', '=', uid).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('authorizations').select('id').where('objectId', '=', uid).execute()).toEqual([]);
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, token)).status).toBe(401);
    expect((await call('GET', `/api/permission/Users/${uid}`)).status).toBe(404);
    expect((await call('DELETE', `/api/permission/Users/${uid}`)).status).toBe(404);
  });
});

describe('column and form rules', () => {
  let viewer: string;
  beforeAll(async () => {
    const role = (await call('POST', '/api/permission/Role', { fullName: '列受限', enCode: 'colLimited' })).data.id;
    const columns = await t.ctx.db.selectFrom('moduleColumns').select(['id', 'enCode']).where('moduleId', '=', userMenuId).execute();
    const buttons = await t.ctx.db.selectFrom('moduleButtons').select(['id', 'enCode']).where('moduleId', '=', userMenuId).execute();
    // Form fields of the users form; the role may edit only email.
    await t.ctx.db
      .insertInto('moduleForms')
      .values(
        ['mobilePhone', 'email'].map((enCode, i) => ({
          id: `88000${i}`,
          moduleId: userMenuId,
          parentId: '-1',
          enCode,
          fullName: enCode,
          sortCode: i,
          enabledMark: 1,
          createdAt: 1,
        })),
      )
      .execute();
    await t.ctx.db.updateTable('menus').set({ isFormAuthorize: 1 }).where('id', '=', userMenuId).execute();
    await call('PUT', `/api/permission/Authority/Data/${role}`, {
      objectType: 'Role',
      module: [userMenuId],
      button: buttons.filter((b) => b.enCode === 'btn_edit').map((b) => b.id),
      column: columns.filter((c) => ['account', 'realName'].includes(c.enCode)).map((c) => c.id),
      form: ['880001'],
      resource: [userSchemes.all],
    });
    await insertUser(t, 'colviewer', { organizeId: ORG.infoCentre });
    await t.ctx.db
      .insertInto('userRelations')
      .values({ id: '66001', userId: await idOf('colviewer'), objectType: 'Role', objectId: role, sortCode: 0, createdAt: 1 })
      .execute();
    viewer = await t.login('colviewer');
  });

  it('the list and the record drop the columns the user may not see', async () => {
    const row = (await call('GET', '/api/permission/Users?keyword=zhangwei', undefined, viewer)).data.list[0];
    expect(row).toMatchObject({ account: 'zhangwei', realName: '张伟' });
    expect(row).not.toHaveProperty('mobilePhone');
    expect(row).not.toHaveProperty('organize');
    const info = (await call('GET', `/api/permission/Users/${await idOf('zhangwei')}`, undefined, viewer)).data;
    expect(info).not.toHaveProperty('mobilePhone');
    const perm = (await call('GET', '/api/oauth/CurrentUser', undefined, viewer)).data.permissionList.find(
      (p: { modelId: string }) => p.modelId === userMenuId,
    );
    expect(perm.column.map((c: { enCode: string }) => c.enCode).sort()).toEqual(['account', 'realName']);
    expect(perm.form.map((c: { enCode: string }) => c.enCode)).toEqual(['email']);
    expect(perm.resource.map((r: { id: string }) => r.id)).toEqual([userSchemes.all]);
  });

  it('writes ignore form fields the user may not edit', async () => {
    const id = await idOf('liuyang');
    const res = await call(
      'PUT',
      `/api/permission/Users/${id}`,
      {
        account: 'liuyang',
        realName: '刘洋',
        organizeId: [ORG.internalMedicine],
        mobilePhone: '13999999999',
        email: 'changed@example.org',
      },
      viewer,
    );
    expect(res.code, res.msg).toBe(200);
    const row = await t.ctx.db.selectFrom('users').select(['mobilePhone', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ mobilePhone: '13800000003', email: 'changed@example.org' });
  });

  it('buttons the role lacks are refused: 403 Permission Denied', async () => {
    const res = await call('POST', '/api/permission/Users', { account: 'x1', realName: 'x', organizeId: [ORG.root] }, viewer);
    expect(res.status).toBe(403);
    expect(res.msg).toBe('Permission Denied');
    expect((await call('GET', '/api/permission/Users/ExportExcel', undefined, viewer)).status).toBe(403);
  });

  it('a non-administrator cannot touch an administrator nor hand out roles beyond their reach', async () => {
    const adminId = await idOf('admin');
    expect(
      (
        await call(
          'PUT',
          `/api/permission/Users/${adminId}`,
          { account: 'admin', realName: '系统管理员', organizeId: [ORG.infoCentre] },
          viewer,
        )
      ).status,
    ).toBe(403);
    const id = await idOf('liuyang');
    const escalate = await call(
      'PUT',
      `/api/permission/Users/${id}`,
      { account: 'liuyang', realName: '刘洋', organizeId: [ORG.internalMedicine], roleId: ['200000000000000001'] },
      viewer,
    );
    expect(escalate.status).toBe(403);
    const rel = await t.ctx.db
      .selectFrom('userRelations')
      .select('objectId')
      .where('userId', '=', id)
      .where('objectType', '=', 'Role')
      .execute();
    expect(rel.map((r) => r.objectId)).toEqual(['200000000000000002']);
  });
});

describe('lookups for pickers', () => {
  const keysOk = (u: Record<string, unknown>) => !('mobilePhone' in u) && !('email' in u) && !('idCard' in u) && u.type === 'user';

  it('Selector: organisations with users as leaves (type user, headIcon)', async () => {
    const doctor = await t.login('dengshan');
    const { list } = (await call('GET', '/api/permission/Users/Selector', undefined, doctor)).data;
    const flat = (n: { children: never[] }[]): Record<string, unknown>[] => n.flatMap((x) => [x, ...flat(x.children)]);
    const users = flat(list).filter((n) => n.type === 'user');
    expect(users.length).toBeGreaterThanOrEqual(29);
    expect(users.every(keysOk)).toBe(true);
    expect(users.find((u) => u.account === 'zhangwei')).toMatchObject({
      fullName: '张伟/zhangwei',
      headIcon: '',
      parentId: ORG.internalMedicine,
    });
  });

  it('ImUser pages everyone but me; ImUser/Selector/{id} loads one level or searches', async () => {
    const doctor = await t.login('dengshan');
    const im = (await call('GET', '/api/permission/Users/ImUser?pageSize=100', undefined, doctor)).data;
    expect(im.list.map((u: { account: string }) => u.account)).not.toContain('dengshan');
    expect(im.list[0]).toHaveProperty('department');
    const level = (await call('POST', `/api/permission/Users/ImUser/Selector/${ORG.ultrasound}`, {}, doctor)).data.list;
    expect(level.map((u: { account: string }) => u.account).sort()).toEqual(['wuqing', 'zhenghao', 'zhoujie']);
    const search = (await call('POST', '/api/permission/Users/ImUser/Selector/0', { keyword: '周' }, doctor)).data;
    expect(search.list.map((u: { account: string }) => u.account)).toEqual(['zhoujie']);
  });

  it('getUserList resolves labels by id in order; UserCondition, by position, by role and organisation', async () => {
    const a = await idOf('zhoujie');
    const b = await idOf('linhua');
    const labels = (await call('POST', '/api/permission/Users/getUserList', { userId: `${b},${a}` })).data.list;
    expect(labels.map((u: { id: string }) => u.id)).toEqual([b, a]);
    expect(labels.every(keysOk)).toBe(true);
    const cond = (
      await call('POST', '/api/permission/Users/UserCondition', {
        departIds: [ORG.ultrasound],
        roleIds: ['200000000000000006'],
        pagination: { currentPage: 1, pageSize: 50 },
      })
    ).data;
    expect(cond.list.map((u: { account: string }) => u.account).sort()).toEqual(['fengtao', 'wangfang', 'wuqing', 'zhenghao', 'zhoujie']);
    const byPos = (await call('GET', '/api/permission/Users/GetUsersByPositionId?positionId=300000000000000002')).data.list;
    expect(byPos.map((u: { account: string }) => u.account)).toEqual(['huangqiang']);
    const byRole = (await call('GET', `/api/permission/Users/GetUsersByRoleOrgId?roleId=200000000000000002&organizeId=${ORG.tcmHospital}`))
      .data.list;
    expect(byRole.map((u: { account: string }) => u.account).sort()).toEqual(['linhua', 'songyu', 'tangming']);
  });

  it('getSubordinates and getOrganization', async () => {
    const boss = await idOf('huangqiang');
    await t.ctx.db.updateTable('users').set({ managerId: boss }).where('account', 'in', ['zhangwei', 'chenjing']).execute();
    await t.ctx.db
      .updateTable('users')
      .set({ managerId: await idOf('zhangwei') })
      .where('account', '=', 'liuyang')
      .execute();
    const token = await t.login('huangqiang');
    const subs = (await call('POST', '/api/permission/Users/getSubordinates', {}, token)).data.list;
    expect(subs.map((u: { account: string }) => u.account).sort()).toEqual(['chenjing', 'liuyang', 'zhangwei']);
    const orgs = (await call('GET', '/api/permission/Users/getOrganization', undefined, token)).data.list;
    expect(orgs).toEqual([
      expect.objectContaining({ id: ORG.countyHospital, isMain: true, organize: '青山县医疗健康集团/青山县人民医院' }),
    ]);
  });

  it('GetListByAuthorize keeps to the caller’s organisation scope', async () => {
    const doctor = await t.login('zhoujie');
    const mine = (await call('POST', `/api/permission/Users/GetListByAuthorize/${ORG.countyHospital}`, {}, doctor)).data.list;
    expect(mine.map((u: { account: string }) => u.account).sort()).toEqual(['wuqing', 'zhenghao', 'zhoujie']);
    const all = (await call('POST', `/api/permission/Users/GetListByAuthorize/${ORG.countyHospital}`, {})).data.list;
    expect(all.length).toBeGreaterThan(10);
  });
});
