import { parseDicom } from 'dicom-parser';

/**
 * One DICOM frame decoded for the screen: the stored pixel values with the
 * rescale and the window the header asks for. Only uncompressed transfer
 * syntaxes (implicit / explicit VR little endian, explicit big endian) carry
 * pixels we can draw without a codec; compressed ones are refused with
 * `DicomUnsupported` so the viewer can say so instead of drawing noise.
 */
export interface DicomFrame {
  rows: number;
  columns: number;
  /** Stored values (before rescale), one per pixel, or RGB triplets. */
  pixels: Int16Array | Uint16Array | Uint8Array | Int8Array;
  samples: 1 | 3;
  /** MONOCHROME1 draws low values white. */
  invert: boolean;
  slope: number;
  intercept: number;
  /** The header's window (0028,1050/1051), or one spanning the values present. */
  windowCenter: number;
  windowWidth: number;
  /** Rescaled value range of the pixels (for the window reset and the drag speed). */
  min: number;
  max: number;
  modality: string;
  studyUid: string;
  seriesUid: string;
  instanceNo: number | null;
}

export class DicomUnsupported extends Error {
  constructor(readonly reason: 'compressed' | 'noPixels' | 'format') {
    super(reason);
  }
}

const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.2']);

/** Decodes the first frame of a DICOM Part-10 file (or a raw data set). */
export function decodeDicom(bytes: Uint8Array): DicomFrame {
  let ds;
  try {
    ds = parseDicom(bytes);
  } catch {
    throw new DicomUnsupported('format');
  }
  const syntax = (ds.string('x00020010') ?? '1.2.840.10008.1.2').replace(/\0/g, '').trim();
  if (!UNCOMPRESSED.has(syntax)) throw new DicomUnsupported('compressed');
  const el = ds.elements.x7fe00010;
  if (!el || !el.length) throw new DicomUnsupported('noPixels');
  const rows = ds.uint16('x00280010') ?? 0;
  const columns = ds.uint16('x00280011') ?? 0;
  const bits = ds.uint16('x00280100') ?? 16;
  const signed = (ds.uint16('x00280103') ?? 0) === 1;
  const samples = (ds.uint16('x00280002') ?? 1) === 3 ? 3 : 1;
  const planar = ds.uint16('x00280006') ?? 0;
  const photometric = (ds.string('x00280004') ?? 'MONOCHROME2').trim();
  if (!rows || !columns) throw new DicomUnsupported('format');
  const count = rows * columns * samples;
  const offset = bytes.byteOffset + el.dataOffset;
  const bigEndian = syntax === '1.2.840.10008.1.2.2';
  let pixels: DicomFrame['pixels'];
  if (bits === 8) {
    if (el.length < count) throw new DicomUnsupported('noPixels');
    const raw = new Uint8Array(bytes.buffer, offset, count);
    pixels = signed ? new Int8Array(raw.buffer, raw.byteOffset, count) : raw;
    if (samples === 3 && planar === 1) pixels = interleave(raw, rows * columns);
  } else if (bits === 16) {
    if (el.length < count * 2) throw new DicomUnsupported('noPixels');
    // Copy: the data may sit at an odd offset, which typed 16-bit views refuse, and may be big endian.
    const view = new DataView(bytes.buffer, offset, count * 2);
    const out = signed ? new Int16Array(count) : new Uint16Array(count);
    for (let i = 0; i < count; i++) out[i] = signed ? view.getInt16(i * 2, !bigEndian) : view.getUint16(i * 2, !bigEndian);
    pixels = out;
  } else {
    throw new DicomUnsupported('format');
  }
  const slope = ds.floatString('x00281053') ?? 1;
  const intercept = ds.floatString('x00281052') ?? 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const min = lo * slope + intercept;
  const max = hi * slope + intercept;
  const headerCenter = ds.floatString('x00281050', 0);
  const headerWidth = ds.floatString('x00281051', 0);
  const fallbackWidth = Math.max(1, max - min);
  return {
    rows,
    columns,
    pixels,
    samples,
    invert: photometric === 'MONOCHROME1',
    slope,
    intercept,
    windowCenter: headerCenter ?? min + fallbackWidth / 2,
    windowWidth: headerWidth && headerWidth > 0 ? headerWidth : fallbackWidth,
    min,
    max,
    modality: (ds.string('x00080060') ?? '').trim(),
    studyUid: (ds.string('x0020000d') ?? '').replace(/\0/g, '').trim(),
    seriesUid: (ds.string('x0020000e') ?? '').replace(/\0/g, '').trim(),
    instanceNo: ds.intString('x00200013') ?? null,
  };
}

/** RRR…GGG…BBB… → RGBRGB… */
function interleave(raw: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = raw[i]!;
    out[i * 3 + 1] = raw[n + i]!;
    out[i * 3 + 2] = raw[2 * n + i]!;
  }
  return out;
}

/**
 * Draws the frame into RGBA bytes with the given window (DICOM PS3.3 C.11.2.1.2
 * linear VOI function): values below centre − width/2 black, above
 * centre + width/2 white, linear between. A look-up table over the stored
 * values keeps a drag on a 512×512 16-bit image cheap.
 */
export function applyWindow(frame: DicomFrame, center: number, width: number, out: Uint8ClampedArray): void {
  const n = frame.rows * frame.columns;
  if (frame.samples === 3) {
    const p = frame.pixels;
    for (let i = 0; i < n; i++) {
      out[i * 4] = p[i * 3]!;
      out[i * 4 + 1] = p[i * 3 + 1]!;
      out[i * 4 + 2] = p[i * 3 + 2]!;
      out[i * 4 + 3] = 255;
    }
    return;
  }
  const w = Math.max(1, width);
  const low = center - 0.5 - (w - 1) / 2;
  const span = w - 1 || 1;
  const base = frame.pixels instanceof Int16Array ? -32768 : frame.pixels instanceof Int8Array ? -128 : 0;
  const size = frame.pixels instanceof Uint8Array || frame.pixels instanceof Int8Array ? 256 : 65536;
  const table = new Uint8ClampedArray(size);
  for (let s = 0; s < size; s++) {
    const v = (s + base) * frame.slope + frame.intercept;
    let g = ((v - low) / span) * 255;
    g = g < 0 ? 0 : g > 255 ? 255 : g;
    table[s] = frame.invert ? 255 - g : g;
  }
  const p = frame.pixels;
  for (let i = 0; i < n; i++) {
    const g = table[p[i]! - base]!;
    const o = i * 4;
    out[o] = g;
    out[o + 1] = g;
    out[o + 2] = g;
    out[o + 3] = 255;
  }
}

/**
 * A drag of (dx, dy) screen pixels as a new window: right widens, down
 * raises the centre, scaled to the value range so a CT (−1000…3000) and an
 * 8-bit ultrasound frame both respond in a few hundred pixels.
 */
export function dragWindow(frame: DicomFrame, start: { center: number; width: number }, dx: number, dy: number) {
  const range = Math.max(1, frame.max - frame.min);
  const k = range / 400;
  return { center: start.center + dy * k, width: Math.max(1, start.width + dx * k) };
}
