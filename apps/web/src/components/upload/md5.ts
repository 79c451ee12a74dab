import { HASH_SLICE_SIZE } from '@medalliance/contract';
import type { Md5Message } from '../../workers/md5.worker.ts';

/** Hashing speed of each file, for the e2e figures (window.__md5Stats). */
declare global {
  interface Window {
    __md5Stats?: { bytes: number; ms: number; engine: string; reader: string }[];
  }
}

export interface Md5Job {
  promise: Promise<string>;
  cancel(): void;
}

/** The MD5 of a file, hashed in a Web Worker; `onProgress` gets 0..1. */
export function md5OfFile(file: Blob, onProgress: (fraction: number) => void): Md5Job {
  const worker = new Worker(new URL('../../workers/md5.worker.ts', import.meta.url), { type: 'module' });
  let rejectIt: ((e: Error) => void) | null = null;
  const promise = new Promise<string>((resolve, reject) => {
    rejectIt = reject;
    worker.onmessage = (e: MessageEvent<Md5Message>) => {
      const m = e.data;
      if (m.type === 'progress') onProgress(m.total ? m.loaded / m.total : 1);
      else if (m.type === 'done') {
        worker.terminate();
        (window.__md5Stats ??= []).push({ bytes: file.size, ms: m.ms, engine: m.engine, reader: m.reader });
        resolve(m.md5);
      } else {
        worker.terminate();
        reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'worker error'));
    };
    worker.postMessage({ file, sliceSize: HASH_SLICE_SIZE });
  });
  return {
    promise,
    cancel() {
      worker.terminate();
      rejectIt?.(new DOMException('cancelled', 'AbortError'));
    },
  };
}
