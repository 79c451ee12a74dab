import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { printDataQuery, printDevBody, printFieldsBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { checkAccess, moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { sendJsonFile } from './download.ts';
import { logRequestOperation } from './logs.service.ts';
import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  exportTemplate,
  findTemplate,
  printSelector,
  printTemplateTree,
  setTemplateState,
  templateData,
  templateFields,
  templateOut,
  updateTemplate,
} from './print-dev.service.ts';
import { body, caller, params, query, withAccess } from './route-helpers.ts';

const MODULE = 'printDev';

const keywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });
const typeQuery = z.object({ type: z.union([z.literal(''), z.coerce.number().int().min(1).max(2)]).optional() });

/** Print templates (spec §7.5 printDev; server-contract §8). */
export async function printDevRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/system/printDev', withAccess(moduleAccess(MODULE)), async (req) => {
    const { keyword } = query(keywordQuery, req);
    return ok({ list: await printTemplateTree(ctx, keyword) });
  });

  /** Enabled templates by category; type 1 flow forms, 2 business forms (spec §7.5 "print templates by type"). */
  app.get('/system/printDev/Selector', withAccess(userAccess), async (req) => {
    const { type } = query(typeQuery, req);
    return ok({ list: await printSelector(ctx, type || undefined) });
  });

  /**
   * The columns of the template's queries. It runs SQL that is not saved yet,
   * so it needs the right to add or edit templates, not just to see them.
   */
  app.post('/system/printDev/Fields', withAccess(moduleAccess(MODULE)), async (req) => {
    const grants = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    const allowed = ['btn_add', 'btn_edit'].some((button) => {
      try {
        checkAccess(moduleAccess(MODULE, button), grants);
        return true;
      } catch {
        return false;
      }
    });
    if (!allowed) throw forbidden();
    const input = body(printFieldsBody, req);
    return ok(await templateFields(ctx, input.sqlTemplate, caller(req)));
  });

  /** The values of one record for printing: head fields, child tables, template, approval trail. */
  app.get('/system/printDev/Data', withAccess(userAccess), async (req) => {
    const q = query(printDataQuery, req);
    return ok(await templateData(ctx, q.id, q.formId ?? null, caller(req)));
  });

  app.get('/system/printDev/:id', withAccess(moduleAccess(MODULE)), async (req) =>
    ok(templateOut(await findTemplate(ctx, params(req).id))),
  );

  app.post('/system/printDev', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(printDevBody, req);
    const id = await createTemplate(ctx, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put('/system/printDev/:id', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(printDevBody, req);
    await updateTemplate(ctx, id, input, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete('/system/printDev/:id', withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteTemplate(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.put('/system/printDev/:id/Actions/State', withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setTemplateState(ctx, id, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: `enabledMark=${enabledMark}` });
    return ok({ enabledMark });
  });

  app.post('/system/printDev/:id/Actions/Copy', withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const { id } = params(req);
    const copy = await copyTemplate(ctx, id, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'copy', targetId: copy, summary: `from ${id}` });
    return ok({ id: copy });
  });

  app.get('/system/printDev/:id/Actions/Export', withAccess(moduleAccess(MODULE, 'btn_export')), async (req, reply) => {
    const row = await findTemplate(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'export', targetId: row.id, summary: row.enCode });
    return sendJsonFile(reply, `${row.fullName}-${row.enCode}`, exportTemplate(row));
  });
}
