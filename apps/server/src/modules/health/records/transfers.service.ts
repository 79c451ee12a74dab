import { sql, type Kysely, type SqlBool } from 'kysely';
import { maskName } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { FAMILY_TABLE, RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { recordHealthAudit } from '../privacy/audit.ts';
import { callerUnit, inScope, orgInScope, type HealthScope } from '../privacy/scope.ts';
import { ARCHIVE_STATE } from './resident-rules.ts';
import { raw } from './residents.service.ts';
import { recordStateChange } from './state-history.ts';
import { addTimelineEntry } from './timeline.ts';
import { announceResidentTransferred } from './transfer-events.ts';
import { selectAsWritten } from '../../visualdev/model-tables.ts';

/**
 * Archive transfers (issue 17, M2): a resident or a whole family moves from
 * their managing unit to another. 0 未提交 → 1 待确认 → 2 已确认 | 3 已退回
 * (a withdrawn request goes back to 0). The receiving unit confirms; then, in
 * one transaction, every archive's managing unit and doctor change, the
 * family follows, a history line and a timeline line are written for each,
 * and the other areas move their enrolments and open plans (transfer-events.ts).
 */

export const TRANSFER_STATE = { draft: 0, pending: 1, confirmed: 2, returned: 3 } as const;

interface OrgRow {
  id: string;
  parentId: string;
  category: string;
  fullName: string;
  idPath: string | null;
}

async function orgs(ctx: AppContext): Promise<OrgRow[]> {
  return (await raw(ctx)
    .selectFrom('organizations')
    .select(['id', 'parent_id as parentId', 'category', 'full_name as fullName', 'id_path as idPath'])
    .where('enabled_mark', '=', 1)
    .orderBy('sort_code')
    .execute()) as OrgRow[];
}

/** Units (organisations of category company, without the alliance root): those in the caller's scope, and every possible receiver. */
export async function unitOptions(ctx: AppContext, scope: HealthScope) {
  const all = (await orgs(ctx)).filter((o) => o.category === 'company' && o.parentId !== '-1');
  const out = (o: OrgRow) => ({ id: o.id, fullName: o.fullName, parentId: o.parentId });
  return { list: all.filter((o) => orgInScope(scope, o.id)).map(out), targets: all.map(out) };
}

/** Users whose organisation lies in the unit's subtree (candidates for responsible doctor). */
export async function unitDoctors(ctx: AppContext, unitId: string) {
  const all = await orgs(ctx);
  const unit = all.find((o) => o.id === unitId);
  if (!unit) return [];
  const path = unit.idPath ?? unit.id;
  const ids = all.filter((o) => o.id === unit.id || (o.idPath ?? '').startsWith(`${path},`)).map((o) => o.id);
  const rows = await raw(ctx)
    .selectFrom('users')
    .select(['id', 'real_name as realName'])
    .where('organize_id', 'in', ids)
    .where('enabled_mark', '=', 1)
    .where('is_administrator', '=', 0)
    .orderBy('sort_code')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id as string, realName: r.realName as string }));
}

const OPEN = [TRANSFER_STATE.draft, TRANSFER_STATE.pending];

/** The resident's open transfer (未提交 or 待确认), if any. */
export async function openTransferOf(ctx: AppContext, residentId: string) {
  const db = raw(ctx);
  const res = await db.selectFrom(RESIDENT_TABLE).select(['familyId']).where('id', '=', residentId).executeTakeFirst();
  const row = await db
    .selectFrom('health_transfers')
    .select(['id', 'state', 'to_org_id as toOrgId', 'kind'])
    .where('state', 'in', OPEN)
    .where((eb) => eb.or([eb('resident_id', '=', residentId), ...(res?.familyId ? [eb('family_id', '=', res.familyId)] : [])]))
    .executeTakeFirst();
  return row ? { id: row.id as string, state: Number(row.state), toOrgId: row.toOrgId as string, kind: row.kind as string } : null;
}

