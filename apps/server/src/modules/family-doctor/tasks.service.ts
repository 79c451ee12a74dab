import { sql, type Kysely } from 'kysely';
import {
  fdPlanTasks,
  fdShownTaskStatus,
  type FdPackageOption,
  type FdTaskListQuery,
  type FdTaskRow,
  type FdTaskStatus,
} from '@medalliance/contract';
import { badRequest, notFound, forbidden } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { all, first } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { fdVisible, rowVisible, type Caller } from './caller.ts';

/**
 * Service-plan tasks (计划): generated from the package over the term,
 * closed by a public-health form (form-hooks.ts), a service record, or the
 * doctor (失访 / 未访), and by the contract's end (解约) or the archive's
 * cancellation (档案注销).
 */

const DAY = 86_400_000;

export interface TaskOwner {
  contractId: string;
  residentId: string;
  teamId: string;
  doctorId: string;
  orgId: string;
}

/** Inserts the package's tasks of [start, end] whose plan date is on or after `from` (all when omitted). */
export async function generateTasks(
  db: Kysely<any>,
  o: TaskOwner,
  pkg: FdPackageOption,
  t: { start: number; end: number; years: number; from?: number },
): Promise<number> {
  const planned = fdPlanTasks(
    t.start,
    t.end,
    t.years,
    pkg.items.map((i) => ({ itemId: i.itemId, times: i.times })),
  ).filter((p) => t.from === undefined || p.planDate >= t.from);
  const rows = planned.map((p) => ({
    id: newId(),
    contract_id: o.contractId,
    item_id: p.itemId,
    seq: p.seq,
    plan_date: p.planDate,
    due_date: p.dueDate,
    status: '0',
    resident_id: o.residentId,
    team_id: o.teamId,
    doctor_id: o.doctorId,
    org_id: o.orgId,
  }));
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('fd_tasks')
      .values(rows.slice(i, i + 50))
      .execute();
  return rows.length;
}

/** Closes a contract's open tasks with a final state (8 解约, 9 档案注销). */
export async function closeOpenTasks(db: Kysely<any>, contractId: string, status: '8' | '9', at: number): Promise<void> {
  await db
    .updateTable('fd_tasks')
    .set({ status, updated_at: at })
    .where('contract_id', '=', contractId)
    .where('status', '=', '0')
    .execute();
}

