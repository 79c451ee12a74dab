/**
 * A 200 MB DICOM series through the image centre (issue 20), against the real
 * server on loopback, next to plain file operations on the same bytes:
 *
 * (1) upload: 100 DICOM files of 2 MiB (1024 × 1024 16-bit pixels, one CT
 *     series of one study, built by the module's own dicom-fixture.ts) sent by
 *     a township doctor (徐丽, img_regist) as the web's uploader sends them:
 *     per file the chunk check, its chunk (one: a file is below the 5 MiB
 *     chunk size) and the merge with the server's MD5 check (the files
 *     module's chunked API), then attached to a registered study
 *     (POST /api/imaging/imaging/studies/:id/images, which reads the DICOM
 *     header); BENCH_PARALLEL files at a time. Next to it: a plain copy of
 *     the same files (fs.copyFile, one after the other, as `cp -r`). The
 *     client's MD5 of the files (the identifier; in the browser a Web
 *     Worker's job) is timed apart.
 * (2) the viewer: the centre's director (王芳) opens the study as the viewer
 *     does: the study detail, then the first image's content (time to first
 *     image), then the others BENCH_VIEW_PARALLEL at a time (time to all
 *     images). Next to it: a raw read of the same bytes from disk (the first
 *     file, then all of them at the same concurrency). Every byte received is
 *     checked against its source file (MD5), and the first image is parsed
 *     with dicom-parser (the viewer's reader) for its study UID.
 *
 *   npx tsx bench/imaging-upload.ts
 *   BENCH_SCALE=0.1 npx tsx bench/imaging-upload.ts     (a quick run: 10 files, 20 MB)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/imaging-upload.ts   (PostgreSQL: a database of its own, dropped after)
 *
 * Env: BENCH_SCALE (1 → 100 files), BENCH_FILE_MIB (2), BENCH_PARALLEL (3 files uploading at once), BENCH_VIEW_PARALLEL
 * (4 images loading at once: a browser's connections per host less the page's own), BENCH_KEEP=1 keeps the data.
 * Everything temporary is removed at the end.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { benchDatabase, benchWorkDir, getJson, login, machineLine, startServer, stopServer } from './support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const FILES = Math.max(2, Math.round(100 * SCALE));
const FILE_MIB = Number(process.env.BENCH_FILE_MIB ?? 2);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 3);
const VIEW_PARALLEL = Number(process.env.BENCH_VIEW_PARALLEL ?? 4);
const CENTRE = 'imaging';
/** 徐丽, township doctor of 城关镇 (img_regist); 王芳, the image centre's director (db/seed/people.ts). */
const APPLICANT = 'xuli';
const READER = 'wangfang';
const CHUNK_SIZE = 5 * 1024 * 1024;

const log = (...a: unknown[]) => console.log(...a);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** Runs `fn` over `items` with at most `n` at once (answers in order). */
async function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= items.length) return;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** The series: FILES instances of one CT series of one study, each FILE_MIB of pixels (+ the header). */
async function writeSeries(dir: string): Promise<{ files: string[]; bytes: number; studyUid: string }> {
  const { buildDicom, fixtureUid } = await import('../apps/server/src/modules/imaging/dicom-fixture.ts');
  fs.mkdirSync(dir, { recursive: true });
  const side = Math.round(Math.sqrt((FILE_MIB * 1024 * 1024) / 2));
  const studyUid = fixtureUid(2026, 11, 28, 1);
  const seriesUid = fixtureUid(2026, 11, 28, 1, 1);
  const files: string[] = [];
  let bytes = 0;
  for (let n = 1; n <= FILES; n++) {
    const buf = buildDicom({
      studyUid,
      seriesUid,
      sopUid: fixtureUid(2026, 11, 28, 1, 1, n),
      modality: 'CT',
      instanceNumber: n,
      patientName: 'BENCH^SERIES',
      patientId: 'BENCH',
      rows: side,
      columns: side,
      seed: n,
    });
    const file = path.join(dir, `IM${String(n).padStart(5, '0')}.dcm`);
    fs.writeFileSync(file, buf);
    files.push(file);
    bytes += buf.length;
  }
  return { files, bytes, studyUid };
}

async function call<T = any>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: token, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** Time spent in each kind of request, summed over the files (they overlap: PARALLEL at once). */
const phases = { check: 0, chunk: 0, merge: 0, attach: 0 };
async function timed<T>(phase: keyof typeof phases, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    phases[phase] += performance.now() - t0;
  }
}

