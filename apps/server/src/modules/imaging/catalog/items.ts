import type { Kysely } from 'kysely';
import type { ImgCatalogQuery, ImgItem, ImgItemBody, ImagingCentre } from '@medalliance/contract';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { first } from '../../health/plans/rows.ts';
import { assertCodeFree, bodyPartOf } from './body-parts.ts';
import { nextSortCode } from './ordering.ts';
import { likeAny, paged, type Paged } from './paging.ts';

/** Examination items of a centre (img_items): each on one body part and one modality; studies name them. */
export async function listItems(db: Kysely<any>, q: ImgCatalogQuery): Promise<Paged<ImgItem>> {
  let base = db.selectFrom('img_items as i').leftJoin('img_body_parts as b', 'b.id', 'i.body_part_id').where('i.centre', '=', q.centre);
  if (q.enabled) base = base.where('i.enabled', '=', Number(q.enabled));
  if (q.bodyPartId) base = base.where('i.body_part_id', '=', q.bodyPartId);
  if (q.keyword) base = base.where(likeAny(['i.code', 'i.name', 'i.modality'], q.keyword));
  const rows = await paged(db, base, q, (qb) =>
    qb
      .select([
        'i.id as id',
        'i.centre as centre',
        'i.code as code',
        'i.name as name',
        'i.body_part_id as bodyPartId',
        'b.name as bodyPartName',
        'i.modality as modality',
        'i.sort_code as sortCode',
        'i.enabled as enabled',
      ])
      .orderBy('i.sort_code')
      .orderBy('i.id'),
  );
  return {
    ...rows,
    list: rows.list.map((r) => ({
      id: String(r.id),
      centre: r.centre as ImagingCentre,
      code: String(r.code),
      name: String(r.name),
      bodyPartId: r.bodyPartId == null ? null : String(r.bodyPartId),
      bodyPartName: r.bodyPartName == null ? null : String(r.bodyPartName),
      modality: String(r.modality),
      sortCode: Number(r.sortCode),
      enabled: Number(r.enabled),
    })),
  };
}

export async function itemOf(
  db: Kysely<any>,
  id: string,
): Promise<{ id: string; centre: ImagingCentre; bodyPartId: string | null } | null> {
  const r = await first(db, db.selectFrom('img_items').select(['id', 'centre', 'body_part_id as bodyPartId']).where('id', '=', id));
  return r ? { id: String(r.id), centre: r.centre as ImagingCentre, bodyPartId: r.bodyPartId == null ? null : String(r.bodyPartId) } : null;
}

/** The body part must be one of the same centre. */
async function assertBodyPart(db: Kysely<any>, centre: string, bodyPartId: string) {
  const b = await bodyPartOf(db, bodyPartId);
  if (!b || b.centre !== centre) throw badRequest('imgCatalog.badBodyPart');
}

export async function createItem(db: Kysely<any>, body: ImgItemBody): Promise<string> {
  await assertBodyPart(db, body.centre, body.bodyPartId);
  await assertCodeFree(db, 'img_items', body.centre, body.code, null);
  const id = newId();
  await db
    .insertInto('img_items')
    .values({
      id,
      centre: body.centre,
      code: body.code,
      name: body.name,
      body_part_id: body.bodyPartId,
      modality: body.modality,
      sort_code: await nextSortCode(db, 'img_items', { centre: body.centre }),
      enabled: body.enabled,
      created_at: now(),
    })
    .execute();
  return id;
}

export async function updateItem(db: Kysely<any>, id: string, body: ImgItemBody): Promise<void> {
  const row = await itemOf(db, id);
  if (!row || row.centre !== body.centre) throw notFound();
  await assertBodyPart(db, body.centre, body.bodyPartId);
  await assertCodeFree(db, 'img_items', body.centre, body.code, id);
  await db
    .updateTable('img_items')
    .set({
      code: body.code,
      name: body.name,
      body_part_id: body.bodyPartId,
      modality: body.modality,
      enabled: body.enabled,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

/** Removing is refused while studies, templates or fee rows name the item (disable it instead). */
export async function removeItem(db: Kysely<any>, id: string): Promise<void> {
  if (!(await itemOf(db, id))) throw notFound();
  for (const table of ['img_studies', 'img_templates', 'img_fee_schedule']) {
    const used = await db.selectFrom(table).select('id').where('item_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('imgCatalog.inUse');
  }
  await db.deleteFrom('img_items').where('id', '=', id).execute();
}
