import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SIZE, IM_IMAGE_MAX_BYTES } from '@medalliance/contract';
import { cleanupFiles } from './cleanup.service.ts';
import { addFileReferences, releaseFileReferences } from './files.service.ts';
import { fileRuntime } from './runtime.ts';
import { signedUrl } from './signing.ts';
import { bytes, checkChunk, createFileTestApp, md5Of, multipart, sendChunk, uploadAll, type FileTestApp } from './test-support.ts';

let t: FileTestApp;
let admin: string;
let doctor: string;

beforeAll(async () => {
  t = await createFileTestApp();
  admin = await t.login('admin');
  doctor = await t.login('zhangwei');
});
afterAll(() => t.close());

/** A real PNG header followed by noise: the server checks the magic bytes. */
const png = (size: number, seed = 1) => {
  const b = bytes(size, seed);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};
const upload = (type: string, files: { name: string; data: Buffer }[], token = admin, lang = 'zh') =>
  t.send('POST', `/api/file/Uploader/${type}`, { token, headers: { 'accept-language': lang }, body: multipart({}, files) });

describe('one-request uploads', () => {
  it('stores an image and serves it inline from the Image URL', async () => {
    const data = png(2000, 2);
    const res = await upload('annexpic', [{ name: '超声图像.png', data }]);
    expect(res.code).toBe(200);
    expect(res.msg).toBe('上传成功');
    expect(res.data).toMatchObject({ fileSize: 2000, fileExtension: 'png', fileName: '超声图像.png' });
    expect(res.data.url).toBe(`/api/file/Image/annexpic/${res.data.name}`);
    const img = await t.send('GET', res.data.url, { token: doctor });
    expect(img.status).toBe(200);
    expect(img.raw.headers['content-type']).toBe('image/png');
    expect(img.raw.headers['content-disposition']).toMatch(/^inline; /);
    expect(md5Of(img.raw.rawPayload)).toBe(md5Of(data));
    // the old client writes '@' for '.'
    const at = await t.send('GET', res.data.url.replace(/\.png$/, '@png'), { token: doctor });
    expect(at.status).toBe(200);
  });

  it('takes chat images (IM) and avatars (userAvatar) and answers the import button with code and msg', async () => {
    expect((await upload('IM', [{ name: 'chat.png', data: png(5000, 3) }])).code).toBe(200);
    expect((await upload('userAvatar', [{ name: 'me.png', data: png(3000, 4) }])).code).toBe(200);
    const imp = await upload('import', [{ name: '居民名单.xlsx', data: bytes(4000, 5) }]);
    expect(imp.code).toBe(200);
    expect(imp.msg).toBe('导入成功');
  });

  it('refuses oversize files with the messages of spec §5.2', async () => {
    const big = await upload('annexpic', [{ name: 'big.png', data: png(10 * 1048576 + 1, 6) }]);
    expect(big.status).toBe(400);
    expect(big.msg).toBe('图片大小超过10MB');
    const chat = await upload('IM', [{ name: 'chat.png', data: png(IM_IMAGE_MAX_BYTES + 1, 7) }]);
    expect(chat.msg).toBe('图片大小不能超过5M');
    const chatEn = await upload('IM', [{ name: 'chat.png', data: png(IM_IMAGE_MAX_BYTES + 1, 7) }], admin, 'en');
    expect(chatEn.msg).toBe('Image size cannot exceed 5M');
    // exactly at the limit is fine
    expect((await upload('IM', [{ name: 'chat.png', data: png(IM_IMAGE_MAX_BYTES, 8) }])).code).toBe(200);
    // the chunk protocol: a declared size past the configured default
    const huge = { data: Buffer.alloc(1), fileName: 'huge.mp4' };
    const check = await t.send(
      'GET',
      `/api/file/chunk?identifier=${md5Of(huge.data)}&totalSize=${20 * 1073741824}&chunkSize=${CHUNK_SIZE}&totalChunks=4096&fileName=huge.mp4&type=annex`,
      { token: admin },
    );
    expect(check.status).toBe(400);
    expect(check.msg).toBe('文件大小超过10GB');
    const checkTw = await t.send(
      'GET',
      `/api/file/chunk?identifier=${md5Of(huge.data)}&totalSize=${20 * 1073741824}&chunkSize=${CHUNK_SIZE}&totalChunks=4096&fileName=huge.mp4&type=annex`,
      { token: admin, headers: { 'accept-language': 'zh-TW' } },
    );
    expect(checkTw.msg).toBe('檔案大小超過10GB');
    // an image through the chunk protocol keeps the image limit
    const img = await checkChunk(t, admin, { data: png(11 * 1048576, 9), fileName: 'x.jpg', type: 'annexpic' });
    expect(img.msg).toBe('图片大小超过10MB');
  });

  it('refuses wrong types with the messages of spec §5.2', async () => {
    const exe = await upload('annex', [{ name: 'setup.exe', data: bytes(100, 1) }]);
    expect(exe.status).toBe(400);
    expect(exe.msg).toBe('请选择该类型的文件');
    expect((await upload('annex', [{ name: 'page.html', data: bytes(100, 1) }], admin, 'en')).msg).toBe(
      'Please choose a file of that type',
    );
    expect((await upload('annex', [{ name: 'noextension', data: bytes(100, 1) }])).msg).toBe('请选择该类型的文件');
    expect((await upload('IM', [{ name: 'report.pdf', data: bytes(100, 1) }])).msg).toBe('请上传图片');
    expect((await upload('userAvatar', [{ name: 'x.svg', data: Buffer.from('<svg onload="alert(1)"/>') }], admin, 'en')).msg).toBe(
      'Please upload an image',
    );
    // an HTML page named .png is not a picture
    expect((await upload('annexpic', [{ name: 'x.png', data: Buffer.from('<html><script>alert(1)</script></html>') }])).msg).toBe(
      '请上传图片',
    );
    expect((await upload('import', [{ name: 'x.mp4', data: bytes(100, 1) }])).msg).toBe('请选择该类型的文件');
    // chunk protocol: extension not allowed, or declared extension disagreeing with the name
    expect((await checkChunk(t, admin, { data: bytes(10, 1), fileName: 'run.sh' })).msg).toBe('请选择该类型的文件');
  });

  it('refuses more than one file per request with the count message', async () => {
    const two = await upload('annex', [
      { name: 'a.txt', data: bytes(10, 1) },
      { name: 'b.txt', data: bytes(10, 2) },
    ]);
    expect(two.status).toBe(400);
    expect(two.msg).toBe('当前限制最多可以上传1个文件');
    const none = await t.send('POST', '/api/file/Uploader/annex', { token: admin, body: multipart({ a: 1 }) });
    expect(none.msg).toBe('请选择要上传的文件');
  });

  it('needs a signed-in user to upload or download', async () => {
    const up = await t.send('POST', '/api/file/Uploader/annex', { body: multipart({}, [{ name: 'a.txt', data: bytes(10) }]) });
    expect(up.status).toBe(401);
    const mine = await upload('annex', [{ name: 'a.txt', data: bytes(10, 30) }]);
    expect((await t.send('GET', mine.data.url)).status).toBe(401);
    expect((await t.send('GET', mine.data.url, { token: doctor })).status).toBe(200);
  });
});

