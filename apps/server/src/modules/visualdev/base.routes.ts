import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { importModelDefinition, modelBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { sendJsonFile } from '../system/download.ts';
import { logRequestOperation } from '../system/logs.service.ts';
import { body, params, query, withAccess } from '../system/route-helpers.ts';
import {
  bindableTables,
  boundTableFields,
  copyModel,
  createModel,
  deleteModel,
  exportModel,
  findModel,
  formDataFields,
  modelOut,
  modelTree,
  updateModel,
} from './base.service.ts';
import { fieldDataSelect } from './field-data.service.ts';
import { releaseModel } from './release.service.ts';
import './messages.ts';

/** The menu whose grants cover model design (spec §7.6 Base). */
const MODULE = 'webDesign';

const listQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  type: z.union([z.literal(''), z.coerce.number().int().min(0).max(9)]).optional(),
  webType: z.union([z.literal(''), z.coerce.number().int().min(0).max(3)]).optional(),
  category: z.string().trim().max(64).optional().default(''),
});

const fieldDataQuery = z.object({
  keyword: z.string().trim().max(200).optional().default(''),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  relationField: z.string().max(64).optional(),
});

const releaseBody = z
  .object({ confirm: z.boolean().optional().default(false) })
  .nullable()
  .optional();

const tableParam = z.object({ table: z.string().trim().min(1).max(64) });

export async function baseRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/visualdev/Base', withAccess(moduleAccess(MODULE)), async (req) => {
    const q = query(listQuery, req);
    return ok({
      list: await modelTree(ctx, { keyword: q.keyword, type: q.type || undefined, webType: q.webType || undefined, category: q.category }),
    });
  });

  /** Released models only, grouped by category (menu type 3 and relation-form pickers choose among them). */
  app.get('/visualdev/Base/Selector', withAccess(userAccess), async (req) => {
    const q = query(listQuery, req);
    return ok({
      list: await modelTree(ctx, { keyword: q.keyword, type: q.type || undefined, webType: q.webType || undefined, releasedOnly: true }),
    });
  });

  /** Tables of our database a model may be bound to, and their columns (for mapping fields). */
  app.get('/visualdev/Base/Tables', withAccess(moduleAccess(MODULE)), async () => ok({ list: await bindableTables(ctx) }));
  app.get('/visualdev/Base/Tables/:table/Fields', withAccess(moduleAccess(MODULE)), async (req) => {
    const { table } = parse(tableParam, req.params, requestLanguage(req));
    return ok({ list: await boundTableFields(ctx, table) });
  });

  app.get('/visualdev/Base/:id', withAccess(moduleAccess(MODULE)), async (req) => ok(modelOut(await findModel(ctx, params(req).id))));

  app.post('/visualdev/Base', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(modelBody, req);
    const id = await createModel(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/visualdev/Base/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(modelBody, req);
    await updateModel(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/visualdev/Base/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteModel(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.post('/visualdev/Base/:id/Actions/Copy', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const { id } = params(req);
    const copy = await copyModel(ctx, id, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'copy', targetId: copy, summary: `from ${id}` });
    return ok({ id: copy });
  });

  /** Release the draft; `{confirm: true}` accepts a change that moves stored values aside (409 lists them otherwise). */
  app.post('/visualdev/Base/:id/Actions/Release', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const confirm = body(releaseBody, req)?.confirm ?? false;
    const result = await releaseModel(ctx, id, req.session.userId, confirm);
    logRequestOperation(ctx, req, {
      module: MODULE,
      action: 'release',
      targetId: id,
      summary: `v${result.version}${result.keptAside.length ? ` kept ${result.keptAside.join(', ')}` : ''}`.slice(0, 500),
    });
    return ok(result);
  });

  app.get('/visualdev/Base/:id/FormDataFields', withAccess(userAccess), async (req) =>
    ok({ list: await formDataFields(ctx, params(req).id) }),
  );

  app.get('/visualdev/Base/:id/FieldDataSelect', withAccess(userAccess), async (req) => {
    const q = parse(fieldDataQuery, req.query, requestLanguage(req));
    const page = {
      keyword: q.keyword,
      currentPage: q.currentPage ?? q.pageIndex ?? 1,
      pageSize: q.pageSize,
      relationField: q.relationField,
    };
    return ok(await fieldDataSelect(ctx, params(req).id, page, req.session));
  });

  app.get('/visualdev/Base/:id/Actions/Export', withAccess(moduleAccess(MODULE)), async (req, reply) => {
    const row = await findModel(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'export', targetId: row.id, summary: row.enCode });
    return sendJsonFile(reply, `${row.fullName}-${row.enCode}`, exportModel(row));
  });

  /** A definition file (ours, or the reference's Base record) becomes a new draft model. */
  await app.register(async (scope) => {
    // The file parser lives in this route's scope only.
    await scope.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    scope.post('/visualdev/Base/Actions/Import', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => importRoute(req));
  });

  async function importRoute(req: FastifyRequest) {
    let data: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { files: 1, fileSize: 2 * 1024 * 1024 } });
      if (!part) throw badRequest('import.noFile');
      try {
        data = JSON.parse((await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, ''));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw badRequest('import.badFile');
      }
    }
    const { model, skipped } = importModelDefinition(data);
    const input = parse(modelBody, model, requestLanguage(req));
    const id = await createModel(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'import', targetId: id, summary: input.enCode });
    return ok({ id, skipped });
  }
}
