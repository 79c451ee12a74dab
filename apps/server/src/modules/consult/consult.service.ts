import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  approveDeadline,
  chargeMonth,
  consultFee,
  consultTransition,
  maskIdNumber,
  maskName,
  maskPhone,
  type ConsultAction,
  type ConsultActor,
  type ConsultMode,
  type ConsultSettings,
  type ConsultUrgency,
  type consultApplyBody,
  type consultListBody,
} from '@medalliance/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { RESIDENT_TABLE } from '../../db/seed/health/records-models.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { all, first } from '../health/plans/rows.ts';
import { recordHealthAudit } from '../health/privacy/audit.ts';
import { callerUnit, healthScope, inScope, orgInScope } from '../health/privacy/scope.ts';
import { addTimelineEntry } from '../health/records/timeline.ts';
import { translate } from '../../http/i18n.ts';
import { holdsAny, holdsRole, usersWithRole, grantsOf } from './access.ts';
import { getConsultSettings } from './settings.ts';
import { write, type Tx } from './transaction.ts';
import './messages.ts';

/**
 * Remote consultations (issue 19): a township or village doctor applies for a
 * patient of their archive; the approving role (flow settings) approves and
 * assigns experts or refuses; it schedules; the consultation is held (the
 * charge is recorded then, from the fee schedule); an assigned expert writes
 * the opinion; the applicant evaluates. Each step is checked against the
 * contract's state machine and the caller's part in the request, written with
 * a conditional UPDATE (two approvers racing: one wins, the other gets 409),
 * recorded in consult_events, put on the patient's timeline and announced to
 * the next party.
 */

export const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface ConsultRow {
  id: string;
  code: string;
  residentId: string;
  orgId: string | null;
  applicantId: string;
  question: string;
  summary: string | null;
  urgency: ConsultUrgency;
  mode: ConsultMode;
  deptId: string | null;
  expertId: string | null;
  attachments: string | null;
  state: string;
  approverId: string | null;
  approvedAt: unknown;
  refuseReason: string | null;
  scheduledAt: unknown;
  room: string | null;
  link: string | null;
  heldAt: unknown;
  opinion: string | null;
  templateId: string | null;
  opinionBy: string | null;
  opinionAt: unknown;
  score: number | null;
  evalComment: string | null;
  evaluatedAt: unknown;
  fee: unknown;
  feeMonth: string | null;
  createdAt: unknown;
}

const COLUMNS = [
  'c.id as id',
  'c.code as code',
  'c.resident_id as residentId',
  'c.org_id as orgId',
  'c.applicant_id as applicantId',
  'c.question as question',
  'c.summary as summary',
  'c.urgency as urgency',
  'c.mode as mode',
  'c.dept_id as deptId',
  'c.expert_id as expertId',
  'c.attachments as attachments',
  'c.state as state',
  'c.approver_id as approverId',
  'c.approved_at as approvedAt',
  'c.refuse_reason as refuseReason',
  'c.scheduled_at as scheduledAt',
  'c.room as room',
  'c.link as link',
  'c.held_at as heldAt',
  'c.opinion as opinion',
  'c.template_id as templateId',
  'c.opinion_by as opinionBy',
  'c.opinion_at as opinionAt',
  'c.score as score',
  'c.eval_comment as evalComment',
  'c.evaluated_at as evaluatedAt',
  'c.fee as fee',
  'c.fee_month as feeMonth',
  'c.created_at as createdAt',
] as const;

