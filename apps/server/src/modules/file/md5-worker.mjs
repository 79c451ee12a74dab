// MD5 of uploads in progress, off the main thread (see md5-worker.ts). Plain
// JavaScript so it runs as a worker under tsx, vitest and plain node alike.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

const states = new Map();
const buf = Buffer.allocUnsafe(8 * 1024 * 1024);

function feed(hash, file, position, length) {
  const fd = fs.openSync(file, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - done), position + done);
      if (n <= 0) throw new Error(`short read of ${file}`);
      hash.update(buf.subarray(0, n));
      done += n;
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
      feed(s.hash, m.file, m.position, m.length);
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
      if (m.to > m.from) feed(hash, m.file, m.from, m.to - m.from);
      parentPort.postMessage({ id: m.id, hex: hash.digest('hex') });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String(err) });
    }
  } else if (m.op === 'drop') {
    states.delete(m.key);
  }
});