describe('path traversal', () => {
  const bad = [
    '../../etc/passwd',
    '..%2F..%2Fapp.db',
    '%2e%2e%2f%2e%2e%2fapp.db',
    '/etc/passwd',
    'a\u0000.png',
    '..\\..\\app.db',
    'C:\\Windows\\a.png',
    '..',
  ];

  it('refuses traversal through the type', async () => {
    for (const type of ['..', '..%2F..', '%2e%2e', 'annex%00', 'Annex', 'etc%2Fpasswd']) {
      const res = await t.send('POST', `/api/file/Uploader/${type}`, {
        token: admin,
        body: multipart({}, [{ name: 'a.txt', data: bytes(10) }]),
      });
      expect([400, 404]).toContain(res.status);
      const dl = await t.send('GET', `/api/file/Download/${type}/20260101_1.txt`, { token: admin });
      expect([400, 404]).toContain(dl.status);
    }
    const chunk = await checkChunk(t, admin, { data: bytes(10), fileName: 'a.txt', type: '../../tmp' });
    expect(chunk.msg).toBe('不支持的文件类别');
  });

  it('refuses traversal through the stored name in download, image and preview URLs', async () => {
    for (const name of bad) {
      const enc = encodeURIComponent(name);
      for (const url of [`/api/file/Download/annex/${enc}`, `/api/file/Image/annexpic/${enc}`, `/api/file/Download/annex/${name}`]) {
        const res = await t.send('GET', url, { token: admin });
        expect([400, 404]).toContain(res.status);
        expect(res.raw.headers['content-type']).toMatch(/json/);
      }
      const pv = await t.send('GET', `/api/file/Uploader/Preview?fileName=${enc}`, { token: admin });
      expect(pv.status).toBe(400);
      const pv2 = await t.send(
        'GET',
        `/api/file/Uploader/Preview?fileDownloadUrl=${encodeURIComponent(`/api/file/Download/annex/${name}`)}`,
        { token: admin },
      );
      expect(pv2.status).toBe(400);
    }
  });

  it('refuses traversal through the user file name and the identifier of the chunk protocol', async () => {
    for (const fileName of [...bad, 'a/b.txt', 'dir\\b.txt', '%2e%2e%2fa.txt', 'x\u0001.txt', '']) {
      const res = await checkChunk(t, admin, { data: bytes(10), fileName });
      expect(res.status).toBe(400);
      const mergeRes = await t.send('POST', '/api/file/merge', {
        token: admin,
        body: multipart({ identifier: md5Of(bytes(10)), fileName, fileSize: 10, type: 'annex' }),
      });
      expect(mergeRes.status).toBe(400);
    }
    for (const identifier of [
      '../../../../etc',
      '%2e%2e%2f',
      'A'.repeat(31),
      `${'a'.repeat(31)}/`,
      '/tmp/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      const res = await t.send(
        'GET',
        `/api/file/chunk?identifier=${encodeURIComponent(identifier)}&totalSize=10&totalChunks=1&fileName=a.txt`,
        { token: admin },
      );
      expect(res.status).toBe(400);
      expect(res.msg).toContain('文件标识必须是文件内容的 MD5');
    }
    expect(fs.readdirSync(path.join(t.dataDir, 'files')).sort()).toEqual(expect.not.arrayContaining(['etc', 'passwd']));
  });

  it('keeps a multipart file name to its base name', async () => {
    const res = await upload('annex', [{ name: '../../evil.txt', data: bytes(10, 40) }]);
    expect(res.code).toBe(200);
    expect(res.data.fileName).toBe('evil.txt');
  });
});

