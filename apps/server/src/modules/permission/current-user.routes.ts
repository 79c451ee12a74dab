import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { baseInfoBody, modifyPasswordBody, pageQuery, systemLanguageBody, systemThemeBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { baseInfo, changeOwnPassword, ownSignIns, setAvatar, updateBaseInfo } from './current-user.service.ts';

const userRoute = { config: { access: userAccess } };
const base = '/permission/Users/Current';

const systemLogQuery = pageQuery.and(
  z.object({ startTime: z.coerce.number().int().optional(), endTime: z.coerce.number().int().optional() }),
);
const avatarParams = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,80}\.(png|jpe?g|gif|webp|bmp)$/i) });

/** The signed-in user's own profile and preferences (spec §7.3, issue 2's share). */
export async function currentUserRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${base}/BaseInfo`, userRoute, async (req) => ok(await baseInfo(ctx, req.session.userId)));

  app.put(`${base}/BaseInfo`, userRoute, async (req) => {
    await updateBaseInfo(ctx, req.session.userId, parse(baseInfoBody, req.body, requestLanguage(req)));
    return ok(null);
  });

  /** The avatar is a file uploaded first through the file module (type userAvatar); this points the profile at it. */
  app.put(`${base}/Avatar/:name`, userRoute, async (req) => {
    const { name } = parse(avatarParams, req.params);
    return ok(await setAvatar(ctx, req.session.userId, name));
  });

  app.post(`${base}/Actions/ModifyPassword`, userRoute, async (req) => {
    const body = parse(modifyPasswordBody, req.body, requestLanguage(req));
    await changeOwnPassword(ctx, req.session, body);
    return ok(null);
  });

  /** Saves the layout (classic, functional, plain, blend): the shell's choice follows the user. */
  app.put(`${base}/SystemTheme`, userRoute, async (req) => {
    const { theme } = parse(systemThemeBody, req.body, requestLanguage(req));
    await ctx.db
      .updateTable('users')
      .set({ theme, updatedAt: Date.now(), updatedBy: req.session.userId })
      .where('id', '=', req.session.userId)
      .execute();
    return ok(null);
  });

  app.put(`${base}/SystemLanguage`, userRoute, async (req) => {
    const { language } = parse(systemLanguageBody, req.body, requestLanguage(req));
    await ctx.db
      .updateTable('users')
      .set({ language, updatedAt: Date.now(), updatedBy: req.session.userId })
      .where('id', '=', req.session.userId)
      .execute();
    return ok(null);
  });

  /** My own sign-in history, newest first. */
  app.get(`${base}/SystemLog`, userRoute, async (req) => {
    const q = parse(systemLogQuery, req.query, requestLanguage(req));
    return ok(await ownSignIns(ctx, req.session.userId, q));
  });
}
