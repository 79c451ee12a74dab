import { sql, type Kysely } from 'kysely';
import {
  fdAllowedActions,
  fdContractEnd,
  FD_ACTIVE_STATUSES,
  FD_EXPIRING_DAYS,
  type FdAction,
  type FdActionBody,
  type FdContractListQuery,
  type FdContractRow,
  type FdContractStatus,
  type FdPopulationGroup,
  type FdSignBody,
  type FdTerminateReason,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { residentInScope } from '../health/chronic/residents.ts';
import { all, first } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { orgInScope } from '../health/privacy/scope.ts';
import { addTimelineEntry } from '../health/records/timeline.ts';
import { isUniqueViolation } from '../system/db-errors.ts';
import { nextBillNumber } from '../system/bill-rule.service.ts';
import { fdVisible, rowVisible, type Caller } from './caller.ts';
import { findTeam, isMember, validPackage } from './catalog.ts';
import { closeOpenTasks, generateTasks } from './tasks.service.ts';

/**
 * Contracts (签约): signing (one active contract per resident: checked in the
 * transaction and guarded by the partial unique index), confirming a pending
 * one, termination with a reason, renewal into the next term, changing team
 * or package, expiry by the clock, and the lists.
 */

const DAY = 86_400_000;
export const CONTRACT_NO_RULE = 'fdContractNo';
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

async function event(
  db: Kysely<any>,
  contractId: string,
  action: string,
  from: string | null,
  to: string,
  userId: string,
  reason: string | null,
  at: number,
) {
  await db
    .insertInto('fd_contract_events')
    .values({ id: newId(), contract_id: contractId, action, from_status: from, to_status: to, user_id: userId, reason, at })
    .execute();
}

async function activeContractOf(db: Kysely<any>, residentId: string) {
  return first(
    db,
    db.selectFrom('fd_contracts').select('id').where('resident_id', '=', residentId).where('status', 'in', FD_ACTIVE_STATUSES),
  );
}

/** The doctor who signs for the team: the caller when a member; an administrator signs for the team's leader. */
async function signingDoctor(db: Kysely<any>, caller: Caller, teamId: string, leaderId: string | null): Promise<string> {
  if (await isMember(db, teamId, caller.userId)) return caller.userId;
  if (caller.isAdministrator) return leaderId ?? caller.userId;
  throw forbidden('fd.notTeamMember');
}

async function checkTeam(db: Kysely<any>, caller: Caller, teamId: string) {
  const team = await findTeam(db, teamId);
  if (!team || team.status !== 'active') throw badRequest('fd.badTeam', { field: 'teamId' });
  if (!orgInScope(caller.scope, team.orgId) && !(await isMember(db, teamId, caller.userId))) throw forbidden();
  return team;
}

/**
 * Signs a resident (inside the caller's transaction `trx`, typed for the bill
 * number). A second active contract is refused with 409, also when two
 * requests race (the unique index refuses the loser's insert).
 */
export async function signContract(
  ctx: AppContext,
  trx: Kysely<Database>,
  caller: Caller,
  b: FdSignBody,
): Promise<{ id: string; contractNo: string }> {
  const db = trx.withoutPlugins() as unknown as Kysely<any>;
  const at = now();
  const resident = await residentInScope(db, caller.scope, b.residentId);
  if (resident.archiveState === 2) throw badRequest('fd.archiveCancelled');
  const team = await checkTeam(db, caller, b.teamId);
  const doctorId = await signingDoctor(db, caller, team.id, team.leaderId);
  const pkg = await validPackage(db, b.packageId, at);
  if (!pkg) throw badRequest('fd.badPackage', { field: 'packageId' });
  if (!pkg.items.length) throw badRequest('fd.packageEmpty', { field: 'packageId' });
  if (await activeContractOf(db, resident.id)) throw conflict('fd.alreadyContracted');
  const start = startOfDay(b.startDate ?? at);
  if (start > startOfDay(at) + 90 * DAY || start < startOfDay(at) - 365 * DAY) throw badRequest('fd.outsideTerm', { field: 'startDate' });
  const end = fdContractEnd(start, b.termYears);
  const id = newId();
  const contractNo = await nextBillNumber(ctx, trx, CONTRACT_NO_RULE);
  const status: FdContractStatus = b.confirm ? 'signed' : 'pending';
  try {
    await db
      .insertInto('fd_contracts')
      .values({
        id,
        contract_no: contractNo,
        resident_id: resident.id,
        team_id: team.id,
        doctor_id: doctorId,
        package_id: pkg.id,
        population_group: b.populationGroup,
        term_years: b.termYears,
        signed_at: b.confirm ? at : null,
        start_date: start,
        end_date: end,
        status,
        org_id: team.orgId,
        price: pkg.realPrice,
        note: b.note || null,
        created_by: caller.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('fd.alreadyContracted');
    throw e;
  }
  await event(db, id, 'sign', null, status, caller.userId, null, at);
  if (b.confirm) {
    await generateTasks(db, { contractId: id, residentId: resident.id, teamId: team.id, doctorId, orgId: team.orgId }, pkg, {
      start,
      end,
      years: b.termYears,
    });
    await addTimelineEntry(db, {
      residentId: resident.id,
      kind: 'fdContract',
      title: `家庭医生签约：${pkg.name}，${b.termYears}年`,
      refModel: 'fdContract',
      refId: id,
      at,
      orgId: team.orgId,
    });
  }
  return { id, contractNo };
}

export interface StoredContract {
  id: string;
  residentId: string;
  teamId: string;
  doctorId: string;
  packageId: string;
  populationGroup: FdPopulationGroup;
  termYears: number;
  startDate: number;
  endDate: number;
  status: FdContractStatus;
  orgId: string;
}

export async function contractInScope(db: Kysely<any>, caller: Caller, id: string): Promise<StoredContract> {
  const c = await first(db, db.selectFrom('fd_contracts').selectAll().where('id', '=', id));
  if (!c) throw notFound();
  if (!(await rowVisible(db, caller.scope, String(c.org_id), String(c.resident_id)))) throw forbidden();
  return {
    id: String(c.id),
    residentId: String(c.resident_id),
    teamId: String(c.team_id),
    doctorId: String(c.doctor_id),
    packageId: String(c.package_id),
    populationGroup: String(c.population_group) as FdPopulationGroup,
    termYears: Number(c.term_years),
    startDate: Number(c.start_date),
    endDate: Number(c.end_date),
    status: String(c.status) as FdContractStatus,
    orgId: String(c.org_id),
  };
}

/** Moves the contract only if it is still in `from` (a concurrent change makes it refuse). */
async function move(db: Kysely<any>, id: string, from: FdContractStatus, set: Record<string, unknown>) {
  const r = await db.updateTable('fd_contracts').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw badRequest('fd.wrongState');
}

/** One action on a contract (within the caller's transaction `trx`). Answers the contract id it leads to (renewal: the new term). */
export async function actOnContract(
  ctx: AppContext,
  trx: Kysely<Database>,
  caller: Caller,
  id: string,
  action: FdAction,
  b: FdActionBody,
): Promise<{ id: string }> {
  const db = trx.withoutPlugins() as unknown as Kysely<any>;
  const at = now();
  const c = await contractInScope(db, caller, id);
  if (!fdAllowedActions(c.status).includes(action)) throw badRequest('fd.wrongState');
  const owner = { contractId: c.id, residentId: c.residentId, teamId: c.teamId, doctorId: c.doctorId, orgId: c.orgId };
  if (action === 'confirm') {
    const pkg = await validPackage(db, c.packageId, at);
    if (!pkg || !pkg.items.length) throw badRequest('fd.badPackage');
    await move(db, c.id, 'pending', { status: 'signed', signed_at: at, updated_at: at });
    await generateTasks(db, owner, pkg, { start: c.startDate, end: c.endDate, years: c.termYears });
    await event(db, c.id, 'confirm', 'pending', 'signed', caller.userId, null, at);
    return { id: c.id };
  }
  if (action === 'terminate') {
    if (!b.reason) throw badRequest('fd.reasonRequired', { field: 'reason' });
    await move(db, c.id, c.status, {
      status: 'terminated',
      terminate_reason: b.reason as FdTerminateReason,
      terminated_at: at,
      updated_at: at,
    });
    await closeOpenTasks(db, c.id, '8', at);
    await event(db, c.id, 'terminate', c.status, 'terminated', caller.userId, [b.reason, b.note].filter(Boolean).join(' '), at);
    await addTimelineEntry(db, {
      residentId: c.residentId,
      kind: 'fdContract',
      title: '家庭医生解约',
      refModel: 'fdContract',
      refId: c.id,
      at,
      orgId: c.orgId,
    });
    return { id: c.id };
  }
  if (action === 'renew') {
    if (!b.termYears) throw badRequest('fd.termRequired', { field: 'termYears' });
    if (c.endDate - startOfDay(at) > FD_EXPIRING_DAYS * DAY) throw badRequest('fd.renewTooEarly');
    const pkg = await validPackage(db, b.packageId ?? c.packageId, at);
    if (!pkg || !pkg.items.length) throw badRequest('fd.badPackage', { field: 'packageId' });
    // The running term closes as 到期 (its open tasks stay open until its end); the next one holds the resident.
    await move(db, c.id, c.status, { status: 'expired', updated_at: at });
    await event(db, c.id, 'renew', c.status, 'expired', caller.userId, b.note || null, at);
    const start = c.endDate + DAY;
    const end = fdContractEnd(start, b.termYears);
    const next = newId();
    const row = await first(db, db.selectFrom('fd_contracts').select(['population_group', 'price']).where('id', '=', c.id));
    await db
      .insertInto('fd_contracts')
      .values({
        id: next,
        contract_no: await nextBillNumber(ctx, trx, CONTRACT_NO_RULE),
        resident_id: c.residentId,
        team_id: c.teamId,
        doctor_id: c.doctorId,
        package_id: pkg.id,
        population_group: row?.population_group ?? c.populationGroup,
        term_years: b.termYears,
        signed_at: at,
        start_date: start,
        end_date: end,
        status: 'renewed',
        renewed_from: c.id,
        org_id: c.orgId,
        price: pkg.realPrice,
        note: b.note || null,
        created_by: caller.userId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await event(db, next, 'renew', null, 'renewed', caller.userId, null, at);
    await generateTasks(db, { ...owner, contractId: next }, pkg, { start, end, years: b.termYears });
    return { id: next };
  }
  // change: another team (its unit becomes the scope) and/or package (open tasks from today re-planned).
  if (!b.teamId && !b.packageId) throw badRequest('fd.changeRequired', { field: 'teamId' });
  const set: Record<string, unknown> = { updated_at: at };
  let team = null as Awaited<ReturnType<typeof checkTeam>> | null;
  if (b.teamId && b.teamId !== c.teamId) {
    team = await checkTeam(db, caller, b.teamId);
    const doctorId = (await isMember(db, team.id, caller.userId)) ? caller.userId : (team.leaderId ?? c.doctorId);
    Object.assign(set, { team_id: team.id, org_id: team.orgId, doctor_id: doctorId });
    Object.assign(owner, { teamId: team.id, orgId: team.orgId, doctorId });
  }
  let pkg = null;
  if (b.packageId && b.packageId !== c.packageId) {
    pkg = await validPackage(db, b.packageId, at);
    if (!pkg || !pkg.items.length) throw badRequest('fd.badPackage', { field: 'packageId' });
    Object.assign(set, { package_id: pkg.id, price: pkg.realPrice });
  }
  await move(db, c.id, c.status, set);
  if (team)
    await db
      .updateTable('fd_tasks')
      .set({ team_id: owner.teamId, org_id: owner.orgId, doctor_id: owner.doctorId, updated_at: at })
      .where('contract_id', '=', c.id)
      .where('status', '=', '0')
      .execute();
  if (pkg && c.status !== 'pending') {
    const today = startOfDay(at);
    await db.deleteFrom('fd_tasks').where('contract_id', '=', c.id).where('status', '=', '0').where('plan_date', '>=', today).execute();
    await generateTasks(db, owner, pkg, { start: c.startDate, end: c.endDate, years: c.termYears, from: today });
  }
  await event(db, c.id, 'change', c.status, c.status, caller.userId, b.note || null, at);
  return { id: c.id };
}

/** Contracts whose last day has passed become 到期 (the clock's today). */
export async function expireDue(db: Kysely<any>, at: number): Promise<number> {
  const r = await db
    .updateTable('fd_contracts')
    .set({ status: 'expired', updated_at: at })
    .where('status', 'in', FD_ACTIVE_STATUSES)
    .where('end_date', '<', startOfDay(at))
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

type Q = any;

/** Contract list of the caller's scope (and teams, when `teamIds`), masked, paged and sorted in SQL. */
export async function contractList(db: Kysely<any>, caller: Caller, q: FdContractListQuery & { teamIds?: string[]; expiringBy?: number }) {
  let base: Q = db
    .selectFrom('fd_contracts as c')
    .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id')
    .where(fdVisible(caller.scope, 'c.org_id'));
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.teamId) base = base.where('c.team_id', '=', q.teamId);
  if (q.teamIds) base = base.where('c.team_id', 'in', q.teamIds.length ? q.teamIds : ['']);
  if (q.expiringBy !== undefined) base = base.where('c.status', 'in', ['signed', 'renewed']).where('c.end_date', '<=', q.expiringBy);
  if (q.keyword)
    base = base.where(
      sql<boolean>`(r.${sql.id('fullName')} like ${likeEscape(q.keyword)} escape '\\' or c.contract_no like ${likeEscape(q.keyword)} escape '\\')`,
    );
  const total = await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst();
  const col = q.sidx === 'endDate' ? 'c.end_date' : q.sidx === 'contractNo' ? 'c.contract_no' : 'c.signed_at';
  const rows = await all(
    db,
    base
      .leftJoin('fd_teams as t', 't.id', 'c.team_id')
      .leftJoin('fd_packages as p', 'p.id', 'c.package_id')
      .leftJoin('users as u', 'u.id', 'c.doctor_id')
      .leftJoin('organizations as o', 'o.id', 'c.org_id')
      .select([
        'c.id',
        'c.contract_no',
        'c.resident_id',
        'c.team_id',
        't.name as team_name',
        'c.doctor_id',
        'u.real_name as doctor_name',
        'c.package_id',
        'p.name as package_name',
        'c.population_group',
        'c.term_years',
        'c.signed_at',
        'c.start_date',
        'c.end_date',
        'c.status',
        'c.terminate_reason',
        'c.terminated_at',
        'c.renewed_from',
        'c.org_id',
        'o.full_name as org_name',
        'c.price',
        sql<number>`(select count(*) from fd_tasks x where x.contract_id = c.id and x.status = '1')`.as('done'),
        sql<number>`(select count(*) from fd_tasks x where x.contract_id = c.id)`.as('total'),
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
      ])
      .orderBy(col, q.sort)
      .orderBy('c.id', q.sort)
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const list: FdContractRow[] = rows.map((r) =>
    maskRow(
      {
        id: String(r.id),
        contractNo: String(r.contract_no),
        residentId: String(r.resident_id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        teamId: String(r.team_id),
        teamName: r.team_name ?? null,
        doctorId: String(r.doctor_id),
        doctorName: r.doctor_name ?? null,
        packageId: String(r.package_id),
        packageName: r.package_name ?? null,
        populationGroup: String(r.population_group) as FdPopulationGroup,
        termYears: Number(r.term_years),
        signedAt: n(r.signed_at),
        startDate: Number(r.start_date),
        endDate: Number(r.end_date),
        status: String(r.status) as FdContractStatus,
        terminateReason: (r.terminate_reason as FdTerminateReason | null) ?? null,
        terminatedAt: n(r.terminated_at),
        renewedFrom: r.renewed_from ?? null,
        orgId: String(r.org_id),
        orgName: r.org_name ?? null,
        price: Number(r.price),
        tasksDone: Number(r.done),
        tasksTotal: Number(r.total),
        actions: fdAllowedActions(String(r.status) as FdContractStatus),
      },
      false,
    ),
  );
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) } };
}

/** A contract's history (events with who). */
export async function contractEvents(db: Kysely<any>, id: string) {
  const rows = await all(
    db,
    db
      .selectFrom('fd_contract_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.action', 'e.from_status', 'e.to_status', 'e.reason', 'e.at', 'u.real_name as user_name'])
      .where('e.contract_id', '=', id)
      .orderBy('e.at')
      .orderBy('e.id'),
  );
  return rows.map((r) => ({
    id: String(r.id),
    action: String(r.action),
    fromStatus: r.from_status ?? null,
    toStatus: String(r.to_status),
    reason: r.reason ?? null,
    at: Number(r.at),
    userName: r.user_name ?? null,
  }));
}
