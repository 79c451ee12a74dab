import { sql, type Kysely } from 'kysely';
import type {
  ImgCatalogQuery,
  ImgCategoryBody,
  ImgTemplate,
  ImgTemplateBody,
  ImgTemplateCategory,
  ImagingCentre,
} from '@medalliance/contract';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { bodyPartOf } from './body-parts.ts';
import { itemOf } from './items.ts';
import { nextSortCode } from './ordering.ts';
import { likeAny, paged, type Paged } from './paging.ts';

/**
 * Diagnosis templates: a tree of categories per centre, and templates
 * (findings, impression, advice) in a category for a body part and item.
 * The reader's picker asks for the enabled templates of a study's item and
 * body part; ones for the body part without an item, or for neither, fit
 * every study of that part or centre.
 */

// ---- categories ----

export async function listCategories(db: Kysely<any>, centre: ImagingCentre): Promise<ImgTemplateCategory[]> {
  const rows = await all(
    db,
    db
      .selectFrom('img_template_categories as c')
      .select([
        'c.id as id',
        'c.centre as centre',
        'c.parent_id as parentId',
        'c.name as name',
        'c.sort_code as sortCode',
        sql<number>`(select count(*) from img_templates t where t.category_id = c.id)`.as('templateCount'),
      ])
      .where('c.centre', '=', centre)
      .orderBy('c.sort_code')
      .orderBy('c.id'),
  );
  return rows.map((r) => ({
    id: String(r.id),
    centre: r.centre as ImagingCentre,
    parentId: r.parentId == null ? null : String(r.parentId),
    name: String(r.name),
    sortCode: Number(r.sortCode),
    templateCount: Number(r.templateCount),
  }));
}

export async function categoryOf(
  db: Kysely<any>,
  id: string,
): Promise<{ id: string; centre: ImagingCentre; parentId: string | null } | null> {
  const r = await first(
    db,
    db.selectFrom('img_template_categories').select(['id', 'centre', 'parent_id as parentId']).where('id', '=', id),
  );
  return r ? { id: String(r.id), centre: r.centre as ImagingCentre, parentId: r.parentId == null ? null : String(r.parentId) } : null;
}

/** The parent must be a category of the same centre and not the category itself or below it (no cycles). */
async function assertParent(db: Kysely<any>, centre: string, parentId: string | null, self: string | null) {
  for (let p = parentId, depth = 0; p; depth++) {
    if (p === self || depth > 20) throw badRequest('imgCatalog.badParent');
    const c = await categoryOf(db, p);
    if (!c || c.centre !== centre) throw badRequest('imgCatalog.badParent');
    p = c.parentId;
  }
}

export async function createCategory(db: Kysely<any>, body: ImgCategoryBody): Promise<string> {
  await assertParent(db, body.centre, body.parentId, null);
  const id = newId();
  await db
    .insertInto('img_template_categories')
    .values({
      id,
      centre: body.centre,
      parent_id: body.parentId,
      name: body.name,
      sort_code: await nextSortCode(db, 'img_template_categories', { centre: body.centre, parent_id: body.parentId }),
      created_at: now(),
    })
    .execute();
  return id;
}

