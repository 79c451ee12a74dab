import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../http/access.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import type { Caller } from './data-interface.runner.ts';

/** Small pieces every system route file uses. */

export const withAccess = (access: Access) => ({ config: { access } });

export const idParam = z.object({ id: z.string().trim().min(1).max(200) });

export const params = (req: FastifyRequest) => parse(idParam, req.params, requestLanguage(req));

export const body = <S extends z.ZodType>(schema: S, req: FastifyRequest) => parse(schema, req.body, requestLanguage(req));

export const query = <S extends z.ZodType>(schema: S, req: FastifyRequest) => parse(schema, req.query, requestLanguage(req));

/** Optional body of the State actions: `{enabledMark}` sets, no body toggles (JNPF). */
export const stateBody = z
  .object({ enabledMark: z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0) as 0 | 1)]).optional() })
  .nullable()
  .optional();

export const caller = (req: FastifyRequest): Caller => ({
  userId: req.session.userId,
  isAdministrator: req.session.isAdministrator,
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) || null,
});
