/**
 * Builds a valid DICOM Part-10 file (explicit VR little endian) with given
 * patient / study / series / SOP identifiers and rows × columns of 16-bit
 * monochrome pixel data. Tests, seeds and the bench use it: real readers
 * (dicom-parser on the server and in the viewer) must accept what it writes,
 * so nothing here is a stand-in for the format.
 */

export interface DicomFixture {
  studyUid: string;
  seriesUid: string;
  sopUid: string;
  modality?: string;
  instanceNumber?: number;
  patientName?: string;
  patientId?: string;
  studyDate?: string; // YYYYMMDD
  rows?: number;
  columns?: number;
  /** Varies the picture between instances (0..). */
  seed?: number;
}

/** Secondary Capture Image Storage: a class every viewer accepts for a plain monochrome picture. */
export const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
export const EXPLICIT_VR_LE = '1.2.840.10008.1.2.1';
const IMPLEMENTATION_UID = '1.2.826.0.1.3680043.10.1024.1';
const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN']);

/** A DICOM UID under a fictitious root from a few numbers (digits only, ≤ 64 characters). */
export function fixtureUid(...parts: Array<number | string>): string {
  return `1.2.826.0.1.3680043.10.1024.${parts.map((p) => String(p).replace(/\D/g, '') || '0').join('.')}`.slice(0, 64);
}

function pad(vr: string, value: Buffer): Buffer {
  if (value.length % 2 === 0) return value;
  return Buffer.concat([value, Buffer.from([vr === 'UI' || vr === 'OB' ? 0 : 0x20])]);
}

function element(group: number, el: number, vr: string, raw: Buffer | string): Buffer {
  const value = pad(vr, typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw);
  const long = LONG_VRS.has(vr);
  const head = Buffer.alloc(long ? 12 : 8);
  head.writeUInt16LE(group, 0);
  head.writeUInt16LE(el, 2);
  head.write(vr, 4, 'latin1');
  if (long) head.writeUInt32LE(value.length, 8);
  else head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}

const us = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n, 0);
  return b;
};
const ul = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
};

/** 12-bit monochrome pixels: a gradient with a bright disc whose place depends on the seed. */
function pixels(rows: number, columns: number, seed: number): Buffer {
  const out = Buffer.alloc(rows * columns * 2);
  const cx = columns * (0.3 + ((seed * 37) % 40) / 100);
  const cy = rows * (0.3 + ((seed * 53) % 40) / 100);
  const r2 = (Math.min(rows, columns) / 5) ** 2;
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const base = Math.round(((x + y) / (rows + columns)) * 2000);
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < r2;
      out.writeUInt16LE(inDisc ? 3500 : base, (y * columns + x) * 2);
    }
  return out;
}

export function buildDicom(f: DicomFixture): Buffer {
  const rows = f.rows ?? 64;
  const columns = f.columns ?? 64;
  const meta = Buffer.concat([
    element(0x0002, 0x0001, 'OB', Buffer.from([0, 1])),
    element(0x0002, 0x0002, 'UI', SECONDARY_CAPTURE),
    element(0x0002, 0x0003, 'UI', f.sopUid),
    element(0x0002, 0x0010, 'UI', EXPLICIT_VR_LE),
    element(0x0002, 0x0012, 'UI', IMPLEMENTATION_UID),
  ]);
  const dataset = Buffer.concat([
    element(0x0008, 0x0016, 'UI', SECONDARY_CAPTURE),
    element(0x0008, 0x0018, 'UI', f.sopUid),
    element(0x0008, 0x0020, 'DA', f.studyDate ?? '20260101'),
    element(0x0008, 0x0060, 'CS', f.modality ?? 'US'),
    element(0x0010, 0x0010, 'PN', f.patientName ?? 'ANON^PATIENT'),
    element(0x0010, 0x0020, 'LO', f.patientId ?? 'ANON'),
    element(0x0020, 0x000d, 'UI', f.studyUid),
    element(0x0020, 0x000e, 'UI', f.seriesUid),
    element(0x0020, 0x0013, 'IS', String(f.instanceNumber ?? 1)),
    element(0x0028, 0x0002, 'US', us(1)),
    element(0x0028, 0x0004, 'CS', 'MONOCHROME2'),
    element(0x0028, 0x0010, 'US', us(rows)),
    element(0x0028, 0x0011, 'US', us(columns)),
    element(0x0028, 0x0100, 'US', us(16)),
    element(0x0028, 0x0101, 'US', us(12)),
    element(0x0028, 0x0102, 'US', us(11)),
    element(0x0028, 0x0103, 'US', us(0)),
    element(0x0028, 0x1050, 'DS', '2048'),
    element(0x0028, 0x1051, 'DS', '4096'),
    element(0x7fe0, 0x0010, 'OW', pixels(rows, columns, f.seed ?? 0)),
  ]);
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'latin1'), element(0x0002, 0x0000, 'UL', ul(meta.length)), meta, dataset]);
}
