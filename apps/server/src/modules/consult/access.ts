import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { anyModuleAccess } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { grantsFor, type UserGrants } from '../permission/grants.service.ts';

/**
 * Who may use the consultation and conference screens, from menu grants
 * (server-enforced; the screens only hide what is refused here). The doctors'
 * own list (remote_meeting_list, held by township and village doctors) also
 * opens applying for a consultation, signing in to a conference and rating it.
 */
export const MEETING_MENUS = [
  'flow_settings',
  'conference_manage',
  'conference_apply',
  'consult_apply',
  'consult_approve',
  'consult_query',
  'charge_query',
  'consult_eval_list',
  'consult_feedback_list',
  'diagnosis_template',
] as const;
export const MY_MENU = 'remote_meeting_list';
export type ConsultMenu = (typeof MEETING_MENUS)[number] | typeof MY_MENU;

/** Every route of the module: any of these menus opens it; each route then checks the menus it needs. */
export const consultAccess = anyModuleAccess([...MEETING_MENUS, MY_MENU]);

export async function grantsOf(ctx: AppContext, session: SessionInfo): Promise<UserGrants> {
  return grantsFor(ctx, session.userId, session.isAdministrator);
}

export const holdsAny = (g: UserGrants, menus: readonly ConsultMenu[]) => g.isAdministrator || menus.some((m) => g.modules.has(m));

/** 403 unless the caller holds one of the menus. */
export async function requireMenu(ctx: AppContext, session: SessionInfo, menus: readonly ConsultMenu[]): Promise<UserGrants> {
  const g = await grantsOf(ctx, session);
  if (!holdsAny(g, menus)) throw forbidden();
  return g;
}

/** Whether the user holds the (enabled) role with this enCode: the approving role comes from the flow settings. */
export async function holdsRole(db: Kysely<any>, userId: string, roleCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_relations as r')
    .innerJoin('roles as ro', 'ro.id', 'r.object_id')
    .select('ro.id')
    .where('r.user_id', '=', userId)
    .where('r.object_type', '=', 'Role')
    .where('ro.en_code', '=', roleCode)
    .where('ro.enabled_mark', '=', 1)
    .executeTakeFirst();
  return !!row;
}

/** Enabled users holding the role (the receivers of "waiting for your approval"). */
export async function usersWithRole(db: Kysely<any>, roleCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_relations as r')
    .innerJoin('roles as ro', 'ro.id', 'r.object_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.id as id')
    .where('r.object_type', '=', 'Role')
    .where('ro.en_code', '=', roleCode)
    .where('ro.enabled_mark', '=', 1)
    .where('u.enabled_mark', '=', 1)
    .execute();
  return rows.map((r) => String(r.id));
}
