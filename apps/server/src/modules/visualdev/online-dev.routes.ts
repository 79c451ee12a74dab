import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordListBody, type FormField } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { sendXlsx } from '../permission/users-excel.service.ts';
import { exportWorkbook, templateWorkbook } from './export.service.ts';
import { importRecords } from './import.service.ts';
import { attachFlowInstances, modelFlows, type ModelFlow } from './record-flows.ts';
import { displayRecords } from './record-display.ts';
import {
  authorizeModel,
  BATCH_MAX,
  createRecord,
  deleteRecords,
  displayCaller,
  hiddenOf,
  listRecords,
  lockedOf,
  readRecord,
  recordOf,
  runtimeModel,
  updateRecord,
  type RecordButton,
  type RuntimeModel,
} from './records.service.ts';
import './records-messages.ts';

/**
 * OnlineDev (spec §7.6): the runtime of released models. Each route is open to
 * signed-in users at the hook and checks the model's own menu and button here
 * (authorizeModel): the menu comes from the model, never from the caller, and a
 * `menuId` the caller names must be a menu of this model.
 */
const O = '/visualdev/OnlineDev';
const access = { config: { access: userAccess } };
const idOf = z.string().trim().min(1).max(40);
const modelParams = z.object({ id: idOf });
const recordParams = z.object({ id: idOf, dataId: idOf });
const writeBody = z.object({
  id: z.string().max(40).optional(),
  data: z.unknown(),
  status: z.unknown().optional(),
  menuId: z.string().max(64).optional(),
});
const idsBody = z.object({ ids: z.union([z.array(idOf).max(BATCH_MAX), z.string().max(50_000)]), menuId: z.string().max(64).optional() });
const menuQuery = z.object({ menuId: z.string().max(64).optional() }).passthrough();
/** Largest import workbook. */
const MAX_UPLOAD = 20 * 1024 * 1024;

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** The released definitions without what the caller may not see: hidden columns, hidden search fields, unreadable form fields. */
function configFor(model: RuntimeModel, hidden: Set<string>, locked: Set<string>, flows: ModelFlow[]) {
  const drop = (f: FormField) => !!f.field && locked.has(f.field);
  const prune = (fields: FormField[]): FormField[] =>
    fields.filter((f) => !drop(f)).map((f) => (f.children ? { ...f, children: prune(f.children) } : f));
  const form = { ...model.form, fields: prune(model.form.fields) };
  const list = {
    ...model.list,
    columns: model.list.columns.filter((c) => !hidden.has(c.field)),
    search: model.list.search.filter((s) => !hidden.has(s.field)),
  };
  return {
    id: model.id,
    fullName: model.fullName,
    enCode: model.enCode,
    webType: model.webType,
    formData: form,
    columnData: list,
    // 3.4+ clients read enableFlow; flowId/flowEnCode name the first bound flow, as the reference's single flow.
    enableFlow: flows.length ? 1 : 0,
    flowId: flows[0]?.id ?? null,
    flowEnCode: flows[0]?.enCode ?? null,
  };
}