/** The view of a request every list and the detail answer: names masked, times as numbers, what the caller may do next. */
function present(
  r: ConsultRow & Record<string, unknown>,
  extra: { experts: { id: string; realName: string }[]; actors: ConsultActor[]; settings: ConsultSettings; at: number },
) {
  const createdAt = Number(r.createdAt);
  const deadline = approveDeadline(extra.settings, r.urgency, createdAt);
  const actions = (['approve', 'refuse', 'schedule', 'hold', 'opinion', 'evaluate', 'cancel'] as ConsultAction[]).filter(
    (a) => consultTransition(r.state, a, extra.actors).ok,
  );
  return {
    id: r.id,
    code: r.code,
    residentId: r.residentId,
    patientName: maskName(String(r.fullName ?? '')),
    patientIdNumber: maskIdNumber(String(r.idNumber ?? '')),
    patientPhone: maskPhone(String(r.phone ?? '')),
    patientSex: (r.sex as string | null) ?? null,
    patientBirthDate: num(r.birthDate),
    orgId: r.orgId,
    orgName: (r.orgName as string | null) ?? null,
    applicantId: r.applicantId,
    applicantName: (r.applicantName as string | null) ?? null,
    question: r.question,
    summary: r.summary ?? '',
    urgency: r.urgency,
    mode: r.mode,
    deptId: r.deptId,
    deptName: (r.deptName as string | null) ?? null,
    expertId: r.expertId,
    attachments: parseJson(r.attachments),
    state: r.state,
    approverName: (r.approverName as string | null) ?? null,
    approvedAt: num(r.approvedAt),
    refuseReason: r.refuseReason,
    scheduledAt: num(r.scheduledAt),
    room: r.room ?? '',
    link: r.link ?? '',
    heldAt: num(r.heldAt),
    opinion: r.opinion ?? '',
    opinionByName: (r.opinionByName as string | null) ?? null,
    opinionAt: num(r.opinionAt),
    score: num(r.score),
    evalComment: r.evalComment ?? '',
    evaluatedAt: num(r.evaluatedAt),
    fee: num(r.fee),
    feeMonth: r.feeMonth,
    createdAt,
    approveDeadline: deadline,
    // Waiting too long: for approval (by urgency) or, once held, for the experts' opinion.
    overdue:
      (r.state === 'pending' && extra.at > deadline) ||
      (r.state === 'held' && r.heldAt !== null && extra.at > Number(r.heldAt) + extra.settings.opinionHours * 3_600_000),
    experts: extra.experts,
    actions,
  };
}
export type ConsultView = ReturnType<typeof present>;

function parseJson(v: unknown): unknown[] {
  if (!v) return [];
  try {
    const p = JSON.parse(String(v));
    return Array.isArray(p) ? p : [];
  } catch {
    return [];
  }
}

function baseQuery(db: Kysely<any>) {
  return db
    .selectFrom('consult_requests as c')
    .leftJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id')
    .leftJoin('organizations as o', 'o.id', 'c.org_id')
    .leftJoin('organizations as d', 'd.id', 'c.dept_id')
    .leftJoin('users as ua', 'ua.id', 'c.applicant_id')
    .leftJoin('users as up', 'up.id', 'c.approver_id')
    .leftJoin('users as uo', 'uo.id', 'c.opinion_by');
}
const JOINED = [
  ...COLUMNS,
  'r.fullName as fullName',
  'r.idNumber as idNumber',
  'r.phone as phone',
  'r.sex as sex',
  'r.birthDate as birthDate',
  'o.full_name as orgName',
  'd.full_name as deptName',
  'ua.real_name as applicantName',
  'up.real_name as approverName',
  'uo.real_name as opinionByName',
] as const;

async function expertsOf(db: Kysely<any>, ids: string[]): Promise<Map<string, { id: string; realName: string }[]>> {
  const out = new Map<string, { id: string; realName: string }[]>();
  if (!ids.length) return out;
  const rows = await all<{ consultId: string; id: string; realName: string }>(
    db,
    db
      .selectFrom('consult_experts as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.consult_id as consultId', 'u.id as id', 'u.real_name as realName'])
      .where('e.consult_id', 'in', ids)
      .orderBy('u.real_name'),
  );
  for (const r of rows) {
    const list = out.get(r.consultId) ?? [];
    list.push({ id: r.id, realName: r.realName });
    out.set(r.consultId, list);
  }
  return out;
}

/** The caller's parts in one request: applicant, approver (the settings' role), assigned expert. */
async function actorsOf(db: Kysely<any>, row: ConsultRow, userId: string, approver: boolean, experts: { id: string }[]) {
  const actors: ConsultActor[] = [];
  if (row.applicantId === userId) actors.push('applicant');
  if (approver) actors.push('approver');
  if (experts.some((e) => e.id === userId)) actors.push('expert');
  return actors;
}

/** Whether the caller approves: holds the consult_approve menu and the approving role of the settings (administrators always). */
async function isApprover(ctx: AppContext, db: Kysely<any>, session: SessionInfo, settings: ConsultSettings): Promise<boolean> {
  if (session.isAdministrator) return true;
  const g = await grantsOf(ctx, session);
  return holdsAny(g, ['consult_approve']) && (await holdsRole(db, session.userId, settings.consultApproverRole));
}

