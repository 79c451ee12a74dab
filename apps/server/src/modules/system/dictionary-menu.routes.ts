import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dictionaryDataBody, dictionaryListQuery } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { userAccess } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { requestLanguage } from '../../http/i18n.ts';
import { parse } from '../../http/validate.ts';
import { createData, dataParentSelector, deleteData, listData, setDataState, sortData, updateData } from './dictionary.service.ts';
import { assertItemOfType, resolveMenuDictionary, type MenuDictionary, type MenuDictionaryButton } from './dictionary-menu.service.ts';
import './dictionary-menu.messages.ts';
import { logRequestOperation } from './logs.service.ts';
import { body, query, stateBody, withAccess } from './route-helpers.ts';

const key = z.string().trim().min(1).max(200);
const menuParams = z.object({ menuId: key });
const itemParams = z.object({ menuId: key, id: key });
const selectorParams = z.object({ menuId: key, excludeId: key });

/** New sort codes: one row edited, or a dragged sibling group in its new order. */
const sortBody = z.object({
  list: z
    .array(z.object({ id: key, sortCode: z.number().int().min(-1_000_000).max(1_000_000) }))
    .min(1)
    .max(1000),
});

const PREFIX = '/system/DictionaryData/Menu/:menuId';

/**
 * Dictionary pages (menu type 4): the items of the menu's one dictionary, read
 * by anyone holding the menu and changed under the menu's own buttons. The
 * access each route declares is "signed in"; the menu and button are checked
 * per call (resolveMenuDictionary), since they come from the path.
 */
export async function dictionaryMenuRoutes(app: FastifyInstance, ctx: AppContext) {
  const resolve = async <P extends z.ZodType>(req: FastifyRequest, schema: P, button?: MenuDictionaryButton) => {
    const p = parse(schema, req.params, requestLanguage(req)) as z.output<P> & { menuId: string };
    return { p, md: await resolveMenuDictionary(ctx, req.session, p.menuId, button) };
  };
  const log = (req: FastifyRequest, md: MenuDictionary, action: string, targetId: string, summary: string) =>
    logRequestOperation(ctx, req, { module: md.menu.enCode, action, targetId, summary: `${md.type.enCode}: ${summary}` });
  /** The form body, within the menu's type: dictionaryTypeId may be left out, and naming another type is refused. */
  const itemBody = (req: FastifyRequest, md: MenuDictionary) => {
    const raw = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : req.body;
    const withType = raw && typeof raw === 'object' && !('dictionaryTypeId' in raw) ? { ...raw, dictionaryTypeId: md.type.id } : raw;
    const input = parse(dictionaryDataBody, withType, requestLanguage(req));
    if (input.dictionaryTypeId !== md.type.id && input.dictionaryTypeId !== md.type.enCode) throw forbidden('dictionary.otherType');
    return { ...input, dictionaryTypeId: md.type.id };
  };

  app.get(PREFIX, withAccess(userAccess), async (req) => {
    const { md } = await resolve(req, menuParams);
    const { type } = md;
    const data = await listData(ctx, type.id, { keyword: query(dictionaryListQuery, req).keyword });
    return ok({ type: { id: type.id, fullName: type.fullName, enCode: type.enCode, isTree: type.isTree }, list: data.list });
  });

  app.get(`${PREFIX}/Selector/:excludeId`, withAccess(userAccess), async (req) => {
    const { p, md } = await resolve(req, selectorParams);
    return ok(await dataParentSelector(ctx, md.type.id, p.excludeId, md.type.isTree === 1));
  });

  app.post(PREFIX, withAccess(userAccess), async (req) => {
    const { md } = await resolve(req, menuParams, 'btn_add');
    const input = itemBody(req, md);
    const id = await createData(ctx, input, req.session.userId);
    log(req, md, 'createData', id, `${input.enCode} ${input.fullName}`);
    return ok({ id });
  });

  // Before /:id, so the static segment wins.
  app.put(`${PREFIX}/Actions/Sort`, withAccess(userAccess), async (req) => {
    const { md } = await resolve(req, menuParams, 'btn_edit');
    const { list } = body(sortBody, req);
    const count = await sortData(ctx, md.type.id, list, req.session.userId);
    log(req, md, 'sortData', md.type.id, `${count} rows`);
    return ok({ count });
  });

  app.put(`${PREFIX}/:id`, withAccess(userAccess), async (req) => {
    const { p, md } = await resolve(req, itemParams, 'btn_edit');
    await assertItemOfType(ctx, md.type.id, p.id);
    const input = itemBody(req, md);
    await updateData(ctx, p.id, input, req.session.userId);
    log(req, md, 'updateData', p.id, `${input.enCode} ${input.fullName}`);
    return ok(null);
  });

  app.delete(`${PREFIX}/:id`, withAccess(userAccess), async (req) => {
    const { p, md } = await resolve(req, itemParams, 'btn_remove');
    await assertItemOfType(ctx, md.type.id, p.id);
    const row = await deleteData(ctx, p.id);
    log(req, md, 'deleteData', row.id, `${row.enCode} ${row.fullName}`);
    return ok(null);
  });

  app.put(`${PREFIX}/:id/Actions/State`, withAccess(userAccess), async (req) => {
    const { p, md } = await resolve(req, itemParams, 'btn_edit');
    await assertItemOfType(ctx, md.type.id, p.id);
    const enabledMark = await setDataState(ctx, p.id, req.session.userId, body(stateBody, req)?.enabledMark);
    log(req, md, 'state', p.id, `enabledMark=${enabledMark}`);
    return ok({ enabledMark });
  });
}
