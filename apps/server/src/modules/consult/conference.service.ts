import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  conferenceProblem,
  conferenceTransition,
  type ConferenceAction,
  type ConferenceActor,
  type conferenceBody,
  type conferenceListBody,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { all, first } from '../health/plans/rows.ts';
import { callerUnit } from '../health/privacy/scope.ts';
import { grantsOf, holdsAny, holdsRole, usersWithRole } from './access.ts';
import { raw } from './consult.service.ts';
import { getConsultSettings } from './settings.ts';
import { write, type Tx } from './transaction.ts';

/**
 * Conferences (issue 19): applied for (conference_apply), approved or refused
 * by the approving role of the flow settings, managed (time, place or link,
 * agenda, attachments, participants by organisation, role or user: expanded to
 * users when saved), announced to participants, signed in to once each,
 * minuted, followed up (items with owner and done state) and rated by those
 * who attended.
 */

/** Participants may sign in from half an hour before the start until the end. */
export const SIGNIN_EARLY_MS = 30 * 60_000;

type Body = z.output<typeof conferenceBody>;
type ListQuery = z.output<typeof conferenceListBody>;

interface ConfRow {
  id: string;
  title: string;
  mode: string;
  startAt: unknown;
  endAt: unknown;
  place: string | null;
  link: string | null;
  agenda: string | null;
  targets: string | null;
  attachments: string | null;
  minutes: string | null;
  state: string;
  orgId: string | null;
  applicantId: string;
  approverId: string | null;
  refuseReason: string | null;
  createdAt: unknown;
}

const COLUMNS = [
  'f.id as id',
  'f.title as title',
  'f.mode as mode',
  'f.start_at as startAt',
  'f.end_at as endAt',
  'f.place as place',
  'f.link as link',
  'f.agenda as agenda',
  'f.targets as targets',
  'f.attachments as attachments',
  'f.minutes as minutes',
  'f.state as state',
  'f.org_id as orgId',
  'f.applicant_id as applicantId',
  'f.approver_id as approverId',
  'f.refuse_reason as refuseReason',
  'f.created_at as createdAt',
] as const;

const json = <T>(v: unknown, fallback: T): T => {
  try {
    return v ? (JSON.parse(String(v)) as T) : fallback;
  } catch {
    return fallback;
  }
};

async function isApprover(ctx: AppContext, db: Kysely<any>, session: SessionInfo): Promise<boolean> {
  if (session.isAdministrator) return true;
  const g = await grantsOf(ctx, session);
  const settings = await getConsultSettings(db);
  return holdsAny(g, ['conference_manage']) && (await holdsRole(db, session.userId, settings.conferenceApproverRole));
}

