import {
  FD_KPI_GROUPS,
  maskIdNumber,
  maskName,
  type FdKpiDimension,
  type FdKpiDrillQuery,
  type FdKpiDrillRow,
  type FdKpiGroup,
  type FdKpiResult,
  type FdKpiRow,
} from '@medalliance/contract';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { now } from '../../../lib/clock.ts';
import { all, first } from '../../health/plans/rows.ts';
import { inScope, type HealthScope } from '../../health/privacy/scope.ts';
import { rawDb } from '../teams/access.ts';

/**
 * The contracting KPIs (issue 21, M11 §7), each one bound statement grouped
 * by the row's key, aggregated in the database:
 * - 签约率: residents with a normal archive (archiveState 1) in the caller's
 *   scope by their managing organisation, and those of them holding a
 *   signed or renewed contract; per population group by the archive's flags
 *   (the family-doctor module's own definition, population.ts: 02 children
 *   under 7 and 03 the elderly 65+ by birth date, 04 / 05 an open
 *   hypertension / diabetes enrolment, 08 a recorded disability).
 * - 履约率 = tasks done ÷ tasks due: tasks whose due date has passed
 *   (due_date ≤ now, the clock), not voided by termination (8) or archive
 *   cancellation (9); done = status 1 among them. Grouped by the task's
 *   org_id / team_id / doctor_id over the (org_id, due_date, status) index.
 * - Package revenue: contract prices of contracts that were signed (signed,
 *   renewed, expired, terminated except for 06 发票作废), by row and package.
 * Rows: by unit (the township or hospital just below the alliance's root, with
 * its village clinics), by team, by doctor (the resident's responsible doctor
 * for 签约率, the contract's doctor for tasks and revenue).
 */

const RESIDENTS = 'lc_health_resident';
const ACTIVE = ['signed', 'renewed'];
const EARNING = ['signed', 'renewed', 'expired', 'terminated'];
const VOID_TASKS = ['8', '9'];
const YEAR = 365.2425 * 86_400_000;

const col = (name: string) => sql.ref(`r.${name}`);
/** SQL: archive row `r` is flagged for the group. */
function groupFlag(g: FdKpiGroup, at: number): RawBuilder<SqlBool> {
  switch (g) {
    case '02':
      return sql<SqlBool>`${col('birthDate')} > ${Math.round(at - 7 * YEAR)}`;
    case '03':
      return sql<SqlBool>`${col('birthDate')} <= ${Math.round(at - 65 * YEAR)}`;
    case '04':
    case '05':
      return sql<SqlBool>`exists (select 1 from health_chronic_enrolments e where e.resident_id = r.id and e.programme = ${g === '04' ? 'htn' : 'dm'} and e.outcome <> 2)`;
    case '08':
      return sql<SqlBool>`(${col('disability')} is not null and ${col('disability')} <> '1')`;
  }
}

const rate = (num: number, den: number) => (den > 0 ? Math.round((num / den) * 10000) / 10000 : null);

interface OrgInfo {
  id: string;
  name: string;
  unit: string;
  /** Root to the organisation itself. */
  path: string[];
}

/** Each organisation's top unit (the child of the root it lies under) and names. */
async function orgMap(db: Kysely<any>): Promise<Map<string, OrgInfo>> {
  const rows = await all(db, db.selectFrom('organizations').select(['id', 'parent_id', 'full_name', 'id_path']));
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const out = new Map<string, OrgInfo>();
  for (const r of rows) {
    const path = String(r.id_path ?? r.id).split(',');
    const unit = path.length > 1 ? path[1]! : path[0]!;
    out.set(String(r.id), { id: String(r.id), name: String(r.full_name), unit, path });
  }
  for (const o of out.values()) if (!byId.has(o.unit)) o.unit = o.id;
  return out;
}

const emptyGroups = () =>
  Object.fromEntries(FD_KPI_GROUPS.map((g) => [g, { residents: 0, contracted: 0, rate: null }])) as FdKpiRow['groups'];
const emptyRow = (key: string, name: string): FdKpiRow => ({
  key,
  name,
  residents: 0,
  contracted: 0,
  signRate: null,
  groups: emptyGroups(),
  due: 0,
  done: 0,
  keepRate: null,
  contracts: 0,
  revenue: 0,
});

