import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logDeleteBody, logQuery, sysConfigBody } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { deleteLogs, listLogs, logRequestOperation } from './logs.service.ts';
import { body, query, withAccess } from './route-helpers.ts';
import { getSysConfig, setSysConfig, type SysConfig } from './sys-config.service.ts';
import { z } from 'zod';

const categoryParams = z.object({ category: z.coerce.number().int().min(1).max(5) });

/** System settings (applied without restart) and the system logs (spec §7.5; JNPF SysConfig, Log). */
export async function sysConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/system/SysConfig', withAccess(moduleAccess('sysConfig')), async () => ok(await getSysConfig(ctx)));

  app.put('/system/SysConfig', withAccess(moduleAccess('sysConfig', 'btn_edit')), async (req) => {
    const input = body(sysConfigBody, req);
    const before = await getSysConfig(ctx);
    const after = await setSysConfig(ctx, input as Partial<SysConfig>);
    const changed = Object.keys(input).filter(
      (k) => JSON.stringify(before[k as keyof SysConfig]) !== JSON.stringify(after[k as keyof SysConfig]),
    );
    logRequestOperation(ctx, req, { module: 'sysConfig', action: 'update', targetId: null, summary: changed.join(', ') || '(no change)' });
    return ok(after);
  });

  const logs = async (category: number | undefined, req: FastifyRequest) => {
    const q = query(logQuery, req);
    return ok(
      await listLogs(ctx, {
        category: category ?? q.type ?? q.category,
        keyword: q.keyword,
        startTime: q.startTime,
        endTime: q.endTime,
        currentPage: q.currentPage ?? q.pageIndex ?? 1,
        pageSize: q.pageSize,
      }),
    );
  };
  app.get('/system/Log', withAccess(moduleAccess('sysLog')), async (req) => logs(undefined, req));
  // JNPF 3.x path style: Log/{category}.
  app.get('/system/Log/:category', withAccess(moduleAccess('sysLog')), async (req) => {
    const { category } = parse(categoryParams, req.params, requestLanguage(req));
    return logs(category, req);
  });

  app.delete('/system/Log', withAccess(moduleAccess('sysLog', 'btn_remove')), async (req) => {
    const { ids } = body(logDeleteBody, req);
    const deleted = await deleteLogs(ctx, ids);
    logRequestOperation(ctx, req, { module: 'sysLog', action: 'delete', targetId: null, summary: `${deleted} rows` });
    return ok({ deleted });
  });
}