export async function createTransfer(
  ctx: AppContext,
  session: SessionInfo,
  scope: HealthScope,
  body: {
    kind: 'person' | 'family';
    residentId?: string;
    familyId?: string;
    toOrgId: string;
    toDoctorId?: string;
    reason: string;
    submit: boolean;
  },
) {
  const units = (await orgs(ctx)).filter((o) => o.category === 'company' && o.parentId !== '-1');
  if (!units.some((u) => u.id === body.toOrgId)) throw badRequest('health.transfer.badUnit');
  if (body.toDoctorId && !(await unitDoctors(ctx, body.toOrgId)).some((d) => d.id === body.toDoctorId))
    throw badRequest('health.transfer.badDoctor');
  const at = now();
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    let residentIds: string[];
    let fromOrgId: string | null;
    let fromDoctorId: string | null;
    if (body.kind === 'person') {
      const r = await db
        .selectFrom(RESIDENT_TABLE)
        .select(['id', 'manageOrgId', 'doctorId', 'archiveState', 'familyId'])
        .where('id', '=', body.residentId!)
        .executeTakeFirst();
      if (!r || !orgInScope(scope, r.manageOrgId)) throw notFound('health.resident.notFound');
      if (Number(r.archiveState) === ARCHIVE_STATE.cancelled) throw conflict('health.resident.cancelled');
      residentIds = [r.id];
      fromOrgId = r.manageOrgId ?? null;
      fromDoctorId = r.doctorId ?? null;
      const open = await db
        .selectFrom('health_transfers')
        .select('id')
        .where('state', 'in', OPEN)
        .where((eb) => eb.or([eb('resident_id', '=', r.id), ...(r.familyId ? [eb('family_id', '=', r.familyId)] : [])]))
        .executeTakeFirst();
      if (open) throw conflict('health.transfer.pending');
    } else {
      const f = await db
        .selectFrom(FAMILY_TABLE)
        .select(['id', 'manageOrgId', 'doctorId'])
        .where('id', '=', body.familyId!)
        .executeTakeFirst();
      if (!f || !orgInScope(scope, f.manageOrgId)) throw notFound('health.resident.notFound');
      const members = await db
        .selectFrom(RESIDENT_TABLE)
        .select(['id', 'manageOrgId'])
        .where('familyId', '=', f.id)
        .where('archiveState', '<>', ARCHIVE_STATE.cancelled)
        .execute();
      residentIds = members.filter((m) => orgInScope(scope, m.manageOrgId)).map((m) => m.id);
      if (!residentIds.length) throw badRequest('health.transfer.empty');
      fromOrgId = f.manageOrgId ?? null;
      fromDoctorId = f.doctorId ?? null;
      const open = await db
        .selectFrom('health_transfers')
        .select('id')
        .where('state', 'in', OPEN)
        .where((eb) => eb.or([eb('family_id', '=', f.id), eb('resident_id', 'in', residentIds)]))
        .executeTakeFirst();
      if (open) throw conflict('health.transfer.pending');
    }
    if (fromOrgId === body.toOrgId) throw badRequest('health.transfer.sameUnit');
    await db
      .insertInto('health_transfers')
      .values({
        id,
        kind: body.kind,
        resident_id: body.kind === 'person' ? body.residentId : null,
        family_id: body.kind === 'family' ? body.familyId : null,
        resident_ids: JSON.stringify(residentIds),
        from_org_id: fromOrgId,
        from_doctor_id: fromDoctorId,
        to_org_id: body.toOrgId,
        to_doctor_id: body.toDoctorId ?? null,
        reason: body.reason,
        state: body.submit ? TRANSFER_STATE.pending : TRANSFER_STATE.draft,
        return_reason: null,
        created_by: session.userId,
        created_at: at,
        submitted_at: body.submit ? at : null,
        decided_by: null,
        decided_at: null,
      })
      .execute();
    await recordStateChange(db, {
      entity: 'transfer',
      entityId: id,
      field: 'state',
      oldValue: null,
      newValue: String(body.submit ? 1 : 0),
      reason: body.reason,
      userId: session.userId,
    });
  });
  return { id };
}

async function transferRow(db: Kysely<any>, id: string) {
  if (id.length > 40) throw notFound();
  const [t] = await selectAsWritten<Record<string, any>>(db, db.selectFrom('health_transfers').selectAll().where('id', '=', id));
  if (!t) throw notFound();
  return t;
}

