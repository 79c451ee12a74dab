import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { maskName, type ImgDrill, type ImgDrillQuery } from '@medalliance/contract';
import { all, first } from '../../health/plans/rows.ts';
import { RESIDENT_TABLE } from '../../health/plans/worklist.ts';
import { getImagingLimits } from '../settings.ts';
import { breachedIds, disagreed, latestReview, registeredIn, releasedIn, type Period } from './conditions.ts';

/**
 * The studies behind a figure, paged in SQL, with the sums over all pages
 * (count and fees) so a screen shows that they add up to the figure. The
 * patient's name is masked (statistics reveal nobody).
 */
export async function drillCondition(db: Kysely<any>, p: Period, q: ImgDrillQuery, at: number): Promise<Expression<SqlBool>> {
  const released = releasedIn(p);
  switch (q.measure) {
    case 'released':
      return released;
    case 'registered':
      return registeredIn(p);
    case 'breached': {
      const registered = registeredIn(p);
      const ids = breachedIds(db, registered, await getImagingLimits(db, p.centre), at);
      return sql<SqlBool>`(${registered} and s.id in (${ids}))`;
    }
    case 'positive':
      return sql<SqlBool>`(${released} and s.positive = 1)`;
    case 'disagree':
      return sql<SqlBool>`(${released} and ${disagreed})`;
    case 'reader':
      return sql<SqlBool>`(${released} and s.reader_id = ${q.key})`;
    case 'auditor':
      return sql<SqlBool>`(${released} and s.auditor_id = ${q.key})`;
    case 'grade':
      return sql<SqlBool>`(${released} and exists (select 1 from img_quality_reviews q where q.study_id = s.id and q.grade = ${q.key} and ${latestReview}))`;
  }
}

export async function drillStudies(db: Kysely<any>, p: Period, q: ImgDrillQuery, at: number): Promise<ImgDrill> {
  const cond = await drillCondition(db, p, q, at);
  const sums = await first(
    db,
    db
      .selectFrom('img_studies as s')
      .where(cond)
      .select([
        sql<number>`count(*)`.as('count'),
        sql<number>`coalesce(sum(s.diag_fee), 0)`.as('diagFee'),
        sql<number>`coalesce(sum(s.apply_fee), 0)`.as('applyFee'),
      ]),
  );
  const rows = await all(
    db,
    db
      .selectFrom('img_studies as s')
      .leftJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
      .leftJoin('organizations as o', 'o.id', 's.apply_org_id')
      .leftJoin('img_items as i', 'i.id', 's.item_id')
      .leftJoin('users as ur', 'ur.id', 's.reader_id')
      .leftJoin('users as ua', 'ua.id', 's.auditor_id')
      .where(cond)
      .select([
        's.id as id',
        's.apply_no as applyNo',
        's.status as status',
        sql<string>`r.${sql.id('fullName')}`.as('fullName'),
        's.apply_org_id as unitId',
        'o.full_name as unitName',
        'i.name as itemName',
        'ur.real_name as readerName',
        'ua.real_name as auditorName',
        's.registered_at as registeredAt',
        's.released_at as releasedAt',
        's.positive as positive',
        's.diag_fee as diagFee',
        's.apply_fee as applyFee',
      ])
      .orderBy('s.registered_at', 'desc')
      .orderBy('s.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const s = (v: unknown) => (v == null ? null : String(v));
  return {
    list: rows.map((r) => {
      const registeredAt = Number(r.registeredAt);
      const releasedAt = r.releasedAt == null ? null : Number(r.releasedAt);
      return {
        id: String(r.id),
        applyNo: String(r.applyNo),
        status: String(r.status),
        patientName: maskName(String(r.fullName ?? '')),
        unitId: String(r.unitId),
        unitName: String(r.unitName ?? r.unitId),
        itemName: s(r.itemName),
        readerName: s(r.readerName),
        auditorName: s(r.auditorName),
        registeredAt,
        releasedAt,
        turnaroundHours: releasedAt == null ? null : Math.round(((releasedAt - registeredAt) / 3_600_000) * 10) / 10,
        positive: r.positive == null ? null : Number(r.positive),
        diagFee: Number(r.diagFee ?? 0),
        applyFee: Number(r.applyFee ?? 0),
      };
    }),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(sums?.count ?? 0) },
    sums: { count: Number(sums?.count ?? 0), diagFee: Number(sums?.diagFee ?? 0), applyFee: Number(sums?.applyFee ?? 0) },
  };
}
