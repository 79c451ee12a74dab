import type { ChunkStatus, FileEntry, PageResult } from '@medalliance/contract';
import { http } from '../../api/http.ts';
import { getToken } from '../../app/stores/sessionStore.ts';
import { acceptLanguageOf } from '../../i18n/language.ts';
import { currentLanguage } from '../../i18n/index.ts';

/** Typed calls of the file module (spec §7.9; server-contract §9). */

export interface MyFile extends FileEntry {
  type: string;
  category: string;
  createdAt: number;
  refCount: number;
}

export interface ChunkParams {
  identifier: string;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  fileName: string;
  type: string;
  extension: string;
  fileType: string;
}

/** GET /api/file/chunk: which chunks the server has; `uploaded` = instant upload. Resolves with the raw envelope. */
export function checkChunks(p: ChunkParams, signal?: AbortSignal) {
  return http.get<ChunkStatus>('/api/file/chunk', { ...p }, { rawCode: true, signal });
}

export function mergeChunks(p: ChunkParams) {
  const form = new FormData();
  form.append('identifier', p.identifier);
  form.append('fileName', p.fileName);
  form.append('fileSize', String(p.totalSize));
  form.append('fileType', p.fileType);
  form.append('extension', p.extension);
  form.append('type', p.type);
  return http.post<FileEntry>('/api/file/merge', form, { rawCode: true, timeout: 10 * 60_000 });
}

export function previewAddress(f: Pick<FileEntry, 'name' | 'fileVersionId' | 'url'>) {
  return http.get<string>(
    '/api/file/Uploader/Preview',
    { fileName: f.name, fileVersionId: f.fileVersionId, fileDownloadUrl: f.url },
    { rawCode: true },
  );
}

/** A short-lived link that works without the Authorization header (img, video, frames, plain links). */
export async function signedUrl(url: string, inline: boolean): Promise<string> {
  const res = await http.get<string>('/api/file/SignedUrl', { url, inline: inline ? 1 : 0 }, { silent: true });
  return res.data;
}

export function listMyFiles(q: { currentPage: number; pageSize: number; keyword?: string }) {
  return http.get<PageResult<MyFile>>('/api/file/List', q);
}

export function deleteFile(fileId: string) {
  return http.delete<null>(`/api/file/${fileId}`);
}

export interface XhrResult<T> {
  /** The HTTP status (0 for a network failure). */
  status: number;
  body: { code: number; msg: string; data: T } | null;
}

export interface XhrJob<T> {
  promise: Promise<XhrResult<T>>;
  abort(): void;
}

/**
 * A multipart POST with upload progress (fetch has none): the session token,
 * the UI language, and the envelope back. Never rejects: a network failure is
 * status 0, an abort rejects with AbortError.
 */
export function postForm<T>(url: string, form: FormData, onProgress?: (loaded: number, total: number) => void): XhrJob<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<XhrResult<T>>((resolve, reject) => {
    xhr.open('POST', (import.meta.env.VITE_API_BASE ?? '') + url);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Accept-Language', acceptLanguageOf(currentLanguage()));
    xhr.setRequestHeader('jnpf-origin', 'pc');
    xhr.responseType = 'json';
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response as XhrResult<T>['body']) ?? null });
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.ontimeout = () => resolve({ status: 0, body: null });
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