type ListQuery = z.output<typeof consultListBody>;

/** Lists: mine (I applied), approve (waiting for my approval), expert (assigned to me), all (in my scope), with filters, paged in SQL. */
export async function listConsults(ctx: AppContext, session: SessionInfo, q: ListQuery, paged = true) {
  const db = raw(ctx);
  const settings = await getConsultSettings(db);
  const approver = await isApprover(ctx, db, session, settings);
  const scope = await healthScope(ctx, session);
  let base = baseQuery(db);
  const me = session.userId;
  if (q.box === 'mine') base = base.where('c.applicant_id', '=', me);
  else if (q.box === 'approve') {
    if (!approver) throw forbidden();
    base = base.where('c.state', 'in', ['pending', 'approved']);
  } else if (q.box === 'expert')
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('consult_experts as e').select('e.user_id').whereRef('e.consult_id', '=', 'c.id').where('e.user_id', '=', me),
      ),
    );
  else
    base = base.where((eb) =>
      eb.or([
        inScope(scope, 'c.org_id'),
        eb('c.applicant_id', '=', me),
        eb.exists(
          eb.selectFrom('consult_experts as e').select('e.user_id').whereRef('e.consult_id', '=', 'c.id').where('e.user_id', '=', me),
        ),
      ]),
    );
  if (q.state) base = base.where('c.state', '=', q.state);
  if (q.urgency) base = base.where('c.urgency', '=', q.urgency);
  if (q.orgId) base = base.where('c.org_id', '=', q.orgId);
  if (q.from !== undefined) base = base.where('c.created_at', '>=', q.from);
  if (q.to !== undefined) base = base.where('c.created_at', '<', q.to);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<SqlBool>`(${sql.ref('c.code')} like ${like} escape '\\' or ${sql.ref('r.fullName')} like ${like} escape '\\' or ${sql.ref('c.question')} like ${like} escape '\\')`,
    );
  }
  const total = await first<{ n: unknown }>(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  let rowsQ = base
    .select([...JOINED])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
  if (paged) rowsQ = rowsQ.limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize);
  else rowsQ = rowsQ.limit(10_000);
  const rows = await all<ConsultRow & Record<string, unknown>>(db, rowsQ);
  const experts = await expertsOf(
    db,
    rows.map((r) => r.id),
  );
  const at = now();
  const list = [];
  for (const r of rows) {
    const ex = experts.get(r.id) ?? [];
    list.push(present(r, { experts: ex, actors: await actorsOf(db, r, me, approver, ex), settings, at }));
  }
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) } };
}

/** One request, if the caller may see it (scope, applicant, expert, approver); a 'view' of the patient is audited. */
export async function getConsult(ctx: AppContext, session: SessionInfo, id: string, ip?: string) {
  const db = raw(ctx);
  const settings = await getConsultSettings(db);
  const row = await first<ConsultRow & Record<string, unknown>>(
    db,
    baseQuery(db)
      .select([...JOINED])
      .where('c.id', '=', id),
  );
  if (!row) throw notFound('consult.notFound');
  const experts = (await expertsOf(db, [id])).get(id) ?? [];
  const approver = await isApprover(ctx, db, session, settings);
  const actors = await actorsOf(db, row, session.userId, approver, experts);
  const scope = await healthScope(ctx, session);
  if (!actors.length && !orgInScope(scope, row.orgId)) throw notFound('consult.notFound');
  const events = await all<{
    action: string;
    fromState: string | null;
    toState: string;
    note: string | null;
    at: unknown;
    userName: string | null;
  }>(
    db,
    db
      .selectFrom('consult_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select([
        'e.action as action',
        'e.from_state as fromState',
        'e.to_state as toState',
        'e.note as note',
        'e.at as at',
        'u.real_name as userName',
      ])
      .where('e.subject_id', '=', id)
      .orderBy('e.at')
      .orderBy('e.id'),
  );
  const { unitId } = await callerUnit(ctx, session.userId);
  await recordHealthAudit(db, {
    userId: session.userId,
    orgId: unitId,
    action: 'view',
    residentId: row.residentId,
    target: `consult:${id}`,
    ip,
  });
  return {
    ...present(row, { experts, actors, settings, at: now() }),
    events: events.map((e) => ({ ...e, at: Number(e.at) })),
  };
}