/** submit / withdraw (the sending side), confirm / return (the receiving side). */
export async function transferAction(
  ctx: AppContext,
  session: SessionInfo,
  scope: HealthScope,
  id: string,
  action: 'submit' | 'withdraw' | 'confirm' | 'return',
  body: { reason?: string; toDoctorId?: string },
  ip?: string,
) {
  const reason = (body.reason ?? '').trim();
  if (action === 'return' && !reason) throw badRequest('health.resident.reasonRequired');
  const { orgId: callerOrg } = await callerUnit(ctx, session.userId);
  // Read before the transaction (SQLite has one connection): the receiving unit's doctors.
  const first = await transferRow(raw(ctx), id);
  const doctors = action === 'confirm' ? await unitDoctors(ctx, first.to_org_id) : [];
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const t = await transferRow(db, id);
    const sender = orgInScope(scope, t.from_org_id);
    const receiver = orgInScope(scope, t.to_org_id);
    if (!sender && !receiver) throw notFound();
    const state = Number(t.state);
    const at = now();
    const move: Record<typeof action, [number, number, boolean]> = {
      submit: [TRANSFER_STATE.draft, TRANSFER_STATE.pending, sender],
      withdraw: [TRANSFER_STATE.pending, TRANSFER_STATE.draft, sender],
      confirm: [TRANSFER_STATE.pending, TRANSFER_STATE.confirmed, receiver],
      return: [TRANSFER_STATE.pending, TRANSFER_STATE.returned, receiver],
    };
    const [from, to, allowed] = move[action];
    if (!allowed) throw forbidden(action === 'confirm' || action === 'return' ? 'health.transfer.notReceiver' : 'error.forbidden');
    if (state !== from) throw conflict('health.transfer.badState');
    let toDoctorId: string | null = (body.toDoctorId ?? t.to_doctor_id ?? null) as string | null;
    if (action === 'confirm') {
      if (toDoctorId && !doctors.some((d) => d.id === toDoctorId)) throw badRequest('health.transfer.badDoctor');
      toDoctorId ??= doctors[0]?.id ?? null;
    }
    const res = await db
      .updateTable('health_transfers')
      .set({
        state: to,
        ...(action === 'submit' ? { submitted_at: at } : {}),
        ...(action === 'confirm' || action === 'return' ? { decided_by: session.userId, decided_at: at } : {}),
        ...(action === 'return' ? { return_reason: reason } : {}),
        ...(action === 'confirm' ? { to_doctor_id: toDoctorId } : {}),
      })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('health.transfer.badState');
    await recordStateChange(db, {
      entity: 'transfer',
      entityId: id,
      field: 'state',
      oldValue: String(from),
      newValue: String(to),
      reason: reason || null,
      userId: session.userId,
    });
    if (action !== 'confirm') return;
    const residentIds = JSON.parse(t.resident_ids) as string[];
    const rows = await db.selectFrom(RESIDENT_TABLE).select(['id', 'manageOrgId', 'doctorId']).where('id', 'in', residentIds).execute();
    await db
      .updateTable(RESIDENT_TABLE)
      .set({
        manageOrgId: t.to_org_id,
        doctorId: toDoctorId,
        organize_id: t.to_org_id,
        lastActivityAt: at,
        last_modify_user_id: session.userId,
        last_modify_time: at,
      })
      .where('id', 'in', residentIds)
      .execute();
    if (t.kind === 'family' && t.family_id)
      await db
        .updateTable(FAMILY_TABLE)
        .set({ manageOrgId: t.to_org_id, doctorId: toDoctorId, organize_id: t.to_org_id })
        .where('id', '=', t.family_id)
        .execute();
    for (const r of rows) {
      await recordStateChange(db, {
        entity: 'resident',
        entityId: r.id,
        field: 'manageOrgId',
        oldValue: r.manageOrgId ?? null,
        newValue: t.to_org_id,
        reason: t.reason,
        userId: session.userId,
      });
      if (r.doctorId !== toDoctorId)
        await recordStateChange(db, {
          entity: 'resident',
          entityId: r.id,
          field: 'doctorId',
          oldValue: r.doctorId ?? null,
          newValue: toDoctorId,
          reason: t.reason,
          userId: session.userId,
        });
      await addTimelineEntry(db, {
        residentId: r.id,
        kind: 'transfer',
        title: 'transfer.confirmed',
        refModel: 'healthTransfer',
        refId: id,
        at,
        orgId: t.to_org_id,
      });
      await recordHealthAudit(db, {
        userId: session.userId,
        orgId: callerOrg,
        action: 'edit',
        residentId: r.id,
        target: 'transfer',
        reason: t.reason,
        ip,
      });
    }
    await announceResidentTransferred({
      ctx,
      db,
      transferId: id,
      residentIds,
      fromOrgId: t.from_org_id ?? null,
      toOrgId: t.to_org_id,
      toDoctorId,
      userId: session.userId,
      at,
    });
  });
}

