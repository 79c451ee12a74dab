/**
 * Tables of the file module. Add interfaces here and list them in
 * FileTables; the Database type picks them up.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FileTables {}
