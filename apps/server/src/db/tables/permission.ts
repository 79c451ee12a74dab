/**
 * Tables of the permission module. Add interfaces here and list them in
 * PermissionTables; the Database type picks them up.
 */

/** Links an organisation role (roles.globalMark = 0) to the organisations it belongs to. */
export interface RoleOrganizationTable {
  id: string;
  roleId: string;
  organizeId: string;
  createdAt: number;
}

/**
 * A data-permission scheme of a menu (server-contract §2 BASE_MODULEDATAAUTHORIZESCHEME):
 * row conditions granted to roles, positions or users as `resource` items.
 */
export interface ModuleDataSchemeTable {
  id: string;
  moduleId: string;
  enCode: string;
  fullName: string;
  /** JSON: [{ logic: 'and'|'or', groups: [{ field, op, value }] }]; '[]' means every row. */
  conditionJson: string;
  conditionText: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** A user's own column layout of a menu's list (Authority/SetColumnsByModuleId). */
export interface UserColumnSettingTable {
  userId: string;
  moduleId: string;
  /** JSON text: [{ prop, label, columnVisible }] */
  fieldList: string;
  updatedAt: number;
}

export interface PermissionTables {
  roleOrganizations: RoleOrganizationTable;
  moduleDataSchemes: ModuleDataSchemeTable;
  userColumnSettings: UserColumnSettingTable;
}
