import { deflateSync } from 'node:zlib';

/**
 * Small, genuinely decodable pictures and clips for seeds, tests, the bench
 * and the browser tests (no image tools on the machine): a greyscale PNG, a
 * baseline JPEG (8×8 flat blocks: DC coefficients only, a one-symbol AC
 * table), and an H.264 baseline MP4 whose frames are I_PCM macroblocks
 * (uncompressed samples inside a valid bitstream, so no encoder is needed).
 * Each draws a gradient with a bright disc that moves with `seed` / frame.
 */

export interface PictureOptions {
  width?: number;
  height?: number;
  seed?: number;
}

/** Luma 0..255 of a pixel: gradient plus a disc. */
function luma(x: number, y: number, w: number, h: number, seed: number): number {
  const cx = w * (0.25 + ((seed * 29) % 50) / 100);
  const cy = h * (0.3 + ((seed * 17) % 40) / 100);
  const r = Math.min(w, h) / 5;
  if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) return 230;
  return 40 + Math.round(((x + y) / (w + h)) * 140);
}

// ---- PNG ----

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length, 0);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td), 0);
  return Buffer.concat([len, td, crc]);
}

export function buildPng(o: PictureOptions = {}): Buffer {
  const w = o.width ?? 64;
  const h = o.height ?? 64;
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0; // filter: none
    for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = luma(x, y, w, h, o.seed ?? 0);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- bit writer (JPEG and H.264) ----

class Bits {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;
  put(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) {
      this.cur = (this.cur << 1) | ((value >>> i) & 1);
      if (++this.n === 8) this.flush();
    }
  }
  private flush(): void {
    this.bytes.push(this.cur);
    this.cur = 0;
    this.n = 0;
  }
  get aligned(): boolean {
    return this.n === 0;
  }
  /** Exp-Golomb unsigned. */
  ue(v: number): void {
    const x = v + 1;
    const len = Math.floor(Math.log2(x));
    this.put(0, len);
    this.put(x, len + 1);
  }
  se(v: number): void {
    this.ue(v <= 0 ? -2 * v : 2 * v - 1);
  }
  /** Pads with `bit` to the byte boundary. */
  pad(bit: 0 | 1): void {
    while (this.n !== 0) this.put(bit, 1);
  }
  trailing(): void {
    this.put(1, 1);
    this.pad(0);
  }
  bytesOut(): number[] {
    return this.bytes;
  }
}

// ---- JPEG ----

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Canonical Huffman codes of a DHT (bits per length, symbols in order). */
function huffCodes(bits: number[], vals: number[]): Map<number, { code: number; len: number }> {
  const out = new Map<number, { code: number; len: number }>();
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < bits[len - 1]!; i++) out.set(vals[k++]!, { code: code++, len });
    code <<= 1;
  }
  return out;
}

