import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z, type ZodType } from 'zod';
import {
  imagingCentreParam,
  imgBodyPartBody,
  imgCatalogQuery,
  imgCategoryBody,
  imgEnabledBody,
  imgFeeBody,
  imgFeeInForceQuery,
  imgFeeQuery,
  imgItemBody,
  imgMoveBody,
  imgOrderBody,
  imgOrgSortBody,
  imgTemplateBody,
  type ImagingCentre,
} from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/i18n.ts';
import { parse } from '../../../http/validate.ts';
import { now } from '../../../lib/clock.ts';
import { CATALOG_MENUS, centreAccess, gateOf, hasMenu } from './access.ts';
import { bodyPartOf, createBodyPart, listBodyParts, removeBodyPart, updateBodyPart } from './body-parts.ts';
import { createFee, feesInForce, listFees, removeFee, updateFee } from './fee-schedule.ts';
import { createItem, itemOf, listItems, removeItem, updateItem } from './items.ts';
import { move, reorder, type Group } from './ordering.ts';
import { listOrgSort, setOrgSort } from './org-sort.ts';
import {
  categoryOf,
  createCategory,
  createTemplate,
  listCategories,
  listTemplates,
  removeCategory,
  removeTemplate,
  templateOf,
  updateCategory,
  updateTemplate,
} from './templates.ts';
import './messages.ts';

/**
 * The catalogue API under /imaging/catalog (issue 20). Reading (the pickers
 * of registration and reporting) needs only the centre; every change needs
 * the catalogue page's menu and button (btn_add / btn_edit / btn_remove) and
 * the centre. Writes run in one transaction each.
 */
const cfg = { config: { access: centreAccess } };
const idParam = z.object({ id: z.string().trim().min(1).max(40) }).strict();
const categoryOrderBody = z
  .object({
    centre: z.enum(['ultrasound', 'imaging']),
    parentId: z.string().trim().min(1).max(40).nullable(),
    ids: z.array(z.string().trim().min(1).max(40)).min(1).max(500),
  })
  .strict();
const templateOrderBody = z
  .object({
    centre: z.enum(['ultrasound', 'imaging']),
    categoryId: z.string().trim().min(1).max(40),
    ids: z.array(z.string().trim().min(1).max(40)).min(1).max(500),
  })
  .strict();

/** A sortable catalogue table and the page that maintains it. */
interface Sortable {
  path: string;
  table: string;
  menu: (typeof CATALOG_MENUS)[number];
  /** The row's centre and the group it sorts in; null: no such row. */
  of(db: Kysely<any>, id: string): Promise<{ centre: ImagingCentre; group: Group } | null>;
}