export async function updateCategory(db: Kysely<any>, id: string, body: ImgCategoryBody): Promise<void> {
  const row = await categoryOf(db, id);
  if (!row || row.centre !== body.centre) throw notFound();
  await assertParent(db, body.centre, body.parentId, id);
  await db
    .updateTable('img_template_categories')
    .set({ parent_id: body.parentId, name: body.name, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Refused while the category holds sub-categories or templates. */
export async function removeCategory(db: Kysely<any>, id: string): Promise<void> {
  if (!(await categoryOf(db, id))) throw notFound();
  const child = await db.selectFrom('img_template_categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
  const tpl = await db.selectFrom('img_templates').select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
  if (child || tpl) throw conflict('imgCatalog.categoryNotEmpty');
  await db.deleteFrom('img_template_categories').where('id', '=', id).execute();
}

// ---- templates ----

export async function listTemplates(db: Kysely<any>, q: ImgCatalogQuery): Promise<Paged<ImgTemplate>> {
  let base = db
    .selectFrom('img_templates as t')
    .leftJoin('img_template_categories as c', 'c.id', 't.category_id')
    .leftJoin('img_body_parts as b', 'b.id', 't.body_part_id')
    .leftJoin('img_items as i', 'i.id', 't.item_id')
    .where('t.centre', '=', q.centre);
  if (q.enabled) base = base.where('t.enabled', '=', Number(q.enabled));
  if (q.categoryId) {
    // A category shows its own templates and those of its sub-categories.
    const cats = await all(
      db,
      db.selectFrom('img_template_categories').select(['id', 'parent_id as parentId']).where('centre', '=', q.centre),
    );
    const ids = new Set([q.categoryId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const c of cats)
        if (c.parentId && ids.has(String(c.parentId)) && !ids.has(String(c.id))) {
          ids.add(String(c.id));
          grew = true;
        }
    }
    base = base.where('t.category_id', 'in', [...ids]);
  }
  // The picker: templates of the item, of the body part without an item, or of neither.
  if (q.itemId) base = base.where((eb) => eb.or([eb('t.item_id', '=', q.itemId!), eb('t.item_id', 'is', null)]));
  if (q.bodyPartId) base = base.where((eb) => eb.or([eb('t.body_part_id', '=', q.bodyPartId!), eb('t.body_part_id', 'is', null)]));
  if (q.keyword) base = base.where(likeAny(['t.name', 't.findings', 't.impression'], q.keyword));
  const rows = await paged(db, base, q, (qb) =>
    qb
      .select([
        't.id as id',
        't.centre as centre',
        't.category_id as categoryId',
        'c.name as categoryName',
        't.body_part_id as bodyPartId',
        'b.name as bodyPartName',
        't.item_id as itemId',
        'i.name as itemName',
        't.name as name',
        't.findings as findings',
        't.impression as impression',
        't.advice as advice',
        't.positive as positive',
        't.sort_code as sortCode',
        't.enabled as enabled',
      ])
      .orderBy('c.sort_code')
      .orderBy('t.sort_code')
      .orderBy('t.id'),
  );
  const s = (v: unknown) => (v == null ? null : String(v));
  return {
    ...rows,
    list: rows.list.map((r) => ({
      id: String(r.id),
      centre: r.centre as ImagingCentre,
      categoryId: s(r.categoryId),
      categoryName: s(r.categoryName),
      bodyPartId: s(r.bodyPartId),
      bodyPartName: s(r.bodyPartName),
      itemId: s(r.itemId),
      itemName: s(r.itemName),
      name: String(r.name),
      findings: String(r.findings),
      impression: String(r.impression),
      advice: String(r.advice ?? ''),
      positive: Number(r.positive),
      sortCode: Number(r.sortCode),
      enabled: Number(r.enabled),
    })),
  };
}

export async function templateOf(
  db: Kysely<any>,
  id: string,
): Promise<{ id: string; centre: ImagingCentre; categoryId: string | null } | null> {
  const r = await first(db, db.selectFrom('img_templates').select(['id', 'centre', 'category_id as categoryId']).where('id', '=', id));
  return r ? { id: String(r.id), centre: r.centre as ImagingCentre, categoryId: r.categoryId == null ? null : String(r.categoryId) } : null;
}

/** Category, body part and item all of the template's centre; the item on that body part. */
async function assertRefs(db: Kysely<any>, body: ImgTemplateBody) {
  const c = await categoryOf(db, body.categoryId);
  if (!c || c.centre !== body.centre) throw badRequest('imgCatalog.badCategory');
  if (body.bodyPartId) {
    const b = await bodyPartOf(db, body.bodyPartId);
    if (!b || b.centre !== body.centre) throw badRequest('imgCatalog.badBodyPart');
  }
  if (body.itemId) {
    const i = await itemOf(db, body.itemId);
    if (!i || i.centre !== body.centre) throw badRequest('imgCatalog.badItem');
    if (body.bodyPartId && i.bodyPartId && i.bodyPartId !== body.bodyPartId) throw badRequest('imgCatalog.itemNotOnBodyPart');
  }
}

const templateColumns = (body: ImgTemplateBody) => ({
  category_id: body.categoryId,
  body_part_id: body.bodyPartId,
  item_id: body.itemId,
  name: body.name,
  findings: body.findings,
  impression: body.impression,
  advice: body.advice,
  positive: body.positive,
  enabled: body.enabled,
});

export async function createTemplate(db: Kysely<any>, body: ImgTemplateBody): Promise<string> {
  await assertRefs(db, body);
  const id = newId();
  await db
    .insertInto('img_templates')
    .values({
      id,
      centre: body.centre,
      ...templateColumns(body),
      sort_code: await nextSortCode(db, 'img_templates', { centre: body.centre, category_id: body.categoryId }),
      created_at: now(),
    })
    .execute();
  return id;
}

export async function updateTemplate(db: Kysely<any>, id: string, body: ImgTemplateBody): Promise<void> {
  const row = await templateOf(db, id);
  if (!row || row.centre !== body.centre) throw notFound();
  await assertRefs(db, body);
  const moved = row.categoryId !== body.categoryId;
  await db
    .updateTable('img_templates')
    .set({
      ...templateColumns(body),
      ...(moved ? { sort_code: await nextSortCode(db, 'img_templates', { centre: body.centre, category_id: body.categoryId }) } : {}),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

/** Reports keep their own copy of the text, so a template can go (their template_id then names nothing). */
export async function removeTemplate(db: Kysely<any>, id: string): Promise<void> {
  if (!(await templateOf(db, id))) throw notFound();
  await db.deleteFrom('img_templates').where('id', '=', id).execute();
}
