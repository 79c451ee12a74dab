import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dictTypeId } from '../../db/seed/system.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const newType = async (enCode: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/system/DictionaryType', { token: admin, body: { fullName: `类型${enCode}`, enCode, ...extra } });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
};
const newData = async (typeId: string, enCode: string, extra: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/system/DictionaryData', {
    token: admin,
    body: { dictionaryTypeId: typeId, fullName: `项${enCode}`, enCode, ...extra },
  });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
};

describe('seeded dictionaries', () => {
  it('answers the health value sets by enCode or id', async () => {
    const byCode = await t.call('GET', '/api/system/DictionaryData/gender', { token: doctor });
    expect(byCode.status).toBe(200);
    expect(byCode.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['0', '1', '2', '9']);
    const byId = await t.call('GET', `/api/system/DictionaryData/${dictTypeId('gender')}`, { token: doctor });
    expect(byId.data.list).toEqual(byCode.data.list);

    const urgency = await t.call('GET', '/api/system/DictionaryData/urgency/Data/Selector', { token: doctor });
    expect(urgency.data.list.map((d: { enCode: string; fullName: string }) => `${d.enCode}${d.fullName}`)).toEqual([
      '1一般',
      '2重要',
      '3紧急',
    ]);
    const accountType = await t.call('GET', '/api/system/DictionaryData/accountType/Data/Selector', { token: doctor });
    expect(accountType.data.list).toHaveLength(5);
    const ethnicity = await t.call('GET', '/api/system/DictionaryData/ethnicity', { token: doctor });
    expect(ethnicity.data.list.length).toBeGreaterThanOrEqual(57);
    expect(ethnicity.data.list.some((d: { fullName: string }) => d.fullName === '其他')).toBe(true);
    const follow = await t.call('GET', '/api/system/DictionaryData/followUpClass', { token: doctor });
    expect(follow.data.list.map((d: { fullName: string }) => d.fullName)).toEqual(['控制满意', '控制不满意', '不良反应', '并发症']);
  });

  it('answers a tree type as a tree, and keeps ancestors of keyword hits', async () => {
    const res = await t.call('GET', '/api/system/DictionaryData/chronicDiseaseCategory', { token: doctor });
    expect(res.data.list[0]).toMatchObject({ enCode: 'CVD', hasChildren: true });
    expect(res.data.list[0].children.map((c: { enCode: string }) => c.enCode)).toEqual(['HTN', 'CHD', 'STROKE']);
    const hit = await t.call('GET', '/api/system/DictionaryData/chronicDiseaseCategory?keyword=糖尿病&isTree=1', { token: doctor });
    expect(hit.data.list).toHaveLength(1);
    expect(hit.data.list[0].enCode).toBe('ENDO');
    expect(hit.data.list[0].children.map((c: { enCode: string }) => c.enCode)).toEqual(['T2DM', 'T1DM']);
    const flat = await t.call('GET', '/api/system/DictionaryData/chronicDiseaseCategory?keyword=糖尿病&isTree=0', { token: doctor });
    expect(flat.data.list.map((c: { enCode: string }) => c.enCode)).toEqual(['T2DM', 'T1DM']);
  });

  it('answers All with every type and its enabled data, and a version that changes on edit', async () => {
    const all = await t.call('GET', '/api/system/DictionaryData/All', { token: doctor });
    expect(all.status).toBe(200);
    const gender = all.data.list.find((x: { enCode: string }) => x.enCode === 'gender');
    expect(gender).toMatchObject({ id: dictTypeId('gender'), fullName: '性别', isTree: 0 });
    expect(gender.dictionaryList).toHaveLength(4);
    const tree = all.data.list.find((x: { enCode: string }) => x.enCode === 'chronicDiseaseCategory');
    expect(tree.dictionaryList[0].children.length).toBeGreaterThan(0);

    const typeId = await newType('versionProbe');
    const after = await t.call('GET', '/api/system/DictionaryData/All', { token: doctor });
    expect(after.data.version).not.toBe(all.data.version);
    expect(after.data.list.some((x: { id: string }) => x.id === typeId)).toBe(true);
  });
});

