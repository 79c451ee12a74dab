import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pgUrl, type TestApp } from '../../test/harness.ts';
import { dictDataId, interfaceId, ORG_OPTIONS_INTERFACE_ID } from '../../db/seed/system.ts';
import { forgetInterfaces } from './data-interface.service.ts';
import { flushLogs } from './logs.service.ts';
import { runReadOnly, SqlRunError } from './sql-executor.ts';
import { setSysConfig } from './sys-config.service.ts';

let t: TestApp;
let admin: string;
let doctor: string;
const CATEGORY = dictDataId('dataInterfaceCategory', 'baseData');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const ORG_SQL = `SELECT o.id AS "id", o.en_code AS "enCode", o.full_name AS "fullName", o.category AS "category", o.sort_code AS "sortCode"
FROM organizations o WHERE ({category} IS NULL OR o.category = {category})`;

const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/system/DataInterface', {
    token: admin,
    body: { categoryId: CATEGORY, fullName: '测试接口', ...body },
  });
  expect(res.status, res.msg).toBe(200);
  return res.data.id as string;
};
const list = (id: string, body: Record<string, unknown> = {}, token = doctor) =>
  t.call('POST', `/api/system/DataInterface/${id}/Action/List`, { token, body });

describe('data interface records', () => {
  it('creates, reads, edits, lists, toggles, exports, imports and deletes', async () => {
    const id = await create({
      enCode: 'orgList',
      dataType: 1,
      query: ORG_SQL,
      parameterJson: [{ field: 'category', fieldName: '类别', dataType: 'varchar' }],
      description: '<i>机构</i>',
    });
    const info = await t.call('GET', `/api/system/DataInterface/${id}`, { token: admin });
    expect(info.data).toMatchObject({ id, enCode: 'orgList', dataType: 1, query: ORG_SQL, enabledMark: 1, description: '<i>机构</i>' });
    expect(info.data.parameterJson[0]).toMatchObject({ field: 'category', dataType: 'varchar', required: 0 });

    // JSON columns also arrive as text from older clients.
    const upd = await t.call('PUT', `/api/system/DataInterface/${id}`, {
      token: admin,
      body: {
        categoryId: CATEGORY,
        fullName: '机构列表',
        enCode: 'orgList',
        dataType: 1,
        query: ORG_SQL,
        parameterJson: '[{"field":"category","dataType":"varchar"}]',
      },
    });
    expect(upd.status, upd.msg).toBe(200);

    const page = await t.call('GET', '/api/system/DataInterface?keyword=机构列表&pageSize=5', { token: admin });
    expect(page.data.pagination.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({ id, fullName: '机构列表', creatorUser: '系统管理员/admin' });
    const byCategory = await t.call('GET', `/api/system/DataInterface?categoryId=${CATEGORY}&pageSize=100`, { token: admin });
    expect(byCategory.data.list.some((r: { id: string }) => r.id === id)).toBe(true);

    const params = await t.call('GET', `/api/system/DataInterface/GetParam/${id}`, { token: doctor });
    expect(params.data).toEqual([expect.objectContaining({ field: 'category' })]);

    const selector = await t.call('GET', '/api/system/DataInterface/Selector', { token: doctor });
    const group = selector.data.find((g: { id: string }) => g.id === CATEGORY);
    expect(group.fullName).toBe('基础数据');
    expect(group.children.some((c: { id: string }) => c.id === id)).toBe(true);
    const getList = await t.call('GET', '/api/system/DataInterface/getList?keyword=orgList', { token: doctor });
    expect(getList.data.list.map((r: { id: string }) => r.id)).toEqual([id]);

    const off = await t.call('PUT', `/api/system/DataInterface/${id}/Actions/State`, { token: admin });
    expect(off.data.enabledMark).toBe(0);
    const disabled = await list(id);
    expect(disabled.status).toBe(400);
    expect(disabled.msg).toBe('数据接口已禁用');
    expect((await t.call('GET', '/api/system/DataInterface/getList?keyword=orgList', { token: doctor })).data.list).toEqual([]);
    await t.call('PUT', `/api/system/DataInterface/${id}/Actions/State`, { token: admin });

    const exp = await t.call('GET', `/api/system/DataInterface/${id}/Action/Export`, { token: admin });
    expect(exp.raw.headers['content-disposition']).toContain('attachment');
    const file = JSON.parse(exp.raw.body);
    expect(file).toMatchObject({ kind: 'dataInterface', enCode: 'orgList', query: ORG_SQL });
    const imp = await t.call('POST', '/api/system/DataInterface/Action/Import', { token: admin, body: { ...file, enCode: 'orgListCopy' } });
    expect(imp.data.created).toBe(true);

    expect((await t.call('DELETE', `/api/system/DataInterface/${imp.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/DataInterface/${imp.data.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses bad definitions, naming the field or the reason', async () => {
    const base = { categoryId: CATEGORY, fullName: 'x', enCode: 'badDef', dataType: 1, query: 'SELECT 1' };
    const bad = async (body: Record<string, unknown>, status = 400) => {
      const res = await t.call('POST', '/api/system/DataInterface', {
        token: admin,
        body: { ...base, ...body },
        headers: { 'accept-language': 'en' },
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      return res.msg;
    };
    expect(await bad({ categoryId: undefined })).toMatch(/^categoryId:/);
    expect(await bad({ dataType: 4 })).toMatch(/^dataType:/);
    expect(await bad({ dataType: 'sql' })).toMatch(/^dataType:/);
    expect(await bad({ query: '' })).toMatch(/^query:/);
    expect(await bad({ fullName: 'x'.repeat(51) })).toMatch(/^fullName:/);
    expect(await bad({ query: 'DELETE FROM users' })).toBe('Only SELECT queries are allowed');
    expect(await bad({ query: 'SELECT 1; DROP TABLE users' })).toBe('Only one statement is allowed');
    expect(await bad({ query: 'SELECT 1 /* */; DELETE FROM users' })).toBe('Comments are not allowed in the SQL');
    expect(await bad({ query: 'WITH x AS (DELETE FROM users RETURNING *) SELECT * FROM x' })).toBe(
      'DELETE is not allowed: interfaces may only read',
    );
    expect(await bad({ dataType: 2, query: '{not json' })).toMatch(/^query:/);
    expect(await bad({ dataType: 3, path: 'ftp://x' })).toMatch(/^path:/);
    expect(await bad({ parameterJson: [{ field: '1bad' }] })).toMatch(/^parameterJson/);
    expect(await bad({ categoryId: 'nope' })).toBe('The interface category does not exist');
    await create({ enCode: 'dupCode', dataType: 1, query: 'SELECT 1 AS a' });
    expect(await bad({ enCode: 'dupCode' }, 409)).toContain('dupCode');
    for (const [m, url] of [
      ['GET', '/api/system/DataInterface/404404'],
      ['PUT', '/api/system/DataInterface/404404'],
      ['DELETE', '/api/system/DataInterface/404404'],
      ['PUT', '/api/system/DataInterface/404404/Actions/State'],
      ['POST', '/api/system/DataInterface/404404/Action/List'],
      ['GET', '/api/system/DataInterfaceLog/404404'],
    ] as const) {
      const res = await t.call(m, url, { token: admin, body: m === 'PUT' ? base : m === 'POST' ? {} : undefined });
      expect(res.status, `${m} ${url}`).toBe(404);
    }
  });

  it('limits management to granted users, calls to signed-in users', async () => {
    const id = interfaceId('orgOptions');
    expect((await t.call('GET', '/api/system/DataInterface', { token: doctor })).status).toBe(403);
    expect((await t.call('GET', `/api/system/DataInterface/${id}`, { token: doctor })).status).toBe(403);
    expect((await t.call('POST', '/api/system/DataInterface', { token: doctor, body: {} })).status).toBe(403);
    expect((await t.call('DELETE', `/api/system/DataInterface/${id}`, { token: doctor })).status).toBe(403);
    expect((await t.call('GET', `/api/system/DataInterface/${id}/Action/Export`, { token: doctor })).status).toBe(403);
    expect((await t.call('GET', `/api/system/DataInterfaceLog/${id}`, { token: doctor })).status).toBe(403);
    expect((await list(id)).status).toBe(200);
    expect((await list(id, {}, '')).status).toBe(401);
  });
});

describe('SQL interfaces', () => {
  let id: string;
  beforeAll(async () => {
    id = await create({ enCode: 'orgSql', dataType: 1, query: ORG_SQL, parameterJson: [{ field: 'category', dataType: 'varchar' }] });
  });

  it('pages in SQL and answers list and pagination', async () => {
    const all = await list(id, { pageSize: 100 });
    const total = all.data.pagination.total;
    expect(total).toBe(28);
    const page = await list(id, { currentPage: 2, pageSize: 5, sidx: 'sortCode', sort: 'asc' });
    expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 5, total });
    expect(page.data.list.map((r: { sortCode: number }) => Number(r.sortCode))).toEqual([5, 6, 7, 8, 9]);
    // pageIndex is the older spelling.
    const older = await list(id, { pageIndex: 2, pageSize: 5, sidx: 'sortCode', sort: 'asc' });
    expect(older.data.list).toEqual(page.data.list);
    const desc = await list(id, { pageSize: 1, sidx: 'SORTCODE', sort: 'desc' });
    expect(Number(desc.data.list[0].sortCode)).toBe(27);
  });

  it('filters by keyword over columnOptions, by queryJson and by parameters', async () => {
    const kw = await list(id, { keyword: '卫生院', columnOptions: 'fullName', pageSize: 100 });
    expect(kw.data.list.map((r: { fullName: string }) => r.fullName).sort()).toEqual([
      '青山县城关镇卫生院',
      '青山县河口乡卫生院',
      '青山县石桥镇卫生院',
    ]);
    const kwAll = await list(id, { keyword: 'qsrmyy.nk', pageSize: 100 });
    expect(kwAll.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['QSRMYY.NK']);
    const equals = await list(id, { queryJson: JSON.stringify({ jnpf_searchType_equals_category: 'company' }), pageSize: 100 });
    expect(equals.data.pagination.total).toBe(11);
    const param = await list(id, { paramList: [{ field: 'category', defaultValue: 'department' }], pageSize: 100 });
    expect(param.data.pagination.total).toBe(17);
    const literal = await list(id, { paramList: [{ field: 'category', sourceType: 2, relationField: 'company' }], pageSize: 100 });
    expect(literal.data.pagination.total).toBe(11);
    const fromForm = await list(id, {
      paramList: [{ field: 'category', sourceType: 1, relationField: 'kind' }],
      sourceData: { kind: 'department' },
      pageSize: 100,
    });
    expect(fromForm.data.pagination.total).toBe(17);
    const subTable = await list(id, {
      paramList: [{ field: 'category', sourceType: 1, relationField: 'tableField101-kind' }],
      sourceData: { tableField101: [{ kind: 'company' }, { kind: 'department' }] },
      pageSize: 100,
    });
    expect(subTable.data.pagination.total).toBe(11);
  });

  it('binds parameters: an injection attempt is just a value that matches nothing', async () => {
    for (const evil of ["x' OR '1'='1", "'; DELETE FROM organizations; --", 'company" OR 1=1 --']) {
      const res = await list(id, { paramList: [{ field: 'category', defaultValue: evil }], keyword: evil });
      expect(res.status, evil).toBe(200);
      expect(res.data.pagination.total).toBe(0);
    }
    expect((await list(id, { pageSize: 100 })).data.pagination.total).toBe(28);
  });

  it('answers one record (Info) and several (InfoByIds) by the value field', async () => {
    const one = await t.call('GET', `/api/system/DataInterface/${id}/Action/Info?id=100000000000000010&propsValue=id`, { token: doctor });
    expect(one.data).toMatchObject({ id: '100000000000000010', fullName: '青山县人民医院' });
    const byCode = await t.call('POST', `/api/system/DataInterface/${id}/Action/InfoByIds`, {
      token: doctor,
      body: { ids: ['QSZYY', 'CGZWSY', 'nobody'], propsValue: 'enCode', relationField: 'fullName' },
    });
    expect(byCode.data.map((r: { enCode: string }) => r.enCode).sort()).toEqual(['CGZWSY', 'QSZYY']);
    const none = await t.call('GET', `/api/system/DataInterface/${id}/Action/Info?id=nobody`, { token: doctor });
    expect(none.status).toBe(200);
    expect(none.data).toBeNull();
    const noColumn = await t.call('POST', `/api/system/DataInterface/${id}/Actions/InfoByIds`, {
      token: doctor,
      body: { ids: ['x'], propsValue: 'nosuch' },
    });
    expect(noColumn.status).toBe(400);
  });

  it('previews every row (up to the picker limit) for form selects', async () => {
    const res = await t.call('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {
      token: doctor,
      body: { paramList: [{ field: 'category', defaultValue: 'company' }] },
    });
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data).toHaveLength(11);
  });

  it('binds the built-in user values, which the caller cannot override', async () => {
    const me = await create({
      enCode: 'whoAmI',
      dataType: 1,
      query:
        'SELECT CAST(@userId AS VARCHAR(40)) AS "userId", CAST({organizeId} AS VARCHAR(40)) AS "org", CAST(@departmentId AS VARCHAR(40)) AS "dept", CAST(@positionId AS VARCHAR(40)) AS "pos", CAST(@user AS VARCHAR(40)) AS "user" FROM organizations WHERE id = \'100000000000000001\'',
    });
    const res = await list(me, { paramList: [{ field: 'userId', defaultValue: '500000000000000001' }] });
    expect(res.data.list[0]).toEqual({
      userId: '500000000000000002',
      org: '100000000000000010',
      dept: '100000000000000011',
      pos: '300000000000000003',
      user: '500000000000000002',
    });
  });

  it('follows a change of the caller’s department at once', async () => {
    const mine = await create({
      enCode: 'myDept',
      dataType: 1,
      query: 'SELECT CAST(@departmentId AS VARCHAR(40)) AS "dept" FROM organizations WHERE id = \'100000000000000001\'',
    });
    const dept = async () => ((await list(mine)).data.list[0] as { dept: string }).dept;
    expect(await dept()).toBe('100000000000000011');
    const zw = (await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'zhangwei').executeTakeFirstOrThrow()).id;
    const other = (
      await t.ctx.db
        .selectFrom('organizations')
        .select('id')
        .where('parentId', '=', '100000000000000010')
        .where('category', '=', 'department')
        .where('id', '!=', '100000000000000011')
        .orderBy('sortCode')
        .executeTakeFirstOrThrow()
    ).id;
    const move = (to: string) =>
      t.call('PUT', `/api/permission/Users/${zw}`, { token: admin, body: { account: 'zhangwei', realName: '张伟', organizeId: [to] } });
    const moved = await move(other);
    expect(moved.status, moved.msg).toBe(200);
    try {
      expect(await dept()).toBe(other);
    } finally {
      expect((await move('100000000000000011')).status).toBe(200);
    }
    expect(await dept()).toBe('100000000000000011');
  });

  it('checks required and typed parameters before running', async () => {
    const typed = await create({
      enCode: 'typedParams',
      dataType: 1,
      query: 'SELECT o.id AS "id" FROM organizations o WHERE o.sort_code >= {minSort}',
      parameterJson: [{ field: 'minSort', fieldName: '最小排序', dataType: 'int', required: 1 }],
    });
    const missing = await list(typed);
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('参数 minSort(最小排序) 不能为空');
    const wrong = await list(typed, { paramList: [{ field: 'minSort', defaultValue: 'abc' }] });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('参数 minSort 应为 int 类型');
    const ok = await list(typed, { paramList: [{ field: 'minSort', defaultValue: '20' }], pageSize: 100 });
    expect(ok.data.pagination.total).toBe(8);
  });

  it('refuses at call time a stored SQL that would write, even if it bypassed the save check', async () => {
    const sneaky = await create({ enCode: 'sneaky', dataType: 1, query: 'SELECT 1 AS a' });
    for (const evil of [
      'DELETE FROM organizations',
      'SELECT 1; DELETE FROM organizations',
      'SELECT 1 AS a /* */; DELETE FROM organizations',
    ]) {
      await t.ctx.db.updateTable('dataInterfaces').set({ query: evil, updatedAt: Date.now() }).where('id', '=', sneaky).execute();
      forgetInterfaces(t.ctx); // as after CALL_CACHE_MS, or in another server process
      const res = await list(sneaky);
      expect(res.status, evil).toBe(400);
    }
    expect((await list(id, { pageSize: 100 })).data.pagination.total).toBe(28);
  });

  it('runs on a connection that refuses writes, behind the check', async () => {
    for (const sql of ['DELETE FROM organizations', "UPDATE organizations SET full_name = 'x'", 'CREATE TABLE hacked (a integer)']) {
      const err = await runReadOnly(t.ctx, [{ sql, params: [] }], 2000).catch((e: unknown) => e);
      expect(err, sql).toBeInstanceOf(SqlRunError);
      expect((err as SqlRunError).kind).toBe('readonly');
    }
    const count = await t.ctx.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(28);
    // The app's own connection writes again afterwards.
    await t.ctx.db.updateTable('organizations').set({ description: 'still writable' }).where('id', '=', '100000000000000001').execute();
  });

  it.runIf(!!pgUrl)('stops a query that runs past the statement timeout (PostgreSQL)', async () => {
    await setSysConfig(t.ctx, { sqlTimeoutMs: 300 });
    try {
      const slow = await create({ enCode: 'slowPg', dataType: 1, query: 'SELECT count(*) AS n FROM generate_series(1, 500000000) g' });
      const started = Date.now();
      const res = await list(slow);
      expect(res.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await setSysConfig(t.ctx, { sqlTimeoutMs: 5000 });
    }
    // An interface may have a shorter limit of its own (SET LOCAL inside a READ ONLY transaction).
    const own = await create({
      enCode: 'slowOwn',
      dataType: 1,
      timeoutMs: 200,
      query: 'SELECT count(*) AS n FROM generate_series(1, 500000000) g',
    });
    const started = Date.now();
    expect((await list(own)).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(3000);
    const fast = await create({ enCode: 'fastOwn', dataType: 1, timeoutMs: 200, query: 'SELECT 1 AS "one" FROM organizations' });
    expect((await list(fast, { pageSize: 1 })).data.pagination.total).toBe(28);
  });

  it('never answers password hashes, even for SELECT *', async () => {
    const users = await create({ enCode: 'allUsers', dataType: 1, query: 'SELECT * FROM users' });
    const res = await list(users, { pageSize: 5 });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list[0]).toHaveProperty('account');
    for (const row of res.data.list) expect(Object.keys(row).some((k) => /password_?hash/i.test(k))).toBe(false);
    const byName = await t.call('POST', '/api/system/DataInterface', {
      token: admin,
      body: { categoryId: CATEGORY, fullName: 'x', enCode: 'pwd', dataType: 1, query: 'SELECT account, password_hash AS h FROM users' },
    });
    expect(byName.status).toBe(400);
  });

  it('refuses schema-qualified users, which would go around the shield', async () => {
    for (const query of ['SELECT account FROM main.users', 'SELECT account FROM public.users', 'SELECT account FROM "public"."users"']) {
      const res = await t.call('POST', '/api/system/DataInterface', {
        token: admin,
        body: { categoryId: CATEGORY, fullName: 'x', enCode: `q${query.length}`, dataType: 1, query },
      });
      expect(res.status, query).toBe(400);
    }
  });

  it('reads users through the shield in CTEs, recursive ones and derived tables, with their indexes', async () => {
    const recursive = await create({
      enCode: 'recursiveUsers',
      dataType: 1,
      query:
        'WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 2) SELECT u.account AS "account", n.k AS "k" FROM users u, n WHERE u.account = \'admin\'',
    });
    const res = await list(recursive);
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list.map((r: { k: number }) => Number(r.k)).sort()).toEqual([1, 2]);
    const derived = await create({ enCode: 'derivedUsers', dataType: 1, query: 'SELECT s.* FROM (SELECT * FROM users) s' });
    const rows = await list(derived, { pageSize: 50 });
    expect(rows.status, rows.msg).toBe(200);
    expect(rows.data.pagination.total).toBeGreaterThan(20);
    expect(JSON.stringify(rows.data.list)).not.toMatch(/argon2|password_?hash/i);
  });

  it.runIf(!!pgUrl)('never answers password hashes through whole-row values (PostgreSQL)', async () => {
    for (const [enCode, query] of [
      ['rowJson', 'SELECT row_to_json(u) AS "j" FROM users u'],
      ['rowText', 'SELECT u::text AS "j" FROM users u'],
      ['derivedJson', 'SELECT to_jsonb(s) AS "j" FROM (SELECT * FROM users) s'],
      ['aggJson', 'SELECT json_agg(u) AS "j" FROM users AS u'],
    ]) {
      const id = await create({ enCode, dataType: 1, query });
      const res = await list(id, { pageSize: 50 });
      expect(res.status, `${query}: ${res.msg}`).toBe(200);
      const text = JSON.stringify(res.data.list);
      expect(text, query).toContain('admin');
      expect(text, query).not.toMatch(/argon2|password_hash/i);
    }
  });

  it('reports database errors instead of swallowing them', async () => {
    const broken = await create({ enCode: 'broken', dataType: 1, query: 'SELECT nosuch_column FROM organizations' });
    const res = await list(broken);
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^SQL 执行出错：/);
  });
});

describe('seeded interfaces (spec §7.8)', () => {
  it('answers organisation options by the fixed id and department options scoped by organisation', async () => {
    const orgs = await list(ORG_OPTIONS_INTERFACE_ID, { pageSize: 100 });
    expect(orgs.data.list[0]).toMatchObject({ ORG_CODE: 'QSYGT', ORG_NAME: '青山县医疗健康集团' });
    expect(orgs.data.pagination.total).toBe(11);
    const depts = await list('deptOptions', {
      paramList: [{ field: 'orgId', sourceType: 4, relationField: '@organizeId' }],
      pageSize: 100,
    });
    expect(depts.data.list.map((d: { officeCode: string }) => d.officeCode)).toEqual([
      'QSRMYY.NK',
      'QSRMYY.WK',
      'QSRMYY.FCK',
      'QSRMYY.EK',
      'QSRMYY.CSK',
      'QSRMYY.YXK',
      'QSRMYY.KJK',
    ]);
    expect(depts.data.list[0]).toMatchObject({ officeName: '内科', orgCode: 'QSRMYY' });
  });

  it('answers any dictionary through the dictionary-scoped variant (paramList dict_code)', async () => {
    const res = await list('dictionaryItems', { paramList: [{ field: 'dict_code', defaultValue: 'urgency' }] });
    expect(res.data.list.map((r: { CODE: string; ITEM_NAME: string }) => `${r.CODE}${r.ITEM_NAME}`)).toEqual(['1一般', '2重要', '3紧急']);
    const missing = await list('dictionaryItems');
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('参数 dict_code(字典编码) 不能为空');
  });

  it('turns UNIT numbers into names and serves static data paged and filtered', async () => {
    const units = await t.call('POST', `/api/system/DataInterface/${interfaceId('unitCodeList')}/Action/InfoByIds`, {
      token: doctor,
      body: { ids: [2, '3'], propsValue: 'CODE' },
    });
    expect(units.data.map((u: { ITEM_NAME: string }) => u.ITEM_NAME).sort()).toEqual(['盒', '瓶'].sort());
    const page = await list('doctorTitle', { pageSize: 2, currentPage: 2 });
    expect(page.data.pagination.total).toBe(5);
    expect(page.data.list.map((r: { fullName: string }) => r.fullName)).toEqual(['主治医师', '住院医师']);
    const kw = await list('doctorTitle', { keyword: '主任', columnOptions: ['fullName'] });
    expect(kw.data.list.map((r: { fullName: string }) => r.fullName)).toEqual(['主任医师', '副主任医师']);
    const sorted = await list('doctorTitle', { sidx: 'level', sort: 'desc', pageSize: 1 });
    expect(sorted.data.list[0].fullName).toBe('乡村医生');
    const info = await t.call('GET', '/api/system/DataInterface/doctorTitle/Action/Info?id=233', { token: doctor });
    expect(info.data.fullName).toBe('主治医师');
  });
});

describe('call log', () => {
  it('logs every call with its duration and outcome, paged, newest first', async () => {
    const id = await create({ enCode: 'logged', dataType: 1, query: 'SELECT 1 AS a FROM organizations' });
    await list(id);
    await list(id, { paramList: 'not json' });
    await t.ctx.db
      .updateTable('dataInterfaces')
      .set({ query: 'SELECT nosuch FROM organizations', updatedAt: Date.now() })
      .where('id', '=', id)
      .execute();
    forgetInterfaces(t.ctx);
    await list(id);
    await flushLogs(t.ctx);
    const logs = await t.call('GET', `/api/system/DataInterfaceLog/${id}?pageSize=10`, { token: admin });
    expect(logs.status).toBe(200);
    expect(logs.data.pagination.total).toBe(2);
    const [failed, succeeded] = logs.data.list;
    expect(failed).toMatchObject({ success: 0, userName: '张伟/zhangwei', source: 'list', invokType: 'list' });
    expect(failed.message).toContain('dataInterface.sqlError');
    expect(succeeded).toMatchObject({ success: 1, userId: '500000000000000002' });
    expect(typeof succeeded.invokWasteTime).toBe('number');
    const paged = await t.call('GET', `/api/system/DataInterfaceLog/${id}?pageSize=1&currentPage=2`, { token: admin });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.list[0].id).toBe(succeeded.id);
  });
});
