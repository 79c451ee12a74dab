import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isRegularPhone, maskIdNumber, maskName, maskPhone, type ResidentListBody, type ResidentWorklistKind } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { FAMILY_TABLE, RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import { inScope, type HealthScope } from '../privacy/scope.ts';
import { ARCHIVE_STATE, missingFields } from './resident-rules.ts';

/**
 * Reading residents (issue 17, M1): the list, the six worklists and one
 * archive, always within the caller's scope (managing unit in their subtree),
 * paged and sorted in SQL, personal fields masked (ID 6+4, phone 3+4, name
 * surname+*) — the full values only through reveal (audited).
 */

export const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
export const INACTIVE_MS = 365 * DAY;

export const raw = (ctx: AppContext) => ctx.db.withoutPlugins() as unknown as Kysely<any>;

type EB = ExpressionBuilder<any, any>;

/** A phone that is not a mainland mobile (1[3-9] + 9 digits) nor a fixed line (0 + 2–3 digits area, optional '-', 7–8 digits). */
export function irregularPhoneSql(ctx: AppContext, col: string): Expression<SqlBool> {
  const p = sql.ref(col);
  const digits = (e: unknown) => (ctx.dialect === 'postgres' ? sql`btrim(${e}, '0123456789') = ''` : sql`trim(${e}, '0123456789') = ''`);
  const noDash = sql`replace(${p}, '-', '')`;
  const mobile = sql`(length(${p}) = 11 and substr(${p}, 1, 1) = '1' and substr(${p}, 2, 1) in ('3','4','5','6','7','8','9') and ${digits(p)})`;
  const fixed = sql`(substr(${p}, 1, 1) = '0' and length(${noDash}) between 10 and 12 and length(${p}) - length(${noDash}) <= 1 and ${digits(noDash)} and (length(${p}) = length(${noDash}) or substr(${p}, 4, 1) = '-' or substr(${p}, 5, 1) = '-'))`;
  return sql<SqlBool>`(${p} is not null and ${p} <> '' and not (${mobile} or ${fixed}))`;
}

/** The condition of one worklist over `r` (the resident table). */
export function worklistCondition(ctx: AppContext, kind: ResidentWorklistKind, at: number, eb: EB): Expression<SqlBool> {
  switch (kind) {
    case 'pendingAudit':
      return eb.and([eb('r.archiveState', '=', ARCHIVE_STATE.normal), eb('r.auditLevel', '=', 0)]);
    case 'incomplete':
      return eb.and([eb('r.archiveState', '<>', ARCHIVE_STATE.cancelled), eb('r.completeness', '<', 100)]);
    case 'inactive':
      return eb.and([
        eb('r.archiveState', '=', ARCHIVE_STATE.normal),
        eb.or([eb('r.lastActivityAt', 'is', null), eb('r.lastActivityAt', '<', at - INACTIVE_MS)]),
      ]);
    case 'duplicates':
      return eb.and([
        eb('r.archiveState', '<>', ARCHIVE_STATE.cancelled),
        eb('r.phone', 'is not', null),
        eb.exists(
          eb
            .selectFrom(`${RESIDENT_TABLE} as d`)
            .select(sql`1`.as('one'))
            .whereRef('d.fullName', '=', 'r.fullName')
            .whereRef('d.birthDate', '=', 'r.birthDate')
            .whereRef('d.phone', '=', 'r.phone')
            .whereRef('d.id', '<>', 'r.id')
            .where('d.archiveState', '<>', ARCHIVE_STATE.cancelled),
        ),
      ]);
    case 'badPhone':
      return eb.and([eb('r.archiveState', '<>', ARCHIVE_STATE.cancelled), irregularPhoneSql(ctx, 'r.phone')]);
    case 'toCancel':
      return eb.and([
        eb('r.archiveState', '<>', ARCHIVE_STATE.cancelled),
        eb.or([eb('r.deathDate', 'is not', null), eb('r.moveOutDate', 'is not', null)]),
      ]);
  }
}

/** Default order of each worklist (most urgent first). */
const WORKLIST_SORT: Record<ResidentWorklistKind, [string, 'asc' | 'desc']> = {
  pendingAudit: ['creatorTime', 'asc'],
  incomplete: ['completeness', 'asc'],
  inactive: ['lastActivityAt', 'asc'],
  duplicates: ['fullName', 'asc'],
  badPhone: ['fullName', 'asc'],
  toCancel: ['fullName', 'asc'],
};

const SORT_COLUMNS: Record<string, string> = {
  fullName: 'r.fullName',
  birthDate: 'r.birthDate',
  completeness: 'r.completeness',
  lastActivityAt: 'r.lastActivityAt',
  creatorTime: 'r.creator_time',
  auditLevel: 'r.auditLevel',
};

const LIKE_ESCAPE = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filtered query over residents in scope (no select yet). */
export function residentQuery(
  ctx: AppContext,
  scope: HealthScope,
  q: Partial<Pick<ResidentListBody, 'keyword' | 'orgId' | 'familyId' | 'workUnit' | 'archiveState' | 'auditLevel'>>,
  worklist?: ResidentWorklistKind,
): SelectQueryBuilder<any, any, object> {
  const db = raw(ctx);
  const at = now();
  let query = db.selectFrom(`${RESIDENT_TABLE} as r`).where(inScope(scope, sql.ref('r.manageOrgId')));
  if (worklist) query = query.where((eb) => worklistCondition(ctx, worklist, at, eb));
  const kw = (q.keyword ?? '').trim();
  if (kw) {
    if (/^\d{15,17}[\dxX]$/.test(kw)) query = query.where('r.idNumber', '=', kw.toUpperCase());
    else if (/^[\d-]{5,20}$/.test(kw)) query = query.where('r.phone', '=', kw);
    else query = query.where(sql<SqlBool>`${sql.ref('r.fullName')} like ${`%${LIKE_ESCAPE(kw)}%`} escape '\\'`);
  }
  if (q.orgId) query = query.where('r.manageOrgId', '=', q.orgId);
  if (q.familyId) query = query.where('r.familyId', '=', q.familyId);
  if (q.workUnit) query = query.where('r.workUnit', '=', q.workUnit);
  if (q.archiveState !== undefined && q.archiveState !== '') query = query.where('r.archiveState', '=', q.archiveState);
  if (q.auditLevel !== undefined && q.auditLevel !== '') query = query.where('r.auditLevel', '=', q.auditLevel);
  return query;
}

const RESIDENT_COLUMNS = [
  'r.id',
  'r.fullName',
  'r.idNumber',
  'r.sex',
  'r.birthDate',
  'r.phone',
  'r.familyId',
  'r.relationToHead',
  'r.manageOrgId',
  'r.doctorId',
  'r.archiveState',
  'r.cancelReason',
  'r.auditLevel',
  'r.completeness',
  'r.lastActivityAt',
  'r.deathDate',
  'r.moveOutDate',
  'r.creator_time as creatorTime',
  'o.full_name as manageOrgName',
  'u.real_name as doctorName',
  'f.familyName as familyName',
] as const;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A row as the API sends it: masked unless `unmasked`. */
export function residentOut(r: Record<string, any>, unmasked = false) {
  const birth = num(r.birthDate);
  return {
    id: r.id as string,
    fullName: unmasked ? (r.fullName ?? '') : maskName(r.fullName),
    idNumber: unmasked ? (r.idNumber ?? '') : maskIdNumber(r.idNumber),
    sex: r.sex ?? null,
    birthDate: birth,
    age: birth === null ? null : Math.floor((now() - birth) / YEAR),
    phone: unmasked ? (r.phone ?? '') : maskPhone(r.phone),
    phoneIrregular: !!r.phone && !isRegularPhone(r.phone),
    familyId: r.familyId ?? null,
    familyName: r.familyName ?? null,
    relationToHead: r.relationToHead ?? null,
    manageOrgId: r.manageOrgId ?? null,
    manageOrgName: r.manageOrgName ?? null,
    doctorId: r.doctorId ?? null,
    doctorName: r.doctorName ?? null,
    archiveState: Number(r.archiveState ?? 0),
    cancelReason: r.cancelReason ?? null,
    auditLevel: Number(r.auditLevel ?? 0),
    completeness: Number(r.completeness ?? 0),
    lastActivityAt: num(r.lastActivityAt),
    deathDate: num(r.deathDate),
    moveOutDate: num(r.moveOutDate),
    creatorTime: num(r.creatorTime ?? r.creator_time),
  };
}
export type ResidentOut = ReturnType<typeof residentOut>;

function withNames(query: SelectQueryBuilder<any, any, object>) {
  return query
    .leftJoin('organizations as o', 'o.id', 'r.manageOrgId')
    .leftJoin('users as u', 'u.id', 'r.doctorId')
    .leftJoin(`${FAMILY_TABLE} as f`, 'f.id', 'r.familyId')
    .select([...RESIDENT_COLUMNS]);
}

/** One page of residents (a worklist when named), sorted in SQL with a stable tie-break. */
export async function listResidents(ctx: AppContext, scope: HealthScope, body: ResidentListBody, worklist?: ResidentWorklistKind) {
  const base = residentQuery(ctx, scope, body, worklist);
  const [defField, defOrder] = worklist ? WORKLIST_SORT[worklist] : (['creatorTime', 'desc'] as const);
  const field = body.sort ?? defField;
  const order = body.sort ? body.order : defOrder;
  const col = SORT_COLUMNS[field] ?? 'r.creator_time';
  const rows = await withNames(base)
    .orderBy(col, order)
    .orderBy('r.id', order)
    .limit(body.pageSize)
    .offset((body.currentPage - 1) * body.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return {
    list: rows.map((r) => residentOut(r)),
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: Number((total as { n?: unknown })?.n ?? 0) },
  };
}

/** How many residents each worklist holds for the caller. */
export async function worklistCounts(ctx: AppContext, scope: HealthScope): Promise<Record<ResidentWorklistKind, number>> {
  const kinds: ResidentWorklistKind[] = ['pendingAudit', 'incomplete', 'inactive', 'duplicates', 'badPhone', 'toCancel'];
  const out = {} as Record<ResidentWorklistKind, number>;
  for (const k of kinds) {
    const row = await residentQuery(ctx, scope, {}, k)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    out[k] = Number((row as { n?: unknown })?.n ?? 0);
  }
  return out;
}

/** One resident row in scope (raw, all columns), or 404. */
export async function residentRow(
  ctx: AppContext,
  scope: HealthScope,
  id: string,
  db: Kysely<any> = raw(ctx),
): Promise<Record<string, any>> {
  if (id.length > 40) throw notFound('health.resident.notFound');
  const row = await db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .selectAll('r')
    .where('r.id', '=', id)
    .where(inScope(scope, sql.ref('r.manageOrgId')))
    .executeTakeFirst();
  if (!row) throw notFound('health.resident.notFound');
  return row;
}

/** The resident page: the masked summary, family, missing fields, duplicate suspects, state history. */
export async function residentSummary(ctx: AppContext, scope: HealthScope, id: string) {
  await residentRow(ctx, scope, id);
  const db = raw(ctx);
  const row = await withNames(db.selectFrom(`${RESIDENT_TABLE} as r`).where('r.id', '=', id))
    .select([
      'r.address',
      'r.residentType',
      'r.ethnicity',
      'r.bloodAbo',
      'r.education',
      'r.occupation',
      'r.maritalStatus',
      'r.paymentMethod',
      'r.drugAllergy',
      'r.contactName',
      'r.contactPhone',
      'r.heightCm',
      'r.workUnit',
      'r.disability',
    ])
    .executeTakeFirstOrThrow();
  const resident = {
    ...residentOut(row),
    address: row.address ?? null,
    residentType: row.residentType ?? null,
    ethnicity: row.ethnicity ?? null,
    bloodAbo: row.bloodAbo ?? null,
    education: row.education ?? null,
    occupation: row.occupation ?? null,
    maritalStatus: row.maritalStatus ?? null,
    contactName: row.contactName ? maskName(row.contactName) : null,
    contactPhone: row.contactPhone ? maskPhone(row.contactPhone) : null,
    heightCm: num(row.heightCm),
  };
  let family = null;
  if (row.familyId) {
    const fam = await db.selectFrom(FAMILY_TABLE).select(['id', 'familyName']).where('id', '=', row.familyId).executeTakeFirst();
    const members = await withNames(
      db
        .selectFrom(`${RESIDENT_TABLE} as r`)
        .where('r.familyId', '=', row.familyId)
        .where(inScope(scope, sql.ref('r.manageOrgId'))),
    )
      .orderBy('r.relationToHead')
      .orderBy('r.birthDate')
      .limit(50)
      .execute();
    if (fam) family = { id: fam.id as string, familyName: fam.familyName as string, members: members.map((m) => residentOut(m)) };
  }
  const dup =
    row.phone && row.fullName && row.birthDate !== null
      ? await db
          .selectFrom(RESIDENT_TABLE)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('fullName', '=', row.fullName)
          .where('birthDate', '=', row.birthDate)
          .where('phone', '=', row.phone)
          .where('id', '<>', id)
          .where('archiveState', '<>', ARCHIVE_STATE.cancelled)
          .executeTakeFirst()
      : null;
  const full = await db.selectFrom(RESIDENT_TABLE).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    resident,
    family,
    missing: missingFields(full),
    suspectedDuplicates: Number((dup as { n?: unknown } | null)?.n ?? 0),
    phoneIrregular: !!row.phone && !isRegularPhone(row.phone),
  };
}
