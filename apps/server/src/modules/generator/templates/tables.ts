import type { GenModel } from '../spec.ts';
import { columnTsType, commentText, lines } from './code.ts';

/** apps/server/src/db/tables/<module>.ts: the module's tables as Kysely sees them (camelCase). */
export function tablesFile(m: GenModel, migration: string): string {
  const { pascal } = m.names;
  return lines(
    `/**`,
    ` * ${commentText(`Tables of the ${m.names.camel} module (migration ${migration}).`)}`,
    ` */`,
    ``,
    `export interface ${pascal}Table {`,
    `  id: string;`,
    ...m.fields.map((f) => `  ${f.prop}: ${columnTsType(f)};`),
    `  createdAt: number;`,
    `  createdBy: string | null;`,
    `  updatedAt: number | null;`,
    `  updatedBy: string | null;`,
    `}`,
    ``,
    ...m.subTables.flatMap((s) => [
      `export interface ${s.typeName}Table {`,
      `  id: string;`,
      `  /** The ${commentText(m.names.camel)} row it belongs to. */`,
      `  parentId: string;`,
      `  sortCode: number;`,
      ...s.fields.map((f) => `  ${f.prop}: ${columnTsType(f)};`),
      `}`,
      ``,
    ]),
    `export interface ${pascal}Tables {`,
    `  ${m.names.tableKey}: ${pascal}Table;`,
    ...m.subTables.map((s) => `  ${s.tableKey}: ${s.typeName}Table;`),
    `}`,
    ``,
  );
}