export async function onlineDevRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  /** The model of the route, the caller authorized on its menu for one of `buttons`. */
  const guard = async (req: FastifyRequest, buttons: RecordButton[], menuId?: string) => {
    const { id } = parse(modelParams, req.params, lang(req));
    const model = await runtimeModel(ctx, id);
    const q = parse(menuQuery, req.query ?? {}, lang(req));
    const auth = await authorizeModel(ctx, req.session, model, buttons, menuId ?? q.menuId);
    return { model, auth };
  };

  app.get(`${O}/:id/Config`, access, async (req) => {
    const { model, auth } = await guard(req, []);
    return ok(configFor(model, hiddenOf(auth), lockedOf(auth), await modelFlows(ctx, model.id)));
  });

  /** The enabled flows a record of this model can be submitted into (the list's submit action chooses among them). */
  app.get(`${O}/:id/Flows`, access, async (req) => {
    const { model } = await guard(req, []);
    return ok(await modelFlows(ctx, model.id));
  });

  app.post(`${O}/:id/List`, access, async (req) => {
    const body = parse(recordListBody, req.body ?? {}, lang(req));
    const { model, auth } = await guard(req, [], body.menuId);
    const page = await listRecords(ctx, model, auth, body);
    // Rows ever submitted link to their latest flow instance (the list's state column opens its detail).
    if (!model.bound) await attachFlowInstances(ctx, model.id, page.list);
    return ok(page);
  });

  app.post(`${O}/:id`, access, async (req) => {
    const body = parse(writeBody, req.body ?? {}, lang(req));
    const { model, auth } = await guard(req, ['btn_add'], body.menuId);
    return ok(await createRecord(ctx, req.session, model, auth, recordOf(body.data)));
  });

  /** Raw values, for the edit form (and the detail view of models without DataChange). */
  app.get(`${O}/:id/:dataId`, access, async (req) => {
    const { dataId } = parse(recordParams, req.params, lang(req));
    const { model, auth } = await guard(req, ['btn_edit', 'btn_detail']);
    return ok({ id: dataId, data: await readRecord(ctx, model, auth, dataId) });
  });

  /** Display values: names for ids, option labels. */
  app.get(`${O}/:id/:dataId/DataChange`, access, async (req) => {
    const { dataId } = parse(recordParams, req.params, lang(req));
    const { model, auth } = await guard(req, ['btn_detail', 'btn_edit']);
    const record = await readRecord(ctx, model, auth, dataId);
    const [shown] = await displayRecords(ctx, model, [record], model.fields, displayCaller(auth));
    for (const sub of model.subs) {
      const fields = model.subFields.get(sub.tableField!);
      const rows = record[sub.tableField!];
      if (fields && Array.isArray(rows)) shown![sub.tableField!] = await displayRecords(ctx, model, rows, fields, displayCaller(auth));
    }
    return ok({ id: dataId, data: shown });
  });

  app.put(`${O}/:id/:dataId`, access, async (req) => {
    const { dataId } = parse(recordParams, req.params, lang(req));
    const body = parse(writeBody, req.body ?? {}, lang(req));
    const { model, auth } = await guard(req, ['btn_edit'], body.menuId);
    await updateRecord(ctx, req.session, model, auth, dataId, recordOf(body.data));
    return ok(null);
  });

  app.delete(`${O}/:id/:dataId`, access, async (req) => {
    const { dataId } = parse(recordParams, req.params, lang(req));
    const { model, auth } = await guard(req, ['btn_remove']);
    await deleteRecords(ctx, model, auth, [dataId], req.session);
    return ok(null);
  });

  app.post(`${O}/batchDelete/:id`, access, async (req) => {
    const body = parse(idsBody, req.body ?? {}, lang(req));
    const ids =
      typeof body.ids === 'string'
        ? body.ids
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : body.ids;
    if (ids.some((i) => i.length > 40)) throw badRequest('records.badFilter', { field: 'ids' });
    const { model, auth } = await guard(req, ['btn_remove'], body.menuId);
    await deleteRecords(ctx, model, auth, ids, req.session);
    return ok(null);
  });

  /** Records as a workbook (3.6 calls ExportData, NET32 Export): this page or every row, the chosen columns. */
  for (const path of ['Export', 'ExportData']) {
    app.post(`${O}/:id/Actions/${path}`, access, async (req, reply) => {
      const body = parse(recordListBody, req.body ?? {}, lang(req));
      const { model, auth } = await guard(req, ['btn_export'], body.menuId);
      const buffer = await exportWorkbook(ctx, model, auth, body, lang(req));
      return sendXlsx(reply, buffer, `${model.fullName}_${stamp()}.xlsx`, `${model.enCode}_${stamp()}.xlsx`);
    });
  }

  app.get(`${O}/:id/Template`, access, async (req, reply) => {
    const { model, auth } = await guard(req, ['btn_import']);
    const buffer = await templateWorkbook(model, auth, lang(req));
    return sendXlsx(reply, buffer, `${model.fullName}_${translate(lang(req), 'records.sheet')}.xlsx`, `${model.enCode}_template.xlsx`);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
    scope.post(`${O}/:id/Actions/Import`, access, async (req) => {
      const { model, auth } = await guard(req, ['btn_import']);
      if (!req.isMultipart()) throw badRequest('records.importNoFile');
      let buffer: Buffer | null = null;
      let allOrNothing = false;
      for await (const part of req.parts()) {
        if (part.type === 'file') buffer = await part.toBuffer();
        else if (part.fieldname === 'allOrNothing') allOrNothing = ['1', 'true'].includes(String(part.value));
      }
      if (!buffer) throw badRequest('records.importNoFile');
      return ok(await importRecords(ctx, req.session, model, auth, buffer, allOrNothing, lang(req)));
    });
  });
}
