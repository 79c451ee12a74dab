import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { areaId } from '../../db/seed/system.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('dengshan');
});
afterAll(() => t.close());

const children = (parentId: string, qs = '', token = doctor) => t.call('GET', `/api/system/Area/${parentId}${qs}`, { token });
const names = (res: { data: { list: { fullName: string }[] } }) => res.data.list.map((a) => a.fullName);

describe('the address picker (lazy tree)', () => {
  it('loads one level per call from the root -1 down to the villages of Qingshan County', async () => {
    const provinces = await children('-1');
    expect(provinces.status).toBe(200);
    expect(names(provinces)).toEqual(['东江省', '西岭省', '南湖省']);
    expect(provinces.data.list[0]).toMatchObject({ id: areaId('950000'), enCode: '950000', type: 1, isLeaf: false, hasChildren: true });

    const cities = await children(areaId('950000'));
    expect(names(cities)).toEqual(['云山市', '南屏市']);
    const counties = await children(areaId('950100'));
    expect(names(counties)).toEqual(['云山区', '青山县', '白水县']);
    const towns = await children(areaId('950121'));
    expect(names(towns)).toEqual(['城关镇', '石桥镇', '白沙镇', '河口乡']);
    const villages = await children(areaId('950121100'));
    expect(names(villages)).toEqual(['城东社区', '城西社区', '东风村', '柳林村']);
    expect(villages.data.list[2]).toMatchObject({ enCode: '950121100201', type: 5, isLeaf: true, hasChildren: false });
    const hekou = await children(areaId('950121200'));
    expect(names(hekou)).toEqual(['河口村', '桃园村', '李家村']);
  });

  it('searches by keyword at the top across every level, and within a level below it', async () => {
    const hit = await children('-1', '?keyword=桃园');
    expect(names(hit)).toEqual(['桃园村']);
    const byCode = await children('-1', '?keyword=950121101');
    expect(names(byCode)).toContain('石桥镇');
    const within = await children(areaId('950121'), '?keyword=镇');
    expect(names(within)).toEqual(['城关镇', '石桥镇', '白沙镇']);
    const injection = await children('-1', `?keyword=${encodeURIComponent("%' OR 1=1 --")}`);
    expect(injection.data.list).toEqual([]);
    const wildcard = await children('-1', `?keyword=${encodeURIComponent('%')}`);
    expect(wildcard.data.list).toEqual([]);
  });

  it('turns id paths into name paths (GetAreaByIds)', async () => {
    const res = await t.call('POST', '/api/system/Area/GetAreaByIds', {
      token: doctor,
      body: {
        idsList: [
          [areaId('950000'), areaId('950100'), areaId('950121'), areaId('950121100'), areaId('950121100201')],
          [areaId('960000'), 'nosuch'],
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([['东江省', '云山市', '青山县', '城关镇', '东风村'], ['西岭省']]);
    expect(res.data[0].join('/')).toBe('东江省/云山市/青山县/城关镇/东风村');
    const bad = await t.call('POST', '/api/system/Area/GetAreaByIds', { token: doctor, body: { idsList: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('offers enabled parents for the area form, leaving out the edited area', async () => {
    const res = await t.call('GET', `/api/system/Area/${areaId('950121')}/Selector/${areaId('950121102')}`, { token: doctor });
    expect(names(res)).toEqual(['城关镇', '石桥镇', '河口乡']);
    const all = await t.call('GET', `/api/system/Area/${areaId('950121')}/Selector/0`, { token: doctor });
    expect(names(all)).toHaveLength(4);
  });
});

describe('area management', () => {
  it('creates, reads, edits, disables and deletes an area', async () => {
    const res = await t.call('POST', '/api/system/Area', {
      token: admin,
      body: { parentId: areaId('950121200'), fullName: '新村', enCode: '950121200299', description: "<b>x</b>' --" },
    });
    expect(res.status, res.msg).toBe(200);
    const id = res.data.id;
    const info = await t.call('GET', `/api/system/Area/${id}/Info`, { token: admin });
    expect(info.data).toMatchObject({
      parentId: areaId('950121200'),
      fullName: '新村',
      type: 5,
      enabledMark: 1,
      description: "<b>x</b>' --",
    });
    expect(names(await children(areaId('950121200')))).toContain('新村');

    const upd = await t.call('PUT', `/api/system/Area/${id}`, {
      token: admin,
      body: { parentId: areaId('950121200'), fullName: '新村二', enCode: '950121200299', sortCode: 9 },
    });
    expect(upd.status).toBe(200);
    const off = await t.call('PUT', `/api/system/Area/${id}/Actions/State`, { token: admin });
    expect(off.data.enabledMark).toBe(0);
    expect(names(await children(areaId('950121200'), '?enabledOnly=1'))).not.toContain('新村二');
    expect(names(await children(areaId('950121200')))).toContain('新村二');
    expect(names(await t.call('GET', `/api/system/Area/${areaId('950121')}/Selector/0`, { token: doctor }))).toHaveLength(4);

    expect((await t.call('DELETE', `/api/system/Area/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/Area/${id}/Info`, { token: admin })).status).toBe(404);
  });

  it('refuses deleting an area with sub-areas, loops, unknown parents and duplicate codes', async () => {
    const del = await t.call('DELETE', `/api/system/Area/${areaId('950121')}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.msg).toBe('该区域下有下级区域，不能删除');
    const loop = await t.call('PUT', `/api/system/Area/${areaId('950121')}`, {
      token: admin,
      body: { parentId: areaId('950121100'), fullName: '青山县', enCode: '950121' },
    });
    expect(loop.status).toBe(400);
    const orphan = await t.call('POST', '/api/system/Area', {
      token: admin,
      body: { parentId: 'nosuch', fullName: 'x', enCode: '990001' },
    });
    expect(orphan.status).toBe(400);
    const dup = await t.call('POST', '/api/system/Area', { token: admin, body: { parentId: '-1', fullName: 'x', enCode: '950000' } });
    expect(dup.status).toBe(409);
  });

  it('refuses bad input, naming the field, and answers 404 for unknown ids', async () => {
    for (const [body, field] of [
      [{ fullName: '', enCode: '1' }, 'fullName'],
      [{ fullName: 12, enCode: '1' }, 'fullName'],
      [{ fullName: 'x'.repeat(51), enCode: '1' }, 'fullName'],
      [{ fullName: 'x', enCode: '1 2' }, 'enCode'],
      [{ fullName: 'x', enCode: '1', type: 6 }, 'type'],
      [{ fullName: 'x' }, 'enCode'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call('POST', '/api/system/Area', { token: admin, body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg.startsWith(`${field}:`), res.msg).toBe(true);
    }
    for (const [m, url] of [
      ['GET', '/api/system/Area/404404/Info'],
      ['PUT', '/api/system/Area/404404'],
      ['DELETE', '/api/system/Area/404404'],
      ['PUT', '/api/system/Area/404404/Actions/State'],
    ] as const) {
      expect((await t.call(m, url, { token: admin, body: m === 'PUT' ? { fullName: 'x', enCode: '1' } : undefined })).status, url).toBe(
        404,
      );
    }
    expect((await children('404404')).data.list).toEqual([]);
  });

  it('lets every signed-in user browse areas but only granted users change them', async () => {
    expect((await children('-1')).status).toBe(200);
    expect((await t.call('GET', '/api/system/Area/-1')).status).toBe(401);
    expect((await t.call('POST', '/api/system/Area', { token: doctor, body: { fullName: 'x', enCode: '1' } })).status).toBe(403);
    expect((await t.call('DELETE', `/api/system/Area/${areaId('970000')}`, { token: doctor })).status).toBe(403);
    expect((await t.call('GET', `/api/system/Area/${areaId('970000')}/Info`, { token: doctor })).status).toBe(403);
  });
});
