import type { Kysely } from 'kysely';
import { formDefinition, walkFields } from '@medalliance/contract';
import { FAMILY_MODEL, FAMILY_TABLE, RESIDENT_MODEL, RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { badRequest, conflict, forbidden } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { registerRecordHooks, type RecordHookContext } from '../../visualdev/record-hooks.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { callerUnit, healthScope, orgInScope } from '../privacy/scope.ts';
import { ARCHIVE_STATE, checkIdentity, completenessOf } from './resident-rules.ts';
import { recordStateChange } from './state-history.ts';
import { addTimelineEntry } from './timeline.ts';

/**
 * The resident archive's rules on every write through the low-code engine
 * (the health screens and the generic runtime alike), in the write's transaction:
 * - ID number checked (GB 11643), sex and birth date derived or cross-checked;
 *   the same ID number twice refused (409; the unique index holds under races);
 * - the managing unit must lie in the caller's scope and defaults to their
 *   unit; it, the archive state, the audit level and the cancellation reason
 *   change only through their own actions (transfers, state API);
 * - completeness and last activity computed; a timeline line, a state-history
 *   line (on creation) and an 'edit' audit entry written.
 */

/** Required fields an administrator added to the form count for completeness too. */
async function formRequired(h: RecordHookContext): Promise<string[]> {
  // Read in the write's transaction (SQLite has one connection): the released form.
  const row = await h.db
    .selectFrom('visualdev_models')
    .select('released_form_data as releasedFormData')
    .where('id', '=', h.modelId)
    .executeTakeFirst();
  const form = formDefinition.safeParse(row?.releasedFormData ? JSON.parse(row.releasedFormData) : null);
  const out: string[] = [];
  if (form.success)
    for (const { field, table } of walkFields(form.data.fields)) if (!table && field.required && field.field) out.push(field.field);
  return out;
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

async function storedRow(db: Kysely<any>, table: string, id: string): Promise<Record<string, any> | undefined> {
  return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

async function beforeResidentSave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
  const problem = checkIdentity(data);
  if (problem) throw badRequest(problem.problem, problem.params);
  if (data.idNumber) {
    let q = h.db.selectFrom(RESIDENT_TABLE).select('id').where('idNumber', '=', data.idNumber);
    if (id) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw conflict('health.idNumber.duplicate');
  }
  const scope = await healthScope(h.ctx, h.session, h.db);
  if (id) {
    const stored = await storedRow(h.db, RESIDENT_TABLE, id);
    if (stored) {
      if (Number(stored.archiveState) === ARCHIVE_STATE.cancelled) throw conflict('health.resident.cancelled');
      for (const k of ['manageOrgId', 'archiveState', 'auditLevel', 'cancelReason']) data[k] = stored[k] ?? null;
      if (empty(data.doctorId)) data.doctorId = stored.doctorId ?? null;
      data.archiveState = Number(data.archiveState ?? 0);
      data.auditLevel = Number(data.auditLevel ?? 0);
    }
  } else {
    if (empty(data.manageOrgId)) data.manageOrgId = (await callerUnit(h.ctx, h.session.userId, h.db)).unitId;
    if (empty(data.doctorId)) data.doctorId = h.session.userId;
    const state = Number(data.archiveState ?? 0);
    data.archiveState = state === ARCHIVE_STATE.normal ? ARCHIVE_STATE.normal : ARCHIVE_STATE.draft;
    data.auditLevel = 0;
    data.cancelReason = null;
  }
  if (!orgInScope(scope, data.manageOrgId as string | null)) throw forbidden('health.resident.outOfScope');
  data.completeness = completenessOf(data, await formRequired(h));
  data.lastActivityAt = now();
}

async function afterResidentSave(h: RecordHookContext, id: string, data: Record<string, unknown>, created: boolean) {
  const { orgId } = await callerUnit(h.ctx, h.session.userId, h.db);
  await addTimelineEntry(h.db, {
    residentId: id,
    kind: 'archive',
    title: created ? 'archive.created' : 'archive.updated',
    refModel: RESIDENT_MODEL,
    refId: id,
    at: now(),
    orgId: (data.manageOrgId as string | null) ?? null,
  });
  if (created)
    await recordStateChange(h.db, {
      entity: 'resident',
      entityId: id,
      field: 'archiveState',
      oldValue: null,
      newValue: String(data.archiveState),
      userId: h.session.userId,
    });
  await recordHealthAudit(h.db, { userId: h.session.userId, orgId, action: 'edit', residentId: id, target: created ? 'create' : 'update' });
}

async function beforeResidentDelete(h: RecordHookContext, ids: string[]) {
  const rows = await h.db.selectFrom(RESIDENT_TABLE).select(['id', 'archiveState', 'manageOrgId']).where('id', 'in', ids).execute();
  const scope = await healthScope(h.ctx, h.session, h.db);
  for (const r of rows) {
    if (!orgInScope(scope, r.manageOrgId)) throw forbidden('health.resident.outOfScope');
    if (Number(r.archiveState) !== ARCHIVE_STATE.draft) throw conflict('health.resident.deleteOnlyDraft');
  }
  await h.db.deleteFrom('health_timeline').where('resident_id', 'in', ids).execute();
}

async function beforeFamilySave(h: RecordHookContext, data: Record<string, unknown>, id: string | null) {
  const scope = await healthScope(h.ctx, h.session, h.db);
  if (id) {
    const stored = await storedRow(h.db, FAMILY_TABLE, id);
    if (stored) data.manageOrgId = stored.manageOrgId ?? null;
  } else {
    if (empty(data.manageOrgId)) data.manageOrgId = (await callerUnit(h.ctx, h.session.userId, h.db)).unitId;
    if (empty(data.doctorId)) data.doctorId = h.session.userId;
  }
  if (!orgInScope(scope, data.manageOrgId as string | null)) throw forbidden('health.resident.outOfScope');
  if (!empty(data.headResidentId)) {
    const head = await h.db
      .selectFrom(RESIDENT_TABLE)
      .select(['id', 'manageOrgId'])
      .where('id', '=', String(data.headResidentId))
      .executeTakeFirst();
    if (!head || !orgInScope(scope, head.manageOrgId)) throw badRequest('health.family.headNotMember');
  }
}

async function afterFamilySave(h: RecordHookContext, id: string, data: Record<string, unknown>) {
  // The head belongs to the family, as its head.
  if (!empty(data.headResidentId))
    await h.db
      .updateTable(RESIDENT_TABLE)
      .set({ familyId: id, relationToHead: '0' })
      .where('id', '=', String(data.headResidentId))
      .execute();
}

async function beforeFamilyDelete(h: RecordHookContext, ids: string[]) {
  const rows = await h.db.selectFrom(FAMILY_TABLE).select(['id', 'manageOrgId']).where('id', 'in', ids).execute();
  const scope = await healthScope(h.ctx, h.session, h.db);
  for (const r of rows) if (!orgInScope(scope, r.manageOrgId)) throw forbidden('health.resident.outOfScope');
  await h.db.updateTable(RESIDENT_TABLE).set({ familyId: null, relationToHead: null }).where('familyId', 'in', ids).execute();
}

let registered = false;
/** Registers the hooks once per process. */
export function registerResidentHooks(): void {
  if (registered) return;
  registered = true;
  registerRecordHooks(RESIDENT_MODEL, { beforeSave: beforeResidentSave, afterSave: afterResidentSave, beforeDelete: beforeResidentDelete });
  registerRecordHooks(FAMILY_MODEL, { beforeSave: beforeFamilySave, afterSave: afterFamilySave, beforeDelete: beforeFamilyDelete });
}
