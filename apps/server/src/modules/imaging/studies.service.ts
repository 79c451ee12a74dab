import type { Kysely } from 'kysely';
import {
  IMAGING_ACTIONS,
  IMAGING_APPLICANT_CANCEL_FROM,
  IMAGING_TRANSITIONS,
  imagingStageDue,
  imagingTransitionAllowed,
  type ImagingAction,
  type ImagingCentre,
  type ImagingParty,
  type ImagingStudyBody,
  type ImagingStudyDetail,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { nextBillNumber } from '../system/bill-rule.service.ts';
import { all, first } from '../health/plans/rows.ts';
import { RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { findResident } from '../health/chronic/residents.ts';
import { addTimelineEntry } from '../health/records/timeline.ts';
import { translate } from '../../http/i18n.ts';
import { orgInScope } from '../health/privacy/scope.ts';
import { loadOrgTree } from '../referral/parties.ts';
import { visibleCondition, type ImagingCaller } from './centres.ts';
import { imageRows } from './images.ts';
import { reportRows } from './reports.ts';
import { selectRow, toRow } from './rows.ts';
import { getImagingLimits } from './settings.ts';

/**
 * One study: registration (patient from the archive, applying unit and doctor
 * checked against the organisation tree, item and body part against the
 * centre's catalogue), editing while the applying side still holds it, the
 * caller's parties on it and its detail page.
 */

export interface StoredStudy {
  id: string;
  centre: ImagingCentre;
  applyNo: string;
  residentId: string;
  applyOrgId: string;
  applyDoctorId: string | null;
  itemId: string;
  bodyPartId: string;
  priority: number;
  status: string;
  readerId: string | null;
  auditorId: string | null;
  stageDueAt: number | null;
  registeredBy: string | null;
  version: number;
}

const STORED_COLUMNS = [
  'id',
  'centre',
  'apply_no as applyNo',
  'resident_id as residentId',
  'apply_org_id as applyOrgId',
  'apply_doctor_id as applyDoctorId',
  'item_id as itemId',
  'body_part_id as bodyPartId',
  'priority',
  'status',
  'reader_id as readerId',
  'auditor_id as auditorId',
  'stage_due_at as stageDueAt',
  'registered_by as registeredBy',
  'version',
] as const;

function toStored(r: Record<string, any>): StoredStudy {
  return {
    id: String(r.id),
    centre: r.centre,
    applyNo: String(r.applyNo),
    residentId: String(r.residentId),
    applyOrgId: String(r.applyOrgId),
    applyDoctorId: r.applyDoctorId ? String(r.applyDoctorId) : null,
    itemId: String(r.itemId),
    bodyPartId: String(r.bodyPartId),
    priority: Number(r.priority ?? 0),
    status: String(r.status),
    readerId: r.readerId ? String(r.readerId) : null,
    auditorId: r.auditorId ? String(r.auditorId) : null,
    stageDueAt: r.stageDueAt === null || r.stageDueAt === undefined ? null : Number(r.stageDueAt),
    registeredBy: r.registeredBy ? String(r.registeredBy) : null,
    version: Number(r.version ?? 0),
  };
}

/** The study as stored, 404 when unknown, in another centre or outside what the caller sees. */
export async function studyFor(db: Kysely<any>, c: ImagingCaller, id: string, at: number): Promise<StoredStudy> {
  const row = await first(
    db,
    db
      .selectFrom('img_studies as s')
      .select(STORED_COLUMNS.map((col) => `s.${col}`) as never)
      .where('s.id', '=', id)
      .where(visibleCondition(c, at)),
  );
  if (!row) throw notFound();
  return toStored(row);
}

/** The study without the caller's visibility (the state machine re-reads after a lock). */
export async function storedStudy(db: Kysely<any>, id: string): Promise<StoredStudy | null> {
  const row = await first(
    db,
    db
      .selectFrom('img_studies as s')
      .select(STORED_COLUMNS.map((col) => `s.${col}`) as never)
      .where('s.id', '=', id),
  );
  return row ? toStored(row) : null;
}

/** Who the caller stands for on a study. */
export function partiesOn(c: ImagingCaller, s: StoredStudy): ImagingParty[] {
  if (c.isAdministrator) return ['applicant', 'centre', 'reader', 'auditor', 'director'];
  const out: ImagingParty[] = [];
  if (c.canRegister && orgInScope(c.scope, s.applyOrgId)) out.push('applicant');
  if (c.isReader) {
    out.push('centre');
    if (s.readerId === c.userId) out.push('reader');
    if (s.readerId !== c.userId && (!s.auditorId || s.auditorId === c.userId)) out.push('auditor');
  }
  if (c.isDirector) out.push('director');
  return out;
}

/** Whether the state and the caller's parties allow an action (the buttons; the server re-checks the details). */
export function actionAllowed(c: ImagingCaller, s: StoredStudy, action: ImagingAction, at: number): boolean {
  if (!imagingTransitionAllowed(action, s.status)) return false;
  const parties = partiesOn(c, s);
  const rule = IMAGING_TRANSITIONS[action];
  if (!rule.parties.some((p) => parties.includes(p))) return false;
  const breached = s.stageDueAt !== null && s.stageDueAt < at;
  switch (action) {
    case 'triage':
      return c.canTriage;
    case 'take':
      return s.status === 'qc_passed' ? !s.readerId || s.readerId === c.userId : breached && s.readerId !== c.userId;
    case 'cancel':
      return c.isDirector || IMAGING_APPLICANT_CANCEL_FROM.includes(s.status as never);
    case 'sendAudit':
      return parties.includes('reader') || parties.includes('director');
    default:
      return true;
  }
}

export function allowedActions(c: ImagingCaller, s: StoredStudy, at: number): ImagingAction[] {
  return IMAGING_ACTIONS.filter((a) => actionAllowed(c, s, a, at));
}

/** Item and body part of the centre's catalogue, enabled, and of each other when the item names its body part. */
async function checkCatalogue(db: Kysely<any>, centre: ImagingCentre, itemId: string, bodyPartId: string): Promise<void> {
  const item = await first(
    db,
    db
      .selectFrom('img_items')
      .select(['id', 'body_part_id as bodyPartId'])
      .where('id', '=', itemId)
      .where('centre', '=', centre)
      .where('enabled', '=', 1),
  );
  if (!item) throw badRequest('imaging.badItem');
  const part = await first(
    db,
    db.selectFrom('img_body_parts').select('id').where('id', '=', bodyPartId).where('centre', '=', centre).where('enabled', '=', 1),
  );
  if (!part) throw badRequest('imaging.badBodyPart');
}

/** The applying unit and doctor: the unit in the caller's scope, the doctor an enabled user of it. */
async function checkApplicant(
  db: Kysely<any>,
  c: ImagingCaller,
  body: ImagingStudyBody,
): Promise<{ applyOrgId: string; applyDoctorId: string }> {
  const tree = await loadOrgTree(db);
  const applyOrgId = body.applyOrgId ?? c.unitId;
  if (!applyOrgId || tree.byId.get(applyOrgId)?.category !== 'company' || !orgInScope(c.scope, applyOrgId))
    throw badRequest('imaging.badUnit');
  const applyDoctorId = body.applyDoctorId ?? c.userId;
  const d = await first(
    db,
    db.selectFrom('users').select('organize_id as orgId').where('id', '=', applyDoctorId).where('enabled_mark', '=', 1),
  );
  if (!d || tree.unitOf(String(d.orgId)) !== applyOrgId) throw badRequest('imaging.badDoctor');
  return { applyOrgId, applyDoctorId };
}

async function checkResident(db: Kysely<any>, c: ImagingCaller, residentId: string): Promise<void> {
  const r = await findResident(db, residentId);
  if (!r) throw badRequest('imaging.badResident');
  if (!orgInScope(c.scope, r.manageOrgId)) throw forbidden();
  if (r.archiveState === 2) throw badRequest('imaging.archiveCancelled');
}

const BILL_RULE: Record<ImagingCentre, string> = { ultrasound: 'ultrasoundNo', imaging: 'imagingNo' };

export async function registerStudy(
  ctx: AppContext,
  c: ImagingCaller,
  body: ImagingStudyBody,
  at: number,
): Promise<{ id: string; applyNo: string }> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  if (!c.canRegister) throw forbidden();
  await checkResident(db, c, body.residentId);
  await checkCatalogue(db, c.centre, body.itemId, body.bodyPartId);
  const { applyOrgId, applyDoctorId } = await checkApplicant(db, c, body);
  const limits = await getImagingLimits(db, c.centre);
  const id = newId();
  let applyNo = '';
  await ctx.db.transaction().execute(async (t) => {
    applyNo = await nextBillNumber(ctx, t as unknown as Kysely<Database>, BILL_RULE[c.centre]);
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    await trx
      .insertInto('img_studies')
      .values({
        id,
        centre: c.centre,
        apply_no: applyNo,
        resident_id: body.residentId,
        apply_org_id: applyOrgId,
        apply_doctor_id: applyDoctorId,
        item_id: body.itemId,
        body_part_id: body.bodyPartId,
        clinical_diagnosis: body.clinicalDiagnosis,
        device: body.device || null,
        priority: body.priority,
        status: 'registered',
        stage_due_at: imagingStageDue(limits, 'registered', body.priority, at),
        registered_at: at,
        registered_by: c.userId,
        version: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('img_events')
      .values({
        id: newId(),
        study_id: id,
        from_status: null,
        to_status: 'registered',
        action: 'register',
        actor_id: c.userId,
        at,
        comment: null,
        detail: null,
      })
      .execute();
    await addTimelineEntry(trx, {
      residentId: body.residentId,
      kind: 'imaging',
      title: translate('zh', 'imaging.timeline.register', {
        centre: translate('zh', `imaging.centre.${c.centre}`),
        no: applyNo,
        diagnosis: body.clinicalDiagnosis,
      }),
      refModel: 'imaging',
      refId: id,
      at,
      orgId: applyOrgId,
    });
  });
  return { id, applyNo };
}

export async function updateStudy(
  ctx: AppContext,
  c: ImagingCaller,
  id: string,
  body: ImagingStudyBody,
  at: number,
): Promise<{ id: string; version: number }> {
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const s = await studyFor(db, c, id, at);
  if (!partiesOn(c, s).includes('applicant')) throw forbidden('imaging.notYourPart');
  if (!['registered', 'qc_returned'].includes(s.status)) throw conflict('imaging.notEditable');
  if (body.residentId !== s.residentId) await checkResident(db, c, body.residentId);
  await checkCatalogue(db, c.centre, body.itemId, body.bodyPartId);
  const { applyOrgId, applyDoctorId } = await checkApplicant(db, c, { ...body, applyOrgId: body.applyOrgId ?? s.applyOrgId });
  const limits = await getImagingLimits(db, c.centre);
  await ctx.db.transaction().execute(async (t) => {
    const trx = t.withoutPlugins() as unknown as Kysely<any>;
    const res = await trx
      .updateTable('img_studies')
      .set({
        resident_id: body.residentId,
        apply_org_id: applyOrgId,
        apply_doctor_id: applyDoctorId,
        item_id: body.itemId,
        body_part_id: body.bodyPartId,
        clinical_diagnosis: body.clinicalDiagnosis,
        device: body.device || null,
        priority: body.priority,
        // A changed priority changes the deadline of the stage the study is in.
        stage_due_at: body.priority !== s.priority ? imagingStageDue(limits, s.status, body.priority, at) : (s.stageDueAt ?? undefined),
        version: s.version + 1,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('version', '=', s.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('imaging.changedMeanwhile');
    await trx
      .insertInto('img_events')
      .values({
        id: newId(),
        study_id: id,
        from_status: s.status,
        to_status: s.status,
        action: 'edit',
        actor_id: c.userId,
        at,
        comment: null,
        detail: null,
      })
      .execute();
  });
  return { id, version: s.version + 1 };
}

export async function studyDetail(db: Kysely<any>, c: ImagingCaller, id: string, at: number): Promise<ImagingStudyDetail> {
  const s = await studyFor(db, c, id, at);
  const row = await first(
    db,
    selectRow(db.selectFrom('img_studies as s').innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id') as never)
      .leftJoin('users as rb', 'rb.id', 's.registered_by')
      .leftJoin('users as qb', 'qb.id', 's.qc_by')
      .leftJoin('users as lb', 'lb.id', 's.released_by')
      .select([
        's.registered_by as registeredBy',
        'rb.real_name as registeredByName',
        's.uploaded_at as uploadedAt',
        's.qc_at as qcAt',
        'qb.real_name as qcByName',
        's.triaged_at as triagedAt',
        's.read_started_at as readStartedAt',
        's.reported_at as reportedAt',
        's.audited_at as auditedAt',
        'lb.real_name as releasedByName',
        's.cancelled_at as cancelledAt',
        's.diag_fee as diagFee',
        's.apply_fee as applyFee',
        's.fee_month as feeMonth',
      ])
      .where('s.id', '=', id),
  );
  if (!row) throw notFound();
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const events = await all(
    db,
    db
      .selectFrom('img_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select([
        'e.id as id',
        'e.action as action',
        'e.from_status as fromStatus',
        'e.to_status as toStatus',
        'e.actor_id as actorId',
        'u.real_name as actorName',
        'e.at as at',
        'e.comment as comment',
        'e.detail as detail',
      ])
      .where('e.study_id', '=', id)
      .orderBy('e.at')
      .orderBy('e.id'),
  );
  const reviews = await all(
    db,
    db
      .selectFrom('img_quality_reviews as q')
      .leftJoin('users as u', 'u.id', 'q.reviewer_id')
      .select([
        'q.id as id',
        'q.reviewer_id as reviewerId',
        'u.real_name as reviewerName',
        'q.items as items',
        'q.grade as grade',
        'q.comment as comment',
        'q.disagrees as disagrees',
        'q.created_at as createdAt',
      ])
      .where('q.study_id', '=', id)
      .orderBy('q.created_at'),
  );
  const parties = partiesOn(c, s);
  const parse = (v: unknown) => {
    try {
      return v ? JSON.parse(String(v)) : null;
    } catch {
      return null;
    }
  };
  const reports = await reportRows(db, id);
  // A draft is the reader's own working copy: other readers see submitted versions, the applying side released ones.
  const visibleReports = reports.filter((r) => !r.draft || s.readerId === c.userId || c.isDirector);
  return {
    ...toRow(row, at),
    registeredBy: row.registeredBy ?? null,
    registeredByName: row.registeredByName ?? null,
    uploadedAt: n(row.uploadedAt),
    qcAt: n(row.qcAt),
    qcByName: row.qcByName ?? null,
    triagedAt: n(row.triagedAt),
    readStartedAt: n(row.readStartedAt),
    reportedAt: n(row.reportedAt),
    auditedAt: n(row.auditedAt),
    releasedByName: row.releasedByName ?? null,
    cancelledAt: n(row.cancelledAt),
    diagFee: n(row.diagFee),
    applyFee: n(row.applyFee),
    feeMonth: row.feeMonth ?? null,
    images: await imageRows(db, c.centre, id),
    // The applying side reads the report once released only.
    reports: parties.some((p) => p !== 'applicant') ? visibleReports : reports.filter((r) => r.releasedAt !== null),
    events: events.map((e) => ({
      id: String(e.id),
      action: String(e.action),
      fromStatus: e.fromStatus ?? null,
      toStatus: e.toStatus ?? null,
      actorId: String(e.actorId ?? ''),
      actorName: e.actorName ?? null,
      at: Number(e.at),
      comment: e.comment ?? null,
      detail: parse(e.detail),
    })),
    reviews: reviews.map((q) => ({
      id: String(q.id),
      reviewerId: String(q.reviewerId),
      reviewerName: q.reviewerName ?? null,
      items: parse(q.items) ?? [],
      grade: q.grade,
      comment: String(q.comment ?? ''),
      disagrees: Number(q.disagrees) === 1,
      createdAt: Number(q.createdAt),
    })),
    actions: allowedActions(c, s, at),
    canEdit: parties.includes('applicant') && ['registered', 'qc_returned'].includes(s.status),
    canAttach: parties.includes('applicant') && ['registered', 'qc_returned', 'uploaded'].includes(s.status),
    canReview: canReview(c, s),
  };
}

/** A quality review: a reader other than the reporter, once a report exists (collaborative audit, second reading). */
export function canReview(c: ImagingCaller, s: StoredStudy): boolean {
  return (
    c.isReader &&
    (s.readerId !== c.userId || c.isAdministrator) &&
    ['preliminary', 'auditing', 'audited', 'audit_returned', 'released', 'revised'].includes(s.status)
  );
}
