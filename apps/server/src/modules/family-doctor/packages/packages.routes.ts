import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fdCatalogListQuery, fdEnabledBody, fdItemBody, fdPackageBody } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { buttonsOf, FD_PACKAGE_MENUS, needMenu } from '../teams/access.ts';
import {
  getPackage,
  listItems,
  listPackages,
  removeItem,
  removePackage,
  saveItem,
  savePackage,
  setItemEnabled,
  setPackageEnabled,
} from './catalog.service.ts';

/** Service items and packages under /family-doctor/items and /family-doctor/packages (page fd_package). */
const cfg = { config: { access: anyModuleAccess(FD_PACKAGE_MENUS) } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const MENU = ['fd_package'];

export async function packageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const lang = (req: FastifyRequest) => requestLanguage(req);

  app.get('/family-doctor/catalog/meta', cfg, async (req) => {
    const b = await buttonsOf(ctx, req, 'fd_package', ['btn_add', 'btn_edit', 'btn_remove']);
    return ok({ rights: { add: b.btn_add, edit: b.btn_edit, remove: b.btn_remove } });
  });

  app.get('/family-doctor/items', cfg, async (req) => ok(await listItems(ctx, parse(fdCatalogListQuery, req.query, lang(req)))));
  app.post('/family-doctor/items', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_add');
    return ok({ id: await saveItem(ctx, null, parse(fdItemBody, req.body, lang(req))) });
  });
  app.put('/family-doctor/items/:id', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    return ok({ id: await saveItem(ctx, id, parse(fdItemBody, req.body, lang(req))) });
  });
  app.put('/family-doctor/items/:id/enabled', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    await setItemEnabled(ctx, id, parse(fdEnabledBody, req.body, lang(req)).enabled);
    return ok({ id });
  });
  app.delete('/family-doctor/items/:id', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_remove');
    const { id } = parse(idParam, req.params, lang(req));
    await removeItem(ctx, id);
    return ok({ id });
  });

  app.get('/family-doctor/packages', cfg, async (req) => ok(await listPackages(ctx, parse(fdCatalogListQuery, req.query, lang(req)))));
  app.get('/family-doctor/packages/:id', cfg, async (req) => ok(await getPackage(ctx, parse(idParam, req.params, lang(req)).id)));
  app.post('/family-doctor/packages', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_add');
    return ok({ id: await savePackage(ctx, null, parse(fdPackageBody, req.body, lang(req)), req.session.userId) });
  });
  app.put('/family-doctor/packages/:id', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    return ok({ id: await savePackage(ctx, id, parse(fdPackageBody, req.body, lang(req)), req.session.userId) });
  });
  app.put('/family-doctor/packages/:id/enabled', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_edit');
    const { id } = parse(idParam, req.params, lang(req));
    await setPackageEnabled(ctx, id, parse(fdEnabledBody, req.body, lang(req)).enabled);
    return ok({ id });
  });
  app.delete('/family-doctor/packages/:id', cfg, async (req) => {
    await needMenu(ctx, req, MENU, 'btn_remove');
    const { id } = parse(idParam, req.params, lang(req));
    await removePackage(ctx, id);
    return ok({ id });
  });
}