/** 签约率 per key: residents, contracted, and both per group (one statement). */
export function signStatement(db: Kysely<any>, scope: HealthScope, key: 'manageOrgId' | 'doctorId', at: number) {
  const cols = FD_KPI_GROUPS.flatMap((g) => [
    sql`sum(case when ${groupFlag(g, at)} then 1 else 0 end)`.as(`g${g}`),
    sql`sum(case when c.id is not null and ${groupFlag(g, at)} then 1 else 0 end)`.as(`c${g}`),
  ]);
  return db
    .selectFrom(`${RESIDENTS} as r`)
    .leftJoin('fd_contracts as c', (j) => j.onRef('c.resident_id', '=', 'r.id').on('c.status', 'in', ACTIVE))
    .select([
      sql.ref(`r.${key}`).as('k'),
      sql`count(*)`.as('residents'),
      sql`sum(case when c.id is not null then 1 else 0 end)`.as('contracted'),
      ...cols,
    ])
    .where(sql.ref('r.archiveState'), '=', 1)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .groupBy(sql.ref(`r.${key}`));
}

/** 签约率 numerators per team: active contracts of residents with a normal archive (one statement). */
function teamSignStatement(db: Kysely<any>, scope: HealthScope, at: number) {
  return db
    .selectFrom('fd_contracts as c')
    .innerJoin(`${RESIDENTS} as r`, 'r.id', 'c.resident_id')
    .select([
      'c.team_id as k',
      sql`count(*)`.as('contracted'),
      ...FD_KPI_GROUPS.map((g) => sql`sum(case when ${groupFlag(g, at)} then 1 else 0 end)`.as(`c${g}`)),
    ])
    .where('c.status', 'in', ACTIVE)
    .where(sql.ref('r.archiveState'), '=', 1)
    .where(inScope(scope, 'c.org_id'))
    .groupBy('c.team_id');
}

const TASK_KEY: Record<FdKpiDimension, string> = { unit: 'org_id', team: 'team_id', doctor: 'doctor_id' };

/** 履约率 per key: tasks due and done (one statement; the benchmark runs this same SELECT directly). */
export function keepStatement(db: Kysely<any>, scope: HealthScope, by: FdKpiDimension, at: number) {
  const k = TASK_KEY[by];
  return db
    .selectFrom('fd_tasks as t')
    .select([`t.${k} as k`, sql`count(*)`.as('due'), sql`sum(case when t.status = '1' then 1 else 0 end)`.as('done')])
    .where(inScope(scope, 't.org_id'))
    .where('t.due_date', '<=', at)
    .where('t.status', 'not in', VOID_TASKS)
    .groupBy(`t.${k}`);
}

/** Contracts that earned their price (signed at some point, invoice not voided). */
const earning = (eb: any): Expression<SqlBool> =>
  eb.and([eb('c.status', 'in', EARNING), eb.or([eb('c.terminate_reason', 'is', null), eb('c.terminate_reason', '<>', '06')])]);

/** Package revenue per key and package (one statement). */
function revenueStatement(db: Kysely<any>, scope: HealthScope, by: FdKpiDimension) {
  const k = TASK_KEY[by];
  return db
    .selectFrom('fd_contracts as c')
    .select([`c.${k} as k`, 'c.package_id', sql`count(*)`.as('contracts'), sql`sum(c.price)`.as('revenue')])
    .where(inScope(scope, 'c.org_id'))
    .where(earning)
    .groupBy([`c.${k}`, 'c.package_id']);
}

const n = (v: unknown) => Number(v ?? 0);

