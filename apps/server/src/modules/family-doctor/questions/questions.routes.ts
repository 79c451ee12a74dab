import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fdAnswerBody, fdQuestionBody, fdQuestionListQuery, fdQuestionStatusBody } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { buttonsOf, fdCaller, FD_QUESTION_MENUS, needMenu } from '../teams/access.ts';
import { answerQuestion, askQuestion, listQuestions, setQuestionStatus } from './questions.service.ts';

/** Residents' questions and the team's answers under /family-doctor/questions (page question_list). */
const cfg = { config: { access: anyModuleAccess(FD_QUESTION_MENUS) } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const MENU = ['question_list'];

export async function questionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/family-doctor/questions', cfg, async (req) => {
    const q = parse(fdQuestionListQuery, req.query, lang(req));
    const rights = await buttonsOf(ctx, req, 'question_list', ['btn_add', 'btn_edit']);
    return ok({ ...(await listQuestions(ctx, await fdCaller(ctx, req), q)), rights: { ask: rights.btn_add, answer: rights.btn_edit } });
  });
  app.post('/family-doctor/questions', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_add');
    return ok({ id: await askQuestion(ctx, await fdCaller(ctx, req), parse(fdQuestionBody, req.body, lang(req))) });
  });
  app.put('/family-doctor/questions/:id/answer', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    await answerQuestion(ctx, await fdCaller(ctx, req), id, parse(fdAnswerBody, req.body, lang(req)).answer);
    return ok({ id });
  });
  app.put('/family-doctor/questions/:id/status', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    await setQuestionStatus(ctx, await fdCaller(ctx, req), id, parse(fdQuestionStatusBody, req.body, lang(req)).status);
    return ok({ id });
  });
}