/** One file through the chunked API (check, its chunks, merge) as the web's uploader sends it; answers the file id. */
async function uploadFile(
  base: string,
  token: string,
  file: string,
  data: Buffer,
  identifier: string,
): Promise<{ fileId: string; url: string }> {
  const fileName = path.basename(file);
  const totalChunks = Math.max(1, Math.ceil(data.length / CHUNK_SIZE));
  const common = { chunkSize: CHUNK_SIZE, totalSize: data.length, identifier, fileName, totalChunks, type: 'annex', extension: 'dcm' };
  const q = new URLSearchParams(Object.entries(common).map(([k, v]): [string, string] => [k, String(v)]));
  const check = await timed('check', () => call<{ uploaded: boolean; chunkNumbers: number[] }>(base, token, 'GET', `/api/file/chunk?${q}`));
  if (!check.uploaded)
    for (let n = 1; n <= totalChunks; n++) {
      if (check.chunkNumbers.includes(n)) continue;
      const part = data.subarray((n - 1) * CHUNK_SIZE, Math.min(data.length, n * CHUNK_SIZE));
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...common, chunkNumber: n, currentChunkSize: part.length })) form.append(k, String(v));
      // fs.readFile's buffers lie on a plain ArrayBuffer (never shared memory), as a Blob part requires.
      form.append('file', new Blob([part as Uint8Array<ArrayBuffer>]), fileName);
      await timed('chunk', () => call(base, token, 'POST', '/api/file/chunk', form));
    }
  const merge = new FormData();
  for (const [k, v] of Object.entries({
    identifier,
    fileName,
    fileSize: data.length,
    type: 'annex',
    extension: 'dcm',
    fileType: 'application/dicom',
  }))
    merge.append(k, String(v));
  const entry = await timed('merge', () => call<{ fileId: string; url: string }>(base, token, 'POST', '/api/file/merge', merge));
  return { fileId: String(entry.fileId), url: entry.url };
}

