import { sql, type Kysely } from 'kysely';
import {
  fdAuthenticity,
  type FdAuditStatus,
  type FdAuthenticity,
  type FdChecklistCode,
  type FdRecordBody,
  type FdRecordListQuery,
  type FdRecordRow,
  type FdVerifySettings,
} from '@medalliance/contract';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { fdVisible, rowVisible, type Caller } from './caller.ts';
import { contractInScope } from './contracts.service.ts';

/**
 * Service records (服务记录): the visit with its checklist, position and
 * date; the authenticity check (服务有效性认证) against the resident's
 * position; the audit (待审核 → 通过 | 不通过). A record tied to an open task
 * completes it.
 */

const DAY = 86_400_000;

export async function homeOf(db: Kysely<any>, residentId: string): Promise<{ lat: number; lng: number } | null> {
  const r = await first(db, db.selectFrom('fd_resident_positions').select(['lat', 'lng']).where('resident_id', '=', residentId));
  return r ? { lat: Number(r.lat), lng: Number(r.lng) } : null;
}

export async function setHome(db: Kysely<any>, residentId: string, lat: number, lng: number, userId: string, at: number) {
  await db
    .insertInto('fd_resident_positions')
    .values({ resident_id: residentId, lat, lng, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.column('resident_id').doUpdateSet({ lat, lng, updated_at: at, updated_by: userId }))
    .execute();
}

export async function addRecord(
  db: Kysely<any>,
  caller: Caller,
  b: FdRecordBody,
  s: FdVerifySettings,
  at: number,
): Promise<{ id: string; authenticity: FdAuthenticity }> {
  const c = await contractInScope(db, caller, b.contractId);
  if (!['signed', 'renewed', 'expired'].includes(c.status)) throw badRequest('fd.contractInactive');
  const servedAt = b.servedAt;
  if (servedAt > at + DAY) throw badRequest('fd.futureDate', { field: 'servedAt' });
  if (servedAt < c.startDate || servedAt >= c.endDate + DAY) throw badRequest('fd.outsideTerm', { field: 'servedAt' });
  let itemId = b.itemId ?? null;
  if (b.taskId) {
    const t = await first(db, db.selectFrom('fd_tasks').select(['contract_id', 'status', 'item_id']).where('id', '=', b.taskId));
    if (!t || t.contract_id !== c.id) throw badRequest('fd.badTask', { field: 'taskId' });
    if (t.status !== '0') throw badRequest('fd.taskClosed', { field: 'taskId' });
    itemId = String(t.item_id);
  } else if (itemId) {
    const inPkg = await first(
      db,
      db.selectFrom('fd_package_items').select('item_id').where('package_id', '=', c.packageId).where('item_id', '=', itemId),
    );
    if (!inPkg) throw badRequest('fd.badItem', { field: 'itemId' });
  }
  const lat = b.lat ?? null;
  const lng = b.lng ?? null;
  const v = fdAuthenticity(
    { lat: lat === null || lng === null ? null : lat, lng: lat === null || lng === null ? null : lng, servedAt, recordedAt: at },
    await homeOf(db, c.residentId),
    s,
  );
  const id = newId();
  await db
    .insertInto('fd_service_records')
    .values({
      id,
      contract_id: c.id,
      task_id: b.taskId ?? null,
      item_id: itemId,
      resident_id: c.residentId,
      doctor_id: caller.userId,
      org_id: c.orgId,
      served_at: servedAt,
      checklist: JSON.stringify(b.checklist),
      lat,
      lng,
      address: b.address || null,
      note: b.note || null,
      authenticity: v.result,
      distance_m: v.distanceM === null ? null : Math.round(v.distanceM),
      audit_status: 'pending',
      created_at: at,
    })
    .execute();
  if (b.taskId)
    await db
      .updateTable('fd_tasks')
      .set({ status: '1', done_at: servedAt, record_id: id, updated_at: at })
      .where('id', '=', b.taskId)
      .where('status', '=', '0')
      .execute();
  return { id, authenticity: v.result };
}

export async function auditRecord(
  db: Kysely<any>,
  caller: Caller,
  id: string,
  decision: 'approved' | 'rejected',
  comment: string,
  at: number,
) {
  const r = await first(db, db.selectFrom('fd_service_records').select(['org_id', 'resident_id']).where('id', '=', id));
  if (!r) throw notFound();
  if (!(await rowVisible(db, caller.scope, String(r.org_id), String(r.resident_id)))) throw forbidden();
  const u = await db
    .updateTable('fd_service_records')
    .set({ audit_status: decision, audited_by: caller.userId, audited_at: at, audit_comment: comment || null })
    .where('id', '=', id)
    .where('audit_status', '=', 'pending')
    .executeTakeFirst();
  if (!Number(u.numUpdatedRows)) throw badRequest('fd.alreadyAudited');
}

/** Runs the authenticity check again over the scope's records not yet audited (after the settings or positions changed). */
export async function reverify(db: Kysely<any>, caller: Caller, s: FdVerifySettings): Promise<Record<FdAuthenticity, number>> {
  const rows = await all(
    db,
    db
      .selectFrom('fd_service_records as s')
      .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
      .leftJoin('fd_resident_positions as h', 'h.resident_id', 's.resident_id')
      .select(['s.id', 's.lat', 's.lng', 's.served_at', 's.created_at', 'h.lat as hlat', 'h.lng as hlng'])
      .where(fdVisible(caller.scope, 's.org_id'))
      .where('s.audit_status', '=', 'pending')
      .limit(5000),
  );
  const counts: Record<FdAuthenticity, number> = { '0': 0, '1': 0, '2': 0 };
  for (const r of rows) {
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    const home = r.hlat === null || r.hlat === undefined ? null : { lat: Number(r.hlat), lng: Number(r.hlng) };
    const v = fdAuthenticity(
      { lat: num(r.lat), lng: num(r.lng), servedAt: Number(r.served_at), recordedAt: Number(r.created_at) },
      home,
      s,
    );
    counts[v.result]++;
    await db
      .updateTable('fd_service_records')
      .set({ authenticity: v.result, distance_m: v.distanceM === null ? null : Math.round(v.distanceM) })
      .where('id', '=', r.id)
      .execute();
  }
  return counts;
}

const parseList = (v: unknown): FdChecklistCode[] => {
  try {
    const a = JSON.parse(String(v ?? '[]'));
    return Array.isArray(a) ? (a as FdChecklistCode[]) : [];
  } catch {
    return [];
  }
};

export async function recordList(db: Kysely<any>, caller: Caller, q: FdRecordListQuery) {
  let base: any = db
    .selectFrom('fd_service_records as s')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
    .where(fdVisible(caller.scope, 's.org_id'));
  if (q.contractId) base = base.where('s.contract_id', '=', q.contractId);
  if (q.authenticity) base = base.where('s.authenticity', '=', q.authenticity);
  if (q.auditStatus) base = base.where('s.audit_status', '=', q.auditStatus);
  if (q.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(q.keyword)} escape '\\'`);
  const total = await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .innerJoin('fd_contracts as c', 'c.id', 's.contract_id')
      .leftJoin('fd_service_items as i', 'i.id', 's.item_id')
      .leftJoin('users as u', 'u.id', 's.doctor_id')
      .leftJoin('users as a', 'a.id', 's.audited_by')
      .select([
        's.id',
        's.contract_id',
        'c.contract_no',
        's.task_id',
        's.item_id',
        'i.name as item_name',
        's.resident_id',
        's.doctor_id',
        'u.real_name as doctor_name',
        's.served_at',
        's.created_at',
        's.checklist',
        's.lat',
        's.lng',
        's.address',
        's.note',
        's.authenticity',
        's.distance_m',
        's.audit_status',
        'a.real_name as audited_by',
        's.audited_at',
        's.audit_comment',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
      ])
      .orderBy(q.sidx === 'createdAt' ? 's.created_at' : 's.served_at', q.sort)
      .orderBy('s.id', q.sort)
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const list: FdRecordRow[] = rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        contractId: String(r.contract_id),
        contractNo: String(r.contract_no),
        taskId: r.task_id ?? null,
        itemId: r.item_id ?? null,
        itemName: r.item_name ?? null,
        residentId: String(r.resident_id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        doctorId: String(r.doctor_id),
        doctorName: r.doctor_name ?? null,
        servedAt: Number(r.served_at),
        createdAt: Number(r.created_at),
        checklist: parseList(r.checklist),
        lat: n(r.lat),
        lng: n(r.lng),
        address: String(r.address ?? ''),
        note: String(r.note ?? ''),
        authenticity: String(r.authenticity) as FdAuthenticity,
        distanceM: n(r.distance_m),
        auditStatus: String(r.audit_status) as FdAuditStatus,
        auditedBy: r.audited_by ?? null,
        auditedAt: n(r.audited_at),
        auditComment: r.audit_comment ?? null,
      },
      false,
    ),
  );
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) } };
}
