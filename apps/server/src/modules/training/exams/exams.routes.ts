import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  examAnswerBody,
  examAttemptQuery,
  examDecisionBody,
  examMarkBody,
  examPaperBody,
  examPaperQuery,
  examQuestionBody,
  examQuestionQuery,
  examSignupBody,
  examSignupQuery,
  examStatsQuery,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess, type Access } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { grantsFor } from '../../permission/grants.service.ts';
import { all } from '../../health/plans/rows.ts';
import { attemptView, certificate, listAttempts, markAttempt, saveAnswer, startAttempt, submitAttempt } from './attempts.service.ts';
import { getPaperRow, listPapers, paperQuestions, removePaper, savePaper } from './papers.service.ts';
import multipart from '@fastify/multipart';
import { importQuestions, questionTemplate } from './questions-excel.ts';
import { sendXlsx } from '../../permission/users-excel.service.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import { createQuestion, listQuestions, questionCategories, removeQuestion, updateQuestion } from './questions.service.ts';
import { rawDb } from './rows.ts';
import { decideSignup, listSignups, signUp } from './signups.service.ts';
import { examStats } from './stats.ts';
import { myPapers } from './taker.service.ts';
import './messages.ts';

/**
 * Training-centre examinations under /training/exams (issue 21). Any of the
 * three menus opens the API; each route then checks its own: the question
 * bank, papers, marking and statistics are exam_manage's (with its add /
 * edit / remove buttons), the sign-up review signup_examine's, and taking
 * an exam my_exam's. A taker reaches only their own attempts.
 */