async function main() {
  const { work, dataDir } = benchWorkDir('imaging-upload');
  const db = await benchDatabase('imgup', dataDir, { reuse: false });
  let server: ChildProcess | null = null;
  try {
    let t = performance.now();
    const series = await writeSeries(path.join(work, 'series'));
    log(`series: ${FILES} DICOM files, ${(series.bytes / 1e6).toFixed(1)} MB, written in ${secs(performance.now() - t)}`);

    // The server seeds the demo alliance (with the image centre's catalogue and demo studies) on its first start.
    t = performance.now();
    const running = await startServer({ dataDir, work, databaseUrl: db.serverUrl });
    server = running.server;
    const base = running.base;
    log(`server (${db.label}) migrated, seeded and answering in ${secs(performance.now() - t)}`);
    const applicant = await login(base, APPLICANT, 'demo123');
    const reader = await login(base, READER, 'demo123');

    // A study registered by the township centre: a resident of its scope, a CT item of the catalogue.
    const residents = await getJson<{ list: { id: string }[] }>(
      `${base}/api/imaging/${CENTRE}/residents?keyword=${encodeURIComponent('王')}`,
      applicant,
    );
    const items = await getJson<{ list: { id: string; bodyPartId: string; modality: string; name: string }[] } | { id: string }[]>(
      `${base}/api/imaging/catalog/items?centre=${CENTRE}`,
      applicant,
    );
    const itemList = (Array.isArray(items) ? items : items.list) as { id: string; bodyPartId: string; modality: string; name: string }[];
    const item = itemList.find((i) => i.modality === 'CT') ?? itemList[0]!;
    if (!residents.list.length || !item) throw new Error('no resident or item to register a study with');
    const study = await call<{ id: string; applyNo: string }>(base, applicant, 'POST', `/api/imaging/${CENTRE}/studies`, {
      residentId: residents.list[0]!.id,
      itemId: item.id,
      bodyPartId: item.bodyPartId,
      clinicalDiagnosis: '头痛待查（基准测试）',
      device: 'CT 64 排',
      priority: 0,
    });
    log(`study ${study.applyNo} registered (${item.name})`);

    // Baseline of the upload: a plain copy of the same files.
    const copyDir = path.join(work, 'copy');
    fs.mkdirSync(copyDir);
    t = performance.now();
    for (const f of series.files) await fsp.copyFile(f, path.join(copyDir, path.basename(f)));
    const copyMs = performance.now() - t;

    // The client's identifiers (MD5 of each file), timed apart: the browser computes them in a Web Worker.
    const buffers = await Promise.all(series.files.map((f) => fsp.readFile(f)));
    t = performance.now();
    const identifiers = buffers.map(md5);
    const hashMs = performance.now() - t;

    // (1) the upload: chunk check, chunk, merge, attach; PARALLEL files at a time.
    t = performance.now();
    const stored: string[] = [];
    const images = await pool(series.files, PARALLEL, async (f, i) => {
      const { fileId, url } = await uploadFile(base, applicant, f, buffers[i]!, identifiers[i]!);
      stored[i] = url;
      return timed('attach', () =>
        call<{ id: string; studyUid: string | null; instanceNo: number | null }>(
          base,
          applicant,
          'POST',
          `/api/imaging/${CENTRE}/studies/${study.id}/images`,
          {
            fileId,
          },
        ),
      );
    });
    const uploadMs = performance.now() - t;
    if (images.some((im) => im.studyUid !== series.studyUid)) throw new Error('an attached image lacks the series study UID');
    await call(base, applicant, 'POST', `/api/imaging/${CENTRE}/studies/${study.id}/actions/uploadDone`, {});

    // (2) the viewer, as the director opens the study: detail, first image, then the rest.
    t = performance.now();
    const detail = await getJson<{ images: { url: string; instanceNo: number | null; size: number }[] }>(
      `${base}/api/imaging/${CENTRE}/studies/${study.id}`,
      reader,
    );
    const detailMs = performance.now() - t;
    const ordered = [...detail.images].sort((a, b) => (a.instanceNo ?? 0) - (b.instanceNo ?? 0));
    if (ordered.length !== FILES) throw new Error(`the study shows ${ordered.length} images, not ${FILES}`);
    const content = async (url: string) => {
      const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, { headers: { authorization: reader } });
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const received: Buffer[] = [await content(ordered[0]!.url)];
    const firstMs = performance.now() - t;
    received.push(...(await pool(ordered.slice(1), VIEW_PARALLEL, (im) => content(im.url))));
    const allMs = performance.now() - t;

    // Baseline of the viewer: the same bytes read from disk, first one, then the rest at the same concurrency.
    t = performance.now();
    await fsp.readFile(series.files[0]!);
    const rawFirstMs = performance.now() - t;
    await pool(series.files.slice(1), VIEW_PARALLEL, (f) => fsp.readFile(f));
    const rawAllMs = performance.now() - t;

    // A second reference: the same files downloaded through the files module's own address (its owner, no study check).
    t = performance.now();
    await pool(stored, VIEW_PARALLEL, async (url) => {
      const res = await fetch(`${base}${url}`, { headers: { authorization: applicant } });
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      await res.arrayBuffer();
    });
    const filesMs = performance.now() - t;

    // What the viewer got is the series, byte for byte, and dicom-parser reads its header.
    received.forEach((b, i) => {
      if (md5(b) !== identifiers[i]) throw new Error(`image ${i + 1} differs from its source file`);
    });
    const { default: dicomParser } = await import('dicom-parser');
    const parsed = dicomParser.parseDicom(new Uint8Array(received[0]!));
    if (parsed.string('x0020000d') !== series.studyUid) throw new Error('the first image does not parse to the series study UID');

    const mb = (series.bytes / 1e6).toFixed(1);
    log('');
    log(
      `${FILES} DICOM files (${mb} MB), ${PARALLEL} uploading / ${VIEW_PARALLEL} loading at once, loopback, ${db.label}, ${machineLine()}`,
    );
    const row = (label: string, ms: number, bytes: number | null, vs?: number) =>
      log(
        `  ${label.padEnd(52)} ${secs(ms).padStart(8)}${bytes === null ? '         ' : `  ${mbps(bytes, ms).toFixed(0).padStart(5)} MB/s`}${
          vs === undefined ? '' : `   ${(ms / vs).toFixed(2)} × the baseline's time`
        }`,
      );
    row('baseline: plain copy of the files (fs.copyFile)', copyMs, series.bytes);
    row('upload: check + chunk + merge + attach, per file', uploadMs, series.bytes, copyMs);
    log(
      `    request time per file (mean; ${PARALLEL} files at once): check ${(phases.check / FILES).toFixed(0)} ms, chunk ${(phases.chunk / FILES).toFixed(0)} ms, merge ${(phases.merge / FILES).toFixed(0)} ms, attach ${(phases.attach / FILES).toFixed(0)} ms`,
    );
    row('client MD5 of the files (the identifiers)', hashMs, series.bytes);
    row('upload including the client MD5', uploadMs + hashMs, series.bytes, copyMs);
    log('');
    row('viewer: study detail', detailMs, null);
    row('baseline: raw read of the first file', rawFirstMs, buffers[0]!.length);
    row('viewer: time to the first image (detail + content)', firstMs, buffers[0]!.length, rawFirstMs);
    row('baseline: raw read of all files', rawAllMs, series.bytes);
    row('viewer: time to all images', allMs, series.bytes, rawAllMs);
    row('reference: the files downloaded by the files module', filesMs, series.bytes, rawAllMs);
    log(`  (every image received equals its source file; the first parses with dicom-parser to the series' study UID)`);
  } finally {
    await stopServer(server);
    if (process.env.BENCH_KEEP) log(`kept: ${work} (${db.label})`);
    else {
      await db.drop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
