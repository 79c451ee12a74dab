import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../../context.ts';
import { scheduleCleanup } from './cleanup.service.ts';
import { fileRoutes } from './file.routes.ts';
import { createFileRuntime } from './runtime.ts';
import './messages.ts';

export { addFileReferences, releaseFileReferences, fileById, toEntry } from './files.service.ts';
export { fileRuntime } from './runtime.ts';
export { readImportFile } from './import-file.ts';

/** Registers every route of the file module (mounted under /api). */
export async function fileModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart only in this scope; every route passes its own limits.
  await app.register(multipart, { limits: { fields: 30, fieldSize: 4000, files: 1, parts: 40, fileSize: 1 } });
  const rt = createFileRuntime(ctx);
  await fileRoutes(app, rt);
  rt.stopCleanup = scheduleCleanup(rt);
  app.addHook('onClose', async () => {
    rt.stopCleanup();
    await rt.md5.close();
  });
}
