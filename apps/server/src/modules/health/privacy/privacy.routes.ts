import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { auditLogListBody, maskName } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { withAccess } from '../../system/route-helpers.ts';
import { raw } from '../records/residents.service.ts';
import { recordsAccess, requireRight } from './rights.ts';

const LIKE_ESCAPE = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The health audit log, searched by auditors (menu health_audit_log): who, unit, action, record, reason, address, time. */
export async function privacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/health/audit-log/list', withAccess(recordsAccess), async (req) => {
    const body = parse(auditLogListBody, req.body ?? {}, requestLanguage(req));
    await requireRight(ctx, req.session, 'auditLog');
    const db = raw(ctx);
    let base = db
      .selectFrom('health_audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'a.resident_id');
    if (body.action) base = base.where('a.action', '=', body.action);
    if (body.residentId) base = base.where('a.resident_id', '=', body.residentId);
    if (body.from !== undefined) base = base.where('a.at', '>=', body.from);
    if (body.to !== undefined) base = base.where('a.at', '<', body.to);
    if (body.keyword) {
      const like = `%${LIKE_ESCAPE(body.keyword)}%`;
      base = base.where(
        sql<SqlBool>`(${sql.ref('u.real_name')} like ${like} escape '\\' or ${sql.ref('u.account')} like ${like} escape '\\' or ${sql.ref('r.fullName')} like ${like} escape '\\' or ${sql.ref('a.reason')} like ${like} escape '\\')`,
      );
    }
    const rows = await base
      .leftJoin('organizations as o', 'o.id', 'a.org_id')
      .select([
        'a.id',
        'a.action',
        'a.resident_id as residentId',
        'a.target',
        'a.reason',
        'a.ip',
        'a.at',
        'u.real_name as realName',
        'u.account',
        'o.full_name as orgName',
        'r.fullName',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(body.pageSize)
      .offset((body.currentPage - 1) * body.pageSize)
      .execute();
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return ok({
      list: rows.map((r) => ({
        id: r.id as string,
        userName: r.realName ?? null,
        account: r.account ?? null,
        orgName: r.orgName ?? null,
        action: r.action as string,
        residentId: r.residentId ?? null,
        residentName: r.fullName ? maskName(r.fullName) : null,
        target: r.target ?? null,
        reason: r.reason ?? null,
        ip: r.ip ?? null,
        at: Number(r.at),
      })),
      pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: Number((total as { n?: unknown })?.n ?? 0) },
    });
  });
}
