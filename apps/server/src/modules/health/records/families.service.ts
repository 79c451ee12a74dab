import { sql, type Kysely, type SqlBool } from 'kysely';
import { maskName } from '@medalliance/contract';
import type { AppContext } from '../../../context.ts';
import { FAMILY_TABLE, RESIDENT_TABLE } from '../../../db/seed/health/records-models.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { now } from '../../../lib/clock.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';
import { inScope, orgInScope, type HealthScope } from '../privacy/scope.ts';
import { raw, residentOut } from './residents.service.ts';
import { addTimelineEntry } from './timeline.ts';

/**
 * Families (issue 17, M1): a household with its head, members and each
 * member's relation to the head. The family record is the `healthFamily`
 * model; membership is the resident's familyId and relationToHead.
 */

const LIKE_ESCAPE = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const SORTS: Record<string, string> = { familyName: 'f.familyName', memberCount: 'memberCount', creatorTime: 'f.creator_time' };

export async function listFamilies(
  ctx: AppContext,
  scope: HealthScope,
  body: { currentPage: number; pageSize: number; keyword: string; orgId: string; sort?: string; order: 'asc' | 'desc' },
) {
  const db = raw(ctx);
  let base = db.selectFrom(`${FAMILY_TABLE} as f`).where(inScope(scope, sql.ref('f.manageOrgId')));
  if (body.keyword)
    base = base.where(
      sql<SqlBool>`(${sql.ref('f.familyName')} like ${`%${LIKE_ESCAPE(body.keyword)}%`} escape '\\' or ${sql.ref('f.address')} like ${`%${LIKE_ESCAPE(body.keyword)}%`} escape '\\')`,
    );
  if (body.orgId) base = base.where('f.manageOrgId', '=', body.orgId);
  const memberCount = db
    .selectFrom(`${RESIDENT_TABLE} as m`)
    .select((eb) => eb.fn.countAll().as('n'))
    .whereRef('m.familyId', '=', 'f.id')
    .where('m.archiveState', '<>', 2);
  const rows = await base
    .leftJoin(`${RESIDENT_TABLE} as h`, 'h.id', 'f.headResidentId')
    .leftJoin('organizations as o', 'o.id', 'f.manageOrgId')
    .leftJoin('users as u', 'u.id', 'f.doctorId')
    .select([
      'f.id',
      'f.familyName',
      'f.address',
      'f.headResidentId',
      'f.manageOrgId',
      'h.fullName as headName',
      'o.full_name as manageOrgName',
      'u.real_name as doctorName',
    ])
    .select(memberCount.as('memberCount'))
    .orderBy(SORTS[body.sort ?? 'familyName'] ?? 'f.familyName', body.order)
    .orderBy('f.id', body.order)
    .limit(body.pageSize)
    .offset((body.currentPage - 1) * body.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return {
    list: rows.map((r) => ({
      id: r.id as string,
      familyName: r.familyName as string,
      address: r.address ?? null,
      headResidentId: r.headResidentId ?? null,
      headName: r.headName ? maskName(r.headName) : null,
      manageOrgId: r.manageOrgId ?? null,
      manageOrgName: r.manageOrgName ?? null,
      doctorName: r.doctorName ?? null,
      memberCount: Number(r.memberCount ?? 0),
    })),
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: Number((total as { n?: unknown })?.n ?? 0) },
  };
}

export async function familyRow(ctx: AppContext, scope: HealthScope, id: string, db: Kysely<any> = raw(ctx)) {
  if (id.length > 40) throw notFound('health.resident.notFound');
  const row = await db
    .selectFrom(`${FAMILY_TABLE} as f`)
    .selectAll('f')
    .where('f.id', '=', id)
    .where(inScope(scope, sql.ref('f.manageOrgId')))
    .executeTakeFirst();
  if (!row) throw notFound('health.resident.notFound');
  return row;
}

export async function familyDetail(ctx: AppContext, scope: HealthScope, id: string) {
  const f = await familyRow(ctx, scope, id);
  const db = raw(ctx);
  const members = await db
    .selectFrom(`${RESIDENT_TABLE} as r`)
    .leftJoin('organizations as o', 'o.id', 'r.manageOrgId')
    .leftJoin('users as u', 'u.id', 'r.doctorId')
    .selectAll('r')
    .select(['o.full_name as manageOrgName', 'u.real_name as doctorName'])
    .where('r.familyId', '=', id)
    .orderBy('r.relationToHead')
    .orderBy('r.birthDate')
    .limit(100)
    .execute();
  const org = f.manageOrgId
    ? await db.selectFrom('organizations').select('full_name as fullName').where('id', '=', f.manageOrgId).executeTakeFirst()
    : null;
  const head = members.find((m) => m.id === f.headResidentId);
  return {
    family: {
      id: f.id as string,
      familyName: f.familyName as string,
      address: f.address ?? null,
      headResidentId: f.headResidentId ?? null,
      headName: head ? maskName(head.fullName) : null,
      manageOrgId: f.manageOrgId ?? null,
      manageOrgName: org?.fullName ?? null,
      doctorName: null,
      memberCount: members.filter((m) => Number(m.archiveState) !== 2).length,
    },
    members: members.map((m) => residentOut(m)),
  };
}

/**
 * Adds a resident to a family (or removes one: relation null). Both must be
 * in the caller's scope; a new head ('0') replaces the family's head.
 */
export async function setFamilyMember(
  ctx: AppContext,
  session: SessionInfo,
  scope: HealthScope,
  familyId: string,
  residentId: string,
  relation: string | null,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const fam = await familyRow(ctx, scope, familyId, db);
    const res = await db
      .selectFrom(RESIDENT_TABLE)
      .select(['id', 'manageOrgId', 'familyId'])
      .where('id', '=', residentId)
      .executeTakeFirst();
    if (!res || !orgInScope(scope, res.manageOrgId)) throw notFound('health.resident.notFound');
    if (relation === null) {
      if (res.familyId !== familyId) throw badRequest('health.family.headNotMember');
      await db.updateTable(RESIDENT_TABLE).set({ familyId: null, relationToHead: null }).where('id', '=', residentId).execute();
      if (fam.headResidentId === residentId)
        await db.updateTable(FAMILY_TABLE).set({ headResidentId: null }).where('id', '=', familyId).execute();
    } else {
      if (relation === '0') {
        if (fam.headResidentId && fam.headResidentId !== residentId)
          await db.updateTable(RESIDENT_TABLE).set({ relationToHead: '9' }).where('id', '=', fam.headResidentId).execute();
        await db.updateTable(FAMILY_TABLE).set({ headResidentId: residentId }).where('id', '=', familyId).execute();
      }
      await db
        .updateTable(RESIDENT_TABLE)
        .set({ familyId, relationToHead: relation, last_modify_user_id: session.userId, last_modify_time: now() })
        .where('id', '=', residentId)
        .execute();
    }
    await addTimelineEntry(db, {
      residentId,
      kind: 'family',
      title: relation === null ? 'family.left' : 'family.joined',
      refModel: 'healthFamily',
      refId: familyId,
      at: now(),
      orgId: res.manageOrgId,
    });
  });
}
