import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataInterfaceBody, interfaceCallBody, pageQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { invokeInterface, type CallMode } from './data-interface.runner.ts';
import {
  createInterface,
  deleteInterface,
  exportInterface,
  findInterface,
  findInterfaceForCall,
  importInterface,
  interfaceLogs,
  interfaceSelector,
  listInterfaces,
  setInterfaceState,
  toInterface,
  updateInterface,
} from './data-interface.service.ts';
import { sendJsonFile } from './download.ts';
import { logRequestOperation } from './logs.service.ts';
import { body, caller, params, query, stateBody, withAccess } from './route-helpers.ts';

const MODULE = 'dataInterface';
const filterQuery = z.object({
  categoryId: z.string().trim().max(40).optional(),
  dataType: z.union([z.literal(''), z.coerce.number().int().min(1).max(3)]).optional(),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});
const listQuery = (req: FastifyRequest) => {
  const f = query(filterQuery, req);
  return {
    ...query(pageQuery, req),
    categoryId: f.categoryId || undefined,
    dataType: f.dataType || undefined,
    startTime: f.startTime,
    endTime: f.endTime,
  };
};

/** Data interfaces (spec §7.5, §7.8; server-contract §6). */
export async function dataInterfaceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/system/DataInterface', withAccess(moduleAccess(MODULE)), async (req) => ok(await listInterfaces(ctx, listQuery(req))));

  /** Enabled interfaces by category, for the designers' interface pickers. */
  app.get('/system/DataInterface/Selector', withAccess(userAccess), async () => ok(await interfaceSelector(ctx)));

  /** Enabled interfaces, searchable and paged (the "choose interface" dialog). */
  app.get('/system/DataInterface/getList', withAccess(userAccess), async (req) => ok(await listInterfaces(ctx, listQuery(req), true)));

  /** The parameters an interface declares, for the designers' parameter mapping. */
  app.get('/system/DataInterface/GetParam/:id', withAccess(userAccess), async (req) =>
    ok(toInterface(await findInterface(ctx, params(req).id)).parameterJson),
  );

  app.get('/system/DataInterface/:id', withAccess(moduleAccess(MODULE)), async (req) =>
    ok(toInterface(await findInterface(ctx, params(req).id))),
  );

  app.post('/system/DataInterface', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(dataInterfaceBody, req);
    const id = await createInterface(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/DataInterface/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(dataInterfaceBody, req);
    await updateInterface(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/DataInterface/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteInterface(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.put('/system/DataInterface/:id/Actions/State', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setInterfaceState(ctx, id, req.session.userId, body(stateBody, req)?.enabledMark);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: `enabledMark=${enabledMark}` });
    return ok({ enabledMark });
  });

  app.get('/system/DataInterface/:id/Action/Export', withAccess(moduleAccess(MODULE, 'btn_export')), async (req, reply) => {
    const row = await findInterface(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'export', targetId: row.id, summary: row.enCode });
    return sendJsonFile(reply, `${row.fullName}-${row.enCode}`, exportInterface(row));
  });

  app.post('/system/DataInterface/Action/Import', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    let data: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { files: 1, fileSize: 1024 * 1024 } });
      if (!part) throw badRequest('import.noFile');
      try {
        data = JSON.parse((await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, ''));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw err;
        throw badRequest('import.badFile');
      }
    }
    const result = await importInterface(ctx, data, req.session.userId);
    logRequestOperation(ctx, req, {
      module: MODULE,
      action: 'import',
      targetId: result.id,
      summary: result.created ? 'created' : 'updated',
    });
    return ok(result);
  });

  // ---------------------------------------------------------------- calls (pickers, forms, the test button)
  const call = (mode: CallMode) => async (req: FastifyRequest) => {
    const row = await findInterfaceForCall(ctx, params(req).id);
    const input = req.method === 'GET' ? query(interfaceCallBody, req) : body(interfaceCallBody, req);
    return ok(await invokeInterface(ctx, row, input, caller(req), mode));
  };
  app.post('/system/DataInterface/:id/Actions/Preview', withAccess(userAccess), call('preview'));
  // 3.x spells these Action/…, later versions Actions/…: both answer.
  for (const prefix of ['Action', 'Actions']) {
    app.post(`/system/DataInterface/:id/${prefix}/List`, withAccess(userAccess), call('list'));
    app.get(`/system/DataInterface/:id/${prefix}/Info`, withAccess(userAccess), call('info'));
    app.post(`/system/DataInterface/:id/${prefix}/Info`, withAccess(userAccess), call('info'));
    app.post(`/system/DataInterface/:id/${prefix}/InfoByIds`, withAccess(userAccess), call('infoByIds'));
  }

  app.get('/system/DataInterfaceLog/:id', withAccess(moduleAccess(MODULE)), async (req) => {
    const row = await findInterface(ctx, params(req).id);
    return ok(await interfaceLogs(ctx, row.id, listQuery(req)));
  });
}