describe('dictionary types', () => {
  it('creates, reads, updates and lists types as a tree', async () => {
    const parent = await newType('tParent');
    const child = await newType('tChild', { parentId: parent, isTree: 1, sortCode: 3, description: '<b>说明</b>' });
    const info = await t.call('GET', `/api/system/DictionaryType/${child}`, { token: admin });
    expect(info.data).toMatchObject({ parentId: parent, enCode: 'tChild', isTree: 1, sortCode: 3, description: '<b>说明</b>' });

    const list = await t.call('GET', '/api/system/DictionaryType', { token: admin });
    const p = list.data.list.find((x: { id: string }) => x.id === parent);
    expect(p.children.map((c: { id: string }) => c.id)).toEqual([child]);

    const upd = await t.call('PUT', `/api/system/DictionaryType/${child}`, {
      token: admin,
      body: { parentId: parent, fullName: '改名', enCode: 'tChild2', isTree: true },
    });
    expect(upd.status).toBe(200);
    expect((await t.call('GET', `/api/system/DictionaryType/${child}`, { token: admin })).data).toMatchObject({
      fullName: '改名',
      enCode: 'tChild2',
      isTree: 1,
    });
  });

  it('selector leaves out the edited type and everything below it', async () => {
    const a = await newType('selA');
    const b = await newType('selB', { parentId: a });
    const res = await t.call('GET', `/api/system/DictionaryType/Selector/${a}`, { token: doctor });
    const ids = JSON.stringify(res.data.list);
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
    const all = await t.call('GET', '/api/system/DictionaryType/Selector/0', { token: doctor });
    expect(JSON.stringify(all.data.list)).toContain(b);
  });

  it('refuses a parent loop, a duplicate enCode and an unknown parent', async () => {
    const a = await newType('loopA');
    const b = await newType('loopB', { parentId: a });
    const loop = await t.call('PUT', `/api/system/DictionaryType/${a}`, {
      token: admin,
      body: { parentId: b, fullName: 'A', enCode: 'loopA' },
    });
    expect(loop.status).toBe(400);
    const dup = await t.call('POST', '/api/system/DictionaryType', { token: admin, body: { fullName: 'x', enCode: 'loopA' } });
    expect(dup.status).toBe(409);
    expect(dup.msg).toContain('loopA');
    const orphan = await t.call('POST', '/api/system/DictionaryType', {
      token: admin,
      body: { fullName: 'x', enCode: 'orphanT', parentId: '999' },
    });
    expect(orphan.status).toBe(400);
  });

  it('refuses deleting a type with data or child types, then deletes it once empty', async () => {
    const parent = await newType('delParent');
    const child = await newType('delChild', { parentId: parent });
    const item = await newData(child, 'x1');
    expect((await t.call('DELETE', `/api/system/DictionaryType/${parent}`, { token: admin })).status).toBe(409);
    const withData = await t.call('DELETE', `/api/system/DictionaryType/${child}`, { token: admin });
    expect(withData.status).toBe(409);
    expect(withData.msg).toBe('该分类下有字典数据，不能删除');
    expect((await t.call('DELETE', `/api/system/DictionaryData/${item}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/system/DictionaryType/${child}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/system/DictionaryType/${parent}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/DictionaryType/${parent}`, { token: admin })).status).toBe(404);
  });
});

