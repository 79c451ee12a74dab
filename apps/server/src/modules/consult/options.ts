import type { AppContext } from '../../context.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { all } from '../health/plans/rows.ts';
import { grantsOf, holdsAny, holdsRole } from './access.ts';
import { raw } from './consult.service.ts';
import { getConsultSettings } from './settings.ts';

/**
 * What the screens pick from: experts (members of the consultation approving
 * role's level: county doctors) with their departments, the departments that
 * have experts, organisations, roles and users for conference participants,
 * and what the caller may do.
 */
export async function consultOptions(ctx: AppContext, session: SessionInfo) {
  const db = raw(ctx);
  const settings = await getConsultSettings(db);
  const g = await grantsOf(ctx, session);
  const experts = await all<{ id: string; realName: string; deptId: string; deptName: string | null; category: string | null }>(
    db,
    db
      .selectFrom('user_relations as r')
      .innerJoin('roles as ro', 'ro.id', 'r.object_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('organizations as o', 'o.id', 'u.organize_id')
      .select(['u.id as id', 'u.real_name as realName', 'u.organize_id as deptId', 'o.full_name as deptName', 'o.category as category'])
      .where('r.object_type', '=', 'Role')
      .where('ro.en_code', '=', 'countyDoctor')
      .where('u.enabled_mark', '=', 1)
      .orderBy('o.sort_code')
      .orderBy('u.sort_code'),
  );
  const depts = new Map<string, string>();
  // Departments only: a hospital's director belongs to the hospital itself, which is no department to ask.
  for (const e of experts) if (e.category === 'department' && !depts.has(e.deptId)) depts.set(e.deptId, e.deptName ?? '');
  const orgs = await all<{ id: string; fullName: string; parentId: string; category: string }>(
    db,
    db
      .selectFrom('organizations')
      .select(['id', 'full_name as fullName', 'parent_id as parentId', 'category'])
      .where('enabled_mark', '=', 1)
      .orderBy('sort_code'),
  );
  const roles = await all<{ id: string; enCode: string; fullName: string }>(
    db,
    db.selectFrom('roles').select(['id', 'en_code as enCode', 'full_name as fullName']).where('enabled_mark', '=', 1).orderBy('sort_code'),
  );
  const users = await all<{ id: string; realName: string; orgId: string }>(
    db,
    db
      .selectFrom('users')
      .select(['id', 'real_name as realName', 'organize_id as orgId'])
      .where('enabled_mark', '=', 1)
      .where('is_administrator', '=', 0)
      .orderBy('sort_code')
      .limit(1000),
  );
  const consultApprover =
    session.isAdministrator || (holdsAny(g, ['consult_approve']) && (await holdsRole(db, session.userId, settings.consultApproverRole)));
  const conferenceApprover =
    session.isAdministrator ||
    (holdsAny(g, ['conference_manage']) && (await holdsRole(db, session.userId, settings.conferenceApproverRole)));
  return {
    experts: experts.map(({ category: _c, ...e }) => e),
    depts: [...depts].map(([id, fullName]) => ({ id, fullName })),
    orgs,
    roles,
    users,
    me: {
      userId: session.userId,
      consultApprover,
      conferenceApprover,
      canEditSettings: g.isAdministrator || !!g.modules.get('flow_settings')?.has('btn_edit'),
    },
  };
}