/** The patient's full name, ID number and phone for a party of the request, with a reason; audited as a reveal. */
export async function revealPatient(ctx: AppContext, session: SessionInfo, id: string, reason: string, ip?: string) {
  const detail = await getConsult(ctx, session, id, ip);
  const db = raw(ctx);
  const r = await first<{ fullName: string; idNumber: string | null; phone: string | null }>(
    db,
    db.selectFrom(RESIDENT_TABLE).select(['fullName', 'idNumber', 'phone']).where('id', '=', detail.residentId),
  );
  if (!r) throw notFound('consult.notFound');
  const { unitId } = await callerUnit(ctx, session.userId);
  await recordHealthAudit(db, {
    userId: session.userId,
    orgId: unitId,
    action: 'reveal',
    residentId: detail.residentId,
    target: `consult:${id}`,
    reason,
    ip,
  });
  return { fullName: r.fullName, idNumber: r.idNumber ?? null, phone: r.phone ?? null };
}

async function event(
  tx: Tx,
  subjectId: string,
  action: string,
  from: string | null,
  to: string,
  userId: string,
  note: string | null,
  at: number,
) {
  await tx.db
    .insertInto('consult_events')
    .values({
      id: newId(),
      subject_id: subjectId,
      action,
      from_state: from,
      to_state: to,
      user_id: userId,
      note: note?.slice(0, 500) ?? null,
      at,
    })
    .execute();
}

async function timeline(
  tx: Tx,
  row: { residentId: string; orgId: string | null; id: string },
  key: string,
  params: Record<string, string | number>,
  at: number,
) {
  await addTimelineEntry(tx.db, {
    residentId: row.residentId,
    kind: 'consult',
    title: translate('zh', key, params),
    refModel: 'consult',
    refId: row.id,
    at,
    orgId: row.orgId,
  });
}

type ApplyBody = z.output<typeof consultApplyBody>;

