import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  maskIdNumber,
  maskName,
  maskPhone,
  type ImagingListQuery,
  type ImagingStatus,
  type ImagingStudyRow,
  type ImagingWorklist,
} from '@medalliance/contract';
import { forbidden } from '../../http/errors.ts';
import { all, first } from '../health/plans/rows.ts';
import { RESIDENT_TABLE, likeEscape } from '../health/plans/worklist.ts';
import { inScope } from '../health/privacy/scope.ts';
import { breachedCondition, visibleCondition, type ImagingCaller } from './centres.ts';

/**
 * Study rows of the work lists, paged and sorted in SQL: one SELECT of the
 * page (names of units, doctors, items and body parts joined; the image count
 * a correlated count over its index) and one COUNT. Patients masked.
 */

type Q = SelectQueryBuilder<any, any, any>;

const QUEUE_LISTS: ImagingWorklist[] = ['qc', 'triage', 'mine', 'audit', 'breached', 'returned'];
const READER_LISTS: ImagingWorklist[] = ['qc', 'triage', 'mine', 'audit', 'breached'];

/** The condition of one work list for a caller (403 when the list is not theirs). */
function listCondition(c: ImagingCaller, list: ImagingWorklist, at: number): Expression<SqlBool> {
  if (READER_LISTS.includes(list) && !c.isReader) throw forbidden();
  if (list === 'registrations' && !c.applicantSide && !c.isAdministrator) throw forbidden();
  const vis = visibleCondition(c, at);
  const me = c.userId;
  switch (list) {
    case 'registrations':
      return sql<SqlBool>`(s.centre = ${c.centre} and ${inScope(c.scope, 's.apply_org_id')})`;
    case 'qc':
      return sql<SqlBool>`(${vis} and s.status = 'uploaded')`;
    case 'triage':
      return sql<SqlBool>`(${vis} and s.status = 'qc_passed' and s.reader_id is null)`;
    case 'mine':
      return sql<SqlBool>`(s.centre = ${c.centre} and s.reader_id = ${me} and s.status in ('triaged', 'reading', 'audit_returned'))`;
    case 'audit':
      return sql<SqlBool>`(${vis} and s.status in ('preliminary', 'auditing') and (s.reader_id is null or s.reader_id <> ${me}) and (s.auditor_id is null or s.auditor_id = ${me}))`;
    case 'breached':
      return sql<SqlBool>`(s.centre = ${c.centre} and ${breachedCondition(at)})`;
    case 'returned': {
      const parts: Expression<SqlBool>[] = [];
      if (c.applicantSide || c.isDirector) parts.push(sql<SqlBool>`(s.status = 'qc_returned' and ${inScope(c.scope, 's.apply_org_id')})`);
      if (c.isReader)
        parts.push(
          c.isDirector ? sql<SqlBool>`s.status = 'audit_returned'` : sql<SqlBool>`(s.status = 'audit_returned' and s.reader_id = ${me})`,
        );
      if (!parts.length) throw forbidden();
      return sql<SqlBool>`(s.centre = ${c.centre} and (${sql.join(parts, sql` or `)}))`;
    }
    case 'released':
      return sql<SqlBool>`(${vis} and s.status in ('released', 'revised'))`;
    case 'all':
      return vis;
  }
}

function filtered(db: Kysely<any>, cond: Expression<SqlBool>, q: ImagingListQuery, withResident: boolean): Q {
  let b = db.selectFrom('img_studies as s') as Q;
  if (withResident) b = b.innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id');
  b = b.where(cond);
  if (q.status) b = b.where('s.status', '=', q.status);
  if (q.applyOrgId) b = b.where('s.apply_org_id', '=', q.applyOrgId);
  if (q.readerId) b = b.where('s.reader_id', '=', q.readerId);
  if (q.itemId) b = b.where('s.item_id', '=', q.itemId);
  if (q.dateFrom !== undefined) b = b.where('s.registered_at', '>=', q.dateFrom);
  if (q.dateTo !== undefined) b = b.where('s.registered_at', '<=', q.dateTo);
  if (q.keyword) {
    const like = likeEscape(q.keyword);
    b = b.where(sql<SqlBool>`(s.apply_no like ${like} escape '\\' or r.${sql.id('fullName')} like ${like} escape '\\')`);
  }
  return b;
}

const SORT_COLUMNS: Record<string, string> = {
  priority: 's.priority',
  stageDueAt: 's.stage_due_at',
  registeredAt: 's.registered_at',
  releasedAt: 's.released_at',
  applyNo: 's.apply_no',
  status: 's.status',
};