export async function fdKpi(ctx: AppContext, scope: HealthScope, by: FdKpiDimension): Promise<FdKpiResult> {
  const db = rawDb(ctx);
  const at = now();
  const orgs = await orgMap(db);
  const [sign, teamSign, keep, revenue] = await Promise.all([
    all(db, signStatement(db, scope, by === 'doctor' ? 'doctorId' : 'manageOrgId', at)),
    by === 'team' ? all(db, teamSignStatement(db, scope, at)) : Promise.resolve([]),
    all(db, keepStatement(db, scope, by, at)),
    all(db, revenueStatement(db, scope, by)),
  ]);
  const rows = new Map<string, FdKpiRow>();
  const row = (key: string) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = emptyRow(key, key)));
    return r;
  };
  const unitOf = (orgId: string) => orgs.get(orgId)?.unit ?? orgId;
  const rowKey = (k: unknown) => (by === 'unit' ? unitOf(String(k ?? '')) : String(k ?? ''));

  let teams: Record<string, any>[] = [];
  if (by === 'team') {
    teams = await all(db, db.selectFrom('fd_teams as t').select(['t.id', 't.name', 't.org_id']).where(inScope(scope, 't.org_id')));
    // A team's denominator: the residents of its unit's subtree.
    for (const t of teams) {
      const r = row(String(t.id));
      for (const s of sign) {
        const org = String(s.k ?? '');
        if (!orgs.get(org)?.path.includes(String(t.org_id))) continue;
        r.residents += n(s.residents);
        for (const g of FD_KPI_GROUPS) r.groups[g].residents += n(s[`g${g}`]);
      }
    }
    for (const s of teamSign) {
      const r = row(String(s.k));
      r.contracted += n(s.contracted);
      for (const g of FD_KPI_GROUPS) r.groups[g].contracted += n(s[`c${g}`]);
    }
  } else {
    for (const s of sign) {
      if (by === 'doctor' && !s.k) continue;
      const r = row(rowKey(s.k));
      r.residents += n(s.residents);
      r.contracted += n(s.contracted);
      for (const g of FD_KPI_GROUPS) {
        r.groups[g].residents += n(s[`g${g}`]);
        r.groups[g].contracted += n(s[`c${g}`]);
      }
    }
  }
  for (const s of keep) {
    const r = row(rowKey(s.k));
    r.due += n(s.due);
    r.done += n(s.done);
  }
  const byPackage = new Map<string, { contracts: number; revenue: number }>();
  for (const s of revenue) {
    const r = row(rowKey(s.k));
    r.contracts += n(s.contracts);
    r.revenue += n(s.revenue);
    const p = byPackage.get(String(s.package_id)) ?? { contracts: 0, revenue: 0 };
    p.contracts += n(s.contracts);
    p.revenue += n(s.revenue);
    byPackage.set(String(s.package_id), p);
  }

  // Names: units from the organisation tree, teams and doctors in one statement each.
  const names = new Map<string, string>();
  if (by === 'unit') for (const k of rows.keys()) names.set(k, orgs.get(k)?.name ?? k);
  if (by === 'team') {
    const missing = [...rows.keys()].filter((k) => !teams.some((t) => t.id === k));
    const more = missing.length ? await all(db, db.selectFrom('fd_teams').select(['id', 'name']).where('id', 'in', missing)) : [];
    for (const t of [...teams, ...more]) names.set(String(t.id), String(t.name));
  }
  if (by === 'doctor' && rows.size) {
    const users = await all(
      db,
      db
        .selectFrom('users')
        .select(['id', 'real_name'])
        .where('id', 'in', [...rows.keys()]),
    );
    for (const u of users) names.set(String(u.id), String(u.real_name));
  }
  const pkgIds = [...byPackage.keys()];
  const pkgs = pkgIds.length ? await all(db, db.selectFrom('fd_packages').select(['id', 'name']).where('id', 'in', pkgIds)) : [];

  const total = emptyRow('total', '');
  const list = [...rows.values()].map((r) => {
    r.name = names.get(r.key) ?? r.key;
    finish(r);
    total.residents += r.residents;
    total.contracted += r.contracted;
    for (const g of FD_KPI_GROUPS) {
      total.groups[g].residents += r.groups[g].residents;
      total.groups[g].contracted += r.groups[g].contracted;
    }
    total.due += r.due;
    total.done += r.done;
    total.contracts += r.contracts;
    total.revenue += r.revenue;
    return r;
  });
  if (by === 'team') {
    // Teams of one unit share its residents: the total's denominators are the scope's residents, counted once.
    total.residents = sign.reduce((s, x) => s + n(x.residents), 0);
    for (const g of FD_KPI_GROUPS) total.groups[g].residents = sign.reduce((s, x) => s + n(x[`g${g}`]), 0);
  }
  finish(total);
  list.sort((a, b) => a.name.localeCompare(b.name, 'zh'));
  return {
    by,
    at,
    rows: list,
    total,
    packages: pkgIds
      .map((id) => ({ packageId: id, name: String(pkgs.find((p) => p.id === id)?.name ?? id), ...byPackage.get(id)! }))
      .sort((a, b) => b.revenue - a.revenue),
  };
}

/**
 * 履约率 alone (the county's fulfilment screen and the benchmark's route):
 * the one keep statement, the rows named from the organisation tree, teams
 * or users.
 */
