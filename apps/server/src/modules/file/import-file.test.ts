import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnvelope } from '../../http/envelope.ts';
import { ok } from '../../http/envelope.ts';
import { readImportFile } from './import-file.ts';
import './messages.ts';
import { multipart as body } from './test-support.ts';

/** The import helper other modules use for their import buttons. */
const app = Fastify();
beforeAll(async () => {
  registerEnvelope(app);
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.post('/import', async (req) => {
      const f = await readImportFile(req, { extensions: ['xlsx', 'csv'], maxBytes: 1000 });
      return ok({ fileName: f.fileName, size: f.data.length, head: f.data.subarray(0, 4).toString() });
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const post = async (files: { name: string; data: Buffer }[], lang = 'zh') => {
  const b = body({}, files);
  const res = await app.inject({ method: 'POST', url: '/import', headers: { ...b.headers, 'accept-language': lang }, payload: b.payload });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
};

describe('readImportFile', () => {
  it('reads the uploaded spreadsheet', async () => {
    const res = await post([{ name: '居民名单.xlsx', data: Buffer.from('PK\u0003\u0004rest') }]);
    expect(res).toMatchObject({ code: 200, data: { fileName: '居民名单.xlsx', size: 8, head: 'PK\u0003\u0004' } });
  });

  it('refuses other types, oversize files, a second file and no file, with the upload messages', async () => {
    expect((await post([{ name: 'a.exe', data: Buffer.from('x') }])).msg).toBe('请选择该类型的文件');
    const big = await post([{ name: 'a.csv', data: Buffer.alloc(1001) }], 'en');
    expect(big.status).toBe(400);
    expect(big.msg).toBe('File size exceeds 0.98KB');
    expect(
      (
        await post([
          { name: 'a.csv', data: Buffer.from('1') },
          { name: 'b.csv', data: Buffer.from('2') },
        ])
      ).msg,
    ).toBe('当前限制最多可以上传1个文件');
    expect((await post([])).msg).toBe('请选择要上传的文件');
  });
});