export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const raw = () => ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const p = <S extends ZodType>(schema: S, input: unknown, req: FastifyRequest) => parse(schema, input, requestLanguage(req));
  const tx = <T>(fn: (db: Kysely<any>) => Promise<T>) =>
    ctx.db.transaction().execute((t) => fn(t.withoutPlugins() as unknown as Kysely<any>));

  app.get('/imaging/catalog/meta', cfg, async (req) => {
    const gate = await gateOf(ctx, req);
    const rights = Object.fromEntries(
      CATALOG_MENUS.map((m) => [
        m,
        {
          view: hasMenu(gate.grants, m),
          add: hasMenu(gate.grants, m, 'btn_add'),
          edit: hasMenu(gate.grants, m, 'btn_edit'),
          remove: hasMenu(gate.grants, m, 'btn_remove'),
        },
      ]),
    );
    return ok({ centres: gate.centres, rights });
  });

  // ---- reading: the pickers of every screen of the centre ----

  app.get('/imaging/catalog/body-parts', cfg, async (req) => {
    const q = p(imgCatalogQuery, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    return ok(await listBodyParts(raw(), q));
  });
  app.get('/imaging/catalog/items', cfg, async (req) => {
    const q = p(imgCatalogQuery, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    return ok(await listItems(raw(), q));
  });
  app.get('/imaging/catalog/templates', cfg, async (req) => {
    const q = p(imgCatalogQuery, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    return ok(await listTemplates(raw(), q));
  });
  app.get('/imaging/catalog/template-categories', cfg, async (req) => {
    const q = p(imagingCentreParam, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    return ok({ list: await listCategories(raw(), q.centre) });
  });
  app.get('/imaging/catalog/org-sort', cfg, async (req) => {
    const q = p(imagingCentreParam, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    return ok({ list: await listOrgSort(raw(), q.centre) });
  });

  // ---- body parts, items, categories, templates: create, edit, enable, remove, order ----

  const crud = <B extends { centre: ImagingCentre }>(
    s: Sortable,
    body: ZodType<B>,
    create: (db: Kysely<any>, b: B) => Promise<string>,
    update: (db: Kysely<any>, id: string, b: B) => Promise<void>,
    remove: (db: Kysely<any>, id: string) => Promise<void>,
  ) => {
    /** The row's centre, after checking the caller may change it with `button`. */
    const guard = async (req: FastifyRequest, id: string, button: string) => {
      const row = await s.of(raw(), id);
      if (!row) throw notFound();
      (await gateOf(ctx, req)).page(s.menu, row.centre, button);
      return row;
    };
    app.post(`/imaging/catalog/${s.path}`, cfg, async (req) => {
      const b = p(body, req.body, req);
      (await gateOf(ctx, req)).page(s.menu, b.centre, 'btn_add');
      return ok({ id: await tx((db) => create(db, b)) });
    });
    app.put(`/imaging/catalog/${s.path}/:id`, cfg, async (req) => {
      const { id } = p(idParam, req.params, req);
      const b = p(body, req.body, req);
      await guard(req, id, 'btn_edit');
      await tx((db) => update(db, id, b));
      return ok({ id });
    });
    app.delete(`/imaging/catalog/${s.path}/:id`, cfg, async (req) => {
      const { id } = p(idParam, req.params, req);
      await guard(req, id, 'btn_remove');
      await tx((db) => remove(db, id));
      return ok({ id });
    });
    app.post(`/imaging/catalog/${s.path}/:id/move`, cfg, async (req) => {
      const { id } = p(idParam, req.params, req);
      const { direction } = p(imgMoveBody, req.body, req);
      const row = await guard(req, id, 'btn_edit');
      await tx((db) => move(db, s.table, row.group, id, direction));
      return ok({ id });
    });
  };
  const enabledRoute = (s: Sortable) =>
    app.put(`/imaging/catalog/${s.path}/:id/enabled`, cfg, async (req) => {
      const { id } = p(idParam, req.params, req);
      const { enabled } = p(imgEnabledBody, req.body, req);
      const row = await s.of(raw(), id);
      if (!row) throw notFound();
      (await gateOf(ctx, req)).page(s.menu, row.centre, 'btn_edit');
      await raw().updateTable(s.table).set({ enabled, updated_at: now() }).where('id', '=', id).execute();
      return ok({ id, enabled });
    });

  const bodyParts: Sortable = {
    path: 'body-parts',
    table: 'img_body_parts',
    menu: 'img_check_body',
    of: async (db, id) => {
      const r = await bodyPartOf(db, id);
      return r && { centre: r.centre, group: { centre: r.centre } };
    },
  };
  const items: Sortable = {
    path: 'items',
    table: 'img_items',
    menu: 'img_check_item',
    of: async (db, id) => {
      const r = await itemOf(db, id);
      return r && { centre: r.centre, group: { centre: r.centre } };
    },
  };
  const categories: Sortable = {
    path: 'template-categories',
    table: 'img_template_categories',
    menu: 'img_diag_temp_sort',
    of: async (db, id) => {
      const r = await categoryOf(db, id);
      return r && { centre: r.centre, group: { centre: r.centre, parent_id: r.parentId } };
    },
  };
  const templates: Sortable = {
    path: 'templates',
    table: 'img_templates',
    menu: 'img_diag_temp_sort',
    of: async (db, id) => {
      const r = await templateOf(db, id);
      return r && { centre: r.centre, group: { centre: r.centre, category_id: r.categoryId } };
    },
  };

  // Whole-list orders (drag and drop): static paths, registered before the /:id routes they resemble.
  app.put('/imaging/catalog/body-parts/order', cfg, async (req) => {
    const b = p(imgOrderBody, req.body, req);
    (await gateOf(ctx, req)).page('img_check_body', b.centre, 'btn_edit');
    await tx((db) => reorder(db, 'img_body_parts', { centre: b.centre }, b.ids));
    return ok(null);
  });
  app.put('/imaging/catalog/items/order', cfg, async (req) => {
    const b = p(imgOrderBody, req.body, req);
    (await gateOf(ctx, req)).page('img_check_item', b.centre, 'btn_edit');
    await tx((db) => reorder(db, 'img_items', { centre: b.centre }, b.ids));
    return ok(null);
  });
  app.put('/imaging/catalog/template-categories/order', cfg, async (req) => {
    const b = p(categoryOrderBody, req.body, req);
    (await gateOf(ctx, req)).page('img_diag_temp_sort', b.centre, 'btn_edit');
    await tx((db) => reorder(db, 'img_template_categories', { centre: b.centre, parent_id: b.parentId }, b.ids));
    return ok(null);
  });
  app.put('/imaging/catalog/templates/order', cfg, async (req) => {
    const b = p(templateOrderBody, req.body, req);
    (await gateOf(ctx, req)).page('img_diag_temp_sort', b.centre, 'btn_edit');
    await tx((db) => reorder(db, 'img_templates', { centre: b.centre, category_id: b.categoryId }, b.ids));
    return ok(null);
  });

  crud(bodyParts, imgBodyPartBody, createBodyPart, updateBodyPart, removeBodyPart);
  crud(items, imgItemBody, createItem, updateItem, removeItem);
  crud(categories, imgCategoryBody, createCategory, updateCategory, removeCategory);
  crud(templates, imgTemplateBody, createTemplate, updateTemplate, removeTemplate);
  enabledRoute(bodyParts);
  enabledRoute(items);
  enabledRoute(templates);

  // ---- organisation order ----

  app.put('/imaging/catalog/org-sort', cfg, async (req) => {
    const b = p(imgOrgSortBody, req.body, req);
    (await gateOf(ctx, req)).page('img_org_sort', b.centre, 'btn_edit');
    await tx((db) => setOrgSort(db, b.centre, b.orgIds));
    return ok(null);
  });

  // ---- fee schedule ----

  app.get('/imaging/catalog/fees', cfg, async (req) => {
    const q = p(imgFeeQuery, req.query, req);
    (await gateOf(ctx, req)).page('img_fee_schedule', q.centre);
    return ok(await listFees(raw(), q));
  });
  /** The fees in force for an item (or the default) at a date: what a study released then is stamped with. */
  app.get('/imaging/catalog/fees/in-force', cfg, async (req) => {
    const q = p(imgFeeInForceQuery, req.query, req);
    (await gateOf(ctx, req)).centre(q.centre);
    if (q.itemId) {
      const item = await itemOf(raw(), q.itemId);
      if (!item || item.centre !== q.centre) throw badRequest('imgCatalog.badItem');
    }
    return ok(await feesInForce(raw(), q.centre, q.itemId ?? null, q.at));
  });
  app.post('/imaging/catalog/fees', cfg, async (req) => {
    const b = p(imgFeeBody, req.body, req);
    (await gateOf(ctx, req)).page('img_fee_schedule', b.centre, 'btn_add');
    return ok({ id: await tx((db) => createFee(db, b, req.session.userId)) });
  });
  const feeCentre = async (id: string) => {
    const r = await raw().selectFrom('img_fee_schedule').select('centre').where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return r.centre as ImagingCentre;
  };
  app.put('/imaging/catalog/fees/:id', cfg, async (req) => {
    const { id } = p(idParam, req.params, req);
    const b = p(imgFeeBody, req.body, req);
    (await gateOf(ctx, req)).page('img_fee_schedule', await feeCentre(id), 'btn_edit');
    await tx((db) => updateFee(db, id, b));
    return ok({ id });
  });
  app.delete('/imaging/catalog/fees/:id', cfg, async (req) => {
    const { id } = p(idParam, req.params, req);
    (await gateOf(ctx, req)).page('img_fee_schedule', await feeCentre(id), 'btn_remove');
    await tx((db) => removeFee(db, id));
    return ok({ id });
  });
}
