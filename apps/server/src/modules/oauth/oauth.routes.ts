import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { loginBody, lockScreenBody, smsLoginBody, smsSendBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { publicAccess, userAccess } from '../../http/access.ts';
import { ok, sendOkJson } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage, translate } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { getSysConfig } from '../system/sys-config.service.ts';
import { createCaptcha } from './captcha.service.ts';
import { clientInfo } from './client-info.ts';
import { currentUserJson } from './current-user.service.ts';
import { captchaNeeded, failureState, findUserByAccount, loginWithPassword } from './login.service.ts';
import { countingFailures, registerAddressLimits, signInThrottle, smsRateLimit } from './address-throttle.ts';
import { advanceTicket, createTicket, pollTicket } from './qr.service.ts';
import { revokeSession } from './sessions.service.ts';
import { loginWithSmsCode, sendLoginCode } from './sms.service.ts';

const publicRoute = { config: { access: publicAccess } };
const userRoute = { config: { access: userAccess } };
const ticketParams = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

const ticketStepParams = ticketParams.extend({ step: z.enum(['scan', 'confirm', 'cancel']) });
const accountParams = z.object({ account: z.string().max(100) });
const captchaParams = z.object({
  codeLength: z.coerce.number().int().min(3).max(6),
  timestamp: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
});

/** Sign-in, session and captcha endpoints (spec §7.1, §2.5; server-contract §1). */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext) {
  await registerAddressLimits(app, ctx);
  /** Sign-ins: refused with 429 while their address has failed too often; each refusal counts against it. */
  const signInRoute = { config: { access: publicAccess }, onRequest: signInThrottle(ctx) };

  app.post('/oauth/Login', signInRoute, async (req) => {
    const body = parse(loginBody, req.body, requestLanguage(req));
    return ok(await countingFailures(ctx, req, () => loginWithPassword(ctx, body, clientInfo(req))));
  });

  /** Whether the account must answer a captcha (spec §3 loginNeedCode). */
  app.get('/oauth/getConfig/:account', publicRoute, async (req) => {
    const { account } = parse(accountParams, req.params);
    const cfg = await getSysConfig(ctx);
    // Names no account has count failures too, so this answer does not tell them apart.
    const failures = await failureState(ctx, account);
    return ok({ enableVerificationCode: captchaNeeded(cfg, failures), verificationCodeNumber: cfg.captchaLength });
  });

  app.get('/oauth/ImageCode/:codeLength/:timestamp', publicRoute, async (req, reply) => {
    const { codeLength, timestamp } = parse(captchaParams, req.params);
    const svg = await createCaptcha(ctx, timestamp, codeLength);
    return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
  });

  app.post('/oauth/SmsCode', { config: { access: publicAccess, rateLimit: smsRateLimit(ctx) } }, async (req) => {
    const lang = requestLanguage(req);
    const { account } = parse(smsSendBody, req.body, lang);
    return ok(await sendLoginCode(ctx, account, lang), translate(lang, 'sms.sent'));
  });

  app.post('/oauth/LoginBySms', signInRoute, async (req) => {
    const { account, code } = parse(smsLoginBody, req.body, requestLanguage(req));
    return ok(await countingFailures(ctx, req, () => loginWithSmsCode(ctx, account, code, clientInfo(req))));
  });

  app.post('/oauth/QrTicket', publicRoute, async () => ok(await createTicket(ctx)));

  app.get('/oauth/QrTicket/:ticket', publicRoute, async (req) => {
    const { ticket } = parse(ticketParams, req.params);
    return ok(await pollTicket(ctx, ticket, clientInfo(req)));
  });

  app.post('/oauth/QrTicket/:ticket/:step', userRoute, async (req) => {
    const { ticket, step } = parse(ticketStepParams, req.params);
    return ok(await advanceTicket(ctx, ticket, req.session.userId, step));
  });

  app.get('/oauth/CurrentUser', userRoute, async (req, reply) =>
    sendOkJson(req, reply, await currentUserJson(ctx, req.session.userId, req.session.isAdministrator)),
  );

  app.get('/oauth/Logout', userRoute, async (req) => {
    await revokeSession(ctx, req.session.id, 'logout');
    return ok(null);
  });

  /** Unlocking the screen: the lock itself is client state (server-contract §1.4), the check is ours. */
  app.post('/oauth/LockScreen', userRoute, async (req) => {
    const body = parse(lockScreenBody, req.body, requestLanguage(req));
    if (body.account !== req.session.account) throw badRequest('lock.wrongAccount');
    const user = await findUserByAccount(ctx, body.account);
    if (!user || !(await verifyPassword(user.passwordHash, body.password))) throw badRequest('login.wrongPasswordLast');
    return ok(null);
  });
}
