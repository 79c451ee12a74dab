import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authorizeRoutes } from './authorize.routes.ts';
import { currentUserOrgRoutes } from './current-user-org.routes.ts';
import { groupRoutes } from './group.routes.ts';
import { onlineUserRoutes } from './online-user.routes.ts';
import { organizeRoutes } from './organize.routes.ts';
import { positionRoutes } from './position.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { usersRoutes } from './users.routes.ts';
import './messages.ts';

export { applyRowRules, registerRowRuleFields, rowRuleExpression, type FieldMap } from './row-rules.ts';
export { dropColumns, hiddenColumnsOf, lockedFieldsOf, protectLockedFields } from './column-rules.ts';

/** Registers every route of the permission module (mounted under /api). */
export async function permissionModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await organizeRoutes(app, ctx);
  await positionRoutes(app, ctx);
  await roleRoutes(app, ctx);
  await groupRoutes(app, ctx);
  await usersRoutes(app, ctx);
  await onlineUserRoutes(app, ctx);
  await authorizeRoutes(app, ctx);
  await currentUserOrgRoutes(app, ctx);
}