const LIKE_ESCAPE = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listTransfers(
  ctx: AppContext,
  scope: HealthScope,
  body: { currentPage: number; pageSize: number; box: 'out' | 'in' | 'all'; state: number | ''; keyword: string },
) {
  const db = raw(ctx);
  let base = db
    .selectFrom('health_transfers as t')
    .leftJoin(`${RESIDENT_TABLE} as r`, 'r.id', 't.resident_id')
    .leftJoin(`${FAMILY_TABLE} as f`, 'f.id', 't.family_id');
  const from = inScope(scope, sql.ref('t.from_org_id'));
  const to = inScope(scope, sql.ref('t.to_org_id'));
  if (body.box === 'out') base = base.where(from);
  else if (body.box === 'in') base = base.where(to).where('t.state', '<>', TRANSFER_STATE.draft);
  else base = base.where((eb) => eb.or([from, eb.and([to, eb('t.state', '<>', TRANSFER_STATE.draft)])]));
  if (body.state !== '') base = base.where('t.state', '=', body.state);
  if (body.keyword)
    base = base.where(
      sql<SqlBool>`(${sql.ref('r.fullName')} like ${`%${LIKE_ESCAPE(body.keyword)}%`} escape '\\' or ${sql.ref('f.familyName')} like ${`%${LIKE_ESCAPE(body.keyword)}%`} escape '\\')`,
    );
  const rows = await base
    .leftJoin('organizations as fo', 'fo.id', 't.from_org_id')
    .leftJoin('organizations as tor', 'tor.id', 't.to_org_id')
    .leftJoin('users as td', 'td.id', 't.to_doctor_id')
    .leftJoin('users as cb', 'cb.id', 't.created_by')
    .select([
      't.id',
      't.kind',
      't.resident_id as residentId',
      't.family_id as familyId',
      't.resident_ids as residentIds',
      't.from_org_id as fromOrgId',
      't.to_org_id as toOrgId',
      't.to_doctor_id as toDoctorId',
      't.reason',
      't.state',
      't.return_reason as returnReason',
      't.created_at as createdAt',
      't.decided_at as decidedAt',
      'r.fullName as residentName',
      'f.familyName as familyName',
      'fo.full_name as fromOrgName',
      'tor.full_name as toOrgName',
      'td.real_name as toDoctorName',
      'cb.real_name as createdByName',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(body.pageSize)
    .offset((body.currentPage - 1) * body.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return {
    list: rows.map((r) => {
      const state = Number(r.state);
      return {
        id: r.id as string,
        kind: r.kind as 'person' | 'family',
        residentId: r.residentId ?? null,
        familyId: r.familyId ?? null,
        subjectName: r.kind === 'person' ? maskName(r.residentName) : (r.familyName ?? ''),
        memberCount: (JSON.parse(r.residentIds) as string[]).length,
        fromOrgId: r.fromOrgId ?? null,
        fromOrgName: r.fromOrgName ?? null,
        toOrgId: r.toOrgId,
        toOrgName: r.toOrgName ?? null,
        toDoctorId: r.toDoctorId ?? null,
        toDoctorName: r.toDoctorName ?? null,
        reason: r.reason,
        state,
        returnReason: r.returnReason ?? null,
        createdByName: r.createdByName ?? null,
        createdAt: Number(r.createdAt),
        decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
        canDecide: state === TRANSFER_STATE.pending && orgInScope(scope, r.toOrgId),
        canSubmit: (state === TRANSFER_STATE.draft || state === TRANSFER_STATE.pending) && orgInScope(scope, r.fromOrgId),
      };
    }),
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: Number((total as { n?: unknown })?.n ?? 0) },
  };
}
