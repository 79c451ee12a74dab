import { CHUNK_PARALLEL, CHUNK_RETRIES, CHUNK_SIZE, fileExtension, type FileEntry } from '@medalliance/contract';
import { t } from '../../i18n/index.ts';
import { checkChunks, mergeChunks, postForm, type ChunkParams, type XhrJob } from './fileApi.ts';
import { md5OfFile, type Md5Job } from './md5.ts';
import { NS } from './messages.ts';
import { chunkPlan, hashCacheKey, retryDelay } from './uploadRules.ts';

/**
 * One file going up through the chunk protocol (spec §4 upload states, §7.9):
 * hashed in a worker, checked against the server (instant upload, or the
 * chunks it already has: resume, also after a page reload), sent in 5 MiB
 * chunks 3 at a time with up to 5 attempts each, then merged. Pause aborts the
 * chunks in flight; resume asks the server again and sends the rest.
 */
export type UploadStatus = 'hashing' | 'waiting' | 'uploading' | 'paused' | 'success' | 'failed';

export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0..1 of the MD5. */
  hashProgress: number;
  /** 0..1 of the bytes the server has. */
  progress: number;
  /** The content hash, once known (spec §3 "uniqueIdentifier"). */
  uniqueIdentifier?: string;
  message?: string;
  instant?: boolean;
  entry?: FileEntry;
}

export interface TaskEvents {
  onChange(item: UploadItem): void;
  onSuccess(entry: FileEntry, item: UploadItem): void;
  /** A message for the user (error toast). */
  onError(message: string, item: UploadItem): void;
}

const HASH_CACHE = 'ma-upload-md5';
let uidSeq = 0;

function cachedHash(file: File): string | null {
  try {
    return (JSON.parse(localStorage.getItem(HASH_CACHE) ?? '{}') as Record<string, string>)[hashCacheKey(file)] ?? null;
  } catch {
    return null;
  }
}

function rememberHash(file: File, md5: string | null): void {
  try {
    const all = JSON.parse(localStorage.getItem(HASH_CACHE) ?? '{}') as Record<string, string>;
    const key = hashCacheKey(file);
    delete all[key];
    if (md5) all[key] = md5;
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - 50))) delete all[k];
    localStorage.setItem(HASH_CACHE, JSON.stringify(all));
  } catch {
    /* storage full or disabled: hash again next time */
  }
}

const tr = (key: string, values?: Record<string, unknown>) => t(`${NS}:${key}`, values);

export class ChunkUploadTask {
  readonly item: UploadItem;
  private md5Job: Md5Job | null = null;
  private xhrs = new Set<XhrJob<unknown>>();
  private run = 0;
  private lastEmit = 0;

  constructor(
    readonly file: File,
    private readonly type: string,
    private readonly events: TaskEvents,
  ) {
    this.item = { uid: `up-${Date.now()}-${++uidSeq}`, name: file.name, size: file.size, status: 'waiting', hashProgress: 0, progress: 0 };
  }

  private emit(force = true) {
    const now = performance.now();
    if (!force && now - this.lastEmit < 100) return;
    this.lastEmit = now;
    this.events.onChange({ ...this.item });
  }

  private set(patch: Partial<UploadItem>) {
    Object.assign(this.item, patch);
    this.emit();
  }

  private fail(message: string, toast = true) {
    this.set({ status: 'failed', message });
    if (toast) this.events.onError(message, this.item);
  }

  start(): void {
    void this.go();
  }

  pause(): void {
    if (this.item.status !== 'uploading' && this.item.status !== 'waiting' && this.item.status !== 'hashing') return;
    this.run += 1;
    this.md5Job?.cancel();
    for (const x of this.xhrs) x.abort();
    this.xhrs.clear();
    this.set({ status: 'paused' });
  }

  resume(): void {
    if (this.item.status === 'paused' || this.item.status === 'failed') void this.go();
  }

  retry(): void {
    this.resume();
  }

  cancel(): void {
    this.run += 1;
    this.md5Job?.cancel();
    for (const x of this.xhrs) x.abort();
    this.xhrs.clear();
  }

  private params(identifier: string): ChunkParams {
    const { totalChunks } = chunkPlan(this.file.size, CHUNK_SIZE);
    return {
      identifier,
      totalSize: this.file.size,
      chunkSize: CHUNK_SIZE,
      totalChunks,
      fileName: this.file.name,
      type: this.type,
      extension: fileExtension(this.file.name),
      fileType: this.file.type || 'application/octet-stream',
    };
  }

