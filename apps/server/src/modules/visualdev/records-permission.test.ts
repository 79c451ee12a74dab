import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertUser } from '../permission/test-helpers.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { createTestModel, grant, type TestModel } from './records-test-model.ts';

/** Every OnlineDev route enforces the model menu, its buttons, column and form-field grants, on the server. */
let t: TestApp;
let admin: string;
let m: TestModel;
let other: TestModel;
let recordId: string;
const O = '/api/visualdev/OnlineDev';

const data = { patientName: '李四', code: 'P1', age: 40, kind: 'o', secret: '机密', items: [{ drug: 'x' }] };

/** A user with their own grants (made by `setup` through `g`). */
async function userWith(account: string, setup: (g: (mm: TestModel, type: string, ids: string[]) => Promise<void>) => Promise<void>) {
  const id = await insertUser(t, account);
  await setup((mm, type, ids) => grant(t, mm, type, ids, id));
  invalidateGrants(t.ctx);
  return t.login(account);
}

const routes = (id: string) =>
  [
    ['GET', `${O}/${m.modelId}/Config`, undefined, null],
    ['POST', `${O}/${m.modelId}/List`, {}, null],
    ['POST', `${O}/${m.modelId}`, { data }, 'btn_add'],
    ['GET', `${O}/${m.modelId}/${id}`, undefined, 'btn_edit'],
    ['GET', `${O}/${m.modelId}/${id}/DataChange`, undefined, 'btn_detail'],
    ['PUT', `${O}/${m.modelId}/${id}`, { data }, 'btn_edit'],
    ['POST', `${O}/${m.modelId}/Actions/ExportData`, {}, 'btn_export'],
    ['POST', `${O}/${m.modelId}/Actions/Export`, {}, 'btn_export'],
    ['GET', `${O}/${m.modelId}/Template`, undefined, 'btn_import'],
    ['POST', `${O}/${m.modelId}/Actions/Import`, {}, 'btn_import'],
    ['POST', `${O}/batchDelete/${m.modelId}`, { ids: [id] }, 'btn_remove'],
    ['DELETE', `${O}/${m.modelId}/${id}`, undefined, 'btn_remove'],
  ] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  m = await createTestModel(t);
  other = await createTestModel(t, 'rtOther');
  recordId = (await t.call('POST', `${O}/${m.modelId}`, { token: admin, body: { data } })).data.id;
});
afterAll(() => t.close());