/** Open tasks of residents whose archive was cancelled become 档案注销 (the archive screens write the archive directly). */
export async function syncCancelledArchives(db: Kysely<any>, at: number): Promise<number> {
  const r = await db
    .updateTable('fd_tasks')
    .set({ status: '9', updated_at: at })
    .where('status', '=', '0')
    .where('resident_id', 'in', (eb: any) => eb.selectFrom(RESIDENT_TABLE).select('id').where('archiveState', '=', 2))
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * Marks the resident's earliest open task of an item proved by `formCode`
 * (whose window opened by the form's date) 已做, linking the form's record.
 * Answers the task id, or null when none matched.
 */
export async function completeByForm(
  db: Kysely<any>,
  f: { residentId: string; formCode: string; recordId: string; date: number; at: number },
): Promise<string | null> {
  const already = await first(
    db,
    db.selectFrom('fd_tasks').select('id').where('source_form', '=', f.formCode).where('source_record_id', '=', f.recordId),
  );
  if (already) return String(already.id);
  const task = await first(
    db,
    db
      .selectFrom('fd_tasks as t')
      .innerJoin('fd_service_items as i', 'i.id', 't.item_id')
      .select('t.id')
      .where('t.resident_id', '=', f.residentId)
      .where('t.status', '=', '0')
      .where('i.form_code', '=', f.formCode)
      .where('t.plan_date', '<=', f.date)
      .orderBy('t.due_date')
      .orderBy('t.seq')
      .limit(1),
  );
  if (!task) return null;
  await db
    .updateTable('fd_tasks')
    .set({ status: '1', done_at: f.date, source_form: f.formCode, source_record_id: f.recordId, updated_at: f.at })
    .where('id', '=', task.id)
    .where('status', '=', '0')
    .execute();
  return String(task.id);
}

/** A deleted form record takes back the task it completed. */
export async function reopenByForm(db: Kysely<any>, formCode: string, recordIds: string[], at: number): Promise<void> {
  if (!recordIds.length) return;
  await db
    .updateTable('fd_tasks')
    .set({ status: '0', done_at: null, source_form: null, source_record_id: null, updated_at: at })
    .where('source_form', '=', formCode)
    .where('source_record_id', 'in', recordIds)
    .where('status', '=', '1')
    .execute();
}

export async function taskInScope(db: Kysely<any>, caller: Caller, id: string) {
  const t = await first(db, db.selectFrom('fd_tasks').selectAll().where('id', '=', id));
  if (!t) throw notFound();
  if (!(await rowVisible(db, caller.scope, String(t.org_id), String(t.resident_id)))) throw forbidden();
  return t;
}

/** 失访 / 未访 by the doctor: only an open task. */
export async function markTask(db: Kysely<any>, caller: Caller, id: string, status: '2' | '3', note: string, at: number) {
  await taskInScope(db, caller, id);
  const r = await db
    .updateTable('fd_tasks')
    .set({ status, note: note || null, done_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', '0')
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw badRequest('fd.taskClosed');
}

/** Stored-status condition of a shown status (4 过访 = open and past due; 0 未做 = open and not yet due). */
function statusCondition(status: FdTaskStatus | '', at: number) {
  const dueEnded = at - DAY;
  if (status === '4') return sql<boolean>`t.status = '0' and t.due_date <= ${dueEnded}`;
  if (status === '0') return sql<boolean>`t.status = '0' and t.due_date > ${dueEnded}`;
  if (status) return sql<boolean>`t.status = ${status}`;
  return sql<boolean>`1 = 1`;
}

export async function taskList(
  db: Kysely<any>,
  caller: Caller,
  q: FdTaskListQuery & { teamIds?: string[] },
  at: number,
): Promise<{ list: FdTaskRow[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  let base = db
    .selectFrom('fd_tasks as t')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 't.resident_id')
    .where(fdVisible(caller.scope, 't.org_id'))
    .where(statusCondition(q.status, at)) as any;
  if (q.teamIds) base = base.where('t.team_id', 'in', q.teamIds.length ? q.teamIds : ['']);
  if (q.contractId) base = base.where('t.contract_id', '=', q.contractId);
  if (q.dueFrom !== undefined) base = base.where('t.due_date', '>=', q.dueFrom);
  if (q.dueTo !== undefined) base = base.where('t.due_date', '<=', q.dueTo);
  if (q.keyword) base = base.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(q.keyword)} escape '\\'`);
  const total = await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst();
  const col = q.sidx === 'planDate' ? 't.plan_date' : 't.due_date';
  const rows = await all(
    db,
    base
      .innerJoin('fd_contracts as c', 'c.id', 't.contract_id')
      .leftJoin('fd_service_items as i', 'i.id', 't.item_id')
      .leftJoin('users as u', 'u.id', 't.doctor_id')
      .select([
        't.id',
        't.contract_id',
        'c.contract_no',
        't.item_id',
        'i.name as item_name',
        'i.form_code',
        't.seq',
        't.plan_date',
        't.due_date',
        't.status',
        't.done_at',
        't.resident_id',
        'u.real_name as doctor_name',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
      ])
      .orderBy(col, q.sort)
      .orderBy('t.id', q.sort)
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const list = rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        contractId: String(r.contract_id),
        contractNo: String(r.contract_no),
        itemId: String(r.item_id),
        itemName: r.item_name ?? null,
        formCode: r.form_code ?? null,
        seq: Number(r.seq),
        planDate: Number(r.plan_date),
        dueDate: Number(r.due_date),
        status: String(r.status) as FdTaskStatus,
        shownStatus: fdShownTaskStatus(String(r.status), Number(r.due_date), at),
        doneAt: r.done_at === null || r.done_at === undefined ? null : Number(r.done_at),
        doctorName: r.doctor_name ?? null,
        residentId: String(r.resident_id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
      },
      false,
    ),
  );
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) } };
}
