import { sql, type Kysely } from 'kysely';
import type { ImgBodyPart, ImgBodyPartBody, ImgCatalogQuery, ImagingCentre } from '@medalliance/contract';
import { conflict, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { first } from '../../health/plans/rows.ts';
import { newId } from '../../../lib/ids.ts';
import { nextSortCode } from './ordering.ts';
import { likeAny, paged, type Paged } from './paging.ts';

/** Body parts of a centre (img_body_parts): the first level of the catalogue, referenced by items, templates and studies. */
export async function listBodyParts(db: Kysely<any>, q: ImgCatalogQuery): Promise<Paged<ImgBodyPart>> {
  let base = db.selectFrom('img_body_parts as b').where('b.centre', '=', q.centre);
  if (q.enabled) base = base.where('b.enabled', '=', Number(q.enabled));
  if (q.keyword) base = base.where(likeAny(['b.code', 'b.name'], q.keyword));
  const rows = await paged(db, base, q, (qb) =>
    qb
      .select([
        'b.id as id',
        'b.centre as centre',
        'b.code as code',
        'b.name as name',
        'b.sort_code as sortCode',
        'b.enabled as enabled',
        sql<number>`(select count(*) from img_items i where i.body_part_id = b.id)`.as('itemCount'),
      ])
      .orderBy('b.sort_code')
      .orderBy('b.id'),
  );
  return { ...rows, list: rows.list.map(toBodyPart) };
}

const toBodyPart = (r: Record<string, unknown>): ImgBodyPart => ({
  id: String(r.id),
  centre: r.centre as ImagingCentre,
  code: String(r.code),
  name: String(r.name),
  sortCode: Number(r.sortCode),
  enabled: Number(r.enabled),
  itemCount: Number(r.itemCount ?? 0),
});

export async function bodyPartOf(db: Kysely<any>, id: string): Promise<{ id: string; centre: ImagingCentre } | null> {
  const r = await first(db, db.selectFrom('img_body_parts').select(['id', 'centre']).where('id', '=', id));
  return r ? { id: String(r.id), centre: r.centre as ImagingCentre } : null;
}

async function assertCodeFree(db: Kysely<any>, table: string, centre: string, code: string, except: string | null) {
  let q = db.selectFrom(table).select('id').where('centre', '=', centre).where('code', '=', code);
  if (except) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw conflict('imgCatalog.codeTaken', { code });
}
export { assertCodeFree };

export async function createBodyPart(db: Kysely<any>, body: ImgBodyPartBody): Promise<string> {
  await assertCodeFree(db, 'img_body_parts', body.centre, body.code, null);
  const id = newId();
  await db
    .insertInto('img_body_parts')
    .values({
      id,
      centre: body.centre,
      code: body.code,
      name: body.name,
      sort_code: await nextSortCode(db, 'img_body_parts', { centre: body.centre }),
      enabled: body.enabled,
      created_at: now(),
    })
    .execute();
  return id;
}

/** The centre of a row never changes: studies and items of that centre point at it. */
export async function updateBodyPart(db: Kysely<any>, id: string, body: ImgBodyPartBody): Promise<void> {
  const row = await bodyPartOf(db, id);
  if (!row || row.centre !== body.centre) throw notFound();
  await assertCodeFree(db, 'img_body_parts', body.centre, body.code, id);
  await db
    .updateTable('img_body_parts')
    .set({ code: body.code, name: body.name, enabled: body.enabled, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Removing is refused while items, templates or studies name the body part (disable it instead). */
export async function removeBodyPart(db: Kysely<any>, id: string): Promise<void> {
  if (!(await bodyPartOf(db, id))) throw notFound();
  for (const table of ['img_items', 'img_templates', 'img_studies']) {
    const used = await db.selectFrom(table).select('id').where('body_part_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('imgCatalog.inUse');
  }
  await db.deleteFrom('img_body_parts').where('id', '=', id).execute();
}
