import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { reportBody, reportPreviewInput, reportRunInput, reportSource } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { logRequestOperation } from '../system/logs.service.ts';
import { body, caller, params, query, stateBody, withAccess } from '../system/route-helpers.ts';
import { sendXlsx } from '../permission/users-excel.service.ts';
import { authorizeReport, designerAuth } from './report-access.ts';
import { reportWorkbook } from './report-export.ts';
import { defaultValues, runReport, visibleDefinition } from './report-run.ts';
import { sourceFields } from './report-source.ts';
import {
  copyReport,
  createReport,
  deleteReport,
  findReport,
  listReports,
  parseDefinition,
  reportOut,
  reportSelector,
  setReportState,
  updateReport,
} from './report.service.ts';
import './messages.ts';

/** The menu whose grants cover report design (spec §7.6 DataReport). */
const MODULE = 'dataReportDesign';
const BASE = '/visualdev/DataReport';

const listQuery = z
  .object({
    keyword: z.string().trim().max(100).optional().default(''),
    category: z.string().trim().max(64).optional().default(''),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  })
  .transform(({ pageIndex, currentPage, ...rest }) => ({ ...rest, currentPage: currentPage ?? pageIndex ?? 1 }));

const configQuery = z.object({ menuId: z.string().max(64).optional() });

const stamp = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(BASE, withAccess(moduleAccess(MODULE)), async (req) => ok(await listReports(ctx, query(listQuery, req))));

  /** Enabled reports, for menus of type 5 to choose one. */
  app.get(`${BASE}/Selector`, withAccess(userAccess), async () => ok({ list: await reportSelector(ctx) }));

  /** The fields a data source offers to the designer. */
  app.post(`${BASE}/Actions/SourceFields`, withAccess(moduleAccess(MODULE)), async (req) => {
    const source = body(reportSource, req);
    return ok({ list: await sourceFields(ctx, source, caller(req)) });
  });

  /** A draft definition run as the designer sees it (every row and column). */
  app.post(`${BASE}/Actions/Preview`, withAccess(moduleAccess(MODULE)), async (req) => {
    const input = body(reportPreviewInput, req);
    const auth = await designerAuth(ctx, req.session);
    return ok(await runReport(ctx, input.definition, input, auth, caller(req)));
  });

  app.get(`${BASE}/:id`, withAccess(moduleAccess(MODULE)), async (req) => ok(reportOut(await findReport(ctx, params(req).id))));

  app.post(BASE, withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const input = body(reportBody, req);
    const id = await createReport(ctx, input, caller(req));
    logRequestOperation(ctx, req, { module: MODULE, action: 'create', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok({ id });
  });

  app.put(`${BASE}/:id`, withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const input = body(reportBody, req);
    await updateReport(ctx, id, input, caller(req));
    logRequestOperation(ctx, req, { module: MODULE, action: 'update', targetId: id, summary: `${input.enCode} ${input.fullName}` });
    return ok(null);
  });

  app.delete(`${BASE}/:id`, withAccess(moduleAccess(MODULE, 'btn_remove')), async (req) => {
    const row = await deleteReport(ctx, params(req).id);
    logRequestOperation(ctx, req, { module: MODULE, action: 'delete', targetId: row.id, summary: `${row.enCode} ${row.fullName}` });
    return ok(null);
  });

  app.post(`${BASE}/:id/Actions/Copy`, withAccess(moduleAccess(MODULE, 'btn_add')), async (req) => {
    const { id } = params(req);
    const copy = await copyReport(ctx, id, req.session.userId);
    logRequestOperation(ctx, req, { module: MODULE, action: 'copy', targetId: copy, summary: `from ${id}` });
    return ok({ id: copy });
  });

  app.put(`${BASE}/:id/Actions/State`, withAccess(moduleAccess(MODULE, 'btn_edit')), async (req) => {
    const { id } = params(req);
    const enabledMark = await setReportState(ctx, id, req.session.userId, body(stateBody, req)?.enabledMark);
    logRequestOperation(ctx, req, { module: MODULE, action: 'state', targetId: id, summary: String(enabledMark) });
    return ok({ enabledMark });
  });

  /** What the report page needs to draw its filters and table: the caller's view of the definition and the default values. */
  app.get(`${BASE}/:id/Config`, withAccess(userAccess), async (req) => {
    const { id } = params(req);
    const { menuId } = query(configQuery, req);
    const row = await findReport(ctx, id);
    const auth = await authorizeReport(ctx, req.session, row.id, menuId);
    const definition = visibleDefinition(parseDefinition(row.definition), auth.hidden);
    return ok({
      id: row.id,
      fullName: row.fullName,
      enabledMark: row.enabledMark,
      definition,
      defaults: defaultValues(definition.params, auth),
    });
  });

  /** Runs a saved report for a user granted a menu of type 5 that opens it (403 otherwise). */
  app.post(`${BASE}/:id/Actions/Run`, withAccess(userAccess), async (req) => {
    const { row, input, auth } = await runnable(req);
    return ok(await runReport(ctx, parseDefinition(row.definition), input, auth, caller(req)));
  });

  app.post(`${BASE}/:id/Actions/Export`, withAccess(userAccess), async (req, reply) => {
    const { row, input, auth } = await runnable(req);
    const result = await runReport(ctx, parseDefinition(row.definition), input, auth, caller(req), true);
    const buffer = await reportWorkbook(row.fullName, result, requestLanguage(req));
    logRequestOperation(ctx, req, { module: auth.menu ?? MODULE, action: 'export', targetId: row.id, summary: row.enCode });
    return sendXlsx(reply, buffer, `${row.fullName}_${stamp()}.xlsx`, `${row.enCode}_${stamp()}.xlsx`);
  });

  async function runnable(req: FastifyRequest) {
    const { id } = params(req);
    // A run without a body runs with the defaults.
    const input = parse(reportRunInput, req.body ?? {}, requestLanguage(req));
    const row = await findReport(ctx, id);
    const auth = await authorizeReport(ctx, req.session, row.id, input.menuId);
    if (row.enabledMark !== 1) throw badRequest('report.disabled');
    return { row, input, auth };
  }
}