/** A township or village doctor applies for one of the patients in their scope; the approvers are told. */
export async function applyConsult(ctx: AppContext, session: SessionInfo, b: ApplyBody): Promise<{ id: string; code: string }> {
  const db = raw(ctx);
  const resident = await first<{ id: string; manageOrgId: string | null; archiveState: unknown }>(
    db,
    db.selectFrom(RESIDENT_TABLE).select(['id', 'manageOrgId', 'archiveState']).where('id', '=', b.residentId),
  );
  const scope = await healthScope(ctx, session);
  if (!resident || !orgInScope(scope, resident.manageOrgId)) throw notFound('consult.patientNotFound');
  if (b.expertId) {
    const ex = await db.selectFrom('users').select('id').where('id', '=', b.expertId).where('enabled_mark', '=', 1).executeTakeFirst();
    if (!ex) throw badRequest('consult.unknownExpert');
  }
  if (b.deptId) {
    const d = await db.selectFrom('organizations').select('id').where('id', '=', b.deptId).executeTakeFirst();
    if (!d) throw badRequest('consult.unknownDept');
  }
  const settings = await getConsultSettings(db);
  const { unitId } = await callerUnit(ctx, session.userId);
  const at = now();
  const id = newId();
  const code = `HZ${chargeMonth(at).replace('-', '')}${id.slice(-6)}`;
  await write(ctx, async (tx) => {
    await tx.db
      .insertInto('consult_requests')
      .values({
        id,
        code,
        resident_id: b.residentId,
        org_id: unitId,
        applicant_id: session.userId,
        question: b.question,
        summary: b.summary || null,
        urgency: b.urgency,
        mode: b.mode,
        dept_id: b.deptId || null,
        expert_id: b.expertId || null,
        attachments: JSON.stringify(b.attachments),
        state: 'pending',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await event(tx, id, 'apply', null, 'pending', session.userId, null, at);
    await timeline(tx, { id, residentId: b.residentId, orgId: unitId }, 'consult.timeline.apply', { code }, at);
    await tx.notify({
      toUserIds: await usersWithRole(tx.db, settings.consultApproverRole),
      titleKey: b.urgency === 'urgent' ? 'consult.msg.applyUrgent' : 'consult.msg.apply',
      params: { code },
      body: { consultId: id, screen: 'consult_approve' },
      senderId: session.userId,
    });
  });
  return { id, code };
}

export interface TransitionInput {
  expertIds?: string[];
  note?: string;
  reason?: string;
  scheduledAt?: number;
  room?: string;
  link?: string;
  opinion?: string;
  templateId?: string;
  score?: number;
  comment?: string;
}

/** One step of the state machine, checked (state, caller's part), written conditionally, recorded, announced. */
export async function transition(ctx: AppContext, session: SessionInfo, id: string, action: ConsultAction, input: TransitionInput) {
  const db = raw(ctx);
  const settings = await getConsultSettings(db);
  const row = await first<ConsultRow>(
    db,
    db
      .selectFrom('consult_requests as c')
      .select([...COLUMNS])
      .where('c.id', '=', id),
  );
  if (!row) throw notFound('consult.notFound');
  const experts = (await expertsOf(db, [id])).get(id) ?? [];
  const approver = await isApprover(ctx, db, session, settings);
  const actors = await actorsOf(db, row, session.userId, approver, experts);
  const scope = await healthScope(ctx, session);
  if (!actors.length && !orgInScope(scope, row.orgId)) throw notFound('consult.notFound');
  const check = consultTransition(row.state, action, actors);
  if (!check.ok) throw check.reason === 'state' ? conflict('consult.badState') : forbidden('consult.notYourStep');
  if (action === 'approve') {
    const ids = [...new Set(input.expertIds ?? [])];
    const found = await db.selectFrom('users').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).execute();
    if (found.length !== ids.length) throw badRequest('consult.unknownExpert');
  }
  if (action === 'schedule' && !input.room && !input.link) throw badRequest('consult.roomOrLink');
  if (action === 'schedule' && (input.scheduledAt ?? 0) < Number(row.createdAt)) throw badRequest('consult.scheduleBeforeApply');
  let templateTitle = '';
  if (action === 'opinion' && input.templateId) {
    const t = await db.selectFrom('consult_templates').select('title').where('id', '=', input.templateId).executeTakeFirst();
    if (!t) throw badRequest('consult.unknownTemplate');
    templateTitle = String(t.title);
  }
  const at = now();
  const to = check.to;
  const expertIds = action === 'approve' ? [...new Set(input.expertIds ?? [])] : experts.map((e) => e.id);
  await write(ctx, async (tx) => {
    const set: Record<string, unknown> = { state: to, updated_at: at };
    let note: string | null = input.note || null;
    if (action === 'approve') Object.assign(set, { approver_id: session.userId, approved_at: at });
    if (action === 'refuse') {
      Object.assign(set, { approver_id: session.userId, approved_at: at, refuse_reason: input.reason });
      note = input.reason!;
    }
    if (action === 'cancel') note = input.reason!;
    if (action === 'schedule') Object.assign(set, { scheduled_at: input.scheduledAt, room: input.room || null, link: input.link || null });
    if (action === 'hold') {
      // The charge follows the fee schedule in force when the consultation takes place.
      Object.assign(set, { held_at: at, fee: consultFee(settings, row.mode, row.urgency), fee_month: chargeMonth(at) });
    }
    if (action === 'opinion')
      Object.assign(set, { opinion: input.opinion, template_id: input.templateId || null, opinion_by: session.userId, opinion_at: at });
    if (action === 'evaluate') {
      Object.assign(set, { score: input.score, eval_comment: input.comment || null, evaluated_at: at });
      note = `${input.score}`;
    }
    const res = await tx.db.updateTable('consult_requests').set(set).where('id', '=', id).where('state', '=', row.state).executeTakeFirst();
    // Someone else moved it first (two approvers at once): nothing written.
    if (Number(res.numUpdatedRows) !== 1) throw conflict('consult.badState');
    if (action === 'approve') {
      await tx.db.deleteFrom('consult_experts').where('consult_id', '=', id).execute();
      await tx.db
        .insertInto('consult_experts')
        .values(expertIds.map((u) => ({ consult_id: id, user_id: u })))
        .execute();
    }
    await event(tx, id, action, row.state, to, session.userId, note, at);
    await timeline(tx, row, `consult.timeline.${action}`, { code: row.code, score: input.score ?? '', template: templateTitle }, at);
    const approvers = row.approverId ? [row.approverId] : await usersWithRole(tx.db, settings.consultApproverRole);
    const receivers: Record<ConsultAction, string[]> = {
      approve: [row.applicantId, ...expertIds],
      refuse: [row.applicantId],
      schedule: [row.applicantId, ...expertIds],
      hold: expertIds,
      opinion: [row.applicantId],
      evaluate: [...expertIds, ...approvers],
      cancel: [...expertIds, ...approvers],
    };
    await tx.notify({
      toUserIds: receivers[action],
      titleKey: `consult.msg.${action}`,
      params: { code: row.code },
      body: { consultId: id, screen: action === 'opinion' ? 'remote_meeting_list' : 'consult_query' },
      senderId: session.userId,
    });
  });
  return { state: to };
}

/** Charges by unit and month (held consultations), summed in SQL; the caller's scope only. */
export async function charges(ctx: AppContext, session: SessionInfo, q: { month: string; orgId: string }) {
  const db = raw(ctx);
  const scope = await healthScope(ctx, session);
  let base = db
    .selectFrom('consult_requests as c')
    .leftJoin('organizations as o', 'o.id', 'c.org_id')
    .where('c.fee_month', 'is not', null)
    .where(inScope(scope, 'c.org_id'));
  if (q.month) base = base.where('c.fee_month', '=', q.month);
  if (q.orgId) base = base.where('c.org_id', '=', q.orgId);
  const rows = await all<{
    orgId: string | null;
    orgName: string | null;
    month: string;
    mode: string;
    urgency: string;
    n: unknown;
    amount: unknown;
  }>(
    db,
    base
      .select((eb) => [
        'c.org_id as orgId',
        'o.full_name as orgName',
        'c.fee_month as month',
        'c.mode as mode',
        'c.urgency as urgency',
        eb.fn.countAll().as('n'),
        eb.fn.sum('c.fee').as('amount'),
      ])
      .groupBy(['c.org_id', 'o.full_name', 'c.fee_month', 'c.mode', 'c.urgency'])
      .orderBy('c.fee_month', 'desc')
      .orderBy('o.full_name'),
  );
  // One line per unit and month; the mode/urgency split stays as detail.
  const lines = new Map<
    string,
    {
      orgId: string | null;
      orgName: string | null;
      month: string;
      count: number;
      amount: number;
      detail: { mode: string; urgency: string; count: number; amount: number }[];
    }
  >();
  for (const r of rows) {
    const key = `${r.month}|${r.orgId}`;
    const line = lines.get(key) ?? { orgId: r.orgId, orgName: r.orgName, month: r.month, count: 0, amount: 0, detail: [] };
    const n = Number(r.n);
    const amount = Number(r.amount ?? 0);
    line.count += n;
    line.amount += amount;
    line.detail.push({ mode: r.mode, urgency: r.urgency, count: n, amount });
    lines.set(key, line);
  }
  const list = [...lines.values()];
  return { list, total: { count: list.reduce((s, l) => s + l.count, 0), amount: list.reduce((s, l) => s + l.amount, 0) } };
}

/** Evaluations by expert: number of evaluated consultations and the average score, in the caller's scope. */
export async function evaluationsByExpert(ctx: AppContext, session: SessionInfo) {
  const db = raw(ctx);
  const scope = await healthScope(ctx, session);
  const rows = await all<{ userId: string; realName: string; deptName: string | null; n: unknown; total: unknown }>(
    db,
    db
      .selectFrom('consult_requests as c')
      .innerJoin('consult_experts as e', 'e.consult_id', 'c.id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('organizations as o', 'o.id', 'u.organize_id')
      .where('c.state', '=', 'evaluated')
      .where(inScope(scope, 'c.org_id'))
      .select((eb) => [
        'u.id as userId',
        'u.real_name as realName',
        'o.full_name as deptName',
        eb.fn.countAll().as('n'),
        eb.fn.sum('c.score').as('total'),
      ])
      .groupBy(['u.id', 'u.real_name', 'o.full_name'])
      .orderBy('u.real_name'),
  );
  return rows.map((r) => ({
    userId: r.userId,
    realName: r.realName,
    deptName: r.deptName,
    count: Number(r.n),
    average: Number(r.n) ? Math.round((Number(r.total) / Number(r.n)) * 100) / 100 : null,
  }));
}
