import {
  FILE_UNITS,
  fileCategory,
  fileExtension,
  matchesAccept,
  ACCEPT_LISTS,
  type AcceptName,
  type FileUnit,
} from '@medalliance/contract';

/**
 * The uploaders' own checks before anything is sent (spec §5.2). They return
 * a message key of the 'upload' namespace with its values, or null when the
 * file may go; the server enforces the same limits again.
 */
export type Refusal = { key: string; values?: Record<string, string | number> } | null;

/** The accept attribute for a list of named kinds ('image', 'pdf' …) or a raw accept string. */
export function acceptOf(accept: readonly AcceptName[] | string | undefined): string {
  if (!accept) return '';
  if (typeof accept === 'string') return accept;
  return accept.map((a) => ACCEPT_LISTS[a]).join(',');
}

export function checkCount(current: number, adding: number, limit: number | undefined, key = 'file.countLimit'): Refusal {
  if (!limit || limit <= 1) return null; // single mode replaces the file
  return current + adding > limit ? { key, values: { count: limit } } : null;
}

export function checkSize(bytes: number, size: number | undefined, unit: FileUnit = 'MB', key = 'file.sizeExceeds'): Refusal {
  if (!size) return null;
  return bytes > size * FILE_UNITS[unit] ? { key, values: { size, unit } } : null;
}

export function checkAccept(file: { name: string; type?: string }, accept: string): Refusal {
  return matchesAccept(accept, file) ? null : { key: 'file.typeNotAllowed' };
}

export function isImage(file: { name: string; type?: string }): boolean {
  return fileCategory(fileExtension(file.name)) === 'image';
}

/** Chunk geometry of the protocol: 5 MiB chunks, the remainder in its own chunk. */
export function chunkPlan(totalSize: number, chunkSize: number) {
  const totalChunks = Math.max(1, Math.ceil(totalSize / chunkSize));
  const range = (n: number) => {
    const start = (n - 1) * chunkSize;
    return { start, end: n === totalChunks ? totalSize : start + chunkSize };
  };
  return { totalChunks, range };
}

/** Wait before retry `attempt` (1-based) of a chunk: 1 s, 2 s, 4 s, 8 s … capped at 10 s. */
export const retryDelay = (attempt: number) => Math.min(10_000, 1000 * 2 ** (attempt - 1));

/** A cache key for a file's MD5, so a resumed upload (after a page reload) need not hash again. */
export const hashCacheKey = (f: { name: string; size: number; lastModified: number }) => `${f.name}|${f.size}|${f.lastModified}`;
