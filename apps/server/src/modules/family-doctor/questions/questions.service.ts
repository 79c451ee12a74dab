import { maskName, maskPhone, type FdQuestionListQuery, type FdQuestionRow, type FdQuestionStatus } from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { all, first } from '../../health/plans/rows.ts';
import { inScope, orgInScope } from '../../health/privacy/scope.ts';
import { rawDb, type FdCaller } from '../teams/access.ts';
import '../teams/messages.ts';

/**
 * Residents' questions to their family-doctor team and the team's answers
 * (question_list). A question is seen by the team's unit (scope) and the
 * team's members; residents' names and phones are masked in the list.
 */
const RESIDENTS = 'lc_health_resident';

/** Questions of teams the caller sees (the team's unit in scope, or the caller is a member). */
function visible(db: Kysely<any>, caller: FdCaller) {
  return db
    .selectFrom('fd_questions as q')
    .innerJoin('fd_teams as t', 't.id', 'q.team_id')
    .where((eb) =>
      eb.or([
        inScope(caller.scope, 't.org_id'),
        eb.exists(
          eb
            .selectFrom('fd_team_members as me')
            .select('me.id')
            .whereRef('me.team_id', '=', 'q.team_id')
            .where('me.user_id', '=', caller.userId),
        ),
      ]),
    );
}

export async function listQuestions(ctx: AppContext, caller: FdCaller, q: FdQuestionListQuery) {
  const db = rawDb(ctx);
  let base = visible(db, caller);
  if (q.status) base = base.where('q.status', '=', q.status);
  if (q.teamId) base = base.where('q.team_id', '=', q.teamId);
  if (q.askedFrom !== undefined) base = base.where('q.asked_at', '>=', q.askedFrom);
  if (q.askedTo !== undefined) base = base.where('q.asked_at', '<=', q.askedTo);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`(q.title like ${like} escape '\\' or q.content like ${like} escape '\\')`);
  }
  const total = await first(
    db,
    base.select((eb) => eb.fn.countAll().as('n')),
  );
  const rows = await all(
    db,
    base
      .leftJoin(`${RESIDENTS} as r`, 'r.id', 'q.resident_id')
      .leftJoin('users as a', 'a.id', 'q.answered_by')
      .selectAll('q')
      .select([
        't.name as team_name',
        sql.ref('r.fullName').as('full_name'),
        sql.ref('r.phone').as('phone'),
        'a.real_name as answered_by_name',
      ])
      .orderBy('q.asked_at', q.sort)
      .orderBy('q.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const counts = await all(
    db,
    visible(db, caller)
      .select(['q.status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('q.status'),
  );
  return {
    list: rows.map(toRow),
    counts: Object.fromEntries(counts.map((c) => [String(c.status), Number(c.n)])),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}

function toRow(r: Record<string, any>): FdQuestionRow {
  return {
    id: String(r.id),
    residentId: String(r.resident_id),
    fullName: maskName(r.full_name ?? ''),
    phone: maskPhone(r.phone ?? ''),
    teamId: String(r.team_id),
    teamName: r.team_name ?? null,
    title: String(r.title),
    content: String(r.content),
    askedAt: Number(r.asked_at),
    answer: r.answer ?? null,
    answeredBy: r.answered_by ?? null,
    answeredByName: r.answered_by_name ?? null,
    answeredAt: r.answered_at === null || r.answered_at === undefined ? null : Number(r.answered_at),
    status: r.status as FdQuestionStatus,
  };
}

/** The question, when the caller may act on it: a member of its team, or the team's unit is in their scope. */
async function question(ctx: AppContext, caller: FdCaller, id: string) {
  const db = rawDb(ctx);
  const row = await first(db, visible(db, caller).select(['q.id', 'q.status', 'q.team_id']).where('q.id', '=', id));
  if (!row) throw notFound();
  return row;
}

export async function askQuestion(
  ctx: AppContext,
  caller: FdCaller,
  b: { residentId: string; teamId: string; title: string; content: string },
) {
  const db = rawDb(ctx);
  const team = await first(db, db.selectFrom('fd_teams').select(['id', 'org_id', 'status']).where('id', '=', b.teamId));
  if (!team || team.status !== 'active') throw badRequest('fdt.badTeam');
  const member = await first(
    db,
    db.selectFrom('fd_team_members').select('id').where('team_id', '=', b.teamId).where('user_id', '=', caller.userId),
  );
  if (!member && !orgInScope(caller.scope, String(team.org_id))) throw forbidden('fdt.outOfScope');
  const resident = await first(db, db.selectFrom(RESIDENTS).select('id').where('id', '=', b.residentId));
  if (!resident) throw badRequest('fdt.badResident');
  const contract = await first(
    db,
    db
      .selectFrom('fd_contracts')
      .select('id')
      .where('resident_id', '=', b.residentId)
      .where('team_id', '=', b.teamId)
      .where('status', 'in', ['signed', 'renewed', 'pending'])
      .limit(1),
  );
  const id = newId();
  await db
    .insertInto('fd_questions')
    .values({
      id,
      resident_id: b.residentId,
      contract_id: contract?.id ?? null,
      team_id: b.teamId,
      title: b.title,
      content: b.content,
      asked_at: now(),
      status: 'open',
    })
    .execute();
  return id;
}

/** Answering (or correcting the answer of) an open or answered question; a closed one is refused. */
export async function answerQuestion(ctx: AppContext, caller: FdCaller, id: string, answer: string) {
  await question(ctx, caller, id);
  const r = await rawDb(ctx)
    .updateTable('fd_questions')
    .set({ answer, answered_by: caller.userId, answered_at: now(), status: 'answered' })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'answered'])
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('fdt.questionClosed');
}

/** Close a question (no answer needed: a duplicate, answered by phone) or reopen a closed one. */
export async function setQuestionStatus(ctx: AppContext, caller: FdCaller, id: string, status: 'open' | 'closed') {
  const q = await question(ctx, caller, id);
  const from = status === 'closed' ? ['open', 'answered'] : ['closed'];
  if (!from.includes(String(q.status))) throw conflict('fdt.questionState');
  await rawDb(ctx).updateTable('fd_questions').set({ status }).where('id', '=', id).where('status', '=', q.status).execute();
}
