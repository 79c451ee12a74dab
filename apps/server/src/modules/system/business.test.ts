import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { interfaceId } from '../../db/seed/system.ts';
import { flushLogs } from './logs.service.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('xuli');
});
afterAll(() => t.close());

describe('business calls of spec §7.7, answered from seeded data', () => {
  it('hfsAccountQuery: account subjects by type and name, paged, with cursor and total', async () => {
    const res = await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', {
      token: doctor,
      body: { flag: 3, accountType: 1, accountName: '', currentPage: 1, pageSize: 5, orgId: '100000000000000030' },
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.total).toBe(8);
    expect(res.data.list).toHaveLength(5);
    expect(res.data.cursor).toEqual(res.data.list);
    expect(res.data.list[0]).toMatchObject({ accountCode: '1001', accountName: '库存现金', accountType: 1, UNIT: 15, unitName: '元' });
    const page2 = await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', {
      token: doctor,
      body: { flag: 3, accountType: '1', currentPage: 2, pageSize: 5 },
    });
    expect(page2.data.list.map((a: { accountCode: string }) => a.accountCode)).toEqual(['1303', '1601', '1602']);
    const byName = await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', {
      token: doctor,
      body: { flag: 3, accountType: '', accountName: '存款' },
    });
    expect(byName.data.list.map((a: { accountName: string }) => a.accountName)).toEqual(['银行存款']);
    const every = await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', { token: doctor, body: { flag: 3, pageSize: 100 } });
    expect(new Set(every.data.list.map((a: { accountType: number }) => Number(a.accountType)))).toEqual(new Set([1, 2, 3, 4, 5]));
    const bad = await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', { token: doctor, body: { flag: 3, accountType: 6 } });
    expect(bad.status).toBe(400);
  });

  it('stockListQuery: the stock of a unit, searchable, with UNIT turned into a name', async () => {
    const res = await t.call('POST', '/api/erp/ERP_STOCK_INFO/stockListQuery', {
      token: doctor,
      body: { orgCode: 'CGZWSY', pageSize: 20 },
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.total).toBe(15);
    expect(res.data.list.every((s: { ORG_CODE: string }) => s.ORG_CODE === 'CGZWSY')).toBe(true);
    const hit = await t.call('POST', '/api/erp/ERP_STOCK_INFO/stockListQuery', {
      token: doctor,
      body: { orgCode: 'CGZWSY', keyword: '阿莫西林' },
    });
    expect(hit.data.list).toEqual([expect.objectContaining({ CODE: 'YP0001', ITEM_NAME: '阿莫西林胶囊', UNIT: 2, UNIT_NAME: '盒' })]);
    const all = await t.call('POST', '/api/erp/ERP_STOCK_INFO/stockListQuery', { token: doctor, body: {} });
    expect(all.data.total).toBe(75);
  });

  it('BASE_OFFICE_DICT/getList: the offices of a unit, sorted', async () => {
    const res = await t.call('POST', '/api/bigdata/BASE_OFFICE_DICT/getList', {
      token: doctor,
      body: { dataType: 0, sort: 'desc', orgCode: 'QSRMYY' },
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list.map((o: { officeCode: string }) => o.officeCode)).toEqual([
      'QSRMYY.YXK',
      'QSRMYY.WK',
      'QSRMYY.NK',
      'QSRMYY.KJK',
      'QSRMYY.FCK',
      'QSRMYY.EK',
      'QSRMYY.CSK',
    ]);
    expect(res.data.list[0]).toMatchObject({ officeName: '医学影像科', orgName: '青山县人民医院' });
    const asc = await t.call('POST', '/api/bigdata/BASE_OFFICE_DICT/getList', {
      token: doctor,
      body: { dataType: 0, sort: 'asc', orgCode: 'HKXWSY' },
    });
    expect(asc.data.list.map((o: { officeName: string }) => o.officeName)).toEqual(['全科医疗科']);
  });

  it('EHR_STAFF_INFO/{id}: a staff member by user id or account', async () => {
    const res = await t.call('GET', '/api/ehr/EHR_STAFF_INFO/500000000000000002', { token: doctor });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({
      USER_CODE_ID: 'zhangwei',
      DOCTOR_NAME: '张伟',
      DOCTOR_TYPE: '科主任',
      ORG_CODE: 'QSRMYY',
      ORG_NAME: '青山县人民医院',
      DEPT_NAME: '内科',
    });
    const byAccount = await t.call('GET', '/api/ehr/EHR_STAFF_INFO/dengshan', { token: doctor });
    expect(byAccount.data).toMatchObject({ DOCTOR_NAME: '邓山', ORG_NAME: '东风村卫生室' });
    expect((await t.call('GET', '/api/ehr/EHR_STAFF_INFO/nobody', { token: doctor })).status).toBe(404);
  });

  it('logs each call on its interface, and fails clearly when an administrator disables it', async () => {
    await flushLogs(t.ctx);
    const logs = await t.call('GET', `/api/system/DataInterfaceLog/${interfaceId('hfsAccountInfo')}`, { token: admin });
    expect(logs.data.list.some((l: { source: string; success: number }) => l.source === 'business' && l.success === 1)).toBe(true);
    await t.call('PUT', `/api/system/DataInterface/${interfaceId('erpStockInfo')}/Actions/State`, {
      token: admin,
      body: { enabledMark: 0 },
    });
    const off = await t.call('POST', '/api/erp/ERP_STOCK_INFO/stockListQuery', { token: doctor, body: {} });
    expect(off.status).toBe(400);
    expect(off.msg).toBe('数据接口已禁用');
    await t.call('PUT', `/api/system/DataInterface/${interfaceId('erpStockInfo')}/Actions/State`, {
      token: admin,
      body: { enabledMark: 1 },
    });
  });

  it('needs a signed-in user and valid input', async () => {
    expect((await t.call('POST', '/api/hfs/ACCOUNT_INFO/hfsAccountQuery', { body: {} })).status).toBe(401);
    expect((await t.call('POST', '/api/erp/ERP_STOCK_INFO/stockListQuery', { token: doctor, body: { pageSize: 0 } })).status).toBe(400);
    expect(
      (await t.call('POST', '/api/bigdata/BASE_OFFICE_DICT/getList', { token: doctor, body: { orgCode: 'x'.repeat(51) } })).status,
    ).toBe(400);
  });
});
