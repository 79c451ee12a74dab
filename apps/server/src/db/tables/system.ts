/**
 * Tables of the system module. Add interfaces here and list them in
 * SystemTables; the Database type picks them up.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemTables {}
