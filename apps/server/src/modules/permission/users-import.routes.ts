import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { exportExceptionBody, importDataBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  exceptionWorkbook,
  importRows,
  previewRows,
  readUpload,
  readWorkbook,
  sendXlsx,
  storeUpload,
  templateWorkbook,
} from './users-excel.service.ts';
import { USER_MENU } from './users.service.ts';

const route = (access: Access) => ({ config: { access } });
const importAccess = route(moduleAccess(USER_MENU, 'btn_import'));
/** Row lists of ImportData / ExportExceptionData: up to USER_IMPORT_MAX_ROWS rows. */
const bigBody = { ...importAccess, bodyLimit: 8 * 1024 * 1024 };
/** An import workbook is small: 5 MB is far more than USER_IMPORT_MAX_ROWS rows. */
const MAX_UPLOAD = 5 * 1024 * 1024;
const fileNameQuery = z.object({ fileName: z.string().max(100) });

/**
 * The import set (spec §7.4), mounted twice: under /permission/Users and under
 * /micq/MICQ_AFTER_IMPORT. The upload is taken here (multipart, this scope only)
 * or named by a file uploaded before through POST ImportPreview.
 */
export async function importRoutes(app: FastifyInstance, ctx: AppContext, prefix: string) {
  app.get(`${prefix}/TemplateDownload`, importAccess, async (req, reply) => {
    const lang = requestLanguage(req);
    return sendXlsx(
      reply,
      await templateWorkbook(ctx, lang),
      `${translate(lang, 'import.templateName')}.xlsx`,
      'user_import_template.xlsx',
    );
  });

  /** Preview of a workbook uploaded before (GET ImportPreview?fileName=…). */
  app.get(`${prefix}/ImportPreview`, importAccess, async (req) => {
    const lang = requestLanguage(req);
    const { fileName } = parse(fileNameQuery, req.query, lang);
    const rows = await readWorkbook(await readUpload(ctx, req.session.userId, fileName));
    return ok({ ...(await previewRows(ctx, req.session, rows, lang)), fileName });
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
    /** Upload and preview in one call: multipart with one file, or JSON { fileName } of an earlier upload. */
    scope.post(`${prefix}/ImportPreview`, importAccess, async (req) => {
      const lang = requestLanguage(req);
      let fileName: string;
      let buffer: Buffer;
      if (req.isMultipart()) {
        const file = await req.file();
        if (!file) throw badRequest('import.noFile');
        buffer = await file.toBuffer();
        fileName = await storeUpload(ctx, req.session.userId, buffer);
      } else {
        fileName = parse(fileNameQuery, req.body, lang).fileName;
        buffer = await readUpload(ctx, req.session.userId, fileName);
      }
      const rows = await readWorkbook(buffer);
      return ok({ ...(await previewRows(ctx, req.session, rows, lang)), fileName });
    });
  });

  app.post(`${prefix}/ImportData`, bigBody, async (req) => {
    const lang = requestLanguage(req);
    const body = parse(importDataBody, req.body, lang);
    return ok(await importRows(ctx, req.session, body.list, body.allOrNothing, lang));
  });

  app.post(`${prefix}/ExportExceptionData`, bigBody, async (req, reply) => {
    const lang = requestLanguage(req);
    const { list } = parse(exportExceptionBody, req.body, lang);
    return sendXlsx(reply, await exceptionWorkbook(list, lang), `${translate(lang, 'import.failedName')}.xlsx`, 'user_import_failed.xlsx');
  });
}
