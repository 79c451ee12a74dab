import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_PASSWORD } from '@medalliance/contract';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { snapshot } from './test-helpers.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let t: TestApp;
let admin: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-import-'));
  t = await createTestApp({ dataDir });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readSheet(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const ws = wb.worksheets[0]!;
  const out: string[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----medalliance${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const header = ['账号', '姓名', '性别', '手机', '邮箱', '身份证号', '所属组织', '岗位', '角色', '说明'];

describe('user import', () => {
  it('TemplateDownload answers a workbook with the headers and a sample row, as a UTF-8 named download', async () => {
    const res = await t.call('GET', '/api/permission/Users/TemplateDownload', { token: admin });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('spreadsheetml');
    expect(res.raw.headers['content-disposition']).toContain("filename*=UTF-8''%E7%94%A8%E6%88%B7");
    const rows = await readSheet(res.raw.rawPayload);
    expect(rows[0]).toEqual(['账号 *', '姓名 *', '性别', '手机', '邮箱', '身份证号', '所属组织 *', '岗位', '角色', '说明']);
    expect(rows[1]![0]).toBe('zhangsan01');
    const en = await t.call('GET', '/api/micq/MICQ_AFTER_IMPORT/TemplateDownload', { token: admin, headers: { 'accept-language': 'en' } });
    expect((await readSheet(en.raw.rawPayload))[0]![0]).toBe('Account *');
  });

  let fileName: string;
  let previewList: Record<string, string>[];
  it('ImportPreview takes the upload and answers every row with its errors', async () => {
    const content = await workbook([
      header,
      ['imp001', '导入一', '男', '13700000001', 'imp001@example.org', '', 'QSRMYY.NK', 'P.RM.ATTENDING', 'countyDoctor', '第一行'],
      ['imp002', '导入二', '女', '', '', '', '青山县医疗健康集团/青山县人民医院/外科', '', '', ''],
      ['imp003', '导入三', '', '123', 'bad-mail', '', 'NOPE', 'P.X', 'noRole', ''],
      ['imp001', '重复', '', '', '', '', 'QSRMYY.NK', '', '', ''],
      ['zhangwei', '张伟', '', '', '', '', 'QSRMYY.NK', '', '', ''],
      ['', '<script>alert(1)</script>', '外星', '', '', '', '', '', '', ''],
      ['', '', '', '', '', '', '', '', '', ''],
    ]);
    const { body, headers } = multipart('导入.xlsx', content);
    const res = await t.call('POST', '/api/permission/Users/ImportPreview', { token: admin, body, headers });
    expect(res.code, res.msg).toBe(200);
    fileName = res.data.fileName;
    previewList = res.data.list;
    expect(res.data.snum).toBe(2);
    expect(res.data.fnum).toBe(4);
    expect(previewList.map((r) => r.errorsInfo === '')).toEqual([true, true, false, false, false, false]);
    expect(previewList[2]!.errorsInfo).toMatch(/NOPE/);
    expect(previewList[2]!.errorsInfo).toMatch(/手机/);
    expect(previewList[2]!.errorsInfo).toMatch(/noRole/);
    expect(previewList[3]!.errorsInfo).toMatch(/重复/);
    expect(previewList[4]!.errorsInfo).toMatch(/zhangwei/);
    expect(previewList[5]!.errorsInfo).toMatch(/外星/);
    expect(previewList[5]!.realName).toBe('<script>alert(1)</script>');
  });

  it('a stored upload can be previewed again by name, only by its uploader', async () => {
    const again = await t.call('GET', `/api/permission/Users/ImportPreview?fileName=${fileName}`, { token: admin });
    expect(again.data.list).toHaveLength(6);
    const json = await t.call('POST', '/api/permission/Users/ImportPreview', { token: admin, body: { fileName } });
    expect(json.data.snum).toBe(2);
    expect((await t.call('GET', '/api/permission/Users/ImportPreview?fileName=..%2F..%2Fetc%2Fpasswd', { token: admin })).status).toBe(400);
    const dean = await t.login('huangqiang'); // no btn_import
    expect((await t.call('GET', `/api/permission/Users/ImportPreview?fileName=${fileName}`, { token: dean })).status).toBe(403);
  });

  it('refuses files that are not workbooks', async () => {
    const { body, headers } = multipart('x.xlsx', Buffer.from('account,realName\nx,y\n'));
    const res = await t.call('POST', '/api/permission/Users/ImportPreview', { token: admin, body, headers });
    expect(res.status).toBe(400);
    const noHeaders = multipart(
      'y.xlsx',
      await workbook([
        ['foo', 'bar'],
        ['1', '2'],
      ]),
    );
    expect((await t.call('POST', '/api/permission/Users/ImportPreview', { token: admin, ...noHeaders })).status).toBe(400);
  });

  it('allOrNothing: one bad row imports nothing', async () => {
    const before = await snapshot(t);
    const res = await t.call('POST', '/api/permission/Users/ImportData', { token: admin, body: { list: previewList, allOrNothing: true } });
    expect(res.data).toMatchObject({ snum: 0, fnum: 6, resultType: 1 });
    expect(await snapshot(t)).toEqual(before);
  });

  it('ImportData imports the valid rows (re-checked) and answers the failed ones', async () => {
    const res = await t.call('POST', '/api/micq/MICQ_AFTER_IMPORT/ImportData', { token: admin, body: { list: previewList } });
    expect(res.data).toMatchObject({ snum: 2, fnum: 4, resultType: 1 });
    expect(res.data.failResult).toHaveLength(4);
    const imp = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'organizeId', 'positionId', 'gender'])
      .where('account', '=', 'imp001')
      .executeTakeFirstOrThrow();
    expect(imp).toMatchObject({ organizeId: '100000000000000011', positionId: '300000000000000004', gender: 1 });
    const roles = await t.ctx.db
      .selectFrom('userRelations')
      .select('objectId')
      .where('userId', '=', imp.id)
      .where('objectType', '=', 'Role')
      .execute();
    expect(roles.map((r) => r.objectId)).toEqual(['200000000000000002']);
    expect(await t.login('imp002', DEFAULT_USER_PASSWORD)).toMatch(/^Bearer /);
    // Importing the same rows again: now every account exists.
    const again = await t.call('POST', '/api/permission/Users/ImportData', { token: admin, body: { list: previewList.slice(0, 2) } });
    expect(again.data).toMatchObject({ snum: 0, fnum: 2 });
  });

  it('ExportExceptionData answers the failed rows with their reasons', async () => {
    const failed = previewList.filter((r) => r.errorsInfo);
    const res = await t.call('POST', '/api/permission/Users/ExportExceptionData', { token: admin, body: { list: failed } });
    expect(res.raw.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.raw.rawPayload);
    expect(rows[0]!.at(-1)).toBe('异常原因');
    expect(rows).toHaveLength(5);
    expect(rows[1]![0]).toBe('imp003');
  });
});

describe('user export', () => {
  it('exports the filtered list as a workbook', async () => {
    const res = await t.call('GET', `/api/permission/Users/ExportExcel?organizeId=100000000000000015`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-disposition']).toMatch(/^attachment; filename="users_\d{8}\.xlsx"/);
    const rows = await readSheet(res.raw.rawPayload);
    expect(rows[0]).toEqual(['账号', '姓名', '性别', '手机', '邮箱', '所属组织', '岗位', '角色', '状态', '创建时间', '说明']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['wuqing', 'zhenghao', 'zhoujie']);
    const chosen = await t.call('GET', `/api/permission/Users/ExportExcel?organizeId=100000000000000015&selectKey=account,realName`, {
      token: admin,
    });
    expect((await readSheet(chosen.raw.rawPayload))[0]).toEqual(['账号', '姓名']);
  });

  it('row rules apply: the dean exports only his hospital', async () => {
    const dean = await t.login('huangqiang');
    const res = await t.call('GET', '/api/permission/Users/ExportExcel', { token: dean });
    const rows = await readSheet(res.raw.rawPayload);
    const accounts = rows.slice(1).map((r) => r[0]);
    expect(accounts).toContain('zhangwei');
    expect(accounts).toContain('imp001');
    expect(accounts).not.toContain('linhua');
    expect(accounts).not.toContain('admin');
  });
});
