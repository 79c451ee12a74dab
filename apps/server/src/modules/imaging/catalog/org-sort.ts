import { sql, type Kysely } from 'kysely';
import type { ImgOrgSortRow, ImagingCentre } from '@medalliance/contract';
import { badRequest } from '../../../http/errors.ts';
import { all } from '../../health/plans/rows.ts';

/**
 * The order units (organisations of category 'company') appear in a
 * centre's pickers and statistics (img_org_sort). Units not placed yet follow
 * the placed ones by name, so a new township shows up without maintenance.
 */
export async function listOrgSort(db: Kysely<any>, centre: ImagingCentre): Promise<ImgOrgSortRow[]> {
  const rows = await all(
    db,
    db
      .selectFrom('organizations as o')
      .leftJoin('organizations as p', 'p.id', 'o.parent_id')
      .leftJoin('img_org_sort as s', (j) => j.onRef('s.org_id', '=', 'o.id').on('s.centre', '=', centre))
      .select(['o.id as orgId', 'o.full_name as name', 'p.full_name as parentName', 's.sort_code as sortCode'])
      .where('o.category', '=', 'company')
      .where('o.parent_id', '<>', '-1')
      .where('o.enabled_mark', '=', 1)
      .orderBy(sql`case when s.sort_code is null then 1 else 0 end`)
      .orderBy('s.sort_code')
      .orderBy('o.full_name'),
  );
  return rows.map((r) => ({
    orgId: String(r.orgId),
    name: String(r.name),
    parentName: r.parentName == null ? null : String(r.parentName),
    sortCode: r.sortCode == null ? null : Number(r.sortCode),
  }));
}

/** Replaces the centre's order with `orgIds` (units, each once). Call inside a transaction. */
export async function setOrgSort(db: Kysely<any>, centre: ImagingCentre, orgIds: string[]): Promise<void> {
  if (new Set(orgIds).size !== orgIds.length) throw badRequest('imgCatalog.badOrder');
  const units = await db.selectFrom('organizations').select('id').where('id', 'in', orgIds).where('category', '=', 'company').execute();
  if (units.length !== orgIds.length) throw badRequest('imgCatalog.badOrder');
  await db.deleteFrom('img_org_sort').where('centre', '=', centre).execute();
  await db
    .insertInto('img_org_sort')
    .values(orgIds.map((org_id, i) => ({ centre, org_id, sort_code: i + 1 })))
    .execute();
}

/** Unit id → its place, for ordering statistics (unplaced units after, by name). */
export async function orgOrder(db: Kysely<any>, centre: ImagingCentre): Promise<Map<string, number>> {
  const rows = await listOrgSort(db, centre);
  return new Map(rows.map((r, i) => [r.orgId, i]));
}
