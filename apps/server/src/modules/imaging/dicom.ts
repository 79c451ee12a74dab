import dicomParser from 'dicom-parser';
import type { FileStore } from '../file/store.ts';

/**
 * Reads the identifying header of a stored DICOM Part-10 file with
 * dicom-parser: the study, series and SOP instance UIDs, the modality and the
 * instance number. Only the head of the file is read (the header ends where
 * the pixel data begins), growing the window when a long header needs it, so
 * a 200 MB series costs a few kilobytes per file.
 */
export interface DicomHeader {
  studyUid: string | null;
  seriesUid: string | null;
  sopUid: string | null;
  modality: string | null;
  instanceNo: number | null;
}

const WINDOWS = [64 * 1024, 1024 * 1024, 16 * 1024 * 1024];

async function head(store: FileStore, key: string, size: number, bytes: number): Promise<Buffer> {
  const end = Math.min(size, bytes) - 1;
  if (end < 0) return Buffer.alloc(0);
  const stream = await store.get(key, { start: 0, end });
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

const text = (v: string | undefined) => {
  const t = v?.replace(/\0/g, '').trim();
  return t ? t.slice(0, 64) : null;
};

/** Parses a header from bytes; throws when they are not DICOM Part 10 (or are cut short). */
export function parseDicomHeader(bytes: Uint8Array): DicomHeader {
  const ds = dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010' });
  const instance = ds.intString('x00200013');
  return {
    studyUid: text(ds.string('x0020000d')),
    seriesUid: text(ds.string('x0020000e')),
    sopUid: text(ds.string('x00080018')) ?? text(ds.string('x00020003')),
    modality: text(ds.string('x00080060'))?.slice(0, 16) ?? null,
    instanceNo: instance === undefined || !Number.isFinite(instance) ? null : instance,
  };
}

/** The header of a stored file, or null when it is not DICOM. */
export async function readDicomHeader(store: FileStore, key: string, size: number): Promise<DicomHeader | null> {
  if (size < 132) return null;
  for (const w of WINDOWS) {
    const bytes = await head(store, key, size, w);
    if (bytes.subarray(128, 132).toString('latin1') !== 'DICM') return null;
    try {
      return parseDicomHeader(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    } catch {
      // Cut short inside the header: read a larger window, unless the whole file was read.
      if (w >= size) return null;
    }
  }
  return null;
}