describe('download', () => {
  let url: string;
  let data: Buffer;
  beforeAll(async () => {
    data = bytes(1000, 50);
    url = (await uploadAll(t, admin, { data, fileName: '病历 "摘要".txt' })).data.url;
  });

  it('sends stored files as they are even to a browser that accepts compression: ranges stay byte-exact', async () => {
    const json = Buffer.from(JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `检查项目${i}` })) }));
    const jsonUrl = (await uploadAll(t, admin, { data: json, fileName: 'report.json' })).data.url;
    const whole = await t.send('GET', jsonUrl, { token: admin, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.status).toBe(200);
    expect(whole.raw.headers['content-encoding']).toBeUndefined();
    expect(whole.raw.rawPayload.equals(json)).toBe(true);
    const part = await t.send('GET', jsonUrl, { token: admin, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.raw.headers['content-encoding']).toBeUndefined();
    expect(part.raw.rawPayload.equals(json.subarray(10, 100))).toBe(true);
  });

  it('serves byte ranges (206), open and suffix ranges, and 416 past the end', async () => {
    const part = await t.send('GET', url, { token: admin, headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.raw.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.raw.headers['content-length']).toBe('100');
    expect(part.raw.headers['accept-ranges']).toBe('bytes');
    expect(part.raw.rawPayload.equals(data.subarray(100, 200))).toBe(true);
    const open = await t.send('GET', url, { token: admin, headers: { range: 'bytes=990-' } });
    expect(open.raw.rawPayload.equals(data.subarray(990))).toBe(true);
    const suffix = await t.send('GET', url, { token: admin, headers: { range: 'bytes=-10' } });
    expect(suffix.raw.headers['content-range']).toBe('bytes 990-999/1000');
    const clamp = await t.send('GET', url, { token: admin, headers: { range: 'bytes=900-5000' } });
    expect(clamp.raw.headers['content-range']).toBe('bytes 900-999/1000');
    const past = await t.send('GET', url, { token: admin, headers: { range: 'bytes=1000-1001' } });
    expect(past.status).toBe(416);
    expect(past.raw.headers['content-range']).toBe('bytes */1000');
    expect(past.raw.headers['content-type']).toMatch(/json/);
    // malformed or multiple ranges: the whole file
    for (const range of ['bytes=5-1', 'items=0-1', 'bytes=0-1,5-6']) {
      const whole = await t.send('GET', url, { token: admin, headers: { range } });
      expect(whole.status).toBe(200);
      expect(whole.raw.rawPayload.length).toBe(1000);
    }
    // HEAD: the same headers, no body
    const head = await t.send('HEAD', url, { token: admin });
    expect(head.status).toBe(200);
    expect(head.raw.headers['content-length']).toBe('1000');
    expect(head.raw.rawPayload.length).toBe(0);
    // If-Range with another entity tag: the whole file
    const stale = await t.send('GET', url, { token: admin, headers: { range: 'bytes=0-1', 'if-range': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('sends a safe Content-Disposition for names with quotes and Chinese characters, and the ETag', async () => {
    const res = await t.send('GET', url, { token: admin });
    // quotes (forbidden in Windows names) were replaced at upload; non-ASCII falls back to '_' in the plain filename
    expect(res.raw.headers['content-disposition']).toBe(
      `attachment; filename="__ ____.txt"; filename*=UTF-8''${encodeURIComponent('病历 _摘要_.txt')}`,
    );
    expect(res.raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.raw.headers.etag).toBe(`"${md5Of(data)}"`);
    // a file is never a page: no scripts run in it, only we may frame it
    expect(res.raw.headers['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'self'/);
    const cached = await t.send('GET', url, { token: admin, headers: { 'if-none-match': `"${md5Of(data)}"` } });
    expect(cached.status).toBe(304);
  });

  it('answers 404 "file does not exist" for unknown names, in three languages', async () => {
    const missing = '/api/file/Download/annex/20260101_123.txt';
    expect((await t.send('GET', missing, { token: admin })).msg).toBe('文件不存在');
    expect((await t.send('GET', missing, { token: admin, headers: { 'accept-language': 'zh-TW' } })).msg).toBe('檔案不存在');
    expect((await t.send('GET', missing, { token: admin, headers: { 'accept-language': 'en' } })).msg).toBe('File does not exist');
    // right name, wrong type folder
    expect((await t.send('GET', url.replace('/annex/', '/IM/'), { token: admin })).status).toBe(404);
  });
});

describe('signed links', () => {
  let fileId: string;
  let data: Buffer;
  beforeAll(async () => {
    data = bytes(3000, 60);
    fileId = (await upload('annex', [{ name: 'video.mp4', data }])).data.fileId;
  });

  it('serves a file without a session through a signed link, with ranges', async () => {
    const signed = await t.send('GET', `/api/file/SignedUrl?fileId=${fileId}&inline=1`, { token: admin });
    expect(signed.code).toBe(200);
    expect(signed.data).toMatch(new RegExp(`^/api/file/Signed/${fileId}\\?e=\\d+&d=i&s=[A-Za-z0-9_-]{43}$`));
    const res = await t.send('GET', signed.data);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('video/mp4');
    expect(res.raw.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.raw.rawPayload.equals(data)).toBe(true);
    const range = await t.send('GET', signed.data, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    const byUrl = await t.send(
      'GET',
      `/api/file/SignedUrl?url=${encodeURIComponent(`/api/file/Download/annex/${(await t.ctx.db.selectFrom('files').select('name').where('id', '=', fileId).executeTakeFirstOrThrow()).name}`)}`,
      { token: admin },
    );
    expect(byUrl.data).toMatch(/&d=a&/);
    expect((await t.send('GET', byUrl.data)).raw.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses tampered and expired links', async () => {
    const link: string = (await t.send('GET', `/api/file/SignedUrl?fileId=${fileId}`, { token: admin })).data;
    const u = new URL(link, 'http://x');
    const s = u.searchParams.get('s')!;
    const tampered = [
      link.replace(`s=${s}`, `s=${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`),
      link.replace(/e=(\d+)/, (_, e) => `e=${Number(e) + 1000}`),
      link.replace('d=a', 'd=i'),
      link.replace(`/Signed/${fileId}`, `/Signed/${BigInt(fileId) + 1n}`),
      link.replace(/&s=.*$/, ''),
      `${link}x`,
    ];
    for (const bad of tampered) {
      const res = await t.send('GET', bad);
      expect(res.status).toBe(403);
      expect(res.msg).toBe('链接无效');
    }
    const expired = await signedUrl(t.ctx, fileId, 'attachment', 60, Date.now() - 120_000);
    const res = await t.send('GET', expired, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(403);
    expect(res.msg).toBe('The link has expired');
  });

  it('keeps one signing secret per database, out of the settings anyone reads', async () => {
    const rows = await t.ctx.db.selectFrom('sysConfig').select(['key', 'value']).where('key', '=', 'fileSigningSecret').execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.value)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('preview', () => {
  it('answers an in-app address for images, PDF, text, audio and video, and a download for other types', async () => {
    const cases: [string, Buffer, 'i' | 'a'][] = [
      ['p.png', png(100, 70), 'i'],
      ['p.pdf', bytes(100, 71), 'i'],
      ['p.txt', bytes(100, 72), 'i'],
      ['p.mp3', bytes(100, 73), 'i'],
      ['p.mp4', bytes(100, 74), 'i'],
      ['p.docx', bytes(100, 75), 'a'],
      ['p.xlsx', bytes(100, 76), 'a'],
    ];
    for (const [name, data, d] of cases) {
      const up = await upload(name.endsWith('png') ? 'annexpic' : 'annex', [{ name, data }]);
      for (const q of [
        `fileVersionId=${up.data.fileVersionId}`,
        `fileName=${up.data.name}`,
        `fileDownloadUrl=${encodeURIComponent(up.data.url)}`,
        `fileName=${encodeURIComponent(name)}&fileVersionId=${up.data.fileVersionId}&fileDownloadUrl=${encodeURIComponent(up.data.url)}`,
      ]) {
        const pv = await t.send('GET', `/api/file/Uploader/Preview?${q}`, { token: doctor });
        expect(pv.code, `${name} ${q}`).toBe(200);
        expect(pv.data).toContain(`&d=${d}&`);
      }
      const pv = await t.send('GET', `/api/file/Uploader/Preview?fileVersionId=${up.data.fileVersionId}`, { token: doctor });
      expect((await t.send('GET', pv.data)).raw.rawPayload.equals(data)).toBe(true);
    }
  });

  it("answers 'file does not exist' for unknown files", async () => {
    for (const [lang, text] of [
      ['zh', '文件不存在'],
      ['zh-TW', '檔案不存在'],
      ['en', 'File does not exist'],
    ]) {
      const res = await t.send('GET', '/api/file/Uploader/Preview?fileVersionId=12345&fileName=20260101_12345.pdf', {
        token: admin,
        headers: { 'accept-language': lang! },
      });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(text);
    }
    expect((await t.send('GET', '/api/file/Uploader/Preview', { token: admin })).msg).toBe('文件不存在');
  });
});

describe('my files, deletion and cleanup', () => {
  it('lists the user’s own files, paged, and lets only the owner delete', async () => {
    const mine = await upload('annex', [{ name: '我的文件.txt', data: bytes(10, 80) }], doctor);
    const list = await t.send('GET', '/api/file/List?currentPage=1&pageSize=5&keyword=我的', { token: doctor });
    expect(list.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 1 });
    expect(list.data.list[0]).toMatchObject({ fileId: mine.data.fileId, fileName: '我的文件.txt', type: 'annex' });
    const all = await t.send('GET', '/api/file/List', { token: doctor });
    expect(all.data.list.every((f: { fileId: string }) => f.fileId)).toBe(true);
    const other = await t.login('liuyang');
    expect((await t.send('DELETE', `/api/file/${mine.data.fileId}`, { token: other })).status).toBe(403);
    expect((await t.send('DELETE', `/api/file/${mine.data.fileId}`, { token: doctor })).code).toBe(200);
    expect((await t.send('GET', mine.data.url, { token: doctor })).status).toBe(404);
    expect((await t.send('DELETE', '/api/file/../x', { token: doctor })).status).toBeGreaterThanOrEqual(400);
  });

  it('removes chunks abandoned for a day, and never a referenced file', async () => {
    const rt = fileRuntime(t.ctx);
    const day = 24 * 3600_000;
    // an abandoned upload
    const plan = { data: bytes(CHUNK_SIZE + 1, 90), fileName: 'abandoned.zip' };
    await sendChunk(t, admin, plan, 1);
    const dir = path.join(rt.tmpRoot, md5Of(plan.data));
    expect(fs.existsSync(dir)).toBe(true);
    // a fresh one
    const fresh = { data: bytes(CHUNK_SIZE + 1, 91), fileName: 'fresh.zip' };
    await sendChunk(t, admin, fresh, 1);
    // a referenced file and an unreferenced one, whose contents are both old
    const kept = await upload('annex', [{ name: 'kept.pdf', data: bytes(500, 92) }]);
    const dropped = await upload('annex', [{ name: 'dropped.pdf', data: bytes(500, 93) }]);
    await addFileReferences(t.ctx, [kept.data.fileId]);
    await t.ctx.db
      .updateTable('fileUploads')
      .set({ updatedAt: Date.now() - 2 * day })
      .where('identifier', '=', md5Of(plan.data))
      .execute();
    await t.ctx.db
      .updateTable('fileBlobs')
      .set({ createdAt: Date.now() - 30 * day })
      .execute();
    await t.ctx.db
      .updateTable('files')
      .set({ createdAt: Date.now() - 30 * day })
      .execute();
    // a stray temporary from a crash
    const stray = path.join(rt.tmpRoot, 'single-deadbeef');
    fs.writeFileSync(stray, 'x');
    fs.utimesSync(stray, new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));

    // a referenced file cannot be deleted
    const refused = await t.send('DELETE', `/api/file/${kept.data.fileId}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('文件正在被业务数据使用，不能删除');
    expect((await t.send('DELETE', `/api/file/${dropped.data.fileId}`, { token: admin })).code).toBe(200);

    const report = await cleanupFiles(rt);
    expect(report.uploads).toBe(1);
    expect(report.strays).toBeGreaterThanOrEqual(1);
    expect(report.blobs).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    expect((await checkChunk(t, admin, fresh)).data.chunkNumbers).toEqual([1]);
    // the referenced file is still served; the deleted file's content is gone from the store
    const got = await t.send('GET', kept.data.url, { token: admin });
    expect(got.status).toBe(200);
    expect(md5Of(got.raw.rawPayload)).toBe(md5Of(bytes(500, 92)));
    expect(await rt.store.exists(`${md5Of(bytes(500, 93)).slice(0, 2)}/${md5Of(bytes(500, 93))}`)).toBe(false);
    expect(await rt.store.exists(`${md5Of(bytes(500, 92)).slice(0, 2)}/${md5Of(bytes(500, 92))}`)).toBe(true);

    await releaseFileReferences(t.ctx, [kept.data.fileId]);
    expect((await t.send('DELETE', `/api/file/${kept.data.fileId}`, { token: admin })).code).toBe(200);
  });

  it('uploads the same content after its blob was cleaned as a new upload', async () => {
    const data = bytes(500, 93);
    const again = await uploadAll(t, admin, { data, fileName: 'again.pdf' });
    expect(again.code).toBe(200);
    expect(md5Of((await t.send('GET', again.data.url, { token: admin })).raw.rawPayload)).toBe(md5Of(data));
  });
});
