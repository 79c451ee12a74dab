import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRuntime } from './runtime.ts';
import { bytes, createFileTestApp, md5Of, merge, sendChunk, uploadAll, type ChunkPlan, type FileTestApp } from './test-support.ts';

/**
 * The chunk writer (chunk-writer.ts) writes whole blocks with O_DIRECT where the
 * file system allows it and the rest through the page cache. These tests run the
 * protocol with geometries that mix both, and with direct I/O switched off.
 */

/** Uploads `plan` with its chunks in the given order, merges, and returns the downloaded bytes. */
async function roundTrip(t: FileTestApp, token: string, plan: ChunkPlan, order: number[]): Promise<Buffer> {
  for (const n of order) expect((await sendChunk(t, token, plan, n)).code).toBe(200);
  const done = await merge(t, token, plan);
  expect(done.code).toBe(200);
  const got = await t.send('GET', done.data.url, { token });
  expect(got.status).toBe(200);
  return got.raw.rawPayload;
}

function suite(where: string, parentDir: () => string, setUp: (t: FileTestApp) => void = () => undefined) {
  let t: FileTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createFileTestApp(parentDir());
    setUp(t);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  const tmpDir = (plan: ChunkPlan) => path.join(t.dataDir, 'files', '.tmp', md5Of(plan.data));

  it(`${where}: stores chunks whose offsets are not block-aligned, sent out of order`, async () => {
    // 1,050,001-byte chunks: every chunk after the first starts mid-block, the last ends mid-block.
    const plan: ChunkPlan = { data: bytes(3 * 1_050_001 + 777, 31), fileName: 'odd.bin.zip', chunkSize: 1_050_001 };
    const got = await roundTrip(t, admin, plan, [4, 2, 1, 3]);
    expect(md5Of(got)).toBe(md5Of(plan.data));
    expect(fs.existsSync(tmpDir(plan))).toBe(false);
  });

  it(`${where}: stores aligned chunks with a short unaligned end, the last chunk first`, async () => {
    const plan: ChunkPlan = { data: bytes(2 * 1048576 + 4097, 32), fileName: 'aligned.zip', chunkSize: 1048576 };
    const got = await roundTrip(t, admin, plan, [3, 1, 2]);
    expect(md5Of(got)).toBe(md5Of(plan.data));
  });

  it(`${where}: rejects content that does not match its MD5 and removes its chunks`, async () => {
    const real = bytes(1048576 + 5000, 33);
    const plan: ChunkPlan = {
      data: Buffer.concat([real.subarray(0, 1048576), bytes(5000, 34)]),
      fileName: 'bad.zip',
      identifier: md5Of(real),
      chunkSize: 1048576,
    };
    const res = await uploadAll(t, admin, plan);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('文件校验失败');
    expect(fs.existsSync(path.join(t.dataDir, 'files', '.tmp', md5Of(real)))).toBe(false);
  });
}

describe('chunk writes', () => {
  suite('the system temporary folder', () => os.tmpdir());
});

// FILE_DIRECT_IO=off, or a file system that refuses O_DIRECT: everything through the page cache.
describe('chunk writes without direct I/O', () => {
  suite(
    'the page cache only',
    () => os.tmpdir(),
    (t) => {
      fileRuntime(t.ctx).settings.directIo = false;
    },
  );
});

// tmpfs: O_DIRECT only since Linux 6.6, so either path may run there.
describe.skipIf(!fs.existsSync('/dev/shm'))('chunk writes on tmpfs', () => {
  suite('tmpfs', () => '/dev/shm');
});