export async function fdKeepRates(ctx: AppContext, scope: HealthScope, by: FdKpiDimension) {
  const db = rawDb(ctx);
  const at = now();
  const rows = await all(db, keepStatement(db, scope, by, at));
  const keys = rows.map((r) => String(r.k));
  const names = new Map<string, string>();
  if (by === 'unit' && keys.length) {
    for (const o of await all(db, db.selectFrom('organizations').select(['id', 'full_name']).where('id', 'in', keys)))
      names.set(String(o.id), String(o.full_name));
  } else if (by === 'team' && keys.length) {
    for (const t of await all(db, db.selectFrom('fd_teams').select(['id', 'name']).where('id', 'in', keys)))
      names.set(String(t.id), String(t.name));
  } else if (keys.length) {
    for (const u of await all(db, db.selectFrom('users').select(['id', 'real_name']).where('id', 'in', keys)))
      names.set(String(u.id), String(u.real_name));
  }
  const list = rows.map((r) => ({
    key: String(r.k),
    name: names.get(String(r.k)) ?? String(r.k),
    due: n(r.due),
    done: n(r.done),
    keepRate: rate(n(r.done), n(r.due)),
  }));
  const due = list.reduce((s, r) => s + r.due, 0);
  const done = list.reduce((s, r) => s + r.done, 0);
  return { by, at, rows: list, total: { due, done, keepRate: rate(done, due) } };
}

function finish(r: FdKpiRow) {
  r.signRate = rate(r.contracted, r.residents);
  r.keepRate = rate(r.done, r.due);
  for (const g of FD_KPI_GROUPS) r.groups[g].rate = rate(r.groups[g].contracted, r.groups[g].residents);
}

/** Organisations of a unit key (the unit's subtree) within the scope. */
async function orgsOfUnit(db: Kysely<any>, unit: string): Promise<string[]> {
  const rows = await all(
    db,
    db
      .selectFrom('organizations')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', unit), eb('id_path', 'like', `%,${unit},%`), eb('id_path', 'like', `${unit},%`)])),
  );
  return rows.map((r) => String(r.id));
}

