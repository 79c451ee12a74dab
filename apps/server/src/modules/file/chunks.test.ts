import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE } from '@medalliance/contract';
import {
  bytes,
  checkChunk,
  chunkFieldsOf,
  createFileTestApp,
  md5Of,
  merge,
  multipart,
  sendChunk,
  uploadAll,
  type ChunkPlan,
  type FileTestApp,
} from './test-support.ts';

let t: FileTestApp;
let admin: string;
let doctor: string;

beforeAll(async () => {
  t = await createFileTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

const tmpDir = (identifier: string) => path.join(t.dataDir, 'files', '.tmp', identifier);
const download = (token: string, url: string, headers: Record<string, string> = {}) => t.send('GET', url, { token, headers });

describe('chunk upload', () => {
  it('uploads a file in 5 MiB chunks, merges it and downloads it byte-identical', async () => {
    const plan: ChunkPlan = { data: bytes(CHUNK_SIZE * 2 + 12345, 11), fileName: '转诊单 2026.pdf' };
    const res = await uploadAll(t, admin, plan);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ fileSize: plan.data.length, fileExtension: 'pdf', fileName: '转诊单 2026.pdf' });
    expect(res.data.name).toMatch(/^\d{8}_\d+\.pdf$/);
    expect(res.data.url).toBe(`/api/file/Download/annex/${res.data.name}`);
    expect(res.data.fileVersionId).toBeTruthy();
    const got = await download(admin, res.data.url);
    expect(got.status).toBe(200);
    expect(got.raw.headers['content-type']).toBe('application/pdf');
    expect(got.raw.headers['content-length']).toBe(String(plan.data.length));
    expect(got.raw.headers['content-disposition']).toBe(
      `attachment; filename="___ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('转诊单 2026.pdf')}`,
    );
    expect(md5Of(got.raw.rawPayload)).toBe(md5Of(plan.data));
    expect(fs.existsSync(tmpDir(md5Of(plan.data)))).toBe(false);
  });

  it('resumes after a missing chunk: the check lists what is there and the merge waits for the rest', async () => {
    const plan: ChunkPlan = { data: bytes(CHUNK_SIZE * 2 + 99, 12), fileName: 'scan.mp4' };
    expect((await sendChunk(t, admin, plan, 1)).data).toEqual({ uploaded: false, chunkNumbers: [1], merge: false });
    expect((await sendChunk(t, admin, plan, 3)).data).toEqual({ uploaded: false, chunkNumbers: [1, 3], merge: false });
    // "page reload": a new check tells the client which chunks to skip
    const check = await checkChunk(t, admin, plan);
    expect(check.data).toEqual({ uploaded: false, chunkNumbers: [1, 3], merge: false });
    const early = await merge(t, admin, plan);
    expect(early.status).toBe(400);
    expect(early.msg).toBe('文件分片不完整，请重新上传');
    expect(early.data).toEqual({ chunkNumbers: [1, 3] });
    // the same chunk again is accepted and changes nothing
    expect((await sendChunk(t, admin, plan, 3)).data.chunkNumbers).toEqual([1, 3]);
    expect((await sendChunk(t, admin, plan, 2)).data).toEqual({ uploaded: false, chunkNumbers: [1, 2, 3], merge: true });
    const done = await merge(t, admin, plan);
    expect(done.code).toBe(200);
    const got = await download(admin, done.data.url);
    expect(got.raw.headers['content-type']).toBe('video/mp4');
    expect(md5Of(got.raw.rawPayload)).toBe(md5Of(plan.data));
  });

  it('finishes instantly when the content is already stored, without sending a byte', async () => {
    const plan: ChunkPlan = { data: bytes(CHUNK_SIZE + 7, 13), fileName: 'first.docx' };
    const first = await uploadAll(t, admin, plan);
    expect(first.code).toBe(200);
    const again: ChunkPlan = { ...plan, fileName: '同一文件.docx' };
    const check = await checkChunk(t, doctor, again);
    expect(check.data).toEqual({ uploaded: true, chunkNumbers: [], merge: true });
    const second = await merge(t, doctor, again);
    expect(second.code).toBe(200);
    expect(second.data.fileId).not.toBe(first.data.fileId);
    expect(second.data.fileName).toBe('同一文件.docx');
    expect(second.data.fileSize).toBe(plan.data.length);
    const blobs = await t.ctx.db.selectFrom('fileBlobs').selectAll().where('md5', '=', md5Of(plan.data)).execute();
    expect(blobs).toHaveLength(1);
    const got = await download(doctor, second.data.url);
    expect(md5Of(got.raw.rawPayload)).toBe(md5Of(plan.data));
    // a chunk sent anyway is answered "uploaded" and not kept
    expect((await sendChunk(t, doctor, again, 1)).data.uploaded).toBe(true);
    expect(fs.existsSync(tmpDir(md5Of(plan.data)))).toBe(false);
    // same hash but another size is not the same file
    const wrongSize = await checkChunk(t, doctor, { ...again, identifier: md5Of(plan.data), data: bytes(100, 13) });
    expect(wrongSize.data.uploaded).toBe(false);
  });

  it('rejects a file whose content does not match its MD5 and removes its chunks', async () => {
    const data = bytes(CHUNK_SIZE + 500, 14);
    const plan: ChunkPlan = { data, fileName: 'fake.txt', identifier: md5Of(bytes(10, 99)) };
    expect((await sendChunk(t, admin, plan, 1)).code).toBe(200);
    expect((await sendChunk(t, admin, plan, 2)).data.merge).toBe(true);
    expect(fs.readdirSync(path.join(tmpDir(plan.identifier!), 'done')).sort()).toEqual(['1', '2']);
    const res = await merge(t, admin, plan, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('The file failed its checksum, please upload again');
    expect(fs.existsSync(tmpDir(plan.identifier!))).toBe(false);
    expect(await t.ctx.db.selectFrom('fileUploads').selectAll().where('identifier', '=', plan.identifier!).execute()).toHaveLength(0);
    expect(await t.ctx.db.selectFrom('fileBlobs').selectAll().where('md5', '=', plan.identifier!).execute()).toHaveLength(0);
    expect((await checkChunk(t, admin, plan)).data).toEqual({ uploaded: false, chunkNumbers: [], merge: false });
  });

  it('checks each chunk size against the declared geometry', async () => {
    const plan: ChunkPlan = { data: bytes(CHUNK_SIZE + 10, 15), fileName: 'a.zip' };
    const { fields, slice } = chunkFieldsOf(plan, 1);
    // fewer bytes than a full chunk
    const short = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart(fields, [{ name: 'a.zip', data: slice.subarray(1) }]),
    });
    expect(short.status).toBe(400);
    expect(short.msg).toBe('分片大小不正确');
    // more bytes than a chunk
    const long = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart(fields, [{ name: 'a.zip', data: Buffer.concat([slice, Buffer.alloc(10)]) }]),
    });
    expect(long.msg).toBe('分片大小不正确');
    // declared current size disagreeing with the geometry
    const declared = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart({ ...fields, currentChunkSize: 5 }, [{ name: 'a.zip', data: slice }]),
    });
    expect(declared.msg).toBe('分片大小不正确');
    // a total chunk count that no client computes
    const count = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart({ ...fields, totalChunks: 7 }, [{ name: 'a.zip', data: slice }]),
    });
    expect(count.msg).toBe('分片大小不正确');
    const beyond = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart({ ...fields, chunkNumber: 3 }, [{ name: 'a.zip', data: slice }]),
    });
    expect(beyond.msg).toBe('分片大小不正确');
    expect(fs.existsSync(path.join(tmpDir(md5Of(plan.data)), 'done', '1'))).toBe(false);
    expect(fs.existsSync(path.join(tmpDir(md5Of(plan.data)), 'claim', '1'))).toBe(false);
    // then the right bytes are accepted
    expect((await sendChunk(t, admin, plan, 1)).data.chunkNumbers).toEqual([1]);
  });

  it('accepts the other client convention: the remainder added to the last chunk', async () => {
    const data = bytes(CHUNK_SIZE * 2 + 1000, 16);
    const identifier = md5Of(data);
    const base = {
      chunkSize: CHUNK_SIZE,
      totalSize: data.length,
      identifier,
      fileName: 'b.txt',
      totalChunks: 2,
      type: 'annex',
      extension: 'txt',
    };
    const one = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart({ ...base, chunkNumber: 1, currentChunkSize: CHUNK_SIZE }, [{ name: 'b.txt', data: data.subarray(0, CHUNK_SIZE) }]),
    });
    expect(one.code).toBe(200);
    const two = await t.send('POST', '/api/file/chunk', {
      token: admin,
      body: multipart({ ...base, chunkNumber: 2, currentChunkSize: CHUNK_SIZE + 1000 }, [
        { name: 'b.txt', data: data.subarray(CHUNK_SIZE) },
      ]),
    });
    expect(two.msg).toBe('操作成功');
    expect(two.data.merge).toBe(true);
    const done = await t.send('POST', '/api/file/merge', {
      token: admin,
      body: multipart({ identifier, fileName: 'b.txt', fileSize: data.length, type: 'annex', extension: 'txt' }),
    });
    expect(done.code).toBe(200);
    expect(md5Of((await download(admin, done.data.url)).raw.rawPayload)).toBe(identifier);
  });

  it('stays consistent when two users upload and merge the same file at the same time', async () => {
    const data = bytes(CHUNK_SIZE * 3 + 4321, 17);
    const a: ChunkPlan = { data, fileName: 'same-a.pdf' };
    const b: ChunkPlan = { data, fileName: 'same-b.pdf' };
    const order = [3, 1, 4, 2];
    await Promise.all(order.flatMap((n) => [sendChunk(t, admin, a, n), sendChunk(t, doctor, b, n)]));
    const [ma, mb] = await Promise.all([merge(t, admin, a), merge(t, doctor, b)]);
    expect(ma.code).toBe(200);
    expect(mb.code).toBe(200);
    expect(ma.data.fileId).not.toBe(mb.data.fileId);
    expect(await t.ctx.db.selectFrom('fileBlobs').selectAll().where('md5', '=', md5Of(data)).execute()).toHaveLength(1);
    for (const [token, url] of [
      [admin, ma.data.url],
      [doctor, mb.data.url],
    ]) {
      expect(md5Of((await download(token, url)).raw.rawPayload)).toBe(md5Of(data));
    }
    expect(fs.existsSync(tmpDir(md5Of(data)))).toBe(false);
  });

  it('stays consistent when the same chunks race in parallel and several merges race', async () => {
    const data = bytes(CHUNK_SIZE * 2 + 1, 18);
    const plan: ChunkPlan = { data, fileName: 'race.bin.zip' };
    const sends = [];
    for (let i = 0; i < 3; i += 1) for (const n of [1, 2, 3]) sends.push(sendChunk(t, admin, plan, n));
    const answers = await Promise.all(sends);
    expect(answers.every((r) => r.code === 200)).toBe(true);
    const merges = await Promise.all([merge(t, admin, plan), merge(t, admin, plan), merge(t, doctor, plan)]);
    expect(merges.map((m) => m.code)).toEqual([200, 200, 200]);
    expect(new Set(merges.map((m) => m.data.fileId)).size).toBe(3);
    expect(md5Of((await download(admin, merges[2]!.data.url)).raw.rawPayload)).toBe(md5Of(data));
  });

  it('merges with a fresh hash when the running hash is gone (another process, a restart)', async () => {
    const data = bytes(CHUNK_SIZE + 3, 19);
    const plan: ChunkPlan = { data, fileName: 'restart.pdf' };
    await sendChunk(t, admin, plan, 2);
    await sendChunk(t, admin, plan, 1);
    const { fileRuntime } = await import('./runtime.ts');
    fileRuntime(t.ctx).hashers.clear();
    const done = await merge(t, admin, plan);
    expect(done.code).toBe(200);
  });

  it('lets a chunk whose writer crashed be written again once its claim has expired, and never a finished one', async () => {
    const plan: ChunkPlan = { data: bytes(CHUNK_SIZE + 17, 22), fileName: 'claims.pdf' };
    await sendChunk(t, admin, plan, 2);
    const dir = tmpDir(md5Of(plan.data));
    // a writer that died 20 minutes ago holding chunk 1
    fs.writeFileSync(path.join(dir, 'claim', '1'), JSON.stringify({ token: 'dead', expiresAt: Date.now() - 20 * 60_000 }));
    expect((await sendChunk(t, admin, plan, 1)).data).toEqual({ uploaded: false, chunkNumbers: [1, 2], merge: true });
    // a finished chunk keeps its claim: sending it again changes nothing
    const again = await sendChunk(
      t,
      admin,
      { ...plan, data: Buffer.concat([bytes(CHUNK_SIZE, 99), plan.data.subarray(CHUNK_SIZE)]), identifier: md5Of(plan.data) },
      1,
    );
    expect(again.code).toBe(200);
    const done = await merge(t, admin, plan);
    expect(done.code).toBe(200);
    expect(md5Of((await download(admin, done.data.url)).raw.rawPayload)).toBe(md5Of(plan.data));
  });

  it('answers the chunk calls only to signed-in users', async () => {
    const plan: ChunkPlan = { data: bytes(10, 20), fileName: 'x.txt' };
    const { fields, slice } = chunkFieldsOf(plan, 1);
    const anon = await t.send('POST', '/api/file/chunk', { body: multipart(fields, [{ name: 'x.txt', data: slice }]) });
    expect(anon.status).toBe(401);
    expect(anon.code).toBe(600);
    expect((await checkChunk(t, '', plan)).code).toBe(600);
    expect((await merge(t, 'Bearer not-a-real-token-aaaaaaaaaaaaaaa', plan)).code).toBe(602);
  });

  it('accepts the merge as urlencoded form and with the simple-uploader spellings', async () => {
    const data = bytes(321, 21);
    const identifier = md5Of(data);
    const fields = {
      chunkNumber: 1,
      chunkSize: CHUNK_SIZE,
      currentChunkSize: 321,
      totalSize: 321,
      identifier,
      filename: 'c.txt',
      totalChunks: 1,
      type: 'annex',
    };
    expect((await t.send('POST', '/api/file/chunk', { token: admin, body: multipart(fields, [{ name: 'c.txt', data }]) })).data.merge).toBe(
      true,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/merge',
      headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ identifier, filename: 'c.txt', totalSize: '321', type: 'annex' }).toString(),
    });
    expect(res.json()).toMatchObject({ code: 200, data: { fileName: 'c.txt', fileSize: 321, fileExtension: 'txt' } });
  });

  it('uploads an empty file', async () => {
    const plan: ChunkPlan = { data: Buffer.alloc(0), fileName: 'empty.txt' };
    const res = await uploadAll(t, admin, plan);
    expect(res.code).toBe(200);
    expect(res.data.fileSize).toBe(0);
    const got = await download(admin, res.data.url);
    expect(got.status).toBe(200);
    expect(got.raw.rawPayload.length).toBe(0);
  });
});
