// MD5 of uploads in progress, off the main thread (see md5-worker.ts). Plain
// JavaScript so it runs as a worker under tsx, vitest and plain node alike.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

const states = new Map();

// Chunks written with O_DIRECT (direct-io.ts) are not in the page cache:
// reading them through it would fill fresh pages, the cost direct writes avoid.
// Those (`direct` in the message) are read directly as well, whole blocks
// around the range, into page-aligned buffers (a WebAssembly memory); when that
// is refused, plain reads. A direct read waits for the disk, so the next slice
// is read while this one is hashed (two buffers).
const BLOCK = 4096;
const SLICE = 2 * 1024 * 1024;
let bufs;
let canDirect = !!fs.constants.O_DIRECT;
try {
  const memory = new WebAssembly.Memory({ initial: (2 * SLICE) / 65536 });
  bufs = [Buffer.from(memory.buffer, 0, SLICE), Buffer.from(memory.buffer, SLICE, SLICE)];
} catch {
  bufs = [Buffer.allocUnsafe(SLICE), Buffer.allocUnsafe(SLICE)];
  canDirect = false;
}

function open(file, direct) {
  if (direct && canDirect) {
    try {
      return { fd: fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_DIRECT), isDirect: true };
    } catch (err) {
      if (err.code !== 'EINVAL') throw err;
      canDirect = false;
    }
  }
  return { fd: fs.openSync(file, 'r'), isDirect: false };
}

const readAt = (fd, buf, length, at) =>
  new Promise((resolve, reject) => fs.read(fd, buf, 0, length, at, (err, n) => (err ? reject(err) : resolve(n))));

/** Hashes bytes [position, position + length) of `file` into `hash`. */
async function feed(hash, file, position, length, direct) {
  const { fd, isDirect } = open(file, direct);
  try {
    const end = position + length;
    // Direct reads start on a block boundary and read whole blocks; the bytes outside the range are skipped.
    const first = isDirect ? position - (position % BLOCK) : position;
    const sizeAt = (at) => Math.min(SLICE, isDirect ? Math.ceil((end - at) / BLOCK) * BLOCK : end - at);
    let at = first;
    let i = 0;
    let reading = readAt(fd, bufs[i], sizeAt(at), at);
    while (at < end) {
      let n;
      try {
        n = await reading;
      } catch (err) {
        // Refused after all: plain reads from now on (the merge hashes again from the start).
        if (isDirect && err.code === 'EINVAL') canDirect = false;
        throw err;
      }
      if (n <= 0) throw new Error(`short read of ${file}`);
      const buf = bufs[i];
      const from = Math.max(0, position - at);
      const to = Math.min(n, end - at);
      at += n;
      i = 1 - i;
      if (at < end) reading = readAt(fd, bufs[i], sizeAt(at), at);
      if (to > from) hash.update(buf.subarray(from, to));
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function handle(m) {
  if (m.op === 'feed') {
    let s = states.get(m.key);
    if (!s) states.set(m.key, (s = { hash: createHash('md5'), error: null }));
    if (s.error) return;
    try {
      await feed(s.hash, m.file, m.position, m.length, m.direct);
    } catch (err) {
      s.error = String(err);
    }
  } else if (m.op === 'digest') {
    const s = states.get(m.key);
    states.delete(m.key);
    if (!s && m.from > 0) return parentPort.postMessage({ id: m.id, missing: true });
    if (s?.error) return parentPort.postMessage({ id: m.id, error: s.error });
    try {
      const hash = s ? s.hash : createHash('md5');
      if (m.to > m.from) await feed(hash, m.file, m.from, m.to - m.from, m.direct);
      parentPort.postMessage({ id: m.id, hex: hash.digest('hex') });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String(err) });
    }
  } else if (m.op === 'drop') {
    states.delete(m.key);
  }
}

// One message at a time, in arrival order: a digest covers everything fed before it.
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue
    .then(() => handle(m))
    .catch((err) => {
      if (m.op === 'digest') parentPort.postMessage({ id: m.id, error: String(err) });
    });
});
