import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { discardUpload } from './chunks.service.ts';
import type { FileRuntime } from './runtime.ts';

/**
 * Housekeeping, at start-up and then hourly: uploads abandoned for a day lose
 * their chunks, stray temporary files go, and stored contents that no file
 * record points at any more are deleted. File records themselves are never
 * deleted here, so a file that business records reference stays.
 */
export interface CleanupReport {
  uploads: number;
  strays: number;
  blobs: number;
}

export async function cleanupFiles(rt: FileRuntime, now = Date.now()): Promise<CleanupReport> {
  const { db } = rt.ctx;
  const cutoff = now - rt.settings.tempMaxAgeMs;
  const report: CleanupReport = { uploads: 0, strays: 0, blobs: 0 };

  const stale = await db.selectFrom('fileUploads').select(['identifier', 'mergingAt']).where('updatedAt', '<', cutoff).execute();
  for (const u of stale) {
    if (u.mergingAt && now - Number(u.mergingAt) < rt.settings.mergeLeaseMs) continue;
    await rt.locks.run(`merge:${u.identifier}`, () => discardUpload(rt, u.identifier));
    report.uploads += 1;
  }

  // Folders without an upload row (a crash between steps) and one-request temporaries.
  const live = new Set((await db.selectFrom('fileUploads').select('identifier').execute()).map((u) => u.identifier));
  let entries: string[] = [];
  try {
    entries = await fsp.readdir(rt.tmpRoot);
  } catch {
    entries = [];
  }
  for (const name of entries) {
    if (live.has(name)) continue;
    const full = path.join(rt.tmpRoot, name);
    const st = await fsp.stat(full).catch(() => null);
    if (st && st.mtimeMs < cutoff) {
      await fsp.rm(full, { recursive: true, force: true });
      report.strays += 1;
    }
  }

  // Contents no file record points at (their files were deleted), old enough that no upload is attaching them.
  const orphans = await db
    .selectFrom('fileBlobs')
    .select(['md5', 'storageKey'])
    .where('createdAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('files')
            .select(sql`1`.as('one'))
            .whereRef('files.md5', '=', 'fileBlobs.md5'),
        ),
      ),
    )
    .limit(1000)
    .execute();
  for (const b of orphans) {
    const res = await db
      .deleteFrom('fileBlobs')
      .where('md5', '=', b.md5)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('files')
              .select(sql`1`.as('one'))
              .where('files.md5', '=', b.md5),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 1) {
      await rt.store.delete(b.storageKey);
      report.blobs += 1;
    }
  }
  return report;
}

/** Runs the cleanup now and every `cleanupEveryMs`, without keeping the process alive; returns the stopper. */
export function scheduleCleanup(rt: FileRuntime): () => void {
  const run = () => cleanupFiles(rt).catch((err: unknown) => rt.ctx.log.warn({ err }, 'file cleanup failed'));
  const first = setTimeout(run, 5_000);
  const every = setInterval(run, rt.settings.cleanupEveryMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
