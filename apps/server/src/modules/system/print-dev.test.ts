import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { printTemplateId } from '../../db/seed/system.ts';
import { PRINT_LAYOUTS } from '../../lib/print-layouts.ts';
import { executableParts, normalizedHtml } from '../../lib/xss-check.ts';
import { XSS_VECTORS } from '../../lib/xss-vectors.ts';

let t: TestApp;
let admin: string;
let doctor: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const template = (extra: Record<string, unknown> = {}) => ({
  fullName: '测试模板',
  enCode: 'tpl1',
  category: 'business',
  type: 2,
  sqlTemplate: [{ sql: 'SELECT o.full_name AS "orgName", o.en_code AS "orgCode" FROM organizations o WHERE o.id = @formId' }],
  printTemplate: '<h1>{orgName}</h1>',
  ...extra,
});

describe('printing a record', () => {
  it('answers the staff card of a user: head fields, child rows, template and an empty approval trail', async () => {
    const res = await t.call('GET', `/api/system/printDev/Data?id=${printTemplateId('staffCard')}&formId=500000000000000002`, {
      token: doctor,
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.printData).toMatchObject({
      realName: '张伟',
      account: 'zhangwei',
      gender: '男',
      position: '科主任',
      department: '内科',
      organization: '青山县人民医院',
    });
    expect(res.data.printData.childrenDataTable0).toEqual([{ roleName: '县级医生', roleCode: 'countyDoctor' }]);
    expect(res.data.printTemplate).toContain('{childrenDataTable0.roleName}');
    expect(res.data.flowTaskOperatorRecordList).toEqual([]);
  });

  it('answers the stock list of a unit with its items as a child table', async () => {
    const res = await t.call('GET', `/api/system/printDev/Data?id=${printTemplateId('orgStockList')}&formId=100000000000000030`, {
      token: doctor,
    });
    expect(res.data.printData).toMatchObject({ orgName: '青山县城关镇卫生院', orgCode: 'CGZWSY' });
    expect(Number(res.data.printData.itemCount)).toBe(15);
    expect(res.data.printData.childrenDataTable0).toHaveLength(15);
    expect(res.data.printData.childrenDataTable0[0]).toMatchObject({ code: 'HC0001', name: '一次性使用无菌注射器' });
  });

  it('prints with a disabled template for administrators only', async () => {
    const id = printTemplateId('orgStockList');
    const url = `/api/system/printDev/Data?id=${id}&formId=100000000000000030`;
    expect((await t.call('PUT', `/api/system/printDev/${id}/Actions/State`, { token: admin })).status).toBe(200);
    try {
      const refused = await t.call('GET', url, { token: doctor });
      expect(refused.status).toBe(400);
      expect(refused.msg).toBe('该打印模板已停用');
      expect((await t.call('GET', url, { token: admin })).status).toBe(200);
    } finally {
      expect((await t.call('PUT', `/api/system/printDev/${id}/Actions/State`, { token: admin })).status).toBe(200);
    }
    expect((await t.call('GET', url, { token: doctor })).status).toBe(200);
  });

  it('binds formId: an injection attempt prints nothing', async () => {
    const res = await t.call(
      'GET',
      `/api/system/printDev/Data?id=${printTemplateId('staffCard')}&formId=${encodeURIComponent("x' OR '1'='1")}`,
      { token: doctor },
    );
    expect(res.status).toBe(200);
    expect(res.data.printData).toEqual({ childrenDataTable0: [] });
  });

  it('answers 404 for an unknown template and 400 without an id', async () => {
    expect((await t.call('GET', '/api/system/printDev/Data?id=404404&formId=1', { token: doctor })).status).toBe(404);
    expect((await t.call('GET', '/api/system/printDev/Data', { token: doctor })).status).toBe(400);
  });
});

describe('designing templates', () => {
  it('answers the columns of each query, even with no rows: headTable then childrenDataTable0..n', async () => {
    const res = await t.call('POST', '/api/system/printDev/Fields', {
      token: admin,
      body: {
        sqlTemplate: [
          { sql: 'SELECT o.full_name AS "orgName", o.en_code AS "orgCode" FROM organizations o WHERE o.id = @formId' },
          { sql: 'SELECT s.item_code AS "code", s.quantity AS "qty" FROM stock_items s WHERE s.org_id = @formId' },
          { sql: 'SELECT u.account AS "account" FROM users u WHERE u.organize_id = {formId}' },
        ],
      },
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toEqual({
      headTable: [
        { field: 'orgName', fieldName: 'orgName' },
        { field: 'orgCode', fieldName: 'orgCode' },
      ],
      childrenDataTable0: [
        { field: 'code', fieldName: 'code' },
        { field: 'qty', fieldName: 'qty' },
      ],
      childrenDataTable1: [{ field: 'account', fieldName: 'account' }],
    });
    // The older clients send the list as JSON text.
    const text = await t.call('POST', '/api/system/printDev/Fields', {
      token: admin,
      body: { sqlTemplate: JSON.stringify([{ sql: 'SELECT 1 AS "one"' }]) },
    });
    expect(text.data.headTable).toEqual([{ field: 'one', fieldName: 'one' }]);
  });

  it('refuses template SQL that writes, or several statements, through the same guard as data interfaces', async () => {
    for (const sql of [
      'DELETE FROM users',
      'SELECT 1; DELETE FROM users',
      'SELECT 1 /* */; DELETE FROM users',
      'WITH x AS (UPDATE users SET real_name = 1 RETURNING id) SELECT * FROM x',
    ]) {
      const res = await t.call('POST', '/api/system/printDev/Fields', { token: admin, body: { sqlTemplate: [{ sql }] } });
      expect(res.status, sql).toBe(400);
    }
    expect((await t.call('GET', '/api/system/printDev/Data?id=nope', { token: admin })).status).toBe(404);
  });

  it('creates, reads, edits, copies, toggles, exports and deletes a template', async () => {
    const res = await t.call('POST', '/api/system/printDev', {
      token: admin,
      body: template({ pageParam: { size: 'A5' }, leftFields: [{ field: 'orgName' }] }),
    });
    expect(res.status, res.msg).toBe(200);
    const id = res.data.id;
    const info = await t.call('GET', `/api/system/printDev/${id}`, { token: admin });
    expect(info.data).toMatchObject({
      fullName: '测试模板',
      enCode: 'tpl1',
      category: 'business',
      type: 2,
      printTemplate: '<h1>{orgName}</h1>',
      pageParam: { size: 'A5' },
    });
    expect(info.data.sqlTemplate).toHaveLength(1);

    const upd = await t.call('PUT', `/api/system/printDev/${id}`, {
      token: admin,
      body: template({ fullName: '改名模板', printTemplate: '<script>x</script>{orgName}' }),
    });
    expect(upd.status).toBe(200);
    // The script is removed on save; the placeholder stays.
    expect((await t.call('GET', `/api/system/printDev/${id}`, { token: admin })).data.printTemplate).toBe('{orgName}');

    const copy = await t.call('POST', `/api/system/printDev/${id}/Actions/Copy`, { token: admin });
    expect(copy.status).toBe(200);
    const copied = await t.call('GET', `/api/system/printDev/${copy.data.id}`, { token: admin });
    expect(copied.data.fullName).toMatch(/^改名模板副本\d{6}$/);
    expect(copied.data.enCode).toMatch(/^tpl1\.\d{6}$/);
    expect(copied.data.enabledMark).toBe(0);

    const data = await t.call('GET', `/api/system/printDev/Data?id=${id}&formId=100000000000000010`, { token: doctor });
    expect(data.data.printData).toEqual({ orgName: '青山县人民医院', orgCode: 'QSRMYY' });

    const list = await t.call('GET', '/api/system/printDev?keyword=改名', { token: admin });
    const business = list.data.list.find((c: { enCode: string }) => c.enCode === 'business');
    expect(business.children.map((c: { id: string }) => c.id).sort()).toEqual([id, copy.data.id].sort());

    const exp = await t.call('GET', `/api/system/printDev/${id}/Actions/Export`, { token: admin });
    expect(exp.raw.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(exp.raw.body)).toMatchObject({ kind: 'printDev', enCode: 'tpl1', sqlTemplate: [{ sql: expect.any(String) }] });

    const off = await t.call('PUT', `/api/system/printDev/${id}/Actions/State`, { token: admin });
    expect(off.data.enabledMark).toBe(0);
    expect((await t.call('DELETE', `/api/system/printDev/${copy.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/system/printDev/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/system/printDev/${id}`, { token: admin })).status).toBe(404);
  });

  it('offers enabled templates by category and type for the print buttons', async () => {
    const forms = await t.call('GET', '/api/system/printDev/Selector?type=2', { token: doctor });
    expect(forms.status).toBe(200);
    const hr = forms.data.list.find((c: { enCode: string }) => c.enCode === 'hr');
    expect(hr.children.map((c: { enCode: string }) => c.enCode)).toEqual(['staffCard']);
    const flows = await t.call('GET', '/api/system/printDev/Selector?type=1', { token: doctor });
    expect(flows.data.list).toEqual([]);
  });

  it('refuses bad input, unknown categories, duplicates and unknown ids', async () => {
    for (const [body, field] of [
      [template({ fullName: '' }), 'fullName'],
      [template({ type: 3 }), 'type'],
      [template({ sqlTemplate: 'not json' }), 'sqlTemplate'],
      [template({ sqlTemplate: [{ sql: 5 }] }), 'sqlTemplate'],
      [template({ printTemplate: 'x'.repeat(500_001) }), 'printTemplate'],
      [template({ enCode: undefined }), 'enCode'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call('POST', '/api/system/printDev', { token: admin, body, headers: { 'accept-language': 'en' } });
      expect(res.status, field).toBe(400);
      expect(res.msg.startsWith(field), res.msg).toBe(true);
    }
    expect((await t.call('POST', '/api/system/printDev', { token: admin, body: template({ category: 'nosuch' }) })).status).toBe(400);
    expect((await t.call('POST', '/api/system/printDev', { token: admin, body: template({ enCode: 'staffCard' }) })).status).toBe(409);
    for (const [m, url] of [
      ['GET', '/api/system/printDev/404404'],
      ['PUT', '/api/system/printDev/404404'],
      ['DELETE', '/api/system/printDev/404404'],
      ['POST', '/api/system/printDev/404404/Actions/Copy'],
      ['GET', '/api/system/printDev/404404/Actions/Export'],
    ] as const) {
      expect((await t.call(m, url, { token: admin, body: m === 'PUT' ? template() : undefined })).status, url).toBe(404);
    }
  });

  it('lets users print and pick templates, but only template editors design them', async () => {
    expect((await t.call('GET', '/api/system/printDev', { token: doctor })).status).toBe(403);
    expect((await t.call('POST', '/api/system/printDev', { token: doctor, body: template() })).status).toBe(403);
    expect(
      (await t.call('POST', '/api/system/printDev/Fields', { token: doctor, body: { sqlTemplate: [{ sql: 'SELECT 1 AS a' }] } })).status,
    ).toBe(403);
  });
});

describe('template HTML is sanitized on save', () => {
  const vectors = XSS_VECTORS.map((v, i) => `<p>v${i}</p>${v}`).join('\n');

  it('stores a template full of script-injection vectors clean: read, print data, copy and export hold nothing that runs', async () => {
    expect(executableParts(vectors).length).toBeGreaterThan(90);
    const created = await t.call('POST', '/api/system/printDev', {
      token: admin,
      body: template({ enCode: 'xssAdd', printTemplate: vectors }),
    });
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id;
    try {
      const stored = (await t.call('GET', `/api/system/printDev/${id}`, { token: admin })).data.printTemplate;
      expect(executableParts(stored)).toEqual([]);
      // The harmless text around the vectors is kept (an unclosed raw-text element swallows what follows it, as in a browser).
      expect(stored).toContain('<p>v0</p>');
      const printed = await t.call('GET', `/api/system/printDev/Data?id=${id}&formId=100000000000000010`, { token: admin });
      expect(executableParts(printed.data.printTemplate)).toEqual([]);
      const exported = await t.call('GET', `/api/system/printDev/${id}/Actions/Export`, { token: admin });
      expect(executableParts(JSON.parse(exported.raw.body).printTemplate)).toEqual([]);

      // An edit is cleaned the same way.
      const edited = await t.call('PUT', `/api/system/printDev/${id}`, {
        token: admin,
        body: template({ enCode: 'xssAdd', printTemplate: '<svg/onload=alert(1)><img src=x onerror=alert(2)>{orgName}' }),
      });
      expect(edited.status, edited.msg).toBe(200);
      expect((await t.call('GET', `/api/system/printDev/${id}`, { token: admin })).data.printTemplate).toBe('<img src="x">{orgName}');
    } finally {
      await t.call('DELETE', `/api/system/printDev/${id}`, { token: admin });
    }
  });

  it('cleans a template stored before sanitizing existed when it is copied', async () => {
    const id = printTemplateId('staffCard');
    const before = (await t.call('GET', `/api/system/printDev/${id}`, { token: admin })).data.printTemplate;
    await t.ctx.db
      .updateTable('printTemplates')
      .set({ printTemplate: `${before}<img src=x onerror=alert(1)>` })
      .where('id', '=', id)
      .execute();
    try {
      const copy = await t.call('POST', `/api/system/printDev/${id}/Actions/Copy`, { token: admin });
      expect(copy.status, copy.msg).toBe(200);
      const copied = (await t.call('GET', `/api/system/printDev/${copy.data.id}`, { token: admin })).data.printTemplate;
      expect(executableParts(copied)).toEqual([]);
      expect(copied).toBe(normalizedHtml(`${before}<img src="x">`));
      await t.call('DELETE', `/api/system/printDev/${copy.data.id}`, { token: admin });
    } finally {
      await t.ctx.db.updateTable('printTemplates').set({ printTemplate: before }).where('id', '=', id).execute();
    }
  });

  it('keeps ordinary layouts as they were written', async () => {
    for (const [name, html] of Object.entries(PRINT_LAYOUTS)) {
      const res = await t.call('POST', '/api/system/printDev', {
        token: admin,
        body: template({ enCode: `layout.${name}`, printTemplate: html }),
      });
      expect(res.status, res.msg).toBe(200);
      const stored = (await t.call('GET', `/api/system/printDev/${res.data.id}`, { token: admin })).data.printTemplate;
      expect(stored, name).toBe(normalizedHtml(html));
      expect((await t.call('DELETE', `/api/system/printDev/${res.data.id}`, { token: admin })).status).toBe(200);
    }
  });
});