describe('dictionary data', () => {
  it('creates, reads, edits, disables and deletes data; the selector shows only enabled rows', async () => {
    const typeId = await newType('dataCrud');
    const id = await newData(typeId, 'a', { simpleSpelling: 'xa', isDefault: 1, sortCode: 2 });
    await newData(typeId, 'b', { sortCode: 1 });
    const info = await t.call('GET', `/api/system/DictionaryData/${id}/Info`, { token: admin });
    expect(info.data).toMatchObject({ enCode: 'a', simpleSpelling: 'xa', isDefault: 1, enabledMark: 1, dictionaryTypeId: typeId });

    const list = await t.call('GET', '/api/system/DictionaryData/dataCrud', { token: doctor });
    expect(list.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['b', 'a']);

    const off = await t.call('PUT', `/api/system/DictionaryData/${id}/Actions/State`, { token: admin });
    expect(off.data.enabledMark).toBe(0);
    const sel = await t.call('GET', `/api/system/DictionaryData/${typeId}/Data/Selector`, { token: doctor });
    expect(sel.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['b']);
    const on = await t.call('PUT', `/api/system/DictionaryData/${id}/Actions/State`, { token: admin, body: { enabledMark: 1 } });
    expect(on.data.enabledMark).toBe(1);

    const upd = await t.call('PUT', `/api/system/DictionaryData/${id}`, {
      token: admin,
      body: { dictionaryTypeId: 'dataCrud', fullName: '新名', enCode: 'a2' },
    });
    expect(upd.status).toBe(200);
    expect((await t.call('GET', `/api/system/DictionaryData/${id}/Info`, { token: admin })).data).toMatchObject({
      fullName: '新名',
      enCode: 'a2',
    });
    expect((await t.call('DELETE', `/api/system/DictionaryData/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/DictionaryData/${id}/Info`, { token: admin })).status).toBe(404);
  });

  it('keeps data flat in a flat type and nests it in a tree type; refuses deleting a parent', async () => {
    const flat = await newType('flatT');
    const root = await newData(flat, 'r');
    const nested = await t.call('POST', '/api/system/DictionaryData', {
      token: admin,
      body: { dictionaryTypeId: flat, parentId: root, fullName: 'c', enCode: 'c' },
    });
    expect(nested.status).toBe(400);

    const tree = await newType('treeT', { isTree: 1 });
    const p = await newData(tree, 'p');
    const c = await newData(tree, 'c', { parentId: p });
    const sel = await t.call('GET', `/api/system/DictionaryData/${tree}/Selector/${c}?isTree=1`, { token: admin });
    expect(sel.data.list[0]).toMatchObject({ id: '0', fullName: '类型treeT' });
    expect(JSON.stringify(sel.data.list)).not.toContain(c);
    expect(sel.data.list[0].children[0].id).toBe(p);
    expect((await t.call('DELETE', `/api/system/DictionaryData/${p}`, { token: admin })).status).toBe(409);
    const loop = await t.call('PUT', `/api/system/DictionaryData/${p}`, {
      token: admin,
      body: { dictionaryTypeId: tree, parentId: c, fullName: 'p', enCode: 'p' },
    });
    expect(loop.status).toBe(400);
    const unflatten = await t.call('PUT', `/api/system/DictionaryType/${tree}`, {
      token: admin,
      body: { fullName: 'x', enCode: 'treeT', isTree: 0 },
    });
    expect(unflatten.status).toBe(409);
  });

  it('refuses duplicates within a type but allows the same enCode in another type', async () => {
    const a = await newType('dupA');
    const b = await newType('dupB');
    await newData(a, 'same');
    const dup = await t.call('POST', '/api/system/DictionaryData', {
      token: admin,
      body: { dictionaryTypeId: a, fullName: 'x', enCode: 'same' },
    });
    expect(dup.status).toBe(409);
    await newData(b, 'same');
    // names too (JNPF IsExistsByFullName): 项same is taken in type a, free in another type and for the row itself
    const sameName = await t.call('POST', '/api/system/DictionaryData', {
      token: admin,
      body: { dictionaryTypeId: a, fullName: '项same', enCode: 'other' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.msg).toContain('项same');
    const own = (await t.call('GET', `/api/system/DictionaryData/${a}`, { token: admin })).data.list[0];
    const keep = await t.call('PUT', `/api/system/DictionaryData/${own.id}`, {
      token: admin,
      body: { dictionaryTypeId: a, fullName: '项same', enCode: 'same', sortCode: 5 },
    });
    expect(keep.status, keep.msg).toBe(200);
  });

  it('stores SQL and HTML verbatim', async () => {
    const typeId = await newType('verbatim');
    const name = `<script>alert(1)</script>'; DROP TABLE users; --`;
    const id = await newData(typeId, 'v1', { fullName: name, description: "' OR 1=1 --" });
    const info = await t.call('GET', `/api/system/DictionaryData/${id}/Info`, { token: admin });
    expect(info.data.fullName).toBe(name);
    expect(info.data.description).toBe("' OR 1=1 --");
    expect((await t.call('GET', '/api/system/DictionaryData/gender', { token: admin })).data.list).toHaveLength(4);
  });

  it('refuses bad input, naming the field', async () => {
    const typeId = await newType('badInput');
    const cases: [Record<string, unknown>, string][] = [
      [{ dictionaryTypeId: typeId, enCode: 'x' }, 'fullName'],
      [{ dictionaryTypeId: typeId, fullName: 123, enCode: 'x' }, 'fullName'],
      [{ dictionaryTypeId: typeId, fullName: 'x'.repeat(101), enCode: 'x' }, 'fullName'],
      [{ dictionaryTypeId: typeId, fullName: 'x', enCode: 'bad code!' }, 'enCode'],
      [{ dictionaryTypeId: typeId, fullName: 'x', enCode: 'x', sortCode: 'abc' }, 'sortCode'],
      [{ dictionaryTypeId: typeId, fullName: 'x', enCode: 'x', enabledMark: 7 }, 'enabledMark'],
      [{ fullName: 'x', enCode: 'x' }, 'dictionaryTypeId'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call('POST', '/api/system/DictionaryData', { token: admin, body: payload, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.msg.startsWith(`${field}:`), res.msg).toBe(true);
    }
    const unknownType = await t.call('POST', '/api/system/DictionaryData', {
      token: admin,
      body: { dictionaryTypeId: 'nope', fullName: 'x', enCode: 'x' },
    });
    expect(unknownType.status).toBe(404);
    const huge = await t.call('POST', '/api/system/DictionaryType', { token: admin, body: { fullName: '名'.repeat(51), enCode: 'huge' } });
    expect(huge.status).toBe(400);
    for (const [m, url] of [
      ['PUT', '/api/system/DictionaryData/404404'],
      ['DELETE', '/api/system/DictionaryData/404404'],
      ['PUT', '/api/system/DictionaryData/404404/Actions/State'],
      ['GET', '/api/system/DictionaryData/404404/Info'],
      ['GET', '/api/system/DictionaryData/nosuchtype'],
      ['PUT', '/api/system/DictionaryType/404404'],
      ['DELETE', '/api/system/DictionaryType/404404'],
    ] as const) {
      const res = await t.call(m, url, {
        token: admin,
        body: m === 'PUT' ? { dictionaryTypeId: typeId, fullName: 'x', enCode: 'x' } : undefined,
      });
      expect(res.status, `${m} ${url}`).toBe(404);
    }
  });
});

describe('export and import', () => {
  it('exports a type with its data as a JSON file and imports it back under a new code', async () => {
    const res = await t.call('GET', '/api/system/DictionaryData/chronicDiseaseCategory/Action/Export', { token: admin });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-disposition']).toContain('attachment');
    const file = JSON.parse(res.raw.body);
    expect(file.type).toMatchObject({ enCode: 'chronicDiseaseCategory', isTree: 1 });
    expect(file.list.find((r: { enCode: string }) => r.enCode === 'HTN').parentEnCode).toBe('CVD');

    file.type.enCode = 'chronicCopy';
    const imp = await t.call('POST', '/api/system/DictionaryData/Action/Import', { token: admin, body: file });
    expect(imp.status, imp.msg).toBe(200);
    expect(imp.data).toMatchObject({ created: file.list.length, errors: [] });
    const tree = await t.call('GET', '/api/system/DictionaryData/chronicCopy', { token: admin });
    expect(tree.data.list.find((n: { enCode: string }) => n.enCode === 'CVD').children).toHaveLength(3);

    // Again: everything exists and is skipped, or overwritten on request.
    const again = await t.call('POST', '/api/system/DictionaryData/Action/Import', { token: admin, body: file });
    expect(again.data).toMatchObject({ created: 0, skipped: file.list.length });
    file.list[0].fullName = '心脑血管病';
    const over = await t.call('POST', '/api/system/DictionaryData/Action/Import', {
      token: admin,
      body: { ...file, conflict: 'overwrite' },
    });
    expect(over.data.updated).toBe(file.list.length);
  });

  it('reports each bad row and imports nothing when all-or-nothing', async () => {
    const file = {
      type: { fullName: '导入测试', enCode: 'importAll', isTree: 1 },
      list: [
        { fullName: '好', enCode: 'ok1' },
        { fullName: '', enCode: 'empty' },
        { fullName: '重复', enCode: 'ok1' },
        { fullName: '坏编码', enCode: 'bad code' },
        { fullName: '孤儿', enCode: 'orphan', parentEnCode: 'nobody' },
        { fullName: '子', enCode: 'kid', parentEnCode: 'ok1' },
        'not an object',
        { fullName: '环A', enCode: 'cA', parentEnCode: 'cB' },
        { fullName: '环B', enCode: 'cB', parentEnCode: 'cA' },
      ],
    };
    const res = await t.call('POST', '/api/system/DictionaryData/Action/Import', { token: admin, body: file });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('有 7 行数据有误，未导入任何数据');
    // Both rows of the parent loop are bad.
    expect(res.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4, 5, 7, 8, 9]);
    expect(res.data.errors[1]).toMatchObject({ row: 3, enCode: 'ok1' });
    expect((await t.call('GET', '/api/system/DictionaryData/importAll', { token: admin })).status).toBe(404);

    const partial = await t.call('POST', '/api/system/DictionaryData/Action/Import', {
      token: admin,
      body: { ...file, allOrNothing: false },
    });
    expect(partial.status).toBe(200);
    expect(partial.data).toMatchObject({ created: 2, skipped: 0 });
    expect(partial.data.errors).toHaveLength(7);
    const list = await t.call('GET', '/api/system/DictionaryData/importAll', { token: admin });
    expect(list.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['ok1']);
    expect(list.data.list[0].children.map((d: { enCode: string }) => d.enCode)).toEqual(['kid']);
  });

  it('accepts the file as a multipart upload', async () => {
    const file = JSON.stringify({
      type: { fullName: '上传', enCode: 'uploaded' },
      list: [
        { fullName: '甲', enCode: 'a' },
        { fullName: '乙', enCode: 'b' },
      ],
    });
    const boundary = '----medalliance';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="allOrNothing"',
      '',
      'true',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="dict.json"',
      'Content-Type: application/json',
      '',
      file,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/system/DictionaryData/Action/Import',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created).toBe(2);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/system/DictionaryData/Action/Import',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: payload.replace(file, '{not json'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('导入文件不是有效的 JSON');
  });
});

describe('access', () => {
  it('lets any signed-in user read lookups but only granted users change dictionaries', async () => {
    const typeId = dictTypeId('gender');
    for (const url of [
      '/api/system/DictionaryData/All',
      '/api/system/DictionaryData/gender',
      `/api/system/DictionaryData/${typeId}/Data/Selector`,
      '/api/system/DictionaryType/Selector/0',
    ]) {
      expect((await t.call('GET', url, { token: doctor })).status, url).toBe(200);
    }
    expect((await t.call('GET', '/api/system/DictionaryData/All')).status).toBe(401);
    expect((await t.call('GET', '/api/system/DictionaryType', { token: doctor })).status).toBe(403);
    expect((await t.call('POST', '/api/system/DictionaryType', { token: doctor, body: { fullName: 'x', enCode: 'x' } })).status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/system/DictionaryData', {
          token: doctor,
          body: { dictionaryTypeId: typeId, fullName: 'x', enCode: 'x' },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/system/DictionaryData/gender/Action/Export', { token: doctor })).status).toBe(403);
    expect((await t.call('POST', '/api/system/DictionaryData/Action/Import', { token: doctor, body: {} })).status).toBe(403);
  });
});