describe('menu and buttons', () => {
  it('refuses every route to a user without the menu', async () => {
    const token = await userWith('rt_nomenu', async () => {});
    for (const [method, url, body] of routes(recordId)) {
      const res = await t.call(method, url, { token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses a button route without that button, allows it with it', async () => {
    const token = await userWith('rt_menuonly', async (g) => g(m, 'module', [m.menuId]));
    for (const [method, url, body, button] of routes(recordId)) {
      const res = await t.call(method, url, { token, body });
      if (button) expect(res.status, `${method} ${url}`).toBe(403);
      else expect(res.status, `${method} ${url} ${res.msg}`).toBe(200);
    }
    const full = await userWith('rt_full', async (g) => {
      await g(m, 'module', [m.menuId]);
      await g(m, 'button', Object.values(m.buttonIds));
      await g(m, 'form', Object.values(m.formIds));
    });
    const created = await t.call('POST', `${O}/${m.modelId}`, { token: full, body: { data } });
    expect(created.code).toBe(200);
    expect((await t.call('GET', `${O}/${m.modelId}/${created.data.id}/DataChange`, { token: full })).code).toBe(200);
    expect((await t.call('DELETE', `${O}/${m.modelId}/${created.data.id}`, { token: full })).code).toBe(200);
  });

  it('a menu of another model does not open this one', async () => {
    const token2 = await userWith('rt_othermenu', async (g) => {
      await g(other, 'module', [other.menuId]);
      await g(other, 'button', Object.values(other.buttonIds));
    });
    expect((await t.call('POST', `${O}/${other.modelId}/List`, { token: token2, body: {} })).code).toBe(200);
    expect((await t.call('POST', `${O}/${m.modelId}/List`, { token: token2, body: { menuId: other.menuId } })).status).toBe(403);
    expect((await t.call('POST', `${O}/${m.modelId}/List`, { token: token2, body: {} })).status).toBe(403);
    expect((await t.call('GET', `${O}/${m.modelId}/Config?menuId=${other.menuId}`, { token: token2 })).status).toBe(403);
  });
});

describe('columns and form fields', () => {
  it('a column not granted is neither sent in the list nor exported nor in Config', async () => {
    const token = await userWith('rt_cols', async (g) => {
      await g(m, 'module', [m.menuId]);
      await g(m, 'button', Object.values(m.buttonIds));
      await g(
        m,
        'column',
        Object.entries(m.columnIds)
          .filter(([k]) => k !== 'secret')
          .map(([, v]) => v),
      );
      await g(m, 'form', Object.values(m.formIds));
    });
    const list = await t.call('POST', `${O}/${m.modelId}/List`, { token, body: {} });
    expect(list.data.list.length).toBeGreaterThan(0);
    for (const row of list.data.list) {
      expect(row).not.toHaveProperty('secret');
      expect(row).toHaveProperty('patientName');
    }
    expect(list.raw.body).not.toContain('机密');
    const adminList = await t.call('POST', `${O}/${m.modelId}/List`, { token: admin, body: {} });
    expect(adminList.raw.body).toContain('机密');
    const config = await t.call('GET', `${O}/${m.modelId}/Config`, { token });
    expect(config.data.columnData.columns.map((c: { field: string }) => c.field)).not.toContain('secret');
    // The relation-form picker's rows of this model follow the same column grants.
    const picker = await t.call('GET', `/api/visualdev/Base/${m.modelId}/FieldDataSelect`, { token });
    expect(picker.status).toBe(200);
    expect(picker.data.list.length).toBeGreaterThan(0);
    expect(picker.data.list[0]).toHaveProperty('patientName');
    expect(picker.raw.body).not.toContain('机密');
    const exported = await t.app.inject({
      method: 'POST',
      url: `${O}/${m.modelId}/Actions/ExportData`,
      headers: { authorization: token },
      payload: { dataType: '1', selectKey: ['code', 'secret'] },
    });
    expect(exported.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['编号']);
  });

  it('a form field not granted is not written and not sent', async () => {
    const token = await userWith('rt_forms', async (g) => {
      await g(m, 'module', [m.menuId]);
      await g(m, 'button', Object.values(m.buttonIds));
      await g(m, 'column', Object.values(m.columnIds));
      await g(
        m,
        'form',
        Object.entries(m.formIds)
          .filter(([k]) => k !== 'code')
          .map(([, v]) => v),
      );
    });
    const read = await t.call('GET', `${O}/${m.modelId}/${recordId}`, { token });
    expect(read.data.data).not.toHaveProperty('code');
    expect(read.data.data.patientName).toBe('李四');
    const put = await t.call('PUT', `${O}/${m.modelId}/${recordId}`, { token, body: { data: { ...data, code: 'HACKED', age: 41 } } });
    expect(put.code).toBe(200);
    const after = (await t.call('GET', `${O}/${m.modelId}/${recordId}`, { token: admin })).data.data;
    expect(after).toMatchObject({ code: 'P1', age: 41 });
    const created = await t.call('POST', `${O}/${m.modelId}`, { token, body: { data: { ...data, code: 'NEW' } } });
    const row = (await t.call('GET', `${O}/${m.modelId}/${created.data.id}`, { token: admin })).data.data;
    expect(row.code).toBeNull();
    const config = await t.call('GET', `${O}/${m.modelId}/Config`, { token });
    expect(JSON.stringify(config.data.formData)).not.toContain('"code"');
  });
});