/** The residents / tasks / contracts behind a figure, paged; names and ID numbers masked. */
export async function fdKpiDrill(ctx: AppContext, scope: HealthScope, q: FdKpiDrillQuery) {
  const db = rawDb(ctx);
  const at = now();
  const offset = (q.currentPage - 1) * q.pageSize;
  let unitOrgs: string[] = [];
  let teamOrg: string[] = [];
  if (q.by === 'unit') unitOrgs = await orgsOfUnit(db, q.key);
  if (q.by === 'team') {
    const t = await first(db, db.selectFrom('fd_teams').select('org_id').where('id', '=', q.key));
    teamOrg = t ? await orgsOfUnit(db, String(t.org_id)) : [];
  }
  const inList = (column: string, ids: string[]) =>
    ids.length ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})` : sql<SqlBool>`1 = 0`;

  if (q.metric === 'signed' || q.metric === 'unsigned') {
    let base = db
      .selectFrom(`${RESIDENTS} as r`)
      .leftJoin('fd_contracts as c', (j) => j.onRef('c.resident_id', '=', 'r.id').on('c.status', 'in', ACTIVE))
      .where(sql.ref('r.archiveState'), '=', 1)
      .where(inScope(scope, sql.ref('r.manageOrgId')));
    if (q.by === 'unit') base = base.where(inList('r.manageOrgId', unitOrgs));
    if (q.by === 'doctor') base = base.where(sql.ref('r.doctorId'), '=', q.key);
    if (q.by === 'team') base = base.where(inList('r.manageOrgId', teamOrg));
    if (q.metric === 'signed') base = q.by === 'team' ? base.where('c.team_id', '=', q.key) : base.where('c.id', 'is not', null);
    else base = base.where('c.id', 'is', null);
    if (q.group) base = base.where(groupFlag(q.group, at));
    const total = await first(db, base.select(sql`count(*)`.as('n')));
    const rows = await all(
      db,
      base
        .leftJoin('fd_teams as t', 't.id', 'c.team_id')
        .leftJoin('users as d', 'd.id', 'c.doctor_id')
        .leftJoin('fd_packages as p', 'p.id', 'c.package_id')
        .select([
          'r.id as resident_id',
          sql.ref('r.fullName').as('full_name'),
          sql.ref('r.idNumber').as('id_number'),
          'c.id as contract_id',
          'c.status',
          'c.start_date',
          'c.price',
          't.name as team_name',
          'd.real_name as doctor_name',
          'p.name as package_name',
        ])
        .orderBy('r.id')
        .limit(q.pageSize)
        .offset(offset),
    );
    return {
      list: rows.map((r): FdKpiDrillRow => ({
        id: String(r.contract_id ?? r.resident_id),
        residentId: String(r.resident_id),
        fullName: maskName(r.full_name ?? ''),
        idNumber: maskIdNumber(r.id_number ?? ''),
        teamName: r.team_name ?? null,
        doctorName: r.doctor_name ?? null,
        packageName: r.package_name ?? null,
        itemName: null,
        status: r.status ? String(r.status) : 'none',
        date: r.start_date === null || r.start_date === undefined ? null : Number(r.start_date),
        price: r.price === null || r.price === undefined ? null : Number(r.price),
      })),
      pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: n(total?.n) },
    };
  }

  const keyCol = q.by === 'unit' ? 'org_id' : TASK_KEY[q.by];
  const keyFilter = (alias: string) =>
    q.by === 'unit' ? inList(`${alias}.org_id`, unitOrgs) : sql<SqlBool>`${sql.ref(`${alias}.${keyCol}`)} = ${q.key}`;
  if (q.metric === 'revenue') {
    const base = db.selectFrom('fd_contracts as c').where(inScope(scope, 'c.org_id')).where(earning).where(keyFilter('c'));
    const total = await first(db, base.select(sql`count(*)`.as('n')));
    const rows = await all(
      db,
      base
        .leftJoin(`${RESIDENTS} as r`, 'r.id', 'c.resident_id')
        .leftJoin('fd_teams as t', 't.id', 'c.team_id')
        .leftJoin('users as d', 'd.id', 'c.doctor_id')
        .leftJoin('fd_packages as p', 'p.id', 'c.package_id')
        .select([
          'c.id',
          'c.resident_id',
          sql.ref('r.fullName').as('full_name'),
          sql.ref('r.idNumber').as('id_number'),
          'c.status',
          'c.signed_at',
          'c.price',
          't.name as team_name',
          'd.real_name as doctor_name',
          'p.name as package_name',
        ])
        .orderBy('c.signed_at', 'desc')
        .orderBy('c.id')
        .limit(q.pageSize)
        .offset(offset),
    );
    return {
      list: rows.map((r): FdKpiDrillRow => ({
        id: String(r.id),
        residentId: String(r.resident_id),
        fullName: maskName(r.full_name ?? ''),
        idNumber: maskIdNumber(r.id_number ?? ''),
        teamName: r.team_name ?? null,
        doctorName: r.doctor_name ?? null,
        packageName: r.package_name ?? null,
        itemName: null,
        status: String(r.status),
        date: r.signed_at === null || r.signed_at === undefined ? null : Number(r.signed_at),
        price: Number(r.price ?? 0),
      })),
      pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: n(total?.n) },
    };
  }

  let base = db
    .selectFrom('fd_tasks as t')
    .where(inScope(scope, 't.org_id'))
    .where('t.due_date', '<=', at)
    .where('t.status', 'not in', VOID_TASKS)
    .where(keyFilter('t'));
  if (q.metric === 'done') base = base.where('t.status', '=', '1');
  if (q.metric === 'undone') base = base.where('t.status', '<>', '1');
  const total = await first(db, base.select(sql`count(*)`.as('n')));
  const rows = await all(
    db,
    base
      .leftJoin(`${RESIDENTS} as r`, 'r.id', 't.resident_id')
      .leftJoin('fd_teams as tm', 'tm.id', 't.team_id')
      .leftJoin('users as d', 'd.id', 't.doctor_id')
      .leftJoin('fd_service_items as i', 'i.id', 't.item_id')
      .select([
        't.id',
        't.resident_id',
        sql.ref('r.fullName').as('full_name'),
        sql.ref('r.idNumber').as('id_number'),
        't.status',
        't.due_date',
        'tm.name as team_name',
        'd.real_name as doctor_name',
        'i.name as item_name',
      ])
      .orderBy('t.due_date', 'desc')
      .orderBy('t.id')
      .limit(q.pageSize)
      .offset(offset),
  );
  return {
    list: rows.map((r): FdKpiDrillRow => ({
      id: String(r.id),
      residentId: String(r.resident_id),
      fullName: maskName(r.full_name ?? ''),
      idNumber: maskIdNumber(r.id_number ?? ''),
      teamName: r.team_name ?? null,
      doctorName: r.doctor_name ?? null,
      packageName: null,
      itemName: r.item_name ?? null,
      status: String(r.status),
      date: Number(r.due_date),
      price: null,
    })),
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: n(total?.n) },
  };
}
