import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { areaRoutes } from './area.routes.ts';
import { billRuleRoutes } from './bill-rule.routes.ts';
import { businessRoutes } from './business.routes.ts';
import { dataInterfaceRoutes } from './data-interface.routes.ts';
import { dictionaryRoutes } from './dictionary.routes.ts';
import { flushLogs, scheduleLogRetention } from './logs.service.ts';
import './messages.ts';
import { printDevRoutes } from './print-dev.routes.ts';
import { closeReaders } from './sql-executor.ts';
import { sysConfigRoutes } from './sys-config.routes.ts';

export { nextBillNumber } from './bill-rule.service.ts';
export { logOperation, registerRequestLog } from './logs.service.ts';

/** Registers every route of the system module (mounted under /api). */
export async function systemModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Imports arrive as a file upload; the parser lives in this module's scope only.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024 } });

  await dictionaryRoutes(app, ctx);
  await areaRoutes(app, ctx);
  await billRuleRoutes(app, ctx);
  await dataInterfaceRoutes(app, ctx);
  await printDevRoutes(app, ctx);
  await sysConfigRoutes(app, ctx);
  await businessRoutes(app, ctx);

  scheduleLogRetention(app, ctx);
  app.addHook('onClose', async () => {
    await closeReaders(ctx);
    await flushLogs(ctx);
  });
}
