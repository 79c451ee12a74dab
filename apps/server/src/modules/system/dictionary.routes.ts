import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dictionaryDataBody, dictionaryListQuery, dictionaryTypeBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  allDictionaries,
  createData,
  createType,
  dataOptions,
  dataParentSelector,
  deleteData,
  deleteType,
  exportDictionary,
  getData,
  getType,
  importDictionary,
  listData,
  setDataState,
  typeTree,
  updateData,
  updateType,
} from './dictionary.service.ts';
import { dictionaryMenuRoutes } from './dictionary-menu.routes.ts';
import { sendJsonFile } from './download.ts';
import { logRequestOperation } from './logs.service.ts';
import { body, params, query, stateBody, withAccess } from './route-helpers.ts';

const MODULE = 'dictionary';
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The import file: a multipart upload (field `file`, options as fields) or the JSON itself as the body. */
async function importPayload(req: FastifyRequest): Promise<unknown> {
  if (!req.isMultipart()) return req.body;
  const part = await req.file({ limits: { files: 1, fileSize: IMPORT_MAX_BYTES + 1, fields: 10, fieldSize: 200 } });
  if (!part) throw badRequest('import.noFile');
  const buf = await part.toBuffer();
  if (buf.length > IMPORT_MAX_BYTES) throw badRequest('error.tooLarge');
  let data: unknown;
  try {
    data = JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('import.badFile');
  }
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([k, v]) => {
      const f = Array.isArray(v) ? v[0] : v;
      return f && f.type === 'field' ? [[k, f.value]] : [];
    }),
  ) as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  if (fields.allOrNothing !== undefined)
    options.allOrNothing = String(fields.allOrNothing) !== 'false' && String(fields.allOrNothing) !== '0';
  if (fields.conflict !== undefined) options.conflict = fields.conflict;
  return data && typeof data === 'object' ? { ...(data as object), ...options } : data;
}

const selectorParams = z.object({ id: z.string().min(1).max(200), excludeId: z.string().min(1).max(200) });

/** Dictionary types and data: every path of spec §7.5. */
export async function dictionaryRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---------------------------------------------------------------- types
  app.get('/system/DictionaryType', withAccess(moduleAccess(MODULE)), async () => ok({ list: await typeTree(ctx) }));

  app.get('/system/DictionaryType/Selector/:id', withAccess(userAccess), async (req) => ok({ list: await typeTree(ctx, params(req).id) }));

  app.get('/system/DictionaryType/:id', withAccess(moduleAccess(MODULE)), async (req) => ok(await getType(ctx, params(req).id)));

  app.post('/system/DictionaryType', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(dictionaryTypeBody, req);
    const id = await createType(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'createType', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/DictionaryType/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(dictionaryTypeBody, req);
    await updateType(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'updateType', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/DictionaryType/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteType(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'deleteType', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  // ---------------------------------------------------------------- data
  app.get('/system/DictionaryData/All', withAccess(userAccess), async () => ok(await allDictionaries(ctx)));

  app.post('/system/DictionaryData/Action/Import', withAccess(moduleAccess(MODULE, 'btn_import')), async (req) => {
    const lang = requestLanguage(req);
    const result = await importDictionary(ctx, await importPayload(req), req.session.userId, lang);
    logRequestOperation(ctx, req, {
      module: MODULE,
      action: 'import',
      targetId: result.typeId,
      summary: `created ${result.created}, updated ${result.updated}, skipped ${result.skipped}, errors ${result.errors.length}`,
    });
    return ok(
      result,
      translate(lang, 'dictionary.imported', {
        created: result.created,
        updated: result.updated,
        skipped: result.skipped,
        failed: result.errors.length,
      }),
    );
  });

  app.get('/system/DictionaryData/:id', withAccess(userAccess), async (req) =>
    ok(await listData(ctx, params(req).id, query(dictionaryListQuery, req))),
  );

  app.get('/system/DictionaryData/:id/Selector/:excludeId', withAccess(userAccess), async (req) => {
    const p = parse(selectorParams, req.params, requestLanguage(req));
    const { isTree } = query(dictionaryListQuery, req);
    return ok(await dataParentSelector(ctx, p.id, p.excludeId, isTree === '1'));
  });

  app.get('/system/DictionaryData/:id/Data/Selector', withAccess(userAccess), async (req) => ok(await dataOptions(ctx, params(req).id)));

  app.get('/system/DictionaryData/:id/Info', withAccess(moduleAccess(MODULE)), async (req) => ok(await getData(ctx, params(req).id)));

  app.post('/system/DictionaryData', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(dictionaryDataBody, req);
    const id = await createData(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'createData', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/DictionaryData/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(dictionaryDataBody, req);
    await updateData(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'updateData', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/DictionaryData/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteData(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'deleteData', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.put('/system/DictionaryData/:id/Actions/State', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setDataState(ctx, id, req.session.userId, body(stateBody, req)?.enabledMark);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: `enabledMark=${enabledMark}` });
    return ok({ enabledMark });
  });

  app.get('/system/DictionaryData/:id/Action/Export', withAccess(moduleAccess(MODULE, 'btn_export')), async (req, reply) => {
    const file = await exportDictionary(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'export', targetId: file.type.enCode, summary: `${file.list.length} rows` });
    return sendJsonFile(reply, `${file.type.fullName}-${file.type.enCode}`, file);
  });

  // ---------------------------------------------------------------- dictionary pages (menu type 4)
  await dictionaryMenuRoutes(app, ctx);
}