/** Users of the organisations (with their subtrees), the roles and the named users: the participant list. */
async function expandParticipants(db: Kysely<any>, b: Body): Promise<string[]> {
  const problem = conferenceProblem(b);
  if (problem) throw badRequest(problem);
  const ids = new Set<string>();
  if (b.userIds.length) {
    const rows = await db.selectFrom('users').select('id').where('id', 'in', b.userIds).where('enabled_mark', '=', 1).execute();
    if (rows.length !== new Set(b.userIds).size) throw badRequest('conference.unknownUser');
    for (const r of rows) ids.add(String(r.id));
  }
  if (b.orgIds.length) {
    const orgs = await all<{ id: string; idPath: string | null }>(db, db.selectFrom('organizations').select(['id', 'id_path as idPath']));
    const chosen = orgs.filter((o) => b.orgIds.includes(o.id));
    if (chosen.length !== new Set(b.orgIds).size) throw badRequest('conference.unknownOrg');
    const subtree = orgs
      .filter((o) => chosen.some((c) => o.id === c.id || (o.idPath ?? '').startsWith(`${c.idPath ?? c.id},`)))
      .map((o) => o.id);
    const users = await db.selectFrom('users').select('id').where('organize_id', 'in', subtree).where('enabled_mark', '=', 1).execute();
    for (const u of users) ids.add(String(u.id));
  }
  if (b.roleIds.length) {
    const roles = await db.selectFrom('roles').select('id').where('id', 'in', b.roleIds).execute();
    if (roles.length !== new Set(b.roleIds).size) throw badRequest('conference.unknownRole');
    const users = await db
      .selectFrom('user_relations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('u.id as id')
      .where('r.object_type', '=', 'Role')
      .where('r.object_id', 'in', b.roleIds)
      .where('u.enabled_mark', '=', 1)
      .execute();
    for (const u of users) ids.add(String(u.id));
  }
  if (!ids.size) throw badRequest('conference.noParticipants');
  if (ids.size > 2000) throw badRequest('conference.tooManyParticipants');
  return [...ids];
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
    .insertInto('conference_events')
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

async function setParticipants(tx: Tx, id: string, userIds: string[]): Promise<string[]> {
  const existing = (
    await tx.db.selectFrom('conference_participants').select('user_id as userId').where('conference_id', '=', id).execute()
  ).map((r) => String(r.userId));
  const keep = new Set(userIds);
  // Those who signed in or rated stay on the attendance list even when no longer invited.
  const drop = existing.filter((u) => !keep.has(u));
  if (drop.length)
    await tx.db
      .deleteFrom('conference_participants')
      .where('conference_id', '=', id)
      .where('user_id', 'in', drop)
      .where('signed_at', 'is', null)
      .execute();
  const added = userIds.filter((u) => !existing.includes(u));
  for (let i = 0; i < added.length; i += 300)
    await tx.db
      .insertInto('conference_participants')
      .values(added.slice(i, i + 300).map((u) => ({ conference_id: id, user_id: u })))
      .execute();
  return added;
}

/** An application: pending until the approving role decides; the approvers are told. */
export async function applyConference(ctx: AppContext, session: SessionInfo, b: Body): Promise<{ id: string }> {
  const db = raw(ctx);
  const users = await expandParticipants(db, b);
  const settings = await getConsultSettings(db);
  const { unitId } = await callerUnit(ctx, session.userId);
  const at = now();
  const id = newId();
  await write(ctx, async (tx) => {
    await tx.db
      .insertInto('conferences')
      .values({
        id,
        title: b.title,
        mode: b.mode,
        start_at: b.startAt,
        end_at: b.endAt,
        place: b.place || null,
        link: b.link || null,
        agenda: b.agenda || null,
        targets: JSON.stringify({ orgIds: b.orgIds, roleIds: b.roleIds, userIds: b.userIds }),
        attachments: JSON.stringify(b.attachments),
        state: 'pending',
        org_id: unitId,
        applicant_id: session.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await setParticipants(tx, id, users);
    await event(tx, id, 'apply', null, 'pending', session.userId, null, at);
    await tx.notify({
      toUserIds: await usersWithRole(tx.db, settings.conferenceApproverRole),
      titleKey: 'conference.msg.apply',
      params: { title: b.title },
      body: { conferenceId: id, screen: 'conference_apply' },
      senderId: session.userId,
    });
  });
  return { id };
}

async function load(db: Kysely<any>, id: string): Promise<ConfRow> {
  const row = await first<ConfRow>(
    db,
    db
      .selectFrom('conferences as f')
      .select([...COLUMNS])
      .where('f.id', '=', id),
  );
  if (!row) throw notFound('conference.notFound');
  return row;
}

async function participantIds(db: Kysely<any>, id: string): Promise<string[]> {
  return (await db.selectFrom('conference_participants').select('user_id as userId').where('conference_id', '=', id).execute()).map((r) =>
    String(r.userId),
  );
}

/** The caller's parts: applicant, approver; participants and conference managers may read. */
async function partsOf(ctx: AppContext, db: Kysely<any>, session: SessionInfo, row: ConfRow) {
  const actors: ConferenceActor[] = [];
  if (row.applicantId === session.userId) actors.push('applicant');
  if (await isApprover(ctx, db, session)) actors.push('approver');
  const participant = !!(await db
    .selectFrom('conference_participants')
    .select('user_id')
    .where('conference_id', '=', row.id)
    .where('user_id', '=', session.userId)
    .executeTakeFirst());
  const manager = holdsAny(await grantsOf(ctx, session), ['conference_manage']);
  return { actors, participant, manager };
}

/** Edit time, place, agenda, attachments and participants while pending or approved; new participants and changes are announced. */
export async function updateConference(ctx: AppContext, session: SessionInfo, id: string, b: Body) {
  const db = raw(ctx);
  const row = await load(db, id);
  const { actors } = await partsOf(ctx, db, session, row);
  if (!actors.length) throw forbidden('conference.notYours');
  if (!['pending', 'approved'].includes(row.state)) throw conflict('conference.badState');
  const users = await expandParticipants(db, b);
  const at = now();
  await write(ctx, async (tx) => {
    const res = await tx.db
      .updateTable('conferences')
      .set({
        title: b.title,
        mode: b.mode,
        start_at: b.startAt,
        end_at: b.endAt,
        place: b.place || null,
        link: b.link || null,
        agenda: b.agenda || null,
        targets: JSON.stringify({ orgIds: b.orgIds, roleIds: b.roleIds, userIds: b.userIds }),
        attachments: JSON.stringify(b.attachments),
        updated_at: at,
      })
      .where('id', '=', id)
      .where('state', '=', row.state)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('conference.badState');
    await setParticipants(tx, id, users);
    await event(tx, id, 'edit', row.state, row.state, session.userId, null, at);
    // Participants hear of it only once the conference is approved.
    if (row.state === 'approved')
      await tx.notify({
        toUserIds: users,
        titleKey: 'conference.msg.changed',
        params: { title: b.title },
        body: { conferenceId: id, screen: 'remote_meeting_list' },
        senderId: session.userId,
      });
  });
}

/** approve / refuse / finish / cancel, checked against the contract's state machine. */
export async function conferenceAction(ctx: AppContext, session: SessionInfo, id: string, action: ConferenceAction, reason?: string) {
  const db = raw(ctx);
  const row = await load(db, id);
  const { actors } = await partsOf(ctx, db, session, row);
  const check = conferenceTransition(row.state, action, actors);
  if (!check.ok) throw check.reason === 'state' ? conflict('conference.badState') : forbidden('conference.notYours');
  const at = now();
  const participants = await participantIds(db, id);
  await write(ctx, async (tx) => {
    const set: Record<string, unknown> = { state: check.to, updated_at: at };
    if (action === 'approve' || action === 'refuse') set.approver_id = session.userId;
    if (action === 'refuse') set.refuse_reason = reason;
    const res = await tx.db.updateTable('conferences').set(set).where('id', '=', id).where('state', '=', row.state).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('conference.badState');
    await event(tx, id, action, row.state, check.to, session.userId, reason ?? null, at);
    const to = action === 'refuse' ? [row.applicantId] : action === 'approve' ? [row.applicantId, ...participants] : participants;
    if (action !== 'finish')
      await tx.notify({
        toUserIds: to,
        titleKey: `conference.msg.${action}`,
        params: { title: row.title },
        body: { conferenceId: id, screen: action === 'approve' ? 'remote_meeting_list' : 'conference_apply' },
        senderId: session.userId,
      });
  });
  return { state: check.to };
}

/** A participant signs in once, from half an hour before the start to the end of an approved conference. */
export async function signIn(ctx: AppContext, session: SessionInfo, id: string) {
  const db = raw(ctx);
  const row = await load(db, id);
  const { participant } = await partsOf(ctx, db, session, row);
  if (!participant) throw forbidden('conference.notParticipant');
  if (row.state !== 'approved') throw conflict('conference.badState');
  const at = now();
  if (at < Number(row.startAt) - SIGNIN_EARLY_MS || at > Number(row.endAt)) throw conflict('conference.signInClosed');
  const res = await db
    .updateTable('conference_participants')
    .set({ signed_at: at })
    .where('conference_id', '=', id)
    .where('user_id', '=', session.userId)
    .where('signed_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('conference.alreadySigned');
  return { signedAt: at };
}

/** A participant who attended rates the meeting once (1–5 and a comment), after it started. */
export async function rate(ctx: AppContext, session: SessionInfo, id: string, score: number, comment: string) {
  const db = raw(ctx);
  const row = await load(db, id);
  if (!['approved', 'finished'].includes(row.state) || now() < Number(row.startAt)) throw conflict('conference.badState');
  const res = await db
    .updateTable('conference_participants')
    .set({ score, comment: comment || null, rated_at: now() })
    .where('conference_id', '=', id)
    .where('user_id', '=', session.userId)
    .where('signed_at', 'is not', null)
    .where('rated_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('conference.cannotRate');
}

async function requireManager(ctx: AppContext, db: Kysely<any>, session: SessionInfo, row: ConfRow) {
  const { actors } = await partsOf(ctx, db, session, row);
  if (!actors.length) throw forbidden('conference.notYours');
}

export async function saveMinutes(ctx: AppContext, session: SessionInfo, id: string, minutes: string) {
  const db = raw(ctx);
  const row = await load(db, id);
  await requireManager(ctx, db, session, row);
  if (!['approved', 'finished'].includes(row.state)) throw conflict('conference.badState');
  await db.updateTable('conferences').set({ minutes, updated_at: now() }).where('id', '=', id).execute();
}

export async function addItem(ctx: AppContext, session: SessionInfo, id: string, b: { content: string; ownerId: string; dueAt?: number }) {
  const db = raw(ctx);
  const row = await load(db, id);
  await requireManager(ctx, db, session, row);
  if (!['approved', 'finished'].includes(row.state)) throw conflict('conference.badState');
  const owner = await db.selectFrom('users').select('id').where('id', '=', b.ownerId).where('enabled_mark', '=', 1).executeTakeFirst();
  if (!owner) throw badRequest('conference.unknownUser');
  const itemId = newId();
  await write(ctx, async (tx) => {
    await tx.db
      .insertInto('conference_items')
      .values({ id: itemId, conference_id: id, content: b.content, owner_id: b.ownerId, due_at: b.dueAt ?? null, created_at: now() })
      .execute();
    await tx.notify({
      toUserIds: [b.ownerId],
      titleKey: 'conference.msg.item',
      params: { title: row.title },
      body: { conferenceId: id, screen: 'remote_meeting_list' },
      senderId: session.userId,
    });
  });
  return { id: itemId };
}

/** The owner or a manager of the conference marks an item done (or open again). */
export async function setItemDone(ctx: AppContext, session: SessionInfo, itemId: string, done: boolean) {
  const db = raw(ctx);
  const item = await first<{ conferenceId: string; ownerId: string }>(
    db,
    db.selectFrom('conference_items').select(['conference_id as conferenceId', 'owner_id as ownerId']).where('id', '=', itemId),
  );
  if (!item) throw notFound('conference.itemNotFound');
  if (item.ownerId !== session.userId) await requireManager(ctx, db, session, await load(db, item.conferenceId));
  await db
    .updateTable('conference_items')
    .set({ done_at: done ? now() : null, done_by: done ? session.userId : null })
    .where('id', '=', itemId)
    .execute();
}

function present(r: ConfRow & Record<string, unknown>, userId: string) {
  return {
    id: r.id,
    title: r.title,
    mode: r.mode,
    startAt: Number(r.startAt),
    endAt: Number(r.endAt),
    place: r.place ?? '',
    link: r.link ?? '',
    agenda: r.agenda ?? '',
    targets: json(r.targets, { orgIds: [], roleIds: [], userIds: [] }),
    attachments: json<unknown[]>(r.attachments, []),
    minutes: r.minutes ?? '',
    state: r.state,
    orgName: (r.orgName as string | null) ?? null,
    applicantId: r.applicantId,
    applicantName: (r.applicantName as string | null) ?? null,
    refuseReason: r.refuseReason,
    createdAt: Number(r.createdAt),
    participants: Number(r.participants ?? 0),
    signed: Number(r.signed ?? 0),
    mine: r.applicantId === userId,
    mySignedAt: r.mySignedAt === null || r.mySignedAt === undefined ? null : Number(r.mySignedAt),
    myRatedAt: r.myRatedAt === null || r.myRatedAt === undefined ? null : Number(r.myRatedAt),
    invited: r.invited === 1 || r.invited === '1' || r.invited === true || Number(r.invited) === 1,
  };
}
export type ConferenceView = ReturnType<typeof present>;

function listQuery(db: Kysely<any>, userId: string) {
  return db
    .selectFrom('conferences as f')
    .leftJoin('organizations as o', 'o.id', 'f.org_id')
    .leftJoin('users as ua', 'ua.id', 'f.applicant_id')
    .leftJoin('conference_participants as me', (j) => j.onRef('me.conference_id', '=', 'f.id').on('me.user_id', '=', userId));
}

/** mine (I applied), approve (pending, for approvers), attend (I am invited, approved or finished), all (managers). */
export async function listConferences(ctx: AppContext, session: SessionInfo, q: ListQuery) {
  const db = raw(ctx);
  const me = session.userId;
  let base = listQuery(db, me);
  if (q.box === 'mine') base = base.where('f.applicant_id', '=', me);
  else if (q.box === 'approve') {
    if (!(await isApprover(ctx, db, session))) throw forbidden();
    base = base.where('f.state', '=', 'pending');
  } else if (q.box === 'attend') base = base.where('me.user_id', 'is not', null).where('f.state', 'in', ['approved', 'finished']);
  else if (!holdsAny(await grantsOf(ctx, session), ['conference_manage'])) throw forbidden();
  if (q.state) base = base.where('f.state', '=', q.state);
  if (q.keyword) base = base.where('f.title', 'like', `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const total = await first<{ n: unknown }>(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  const rows = await all<ConfRow & Record<string, unknown>>(
    db,
    base
      .select((eb) => [
        ...COLUMNS,
        'o.full_name as orgName',
        'ua.real_name as applicantName',
        'me.signed_at as mySignedAt',
        'me.rated_at as myRatedAt',
        eb.case().when('me.user_id', 'is not', null).then(1).else(0).end().as('invited'),
        eb
          .selectFrom('conference_participants as p')
          .select((e2) => e2.fn.countAll().as('n'))
          .whereRef('p.conference_id', '=', 'f.id')
          .as('participants'),
        eb
          .selectFrom('conference_participants as p')
          .select((e2) => e2.fn.countAll().as('n'))
          .whereRef('p.conference_id', '=', 'f.id')
          .where('p.signed_at', 'is not', null)
          .as('signed'),
      ])
      .orderBy('f.start_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  return {
    list: rows.map((r) => present(r, me)),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}

/** One conference with its attendance list, items, ratings and history; for its applicant, approvers, managers and participants. */
export async function getConference(ctx: AppContext, session: SessionInfo, id: string) {
  const db = raw(ctx);
  const row = await load(db, id);
  const parts = await partsOf(ctx, db, session, row);
  if (!parts.actors.length && !parts.participant && !parts.manager) throw notFound('conference.notFound');
  const full = await first<ConfRow & Record<string, unknown>>(
    db,
    listQuery(db, session.userId)
      .select((eb) => [
        ...COLUMNS,
        'o.full_name as orgName',
        'ua.real_name as applicantName',
        'me.signed_at as mySignedAt',
        'me.rated_at as myRatedAt',
        eb.case().when('me.user_id', 'is not', null).then(1).else(0).end().as('invited'),
      ])
      .where('f.id', '=', id),
  );
  const attendance = await all<{
    userId: string;
    realName: string;
    orgName: string | null;
    signedAt: unknown;
    score: unknown;
    comment: string | null;
  }>(
    db,
    db
      .selectFrom('conference_participants as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('organizations as o', 'o.id', 'u.organize_id')
      .select([
        'p.user_id as userId',
        'u.real_name as realName',
        'o.full_name as orgName',
        'p.signed_at as signedAt',
        'p.score as score',
        'p.comment as comment',
      ])
      .where('p.conference_id', '=', id)
      .orderBy('o.full_name')
      .orderBy('u.real_name'),
  );
  const items = await all<{ id: string; content: string; ownerId: string; ownerName: string | null; dueAt: unknown; doneAt: unknown }>(
    db,
    db
      .selectFrom('conference_items as i')
      .leftJoin('users as u', 'u.id', 'i.owner_id')
      .select([
        'i.id as id',
        'i.content as content',
        'i.owner_id as ownerId',
        'u.real_name as ownerName',
        'i.due_at as dueAt',
        'i.done_at as doneAt',
      ])
      .where('i.conference_id', '=', id)
      .orderBy('i.created_at'),
  );
  const events = await all<{ action: string; toState: string; note: string | null; at: unknown; userName: string | null }>(
    db,
    db
      .selectFrom('conference_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.action as action', 'e.to_state as toState', 'e.note as note', 'e.at as at', 'u.real_name as userName'])
      .where('e.subject_id', '=', id)
      .orderBy('e.at')
      .orderBy('e.id'),
  );
  const ratings = attendance.filter((a) => a.score !== null && a.score !== undefined).map((a) => Number(a.score));
  const actions = (['approve', 'refuse', 'finish', 'cancel'] as ConferenceAction[]).filter(
    (a) => conferenceTransition(row.state, a, parts.actors).ok,
  );
  const nums = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...present(full!, session.userId),
    participants: attendance.length,
    signed: attendance.filter((a) => a.signedAt !== null && a.signedAt !== undefined).length,
    attendance: attendance.map((a) => ({ ...a, signedAt: nums(a.signedAt), score: nums(a.score) })),
    items: items.map((i) => ({ ...i, dueAt: nums(i.dueAt), doneAt: nums(i.doneAt) })),
    events: events.map((e) => ({ ...e, at: Number(e.at) })),
    rating: {
      count: ratings.length,
      average: ratings.length ? Math.round((ratings.reduce((s, x) => s + x, 0) / ratings.length) * 100) / 100 : null,
    },
    actions,
    canManage: parts.actors.length > 0,
  };
}
