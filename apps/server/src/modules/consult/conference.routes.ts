import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  conferenceBody,
  conferenceItemBody,
  conferenceListBody,
  conferenceMinutesBody,
  conferenceRateBody,
  conferenceRefuseBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { body, params, withAccess } from '../system/route-helpers.ts';
import { consultAccess, requireMenu, type ConsultMenu } from './access.ts';
import {
  addItem,
  applyConference,
  conferenceAction,
  getConference,
  listConferences,
  rate,
  saveMinutes,
  setItemDone,
  signIn,
  updateConference,
} from './conference.service.ts';

const BASE = '/consult/conferences';
const MANAGE: ConsultMenu[] = ['conference_manage', 'conference_apply'];
/** Participants act from their own list (remote_meeting_list) or the conference screens. */
const ATTEND: ConsultMenu[] = [...MANAGE, 'remote_meeting_list'];
const BOX_MENUS: Record<string, ConsultMenu[]> = {
  mine: MANAGE,
  approve: ['conference_manage'],
  all: ['conference_manage'],
  attend: ATTEND,
};
const itemDoneBody = z.object({ done: z.boolean() });
const actionParam = z.object({ id: z.string().trim().min(1).max(40), action: z.enum(['approve', 'refuse', 'finish', 'cancel']) });

/** Conferences (issue 19): apply, approve, manage, sign in, minutes, follow-up items, assessment. */
export async function conferenceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const opts = withAccess(consultAccess);

  app.post(BASE, opts, async (req) => {
    const b = body(conferenceBody, req);
    await requireMenu(ctx, req.session, MANAGE);
    return ok(await applyConference(ctx, req.session, b));
  });
  app.post(`${BASE}/list`, opts, async (req) => {
    const q = body(conferenceListBody, req);
    await requireMenu(ctx, req.session, BOX_MENUS[q.box]!);
    return ok(await listConferences(ctx, req.session, q));
  });
  app.get(`${BASE}/:id`, opts, async (req) => {
    const { id } = params(req);
    await requireMenu(ctx, req.session, ATTEND);
    return ok(await getConference(ctx, req.session, id));
  });
  app.put(`${BASE}/:id`, opts, async (req) => {
    const { id } = params(req);
    const b = body(conferenceBody, req);
    await requireMenu(ctx, req.session, MANAGE);
    await updateConference(ctx, req.session, id, b);
    return ok(null);
  });
  app.post(`${BASE}/:id/signin`, opts, async (req) => {
    const { id } = params(req);
    await requireMenu(ctx, req.session, ATTEND);
    return ok(await signIn(ctx, req.session, id));
  });
  app.post(`${BASE}/:id/rate`, opts, async (req) => {
    const { id } = params(req);
    const b = body(conferenceRateBody, req);
    await requireMenu(ctx, req.session, ATTEND);
    await rate(ctx, req.session, id, b.score, b.comment);
    return ok(null);
  });
  app.put(`${BASE}/:id/minutes`, opts, async (req) => {
    const { id } = params(req);
    const b = body(conferenceMinutesBody, req);
    await requireMenu(ctx, req.session, MANAGE);
    await saveMinutes(ctx, req.session, id, b.minutes);
    return ok(null);
  });
  app.post(`${BASE}/:id/items`, opts, async (req) => {
    const { id } = params(req);
    const b = body(conferenceItemBody, req);
    await requireMenu(ctx, req.session, MANAGE);
    return ok(await addItem(ctx, req.session, id, b));
  });
  app.put(`${BASE}/items/:id`, opts, async (req) => {
    const { id } = params(req);
    const b = body(itemDoneBody, req);
    await requireMenu(ctx, req.session, ATTEND);
    await setItemDone(ctx, req.session, id, b.done);
    return ok(null);
  });
  app.post(`${BASE}/:id/:action`, opts, async (req) => {
    const p = parse(actionParam, req.params, requestLanguage(req));
    const b = p.action === 'refuse' ? body(conferenceRefuseBody, req) : { reason: undefined };
    await requireMenu(ctx, req.session, MANAGE);
    return ok(await conferenceAction(ctx, req.session, p.id, p.action, b.reason));
  });
}