  private async go(): Promise<void> {
    const run = ++this.run;
    const alive = () => run === this.run;
    this.set({ message: undefined });

    // 1. The identifier: the MD5 of the content.
    let identifier = this.item.uniqueIdentifier ?? cachedHash(this.file);
    if (!identifier) {
      this.set({ status: 'hashing', hashProgress: 0 });
      this.md5Job = md5OfFile(this.file, (f) => {
        this.item.hashProgress = f;
        this.emit(false);
      });
      try {
        identifier = await this.md5Job.promise;
      } catch (err) {
        if (!alive()) return;
        void err;
        return this.fail(tr('file.readError'));
      } finally {
        this.md5Job = null;
      }
      if (!alive()) return;
      rememberHash(this.file, identifier);
    }
    this.set({ uniqueIdentifier: identifier, hashProgress: 1, status: 'waiting' });
    const p = this.params(identifier);

    for (let round = 0; round < 2; round += 1) {
      // 2. What the server has.
      let check;
      try {
        check = await checkChunks(p);
      } catch {
        if (!alive()) return;
        return this.fail(tr('file.uploadFailed'));
      }
      if (!alive()) return;
      if (check.code !== 200) return this.fail(check.msg || tr('file.uploadFailed'));
      const instant = check.data.uploaded;

      // 3. The chunks it lacks.
      if (!instant) {
        const sent = await this.sendChunks(p, new Set(check.data.chunkNumbers), alive);
        if (!alive() || !sent) return;
      }

      // 4. Merge (or register the instant upload).
      this.set({ status: 'uploading', progress: 1 });
      let merged;
      try {
        merged = await mergeChunks(p);
      } catch {
        if (!alive()) return;
        return this.fail(tr('file.uploadFailed'));
      }
      if (!alive()) return;
      if (merged.code === 200) {
        this.set({ status: 'success', progress: 1, entry: merged.data, instant, message: instant ? tr('instant') : undefined });
        this.events.onSuccess(merged.data, this.item);
        return;
      }
      const missing = (merged.data as unknown as { chunkNumbers?: number[] } | null)?.chunkNumbers;
      if (Array.isArray(missing) && round === 0) continue; // chunks went missing: ask again and send them
      if (/md5|校验|校驗|checksum/i.test(merged.msg)) {
        rememberHash(this.file, null);
        this.item.uniqueIdentifier = undefined;
      }
      return this.fail(merged.msg || tr('file.uploadFailed'));
    }
  }

  /** Sends the missing chunks, CHUNK_PARALLEL at a time; false when the upload stopped (paused, failed). */
  private async sendChunks(p: ChunkParams, have: Set<number>, alive: () => boolean): Promise<boolean> {
    const { totalChunks, range } = chunkPlan(this.file.size, CHUNK_SIZE);
    const queue: number[] = [];
    let doneBytes = 0;
    for (let n = 1; n <= totalChunks; n += 1) {
      const r = range(n);
      if (have.has(n)) doneBytes += r.end - r.start;
      else queue.push(n);
    }
    const inflight = new Map<number, number>();
    const progress = () => {
      let loaded = doneBytes;
      for (const v of inflight.values()) loaded += v;
      this.item.progress = this.file.size ? Math.min(1, loaded / this.file.size) : 1;
      this.emit(false);
    };
    this.set({ status: 'uploading' });
    progress();
    let failure: string | null = null;

    const sendOne = async (n: number): Promise<void> => {
      const r = range(n);
      for (let attempt = 1; attempt <= CHUNK_RETRIES; attempt += 1) {
        if (!alive() || failure) return;
        const form = new FormData();
        const fields: Record<string, string | number> = {
          chunkNumber: n,
          chunkSize: p.chunkSize,
          currentChunkSize: r.end - r.start,
          totalSize: p.totalSize,
          identifier: p.identifier,
          fileName: p.fileName,
          relativePath: p.fileName,
          totalChunks: p.totalChunks,
          type: p.type,
          extension: p.extension,
          fileType: p.fileType,
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
        form.append('file', this.file.slice(r.start, r.end), p.fileName);
        const job = postForm<{ uploaded: boolean }>('/api/file/chunk', form, (loaded) => {
          inflight.set(n, Math.min(loaded, r.end - r.start));
          progress();
        });
        this.xhrs.add(job as XhrJob<unknown>);
        let res;
        try {
          res = await job.promise;
        } catch {
          return; // aborted: paused or removed
        } finally {
          this.xhrs.delete(job as XhrJob<unknown>);
          inflight.delete(n);
        }
        if (res.body && res.body.code === 200) {
          doneBytes += r.end - r.start;
          progress();
          return;
        }
        // A refusal the server explains (type, size, name …): stop and show it. Busy, 5xx and network failures: try again.
        const transient = res.status === 0 || res.status >= 500 || res.status === 409 || res.status === 429 || !res.body;
        if (!transient) {
          failure = res.body?.msg || tr('file.uploadFailed');
          return;
        }
        if (attempt < CHUNK_RETRIES) await new Promise((w) => setTimeout(w, retryDelay(attempt)));
      }
      if (alive()) failure ??= tr('file.uploadFailed');
    };

    const worker = async () => {
      while (queue.length && alive() && !failure) await sendOne(queue.shift()!);
    };
    await Promise.all(Array.from({ length: Math.min(CHUNK_PARALLEL, queue.length) }, worker));
    if (!alive()) return false;
    if (failure) {
      for (const x of this.xhrs) x.abort();
      this.fail(failure);
      return false;
    }
    return true;
  }
}