export function buildJpeg(o: PictureOptions = {}): Buffer {
  const w = o.width ?? 64;
  const h = o.height ?? 64;
  const q = 8;
  const dc = huffCodes(DC_BITS, DC_VALS);
  const seg = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  const head = [
    0xff,
    0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...seg(0xdb, [0x00, ...new Array<number>(64).fill(q)]),
    ...seg(0xc0, [8, (h >> 8) & 0xff, h & 0xff, (w >> 8) & 0xff, w & 0xff, 1, 1, 0x11, 0]),
    ...seg(0xc4, [0x00, ...DC_BITS, ...DC_VALS]),
    // AC table with one symbol, end-of-block: every block is flat.
    ...seg(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...seg(0xda, [1, 1, 0x00, 0, 63, 0]),
  ];
  const bits = new Bits();
  let prev = 0;
  for (let by = 0; by < Math.ceil(h / 8); by++)
    for (let bx = 0; bx < Math.ceil(w / 8); bx++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += luma(bx * 8 + x, by * 8 + y, w, h, o.seed ?? 0);
      const value = Math.round(sum / 8 - 8 * 128) / q;
      const dcq = Math.round(value);
      const diff = dcq - prev;
      prev = dcq;
      const size = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      const c = dc.get(size)!;
      bits.put(c.code, c.len);
      if (size) bits.put(diff > 0 ? diff : diff + (1 << size) - 1, size);
      bits.put(0, 1); // EOB
    }
  bits.pad(1);
  const data: number[] = [];
  for (const b of bits.bytesOut()) {
    data.push(b);
    if (b === 0xff) data.push(0x00);
  }
  return Buffer.from([...head, ...data, 0xff, 0xd9]);
}

// ---- H.264 (I_PCM) in MP4 ----

function nal(type: number, rbsp: number[]): Buffer {
  const out: number[] = [0x60 | type]; // nal_ref_idc 3
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

function sps(mbW: number, mbH: number): Buffer {
  const b = new Bits();
  b.put(66, 8); // baseline
  b.put(0xc0, 8); // constraint_set0/1
  b.put(30, 8); // level 3.0
  b.ue(0); // sps id
  b.ue(0); // log2_max_frame_num_minus4
  b.ue(2); // pic_order_cnt_type
  b.ue(0); // max_num_ref_frames
  b.put(0, 1);
  b.ue(mbW - 1);
  b.ue(mbH - 1);
  b.put(1, 1); // frame_mbs_only
  b.put(1, 1); // direct_8x8_inference
  b.put(0, 1); // cropping
  b.put(0, 1); // vui
  b.trailing();
  return nal(7, b.bytesOut());
}

function pps(): Buffer {
  const b = new Bits();
  b.ue(0);
  b.ue(0);
  b.put(0, 1); // CAVLC
  b.put(0, 1);
  b.ue(0);
  b.ue(0);
  b.ue(0);
  b.put(0, 1);
  b.put(0, 2);
  b.se(0);
  b.se(0);
  b.se(0);
  b.put(0, 1); // deblocking control
  b.put(0, 1);
  b.put(0, 1);
  b.trailing();
  return nal(8, b.bytesOut());
}

function idrSlice(mbW: number, mbH: number, frame: number, seed: number): Buffer {
  const w = mbW * 16;
  const h = mbH * 16;
  const b = new Bits();
  b.ue(0); // first_mb_in_slice
  b.ue(7); // I slice
  b.ue(0); // pps id
  b.put(0, 4); // frame_num
  b.ue(frame % 2); // idr_pic_id differs between neighbouring IDR pictures
  b.put(0, 1); // no_output_of_prior_pics
  b.put(0, 1); // long_term_reference
  b.se(0); // slice_qp_delta
  for (let my = 0; my < mbH; my++)
    for (let mx = 0; mx < mbW; mx++) {
      b.ue(25); // I_PCM
      b.pad(0);
      for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) b.put(Math.max(16, luma(mx * 16 + x, my * 16 + y, w, h, seed + frame)), 8);
      for (let i = 0; i < 128; i++) b.put(128, 8); // Cb, Cr: grey
    }
  b.trailing();
  return nal(5, b.bytesOut());
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const u32 = (...ns: number[]) => {
  const b = Buffer.alloc(4 * ns.length);
  ns.forEach((n, i) => b.writeUInt32BE(n >>> 0, i * 4));
  return b;
};
const u16 = (...ns: number[]) => {
  const b = Buffer.alloc(2 * ns.length);
  ns.forEach((n, i) => b.writeUInt16BE(n & 0xffff, i * 2));
  return b;
};
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32(((version << 24) | flags) >>> 0), ...parts);
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

export interface ClipOptions {
  width?: number;
  height?: number;
  frames?: number;
  fps?: number;
  seed?: number;
}

/** An H.264 baseline MP4 clip (every frame an IDR picture of I_PCM macroblocks). */
export function buildMp4(o: ClipOptions = {}): Buffer {
  const mbW = Math.max(1, Math.round((o.width ?? 64) / 16));
  const mbH = Math.max(1, Math.round((o.height ?? 64) / 16));
  const w = mbW * 16;
  const h = mbH * 16;
  const frames = o.frames ?? 8;
  const fps = o.fps ?? 4;
  const timescale = 1000;
  const delta = Math.round(timescale / fps);
  const duration = delta * frames;
  const s = sps(mbW, mbH);
  const p = pps();
  const samples = Array.from({ length: frames }, (_, i) => {
    const n = idrSlice(mbW, mbH, i, o.seed ?? 0);
    return Buffer.concat([u32(n.length), n]);
  });
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const avcC = box('avcC', Buffer.from([1, 66, 0xc0, 30, 0xff, 0xe1]), u16(s.length), s, Buffer.from([1]), u16(p.length), p);
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16),
    u16(w, h),
    u32(0x480000, 0x480000, 0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18, 0xffff),
    avcC,
  );
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      full('stsd', 0, 0, u32(1), avc1),
      full('stts', 0, 0, u32(1, frames, delta)),
      full('stsc', 0, 0, u32(1, 1, frames, 1)),
      full('stsz', 0, 0, u32(0, frames), ...samples.map((x) => u32(x.length))),
      full('stco', 0, 0, u32(1, chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      full('mvhd', 0, 0, u32(0, 0, timescale, duration, 0x10000), u16(0x100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2)),
      box(
        'trak',
        full('tkhd', 0, 3, u32(0, 0, 1, 0, duration), Buffer.alloc(8), u16(0, 0, 0, 0), MATRIX, u32(w << 16, h << 16)),
        box(
          'mdia',
          full('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4, 0)),
          full('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1')),
          box('minf', full('vmhd', 0, 1, Buffer.alloc(8)), box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))), stbl(chunkOffset)),
        ),
      ),
    );
  const moovSize = moov(0).length;
  const offset = ftyp.length + moovSize + 8;
  return Buffer.concat([ftyp, moov(offset), box('mdat', ...samples)]);
}
