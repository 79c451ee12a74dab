import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  chargeListBody,
  consultApplyBody,
  consultApproveBody,
  consultCancelBody,
  consultEvaluateBody,
  consultListBody,
  consultOpinionBody,
  consultRefuseBody,
  consultRevealBody,
  consultScheduleBody,
  consultSettingsSchema,
  templateBody,
  templateSortBody,
  type ConsultAction,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { body, params, withAccess } from '../system/route-helpers.ts';
import { sendXlsx } from '../permission/users-excel.service.ts';
import { recordHealthAudit } from '../health/privacy/audit.ts';
import { callerUnit } from '../health/privacy/scope.ts';
import { consultAccess, requireMenu, type ConsultMenu } from './access.ts';
import { applyConsult, charges, evaluationsByExpert, getConsult, listConsults, raw, revealPatient, transition } from './consult.service.ts';
import { consultWorkbook } from './export.ts';
import { consultOptions } from './options.ts';
import { getConsultSettings, setConsultSettings } from './settings.ts';
import { createTemplate, listTemplates, removeTemplate, sortTemplates, updateTemplate } from './templates.service.ts';

const BASE = '/consult';
/** Who may read a box: the doctors' own list and the applications screen see their own; approvers, queries and the lists see more. */
const BOX_MENUS: Record<string, ConsultMenu[]> = {
  mine: ['consult_apply', 'remote_meeting_list'],
  expert: ['remote_meeting_list', 'consult_query', 'consult_approve'],
  approve: ['consult_approve'],
  all: ['consult_query', 'consult_eval_list', 'consult_feedback_list', 'charge_query', 'consult_approve'],
};
const READ_MENUS: ConsultMenu[] = [...new Set(Object.values(BOX_MENUS).flat())];

const ACTION_BODIES = {
  approve: consultApproveBody,
  refuse: consultRefuseBody,
  schedule: consultScheduleBody,
  hold: z.object({ note: z.string().trim().max(500).default('') }),
  opinion: consultOpinionBody,
  evaluate: consultEvaluateBody,
  cancel: consultCancelBody,
} as const;
/** The screen an action is taken from: approvers on consult_approve, experts and applicants on their lists. */
const ACTION_MENUS: Record<ConsultAction, ConsultMenu[]> = {
  approve: ['consult_approve'],
  refuse: ['consult_approve'],
  schedule: ['consult_approve'],
  hold: ['consult_approve', 'remote_meeting_list'],
  opinion: ['remote_meeting_list', 'consult_approve', 'consult_query'],
  evaluate: ['consult_apply', 'remote_meeting_list', 'consult_eval_list'],
  cancel: ['consult_apply', 'remote_meeting_list'],
};
const templateQuery = z.object({ deptId: z.string().trim().max(40).default('') });
const actionParam = z.object({
  id: z.string().trim().min(1).max(40),
  action: z.enum(['approve', 'refuse', 'schedule', 'hold', 'opinion', 'evaluate', 'cancel']),
});

