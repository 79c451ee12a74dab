import { sql, type Kysely } from 'kysely';
import { FD_ACTIVE_STATUSES, FD_EXPIRING_DAYS, type FdUnsignedRow, type FdWorklist, type FdWorklistQuery } from '@medalliance/contract';
import { all } from '../health/plans/rows.ts';
import { likeEscape, maskRow, RESIDENT_TABLE } from '../health/plans/worklist.ts';
import { inScope } from '../health/privacy/scope.ts';
import { fdVisible, type Caller } from './caller.ts';
import { contractList } from './contracts.service.ts';
import { groupsOf, keyPopulation, programmesOf } from './population.ts';
import { recordList } from './records.service.ts';
import { taskList } from './tasks.service.ts';

/**
 * The doctor's four worklists (M11), all in the caller's scope: contracts
 * ending within 30 days (续约), service records awaiting audit, overdue tasks
 * (过访), key-population residents without an active contract.
 */

const DAY = 86_400_000;
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

function unsignedBase(db: Kysely<any>, caller: Caller, at: number, keyword = '') {
  let q: any = db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .where(inScope(caller.scope, sql.ref('r.manageOrgId')))
    .where('r.archiveState', '=', 1)
    .where(keyPopulation(at))
    .where(
      sql<boolean>`not exists (select 1 from fd_contracts c where c.resident_id = r.id and c.status in (${sql.join(FD_ACTIVE_STATUSES)}))`,
    );
  if (keyword) q = q.where(sql<boolean>`r.${sql.id('fullName')} like ${likeEscape(keyword)} escape '\\'`);
  return q;
}

async function unsignedList(db: Kysely<any>, caller: Caller, q: FdWorklistQuery, at: number) {
  const base = unsignedBase(db, caller, at, q.keyword);
  const total = await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await all(
    db,
    base
      .leftJoin('organizations as o', 'o.id', 'r.manageOrgId')
      .select([
        'r.id',
        sql.ref('r.fullName').as('fullName'),
        sql.ref('r.idNumber').as('idNumber'),
        sql.ref('r.phone').as('phone'),
        'r.sex',
        sql.ref('r.birthDate').as('birthDate'),
        sql.ref('r.disability').as('disability'),
        sql.ref('r.manageOrgId').as('orgId'),
        'o.full_name as org_name',
      ])
      .orderBy(sql.ref('r.birthDate'))
      .orderBy('r.id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize),
  );
  const progs = await programmesOf(
    db,
    rows.map((r) => String(r.id)),
  );
  const n = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  const list: FdUnsignedRow[] = rows.map((r) =>
    maskRow(
      {
        residentId: String(r.id),
        fullName: String(r.fullName ?? ''),
        idNumber: String(r.idNumber ?? ''),
        phone: String(r.phone ?? ''),
        sex: r.sex === null || r.sex === undefined ? null : String(r.sex),
        birthDate: n(r.birthDate),
        orgId: r.orgId ?? null,
        orgName: r.org_name ?? null,
        groups: groupsOf({ birthDate: n(r.birthDate), disability: r.disability ?? null }, progs.get(String(r.id)) ?? [], at),
      },
      false,
    ),
  );
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) } };
}

export const expiringBy = (at: number) => startOfDay(at) + FD_EXPIRING_DAYS * DAY;

export async function worklist(db: Kysely<any>, caller: Caller, list: FdWorklist, q: FdWorklistQuery, at: number) {
  if (list === 'expiring')
    return contractList(db, caller, { ...q, status: '', mine: '0', sidx: 'endDate', sort: 'asc', expiringBy: expiringBy(at) });
  if (list === 'audit') return recordList(db, caller, { ...q, authenticity: '', auditStatus: 'pending', sidx: 'servedAt', sort: 'asc' });
  if (list === 'overdue') return taskList(db, caller, { ...q, status: '4', sidx: 'dueDate', sort: 'asc' }, at);
  return unsignedList(db, caller, q, at);
}

/** The four counts of the workbench's tabs (four COUNTs over indexed columns). */
export async function worklistCounts(db: Kysely<any>, caller: Caller, at: number): Promise<Record<FdWorklist, number>> {
  const count = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const [expiring, audit, overdue, unsigned] = await Promise.all([
    count(
      db
        .selectFrom('fd_contracts as c')
        .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 'c.resident_id')
        .where(fdVisible(caller.scope, 'c.org_id'))
        .where('c.status', 'in', ['signed', 'renewed'])
        .where('c.end_date', '<=', expiringBy(at)),
    ),
    count(
      db
        .selectFrom('fd_service_records as s')
        .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 's.resident_id')
        .where(fdVisible(caller.scope, 's.org_id'))
        .where('s.audit_status', '=', 'pending'),
    ),
    count(
      db
        .selectFrom('fd_tasks as t')
        .innerJoin(`${RESIDENT_TABLE} as r`, 'r.id', 't.resident_id')
        .where(fdVisible(caller.scope, 't.org_id'))
        .where('t.status', '=', '0')
        .where('t.due_date', '<=', at - DAY),
    ),
    count(unsignedBase(db, caller, at)),
  ]);
  return { expiring, audit, overdue, unsigned };
}