/** Columns of a study row (alias `s`, resident `r`). */
export function selectRow(b: Q): Q {
  return b
    .leftJoin('organizations as o', 'o.id', 's.apply_org_id')
    .leftJoin('users as ad', 'ad.id', 's.apply_doctor_id')
    .leftJoin('users as rd', 'rd.id', 's.reader_id')
    .leftJoin('users as au', 'au.id', 's.auditor_id')
    .leftJoin('img_items as it', 'it.id', 's.item_id')
    .leftJoin('img_body_parts as bp', 'bp.id', 's.body_part_id')
    .select([
      's.id as id',
      's.centre as centre',
      's.apply_no as applyNo',
      's.status as status',
      's.priority as priority',
      's.resident_id as residentId',
      sql.ref('r.fullName').as('fullName'),
      sql.ref('r.idNumber').as('idNumber'),
      sql.ref('r.phone').as('phone'),
      sql.ref('r.sex').as('sex'),
      sql.ref('r.birthDate').as('birthDate'),
      's.apply_org_id as applyOrgId',
      'o.full_name as applyOrgName',
      's.apply_doctor_id as applyDoctorId',
      'ad.real_name as applyDoctorName',
      's.item_id as itemId',
      'it.name as itemName',
      's.body_part_id as bodyPartId',
      'bp.name as bodyPartName',
      's.clinical_diagnosis as clinicalDiagnosis',
      's.device as device',
      's.reader_id as readerId',
      'rd.real_name as readerName',
      's.auditor_id as auditorId',
      'au.real_name as auditorName',
      's.stage_due_at as stageDueAt',
      's.positive as positive',
      's.registered_at as registeredAt',
      's.released_at as releasedAt',
      's.version as version',
      sql<number>`(select count(*) from img_images ii where ii.study_id = s.id)`.as('imageCount'),
    ]);
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toRow(r: Record<string, any>, at: number, reveal = false): ImagingStudyRow {
  const due = num(r.stageDueAt);
  const released = ['released', 'revised'].includes(String(r.status));
  const open = due !== null && !released && String(r.status) !== 'cancelled';
  const fullName = String(r.fullName ?? '');
  const idNumber = String(r.idNumber ?? '');
  const phone = String(r.phone ?? '');
  return {
    id: String(r.id),
    centre: r.centre,
    applyNo: String(r.applyNo),
    status: String(r.status) as ImagingStatus,
    priority: Number(r.priority ?? 0),
    residentId: String(r.residentId),
    fullName: reveal ? fullName : maskName(fullName),
    idNumber: reveal ? idNumber : maskIdNumber(idNumber),
    phone: reveal ? phone : maskPhone(phone),
    sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
    birthDate: num(r.birthDate),
    applyOrgId: String(r.applyOrgId),
    applyOrgName: r.applyOrgName ?? null,
    applyDoctorId: r.applyDoctorId ?? null,
    applyDoctorName: r.applyDoctorName ?? null,
    itemId: String(r.itemId),
    itemName: r.itemName ?? null,
    bodyPartId: String(r.bodyPartId),
    bodyPartName: r.bodyPartName ?? null,
    clinicalDiagnosis: String(r.clinicalDiagnosis ?? ''),
    device: String(r.device ?? ''),
    readerId: r.readerId ?? null,
    readerName: r.readerName ?? null,
    auditorId: r.auditorId ?? null,
    auditorName: r.auditorName ?? null,
    stageDueAt: open ? due : null,
    remainingMs: open ? due! - at : null,
    breached: open && due! < at,
    // The finding is news for the applying side only once the report is released.
    positive: r.positive === null || r.positive === undefined || !released ? null : Number(r.positive) === 1,
    imageCount: Number(r.imageCount ?? 0),
    registeredAt: Number(r.registeredAt),
    releasedAt: num(r.releasedAt),
    version: Number(r.version ?? 0),
  };
}

export async function studyWorklist(db: Kysely<any>, c: ImagingCaller, list: ImagingWorklist, q: ImagingListQuery, at: number) {
  const cond = listCondition(c, list, at);
  const queue = QUEUE_LISTS.includes(list);
  let page = selectRow(filtered(db, cond, q, true));
  if (q.sort) {
    const col = SORT_COLUMNS[q.sort]!;
    page = page.orderBy(col, q.order ?? 'asc');
  } else if (queue) {
    page = page.orderBy('s.priority', 'desc').orderBy('s.stage_due_at', 'asc');
  } else if (list === 'released') {
    page = page.orderBy('s.released_at', 'desc');
  } else {
    page = page.orderBy('s.registered_at', 'desc');
  }
  page = page
    .orderBy('s.id', 'asc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  const [rows, total] = await Promise.all([
    all(db, page),
    first<{ n: number }>(db, filtered(db, cond, q, !!q.keyword).select(sql<number>`count(*)`.as('n'))),
  ]);
  return {
    list: rows.map((r) => toRow(r, at)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}