/** Remote consultation (issue 19): applications, the approval state machine, lists, export, charges, evaluations, templates, settings. */
export async function consultRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const opts = withAccess(consultAccess);

  app.get(`${BASE}/options`, opts, async (req) => ok(await consultOptions(ctx, req.session)));

  app.post(`${BASE}/requests`, opts, async (req) => {
    const b = body(consultApplyBody, req);
    await requireMenu(ctx, req.session, ['consult_apply', 'remote_meeting_list']);
    return ok(await applyConsult(ctx, req.session, b));
  });

  app.post(`${BASE}/requests/list`, opts, async (req) => {
    const q = body(consultListBody, req);
    await requireMenu(ctx, req.session, BOX_MENUS[q.box]!);
    return ok(await listConsults(ctx, req.session, q));
  });

  app.post(`${BASE}/requests/export`, opts, async (req, reply) => {
    const q = body(consultListBody, req);
    await requireMenu(ctx, req.session, ['consult_query']);
    const { list } = await listConsults(ctx, req.session, { ...q, box: 'all' }, false);
    const { unitId } = await callerUnit(ctx, req.session.userId);
    await recordHealthAudit(raw(ctx), {
      userId: req.session.userId,
      orgId: unitId,
      action: 'export',
      residentId: null,
      target: `consult:${list.length}`,
      ip: req.ip,
    });
    return sendXlsx(reply, await consultWorkbook(list, requestLanguage(req)), '远程会诊.xlsx', 'consultations.xlsx');
  });

  app.get(`${BASE}/requests/:id`, opts, async (req) => {
    const { id } = params(req);
    await requireMenu(ctx, req.session, READ_MENUS);
    return ok(await getConsult(ctx, req.session, id, req.ip));
  });

  app.post(`${BASE}/requests/:id/reveal`, opts, async (req) => {
    const { id } = params(req);
    const b = body(consultRevealBody, req);
    await requireMenu(ctx, req.session, READ_MENUS);
    return ok(await revealPatient(ctx, req.session, id, b.reason, req.ip));
  });

  app.post(`${BASE}/requests/:id/:action`, opts, async (req) => {
    const p = parse(actionParam, req.params, requestLanguage(req));
    const b = body(ACTION_BODIES[p.action] as z.ZodType<Record<string, unknown>>, req);
    await requireMenu(ctx, req.session, ACTION_MENUS[p.action]);
    return ok(await transition(ctx, req.session, p.id, p.action, b));
  });

  app.post(`${BASE}/charges`, opts, async (req) => {
    const q = body(chargeListBody, req);
    await requireMenu(ctx, req.session, ['charge_query']);
    return ok(await charges(ctx, req.session, q));
  });

  app.get(`${BASE}/evaluations/experts`, opts, async (req) => {
    await requireMenu(ctx, req.session, ['consult_eval_list', 'consult_feedback_list']);
    return ok({ list: await evaluationsByExpert(ctx, req.session) });
  });

  app.get(`${BASE}/templates`, opts, async (req) => {
    await requireMenu(ctx, req.session, ['diagnosis_template', 'remote_meeting_list', 'consult_approve', 'consult_query']);
    const dept = parse(templateQuery, req.query ?? {}, requestLanguage(req));
    return ok({ list: await listTemplates(raw(ctx), dept.deptId || undefined) });
  });
  app.post(`${BASE}/templates`, opts, async (req) => {
    const b = body(templateBody, req);
    await requireMenu(ctx, req.session, ['diagnosis_template']);
    return ok({ id: await createTemplate(raw(ctx), b, req.session.userId) });
  });
  app.post(`${BASE}/templates/sort`, opts, async (req) => {
    const b = body(templateSortBody, req);
    await requireMenu(ctx, req.session, ['diagnosis_template']);
    await sortTemplates(raw(ctx), b.ids);
    return ok(null);
  });
  app.put(`${BASE}/templates/:id`, opts, async (req) => {
    const { id } = params(req);
    const b = body(templateBody, req);
    await requireMenu(ctx, req.session, ['diagnosis_template']);
    await updateTemplate(raw(ctx), id, b);
    return ok(null);
  });
  app.delete(`${BASE}/templates/:id`, opts, async (req) => {
    const { id } = params(req);
    await requireMenu(ctx, req.session, ['diagnosis_template']);
    await removeTemplate(raw(ctx), id);
    return ok(null);
  });

  app.get(`${BASE}/settings`, opts, async (req) => {
    await requireMenu(ctx, req.session, ['flow_settings', 'consult_approve', 'conference_manage', 'charge_query']);
    return ok(await getConsultSettings(raw(ctx)));
  });
  app.put(`${BASE}/settings`, opts, async (req) => {
    const b = body(consultSettingsSchema, req);
    const g = await requireMenu(ctx, req.session, ['flow_settings']);
    if (!g.isAdministrator && !g.modules.get('flow_settings')?.has('btn_edit')) throw forbidden();
    const role = await raw(ctx)
      .selectFrom('roles')
      .select('id')
      .where('en_code', 'in', [b.consultApproverRole, b.conferenceApproverRole])
      .execute();
    if (role.length !== new Set([b.consultApproverRole, b.conferenceApproverRole]).size) throw badRequest('consult.unknownRole');
    await setConsultSettings(raw(ctx), b, req.session.userId);
    return ok(null);
  });
}
