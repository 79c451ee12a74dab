import type { AppContext } from '../../../context.ts';
import { anyModuleAccess } from '../../../http/access.ts';
import { forbidden } from '../../../http/errors.ts';
import { grantsFor, type UserGrants } from '../../permission/grants.service.ts';
import type { SessionInfo } from '../../oauth/sessions.service.ts';

/**
 * What a caller may do in the health records screens, from their menu and
 * button grants (server-enforced; the screens only hide what is refused here).
 */
export const RECORD_MENUS = [
  'inhabitant_manage',
  'archives_add',
  'person_pending_list',
  'person_except_list',
  'family_manage',
  'family_add',
];
export const TRANSFER_MENUS = ['move_manage', 'move_manage_search'];
/** The menu of the health audit log (seeded by db/seed/health/records-privacy.ts, granted to the auditor role). */
export const AUDIT_LOG_MENU = 'health_audit_log';
/** The records, transfer and audit-log APIs: any of their menus opens them; each route then checks its right. */
export const recordsAccess = anyModuleAccess([...RECORD_MENUS, ...TRANSFER_MENUS, AUDIT_LOG_MENU]);
/** Buttons of inhabitant_manage beyond CRUD. */
export const BTN_REVEAL = 'btn_reveal';
export const BTN_EXPORT = 'btn_health_export';
export const BTN_AUDIT = 'btn_archive_audit';

export interface HealthRights {
  view: boolean;
  add: boolean;
  edit: boolean;
  remove: boolean;
  reveal: boolean;
  export: boolean;
  audit: boolean;
  transfer: boolean;
  transferView: boolean;
  auditLog: boolean;
}

const anyMenu = (g: UserGrants, menus: string[], button?: string) =>
  g.isAdministrator || menus.some((m) => g.modules.has(m) && (!button || g.modules.get(m)!.has(button)));

export async function healthRights(ctx: AppContext, session: SessionInfo): Promise<HealthRights & { grants: UserGrants }> {
  const g = await grantsFor(ctx, session.userId, session.isAdministrator);
  return {
    grants: g,
    view: anyMenu(g, RECORD_MENUS),
    add: anyMenu(g, ['inhabitant_manage', 'archives_add'], 'btn_add'),
    edit: anyMenu(g, ['inhabitant_manage', 'person_pending_list', 'person_except_list'], 'btn_edit'),
    remove: anyMenu(g, ['inhabitant_manage'], 'btn_remove'),
    reveal: anyMenu(g, ['inhabitant_manage'], BTN_REVEAL),
    export: anyMenu(g, ['inhabitant_manage'], BTN_EXPORT),
    audit: anyMenu(g, ['inhabitant_manage', 'person_pending_list'], BTN_AUDIT),
    transfer: anyMenu(g, ['move_manage'], 'btn_add'),
    transferView: anyMenu(g, TRANSFER_MENUS),
    auditLog: anyMenu(g, [AUDIT_LOG_MENU]),
  };
}

/** 403 unless the caller holds the right. */
export async function requireRight(ctx: AppContext, session: SessionInfo, right: keyof HealthRights) {
  const r = await healthRights(ctx, session);
  if (!r[right]) throw forbidden();
  return r;
}
