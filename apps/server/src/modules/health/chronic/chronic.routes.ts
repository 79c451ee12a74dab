import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  classifyBody,
  enrolmentCreateBody,
  enrolmentListQuery,
  enrolmentOutcomeBody,
  enrolmentUpdateBody,
  planSettingsSchema,
  visitListQuery,
  WORKLISTS,
  worklistQuery,
  type ChronicProgramme,
  type EnrolmentOutcome,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { adminAccess, moduleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { forbidden } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { createRecord, readRecord, recordOf, runtimeModel, updateRecord, type Authorized } from '../../visualdev/records.service.ts';
import { healthScope, orgInScope } from '../privacy/scope.ts';
import { dropUpcomingRegularPlans, getPlanSettings, setPlanSettings } from '../plans/plans.service.ts';
import { rollForwardAll } from './roll-forward.ts';
import { residentPlans } from '../plans/worklist.ts';
import { candidates, classify, listEnrolments, listVisits, worklist } from './chronic.service.ts';
import { enrol, enrolmentById, enrolmentHistory, setOutcome, updateEnrolment } from './enrolment.service.ts';
import { residentInScope } from './residents.ts';
import { FOLLOWUP_MODELS } from './visit-hooks.ts';
import './messages.ts';

/**
 * Hypertension (menu hypertension_manage) and diabetes (diabetes_manage)
 * management under /health/chronic/{htn|dm}, and the follow-up list across
 * programmes (treatment_list) under /health/followup. Each route declares its
 * menu and button; every query is scoped by the caller's units (healthScope).
 */

export const PROGRAMME_MENU: Record<ChronicProgramme, string> = { htn: 'hypertension_manage', dm: 'diabetes_manage' };

const idParam = z.object({ id: z.string().trim().min(1).max(40) });
const listParam = z.object({ list: z.enum(WORKLISTS) });
const keywordQuery = z.object({ keyword: z.string().trim().max(50).optional().default('') }).strict();
const visitBody = z.object({ data: z.unknown() }).strict();

const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const cfg = (access: Access) => ({ config: { access } });

export async function chronicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const scopeOf = (req: FastifyRequest) => healthScope(ctx, req.session);
  const authOf = async (req: FastifyRequest): Promise<Authorized> => ({
    grants: await grantsFor(ctx, req.session.userId, req.session.isAdministrator),
    menu: null,
  });
  const mineFilter = <T extends { mine?: string; doctorId?: string }>(req: FastifyRequest, q: T) =>
    q.mine === '1' ? req.session.userId : q.doctorId;

  for (const programme of ['htn', 'dm'] as ChronicProgramme[]) {
    const base = `/health/chronic/${programme}`;
    const menu = PROGRAMME_MENU[programme];
    const model = FOLLOWUP_MODELS[programme].enCode;

    app.get(`${base}/patients`, cfg(moduleAccess(menu)), async (req) => {
      const q = parse(enrolmentListQuery, req.query, lang(req));
      return ok(
        await listEnrolments(raw(ctx), await scopeOf(req), programme, {
          ...q,
          doctorId: mineFilter(req, q),
          sort: q.sort === 'asc' ? 'asc' : 'desc',
        }),
      );
    });

    app.get(`${base}/worklists/:list`, cfg(moduleAccess(menu)), async (req) => {
      const { list } = parse(listParam, req.params, lang(req));
      const q = parse(worklistQuery, req.query, lang(req));
      return ok(await worklist(raw(ctx), await scopeOf(req), programme, list, { ...q, doctorId: mineFilter(req, q) }));
    });

    app.get(`${base}/candidates`, cfg(moduleAccess(menu, 'btn_add')), async (req) => {
      const q = parse(keywordQuery, req.query, lang(req));
      return ok({ list: await candidates(raw(ctx), await scopeOf(req), programme, q.keyword) });
    });

    app.post(`${base}/enrolments`, cfg(moduleAccess(menu, 'btn_add')), async (req) => {
      const body = parse(enrolmentCreateBody, req.body, lang(req));
      return ok(await enrol(raw(ctx), await scopeOf(req), req.session.userId, programme, body));
    });

    app.get(`${base}/enrolments/:id`, cfg(moduleAccess(menu)), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      const db = raw(ctx);
      const e = await enrolmentById(db, await scopeOf(req), programme, id);
      return ok({ ...e, history: await enrolmentHistory(db, id), plans: await residentPlans(db, programme, e.residentId, now()) });
    });

    app.put(`${base}/enrolments/:id`, cfg(moduleAccess(menu, 'btn_edit')), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      const body = parse(enrolmentUpdateBody, req.body, lang(req));
      return ok(await updateEnrolment(raw(ctx), await scopeOf(req), req.session.userId, programme, id, body));
    });

    app.post(`${base}/enrolments/:id/outcome`, cfg(moduleAccess(menu, 'btn_edit')), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      const body = parse(enrolmentOutcomeBody, req.body, lang(req));
      return ok(
        await setOutcome(raw(ctx), await scopeOf(req), req.session.userId, programme, id, body.outcome as EnrolmentOutcome, body.reason),
      );
    });

    app.post(`${base}/classify`, cfg(moduleAccess(menu)), async (req) => {
      const body = parse(classifyBody, req.body, lang(req));
      return ok(await classify(raw(ctx), await scopeOf(req), programme, body));
    });

    /** The released follow-up form (an administrator's own fields included), for the low-code renderer. */
    app.get(`${base}/form`, cfg(moduleAccess(menu)), async () => {
      const m = await runtimeModel(ctx, model);
      return ok({ modelId: m.id, fullName: m.fullName, formData: m.form });
    });

    app.post(`${base}/visits`, cfg(moduleAccess(menu, 'btn_add')), async (req) => {
      const body = parse(visitBody, req.body, lang(req));
      const m = await runtimeModel(ctx, model);
      const { id } = await createRecord(ctx, req.session, m, await authOf(req), recordOf(body.data));
      const saved = await readRecord(ctx, m, await authOf(req), id);
      const plans = await residentPlans(raw(ctx), programme, String(saved.residentId), now());
      return ok({ id, record: saved, plans });
    });

    app.get(`${base}/visits/:id`, cfg(moduleAccess(menu)), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      const m = await runtimeModel(ctx, model);
      const record = await readRecord(ctx, m, await authOf(req), id);
      if (!orgInScope(await scopeOf(req), record.manageOrgId as string | null)) throw forbidden();
      return ok({ id, data: record });
    });

    app.put(`${base}/visits/:id`, cfg(moduleAccess(menu, 'btn_edit')), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      const body = parse(visitBody, req.body, lang(req));
      const m = await runtimeModel(ctx, model);
      await updateRecord(ctx, req.session, m, await authOf(req), id, recordOf(body.data));
      return ok({ id, record: await readRecord(ctx, m, await authOf(req), id) });
    });

    /** A resident's plans in this programme. */
    app.get(`${base}/residents/:id/plans`, cfg(moduleAccess(menu)), async (req) => {
      const { id } = parse(idParam, req.params, lang(req));
      await residentInScope(raw(ctx), await scopeOf(req), id);
      return ok({ list: await residentPlans(raw(ctx), programme, id, now()) });
    });

    app.get(`${base}/settings/plans`, cfg(moduleAccess(menu)), async () => ok(await getPlanSettings(raw(ctx), programme)));

    app.put(`${base}/settings/plans`, cfg(adminAccess), async (req) => {
      const body = parse(planSettingsSchema, req.body, lang(req));
      await setPlanSettings(raw(ctx), programme, body, req.session.userId);
      // Upcoming plans are booked again on the new cycle.
      await dropUpcomingRegularPlans(raw(ctx), programme);
      await rollForwardAll(raw(ctx), now(), [programme]);
      return ok(await getPlanSettings(raw(ctx), programme));
    });
  }

  app.get('/health/followup/visits', cfg(moduleAccess('treatment_list')), async (req) => {
    const q = parse(visitListQuery, req.query, lang(req));
    const programmes: ChronicProgramme[] = q.programme ? [q.programme] : ['htn', 'dm'];
    return ok(
      await listVisits(raw(ctx), await scopeOf(req), {
        ...q,
        programmes,
        sort: 'desc',
        classification: q.classification || undefined,
        lateEntry: q.lateEntry || undefined,
      }),
    );
  });
}
