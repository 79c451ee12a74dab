import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fdTeamBody, fdTeamDecisionBody, fdTeamListQuery } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { buttonsOf, fdCaller, FD_TEAM_MENUS, needMenu } from './access.ts';
import {
  candidates,
  createTeam,
  decideTeam,
  disableTeam,
  getTeam,
  listTeams,
  removeTeam,
  submitTeam,
  units,
  updateTeam,
} from './teams.service.ts';

/**
 * Teams and members under /family-doctor/teams (fd_team: set up, edit,
 * submit, disable, remove; team_audit: the approver's decision through the
 * workflow engine). Lists are scoped to the caller's units (plus teams they
 * are a member of).
 */
const cfg = { config: { access: anyModuleAccess(FD_TEAM_MENUS) } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const orgQuery = z.object({ orgId: z.string().trim().min(1).max(40) }).strict();

export async function teamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/family-doctor/teams/meta', cfg, async (req) => {
    const caller = await fdCaller(ctx, req);
    const team = await buttonsOf(ctx, req, 'fd_team', ['btn_add', 'btn_edit', 'btn_remove']);
    return ok({ units: await units(ctx, caller), rights: { add: team.btn_add, edit: team.btn_edit, remove: team.btn_remove } });
  });

  app.get('/family-doctor/teams', cfg, async (req) => {
    const q = parse(fdTeamListQuery, req.query, lang(req));
    return ok(await listTeams(ctx, await fdCaller(ctx, req), q));
  });

  app.get('/family-doctor/teams/candidates', cfg, async (req) => {
    const { orgId } = parse(orgQuery, req.query, lang(req));
    return ok(await candidates(ctx, await fdCaller(ctx, req), orgId));
  });

  app.get('/family-doctor/teams/:id', cfg, async (req) => {
    const { id } = parse(idParam, req.params, lang(req));
    return ok(await getTeam(ctx, await fdCaller(ctx, req), id));
  });

  app.post('/family-doctor/teams', cfg, async (req) => {
    await needMenu(ctx, req, ['fd_team'], 'btn_add');
    const body = parse(fdTeamBody, req.body, lang(req));
    return ok({ id: await createTeam(ctx, await fdCaller(ctx, req), body) });
  });

  app.put('/family-doctor/teams/:id', cfg, async (req) => {
    await needMenu(ctx, req, ['fd_team'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(fdTeamBody, req.body, lang(req));
    await updateTeam(ctx, await fdCaller(ctx, req), id, body);
    return ok({ id });
  });

  app.post('/family-doctor/teams/:id/submit', cfg, async (req) => {
    await needMenu(ctx, req, ['fd_team'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    return ok(await submitTeam(ctx, await fdCaller(ctx, req), id));
  });

  app.post('/family-doctor/teams/:id/disable', cfg, async (req) => {
    await needMenu(ctx, req, ['fd_team'], 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    await disableTeam(ctx, await fdCaller(ctx, req), id);
    return ok({ id });
  });

  app.delete('/family-doctor/teams/:id', cfg, async (req) => {
    await needMenu(ctx, req, ['fd_team'], 'btn_remove');
    const { id } = parse(idParam, req.params, lang(req));
    await removeTeam(ctx, await fdCaller(ctx, req), id);
    return ok({ id });
  });

  /** The approver's decision on team_audit: approve or reject the caller's waiting task of the team's flow. */
  app.post('/family-doctor/teams/:id/decision', cfg, async (req) => {
    await needMenu(ctx, req, ['team_audit']);
    const { id } = parse(idParam, req.params, lang(req));
    const body = parse(fdTeamDecisionBody, req.body, lang(req));
    await decideTeam(ctx, await fdCaller(ctx, req), id, body.decision, body.opinion);
    return ok({ id });
  });
}