export const EXAM_MENUS = ['my_exam', 'exam_manage', 'signup_examine'] as const;
const access: Access = anyModuleAccess(EXAM_MENUS);
const cfg = { config: { access } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();

export async function examsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = () => rawDb(ctx);
  const lang = (req: FastifyRequest) => requestLanguage(req);
  const rights = async (req: FastifyRequest) => {
    const g = await grantsFor(ctx, req.session.userId, req.session.isAdministrator);
    const has = (m: string, b?: string) => g.isAdministrator || (g.modules.has(m) && (!b || g.modules.get(m)!.has(b)));
    return {
      take: has('my_exam'),
      review: has('signup_examine'),
      manage: has('exam_manage'),
      add: has('exam_manage', 'btn_add'),
      edit: has('exam_manage', 'btn_edit'),
      remove: has('exam_manage', 'btn_remove'),
    };
  };
  type Right = keyof Awaited<ReturnType<typeof rights>>;
  const need = async (req: FastifyRequest, ...want: Right[]) => {
    const r = await rights(req);
    if (!want.every((w) => r[w])) throw forbidden();
    return r;
  };
  const id = (req: FastifyRequest) => parse(idParam, req.params, lang(req)).id;
  const me = (req: FastifyRequest) => req.session.userId;

  app.get('/training/exams/meta', cfg, async (req) => ok({ rights: await rights(req) }));

  // The question bank.
  app.get('/training/exams/questions', cfg, async (req) => {
    await need(req, 'manage');
    return ok(await listQuestions(db(), parse(examQuestionQuery, req.query, lang(req))));
  });
  app.get('/training/exams/questions/categories', cfg, async (req) => {
    await need(req, 'manage');
    return ok({ list: await questionCategories(db()) });
  });
  app.post('/training/exams/questions', cfg, async (req) => {
    await need(req, 'manage', 'add');
    return ok({ id: await createQuestion(db(), parse(examQuestionBody, req.body, lang(req)), me(req)) });
  });
  app.get('/training/exams/questions/template', cfg, async (req, reply) => {
    await need(req, 'manage');
    return sendXlsx(reply, await questionTemplate(), '试题导入模板.xlsx', 'questions-template.xlsx');
  });
  /** One .xlsx file (multipart, at most 2 MB): every row imported, or none. */
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
    scope.post('/training/exams/questions/import', cfg, async (req) => {
      await need(req, 'manage', 'add');
      if (!req.isMultipart()) throw badRequest('import.noFile');
      const file = await req.file();
      if (!file) throw badRequest('import.noFile');
      const buffer = await file.toBuffer();
      return ok(await importQuestions(db(), buffer, me(req), lang(req)));
    });
  });
  app.put('/training/exams/questions/:id', cfg, async (req) => {
    await need(req, 'manage', 'edit');
    await updateQuestion(db(), id(req), parse(examQuestionBody, req.body, lang(req)));
    return ok(null);
  });
  app.delete('/training/exams/questions/:id', cfg, async (req) => {
    await need(req, 'manage', 'remove');
    await removeQuestion(db(), id(req));
    return ok(null);
  });

  // Papers.
  app.get('/training/exams/papers', cfg, async (req) => {
    await need(req, 'manage');
    return ok(await listPapers(db(), parse(examPaperQuery, req.query, lang(req))));
  });
  app.get('/training/exams/papers/:id', cfg, async (req) => {
    await need(req, 'manage');
    const paperId = id(req);
    return ok({ ...(await getPaperRow(db(), paperId)), questions: await paperQuestions(db(), paperId) });
  });
  app.post('/training/exams/papers', cfg, async (req) => {
    await need(req, 'manage', 'add');
    return ok({ id: await savePaper(db(), null, parse(examPaperBody, req.body, lang(req)), me(req)) });
  });
  app.put('/training/exams/papers/:id', cfg, async (req) => {
    await need(req, 'manage', 'edit');
    await savePaper(db(), id(req), parse(examPaperBody, req.body, lang(req)), me(req));
    return ok(null);
  });
  app.delete('/training/exams/papers/:id', cfg, async (req) => {
    await need(req, 'manage', 'remove');
    await removePaper(db(), id(req));
    return ok(null);
  });
  /** Courses a paper may belong to (the courses module's table; none while it is absent). */
  app.get('/training/exams/courses', cfg, async (req) => {
    await need(req, 'manage');
    const list = await all(db(), db().selectFrom('tr_courses').select(['id', 'title']).orderBy('title').limit(500)).catch(() => []);
    return ok({ list: list.map((c) => ({ id: String(c.id), title: String(c.title) })) });
  });

  // Taking exams.
  app.get('/training/exams/my/papers', cfg, async (req) => {
    await need(req, 'take');
    return ok(await myPapers(ctx, me(req), parse(examPaperQuery, req.query, lang(req))));
  });
  app.post('/training/exams/papers/:id/signup', cfg, async (req) => {
    await need(req, 'take');
    const body = parse(examSignupBody, req.body ?? {}, lang(req));
    return ok({ id: await signUp(ctx, id(req), me(req), body.note, lang(req)) });
  });
  app.post('/training/exams/papers/:id/attempts', cfg, async (req) => {
    await need(req, 'take');
    return ok({ id: await startAttempt(ctx, id(req), me(req)) });
  });
  app.get('/training/exams/attempts/:id', cfg, async (req) => {
    const r = await rights(req);
    return ok(await attemptView(ctx, id(req), me(req), r.manage));
  });
  app.put('/training/exams/attempts/:id/answers', cfg, async (req) => {
    await need(req, 'take');
    const body = parse(examAnswerBody, req.body, lang(req));
    await saveAnswer(ctx, id(req), me(req), body.questionId, body.answer);
    return ok(null);
  });
  app.post('/training/exams/attempts/:id/submit', cfg, async (req) => {
    await need(req, 'take');
    const attemptId = id(req);
    await submitAttempt(ctx, attemptId, me(req));
    return ok(await attemptView(ctx, attemptId, me(req), false));
  });
  app.get('/training/exams/attempts/:id/certificate', cfg, async (req) => {
    const r = await rights(req);
    return ok(await certificate(ctx, id(req), me(req), r.manage));
  });

  // Marking and results.
  app.get('/training/exams/attempts', cfg, async (req) => {
    await need(req, 'manage');
    return ok(await listAttempts(ctx, parse(examAttemptQuery, req.query, lang(req)), null));
  });
  app.post('/training/exams/attempts/:id/marks', cfg, async (req) => {
    await need(req, 'manage', 'edit');
    const attemptId = id(req);
    await markAttempt(ctx, attemptId, me(req), parse(examMarkBody, req.body, lang(req)).marks);
    return ok(await attemptView(ctx, attemptId, me(req), true));
  });
  app.get('/training/exams/stats', cfg, async (req) => {
    await need(req, 'manage');
    const q = parse(examStatsQuery, req.query, lang(req));
    return ok(await examStats(db(), q.by, q.paperId, lang(req)));
  });

  // Sign-up review (through the workflow engine).
  app.get('/training/exams/signups', cfg, async (req) => {
    await need(req, 'review');
    return ok(await listSignups(ctx, parse(examSignupQuery, req.query, lang(req)), me(req)));
  });
  app.post('/training/exams/signups/:id/decision', cfg, async (req) => {
    await need(req, 'review');
    const body = parse(examDecisionBody, req.body, lang(req));
    return ok({ status: await decideSignup(ctx, id(req), me(req), body.approve, body.opinion) });
  });
}
