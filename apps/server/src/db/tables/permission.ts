/**
 * Tables of the permission module. Add interfaces here and list them in
 * PermissionTables; the Database type picks them up.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PermissionTables {}
