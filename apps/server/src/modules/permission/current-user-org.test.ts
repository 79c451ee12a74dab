import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ORG } from './test-helpers.ts';

let t: TestApp;
let admin: string;
const idOf = async (account: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('current user: organisation side', () => {
  it('Subordinate/{id}: my direct reports, then theirs, never outside my chain', async () => {
    const boss = await idOf('huangqiang');
    const mid = await idOf('zhangwei');
    await t.ctx.db.updateTable('users').set({ managerId: boss }).where('id', '=', mid).execute();
    await t.ctx.db.updateTable('users').set({ managerId: mid }).where('account', '=', 'liuyang').execute();
    const token = await t.login('huangqiang');
    const first = (await t.call('GET', '/api/permission/Users/Current/Subordinate/0', { token })).data;
    expect(first).toEqual([
      expect.objectContaining({
        id: mid,
        userName: '张伟/zhangwei',
        department: '青山县医疗健康集团/青山县人民医院/内科',
        position: '科主任',
        isLeaf: false,
      }),
    ]);
    const second = (await t.call('GET', `/api/permission/Users/Current/Subordinate/${mid}`, { token })).data;
    expect(second.map((u: { account: string }) => u.account)).toEqual(['liuyang']);
    expect((await t.call('GET', `/api/permission/Users/Current/Subordinate/${await idOf('linhua')}`, { token })).status).toBe(404);
  });

  it('getUserOrganizes and getUserPositions, the main ones flagged', async () => {
    const token = await t.login('zhoujie');
    const orgs = (await t.call('GET', '/api/permission/Users/Current/getUserOrganizes', { token })).data;
    expect(orgs).toEqual([expect.objectContaining({ id: ORG.ultrasound, isDefault: true })]);
    const positions = (await t.call('GET', '/api/permission/Users/Current/getUserPositions', { token })).data;
    expect(positions).toEqual([expect.objectContaining({ id: '300000000000000003', fullName: '科主任', isDefault: true })]);
  });

  it('major: switches my main organisation and position among my own; row rules follow the organisation', async () => {
    const id = await idOf('huangqiang');
    // The dean also works in the TCM hospital, as its dean.
    const upd = await t.call('PUT', `/api/permission/Users/${id}`, {
      token: admin,
      body: {
        account: 'huangqiang',
        realName: '黄强',
        organizeId: [ORG.countyHospital, ORG.tcmHospital],
        positionId: ['300000000000000002', '300000000000000006'],
      },
    });
    expect(upd.code, upd.msg).toBe(200);
    const token = await t.login('huangqiang');
    const listed = async () =>
      (await t.call('GET', '/api/permission/Users?pageSize=100', { token })).data.list.map((u: { account: string }) => u.account);
    expect(await listed()).toContain('zhangwei');
    expect(
      (await t.call('PUT', '/api/permission/Users/Current/major', { token, body: { majorId: ORG.tcmHospital, majorType: 'Organize' } }))
        .code,
    ).toBe(200);
    const after = await listed();
    expect(after).toContain('linhua');
    expect(after).not.toContain('zhangwei');
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.organizeName).toBe('青山县中医院');
    expect(
      (
        await t.call('PUT', '/api/permission/Users/Current/major', {
          token,
          body: { majorId: '300000000000000006', majorType: 'Position' },
        })
      ).code,
    ).toBe(200);
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.positionName).toBe('中医师');
    expect(
      (await t.call('PUT', '/api/permission/Users/Current/major', { token, body: { majorId: ORG.chengguan, majorType: 'Organize' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call('PUT', '/api/permission/Users/Current/major', {
          token,
          body: { majorId: '300000000000000007', majorType: 'Position' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call('PUT', '/api/permission/Users/Current/major', { token, body: { majorId: ORG.chengguan, majorType: 'Team' } })).status,
    ).toBe(400);
  });

  it('system switch (major System or SystemSwitch): only to a system I hold', async () => {
    const current = async (token: string) =>
      (await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.systemIds.find(
        (s: { currentSystem: boolean }) => s.currentSystem,
      ).id;
    expect(await current(admin)).toBe('600000000000000001');
    expect(
      (
        await t.call('PUT', '/api/permission/Users/Current/major', {
          token: admin,
          body: { majorId: '600000000000000002', majorType: 'System' },
        })
      ).code,
    ).toBe(200);
    expect(await current(admin)).toBe('600000000000000002');
    expect(
      (await t.call('PUT', '/api/permission/Users/Current/SystemSwitch', { token: admin, body: { systemId: '600000000000000001' } })).code,
    ).toBe(200);
    expect(await current(admin)).toBe('600000000000000001');
    const doctor = await t.login('dengshan');
    expect(
      (await t.call('PUT', '/api/permission/Users/Current/SystemSwitch', { token: doctor, body: { systemId: '600000000000000002' } }))
        .status,
    ).toBe(400);
  });
});
