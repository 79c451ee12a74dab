import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  authorizeBatchBody,
  authorizeDataBody,
  authorizeValuesBody,
  CONDITION_OPS,
  CONDITION_TOKENS,
  dataSchemeBody,
  GRANT_OBJECT_TYPES,
  idParams,
  idString,
  setColumnsBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { moduleAccess, userAccess, type Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import {
  authorizeModel,
  authorizeValues,
  batchAuthorize,
  createScheme,
  deleteScheme,
  findMenu,
  listSchemes,
  saveAuthorizeData,
  schemeInfo,
  setDataAuthorize,
  updateScheme,
} from './authorize.service.ts';
import { columnsByModule, setColumnsByModule } from './column-settings.service.ts';
import { rowRuleFields } from './row-rules.ts';

const route = (access: Access) => ({ config: { access } });
const read = route(moduleAccess('authorize'));
const write = route(moduleAccess('authorize', 'btn_edit'));

const grantObjectParams = z.object({ objectId: idString, objectType: z.enum(GRANT_OBJECT_TYPES) });
const objectIdParams = z.object({ objectId: idString });
const moduleIdParams = z.object({ moduleId: idString });
const dataAuthorizeBody = z.object({ isDataAuthorize: z.union([z.literal(0), z.literal(1)]) });

/**
 * Authorization (server-contract §2). Mounted under both spellings the
 * original used: /permission/Authority (the spec's column calls, the Vue 2
 * screens) and /permission/Authorize (the .NET controller route).
 */
export async function authorizeRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const base of ['/permission/Authority', '/permission/Authorize']) {
    /** Every tier's tree and the ids granted to one role, position or user. */
    app.get(`${base}/Model/:objectId/:objectType`, read, async (req) => {
      const { objectId, objectType } = parse(grantObjectParams, req.params);
      return ok(await authorizeModel(ctx, req.session, objectId, objectType));
    });

    app.post(`${base}/Data/:objectId/Values`, read, async (req) => {
      const { objectId } = parse(objectIdParams, req.params);
      const body = parse(authorizeValuesBody, req.body, requestLanguage(req));
      return ok(await authorizeValues(ctx, req.session, objectId, body.type, body.moduleIds));
    });

    /** Replaces the object's grants (except portals) in one transaction. */
    app.put(`${base}/Data/:objectId`, write, async (req) => {
      const { objectId } = parse(objectIdParams, req.params);
      await saveAuthorizeData(ctx, req.session, objectId, parse(authorizeDataBody, req.body, requestLanguage(req)));
      return ok(null);
    });

    app.post(`${base}/Data/Batch`, write, async (req) =>
      ok(await batchAuthorize(ctx, req.session, parse(authorizeBatchBody, req.body, requestLanguage(req)))),
    );

    // ---- data-permission schemes of a menu
    app.get(`${base}/DataScheme/Fields/:moduleId`, read, async (req) => {
      const { moduleId } = parse(moduleIdParams, req.params);
      const menu = await findMenu(ctx, moduleId);
      return ok({
        list: rowRuleFields(menu.enCode),
        ops: CONDITION_OPS,
        tokens: CONDITION_TOKENS.filter((t) => t !== '@userAraSubordinates'),
      });
    });

    app.get(`${base}/DataScheme/Info/:id`, read, async (req) => {
      const { id } = parse(idParams, req.params);
      return ok(await schemeInfo(ctx, id));
    });

    app.get(`${base}/DataScheme/:moduleId`, read, async (req) => {
      const { moduleId } = parse(moduleIdParams, req.params);
      return ok(await listSchemes(ctx, moduleId));
    });

    /** Turns a menu's row permission on or off: body { isDataAuthorize: 0 | 1 }. */
    app.put(`${base}/DataScheme/Switch/:moduleId`, write, async (req) => {
      const { moduleId } = parse(moduleIdParams, req.params);
      const { isDataAuthorize } = parse(dataAuthorizeBody, req.body, requestLanguage(req));
      await setDataAuthorize(ctx, moduleId, isDataAuthorize === 1);
      return ok(null);
    });

    app.post(`${base}/DataScheme`, write, async (req) =>
      ok(await createScheme(ctx, req.session, parse(dataSchemeBody, req.body, requestLanguage(req)))),
    );

    app.put(`${base}/DataScheme/:id`, write, async (req) => {
      const { id } = parse(idParams, req.params);
      await updateScheme(ctx, req.session, id, parse(dataSchemeBody, req.body, requestLanguage(req)));
      return ok(null);
    });

    app.delete(`${base}/DataScheme/:id`, write, async (req) => {
      const { id } = parse(idParams, req.params);
      await deleteScheme(ctx, id);
      return ok(null);
    });

    // ---- column authority (spec §7.4): the signed-in user's own columns of a menu they hold
    app.get(`${base}/GetColumnsByModuleId/:id`, route(userAccess), async (req) => {
      const { id } = parse(idParams, req.params);
      return ok(await columnsByModule(ctx, req.session, id));
    });

    app.put(`${base}/SetColumnsByModuleId`, route(userAccess), async (req) => {
      const body = parse(setColumnsBody, req.body, requestLanguage(req));
      return ok(await setColumnsByModule(ctx, req.session, body.moduleId, body.fieldList));
    });
  }
}
