import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStore } from './local-store.ts';
import { S3Store, signV4 } from './s3-store.ts';
import { StoreNotFoundError, type FileStore } from './store.ts';

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

/** The FileStore contract, run against each implementation. */
function storeContract(name: string, make: () => Promise<{ store: FileStore; scratch: string; close(): Promise<void> }>) {
  describe(name, () => {
    let store: FileStore;
    let scratch: string;
    let close: () => Promise<void>;
    beforeAll(async () => ({ store, scratch, close } = await make()));
    afterAll(() => close());

    it('puts a stream, reads it whole and by range, stats and deletes it', async () => {
      const data = Buffer.from('0123456789abcdefghij');
      await store.put('ab/abc123', Readable.from([data.subarray(0, 7), data.subarray(7)]), data.length);
      expect(await store.exists('ab/abc123')).toBe(true);
      expect((await store.stat('ab/abc123'))?.size).toBe(20);
      expect((await text(await store.get('ab/abc123'))).equals(data)).toBe(true);
      expect((await text(await store.get('ab/abc123', { start: 5, end: 9 }))).toString()).toBe('56789');
      await store.delete('ab/abc123');
      expect(await store.exists('ab/abc123')).toBe(false);
      expect(await store.stat('ab/abc123')).toBeNull();
      await store.delete('ab/abc123'); // absent: fine
    });

    it('rejects a missing key with StoreNotFoundError', async () => {
      await expect(store.get('zz/missing')).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it('puts a local file, copying or moving it (multipart for large files)', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024 + 123, 7);
      big.write('start', 0);
      big.write('end', big.length - 3);
      const file = path.join(scratch, 'big.bin');
      fs.writeFileSync(file, big);
      await store.putFile('cd/big', file);
      expect(fs.existsSync(file)).toBe(true);
      await store.putFile('cd/big-moved', file, { move: true });
      expect(fs.existsSync(file)).toBe(false);
      for (const key of ['cd/big', 'cd/big-moved']) {
        const got = await text(await store.get(key));
        expect(createHash('md5').update(got).digest('hex')).toBe(createHash('md5').update(big).digest('hex'));
      }
      expect((await text(await store.get('cd/big', { start: big.length - 3, end: big.length - 1 }))).toString()).toBe('end');
    });

    it('replaces a key atomically', async () => {
      await store.put('ef/k', Readable.from([Buffer.from('one')]), 3);
      await store.put('ef/k', Readable.from([Buffer.from('two!')]), 4);
      expect((await text(await store.get('ef/k'))).toString()).toBe('two!');
    });

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a\u0000b', '.tmp/x', 'a//b', '', 'a/.b', 'a/b/']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]), 1)).rejects.toThrow(/invalid storage key/);
        await expect(store.get(key)).rejects.toThrow(/invalid storage key/);
        await expect(store.delete(key)).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

storeContract('LocalStore', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-store-'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-scratch-'));
  return {
    store: new LocalStore(path.join(root, 'files')),
    scratch,
    close: async () => {
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
});

describe('LocalStore put', () => {
  it('refuses a stream shorter than declared and leaves nothing behind', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-store-'));
    const store = new LocalStore(root);
    await expect(store.put('ab/short', Readable.from([Buffer.from('abc')]), 10)).rejects.toThrow(/expected 10 bytes/);
    expect(await store.exists('ab/short')).toBe(false);
    expect(fs.readdirSync(path.join(root, '.staging'))).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('S3 Signature V4', () => {
  it('signs the example GET Object request of the AWS documentation', () => {
    const h = signV4({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      pathname: '/test.txt',
      canonicalQuery: '',
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      headers: { range: 'bytes=0-9' },
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/**
 * Against a real S3-compatible server when one is installed: the `s3rver`
 * package (devDependency), or S3RVER_PATH pointing at its folder.
 */
async function loadS3rver(): Promise<(new (opts: object) => { run(): Promise<{ port: number }>; close(): Promise<void> }) | null> {
  const candidates = ['s3rver', process.env.S3RVER_PATH ? path.join(process.env.S3RVER_PATH, 'lib/s3rver.js') : null];
  for (const c of candidates) {
    if (!c) continue;
    try {
      const mod = (await import(/* @vite-ignore */ c)) as { default: never };
      return mod.default;
    } catch {
      /* not installed */
    }
  }
  return null;
}

const S3rver = await loadS3rver();

if (S3rver) {
  storeContract('S3Store against s3rver', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-s3-'));
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-scratch-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = await server.run();
    const store = new S3Store(
      {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'medalliance-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      { partSize: 5 * 1024 * 1024 },
    );
    await store.createBucket();
    return {
      store,
      scratch,
      close: async () => {
        await server.close();
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(scratch, { recursive: true, force: true });
      },
    };
  });
} else {
  describe.skip('S3Store against s3rver (install the s3rver package to run)', () => {
    it('skipped', () => undefined);
  });
}

if (S3rver) {
  describe('the file module on S3', () => {
    it('uploads in chunks, merges into the bucket, serves ranges and instant uploads', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medalliance-s3-'));
      const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files-e2e' }] });
      const { port } = await server.run();
      const env = {
        FILE_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'files-e2e',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env);
      const { createFileTestApp, bytes, md5Of, uploadAll, checkChunk } = await import('./test-support.ts');
      const t = await createFileTestApp();
      try {
        const token = await t.login('admin');
        const data = bytes(5242880 + 777, 5);
        const res = await uploadAll(t, token, { data, fileName: '超声报告.pdf' });
        expect(res.code).toBe(200);
        expect(fs.readdirSync(path.join(t.dataDir, 'files')).filter((n) => !n.startsWith('.'))).toEqual([]);
        const got = await t.send('GET', res.data.url, { token });
        expect(md5Of(got.raw.rawPayload)).toBe(md5Of(data));
        const part = await t.send('GET', res.data.url, { token, headers: { range: 'bytes=10-19' } });
        expect(part.status).toBe(206);
        expect(part.raw.rawPayload.equals(data.subarray(10, 20))).toBe(true);
        expect((await checkChunk(t, token, { data, fileName: 'again.pdf' })).data.uploaded).toBe(true);
      } finally {
        await t.close();
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
        await server.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
