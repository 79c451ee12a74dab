// MD5 of uploads in progress, off the main thread (see md5-worker.ts). Plain
// JavaScript so it runs as a worker under tsx, vitest and plain node alike.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

const states = new Map();

// Chunks written with O_DIRECT (direct-io.ts) are not in the page cache:
// reading them through it would fill fresh pages, the cost direct writes avoid.
// Those (`direct` in the message) are read directly as well, into a
// page-aligned buffer (a WebAssembly memory), whole blocks around the range;
// when that is refused, plain reads.
const BLOCK = 4096;
const SIZE = 8 * 1024 * 1024;
let buf;
let canDirect = !!fs.constants.O_DIRECT;
try {
  buf = Buffer.from(new WebAssembly.Memory({ initial: SIZE / 65536 }).buffer);
} catch {
  buf = Buffer.allocUnsafe(SIZE);
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

/** Hashes bytes [position, position + length) of `file` into `hash`. */
function feed(hash, file, position, length, direct) {
  let { fd, isDirect } = open(file, direct);
  try {
    const end = position + length;
    // Direct reads start on a block boundary; the bytes before `position` are skipped.
    let at = isDirect ? position - (position % BLOCK) : position;
    while (at < end) {
      let n;
      try {
        const want = isDirect ? Math.ceil((end - at) / BLOCK) * BLOCK : end - at;
        n = fs.readSync(fd, buf, 0, Math.min(buf.length, want), at);
      } catch (err) {
        if (!isDirect || err.code !== 'EINVAL') throw err;
        // Refused after all: continue with plain reads.
        fs.closeSync(fd);
        fd = fs.openSync(file, 'r');
        isDirect = canDirect = false;
        at = Math.max(at, position);
        continue;
      }
      if (n <= 0) throw new Error(`short read of ${file}`);
      const from = Math.max(0, position - at);
      const to = Math.min(n, end - at);
      if (to > from) hash.update(buf.subarray(from, to));
      at += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

parentPort.on('message', (m) => {
  if (m.op === 'feed') {
    let s = states.get(m.key);
    if (!s) states.set(m.key, (s = { hash: createHash('md5'), error: null }));
    if (s.error) return;
    try {
      feed(s.hash, m.file, m.position, m.length, m.direct);
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
      if (m.to > m.from) feed(hash, m.file, m.from, m.to - m.from, m.direct);
      parentPort.postMessage({ id: m.id, hex: hash.digest('hex') });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String(err) });
    }
  } else if (m.op === 'drop') {
    states.delete(m.key);
  }
});
