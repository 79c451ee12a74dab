import type { GenModel } from '../spec.ts';
import { commentText, filterParams, inputFields, lines, numeric, valueType, zodOf } from './code.ts';

/** packages/contract/src/<module>.ts: the request schemas and record types, shared by server and web. */
export function contractFile(m: GenModel): string {
  const { camel, pascal } = m.names;
  const item = `${pascal}ListItem`;
  const itemSchema = `${camel}ListItem`;
  const body = (fields: GenModel['fields'], extra: string[] = []) =>
    [...inputFields(fields).map((f) => `  ${f.prop}: ${zodOf(f, itemSchema)},`), ...extra].join('\n');
  const record = (fields: GenModel['fields']) => fields.map((f) => `  ${f.prop}: ${valueType(f, item)};`).join('\n');
  const filters = filterParams(m).flatMap(({ search, names }) =>
    names.map((n) =>
      numeric(search.field) && search.match !== 'in'
        ? `  ${n}: optionalNumber,`
        : `  ${n}: z.string().trim().max(${search.match === 'in' ? 5000 : 200}).optional(),`,
    ),
  );
  return lines(
    `import { z } from 'zod';`,
    ``,
    `/**`,
    ` * ${commentText(`${pascal}: the request schemas and record types of the ${camel} module`)}`,
    ` * (generated from the model ${commentText(m.modelId)}; edit freely, it is ours now).`,
    ` */`,
    ``,
    `/** One entry of a multi-value field (ids, numbers, file descriptions). */`,
    `export const ${itemSchema} = z.union([`,
    `  z.string().max(2000),`,
    `  z.number(),`,
    `  z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])),`,
    `]);`,
    `export type ${item} = z.output<typeof ${itemSchema}>;`,
    ``,
    `/** A number from a query parameter; empty means no filter. */`,
    `const optionalNumber = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().finite().optional());`,
    ``,
    ...m.subTables.flatMap((s) => [
      `export const ${camel}${s.typeName.slice(pascal.length)}Row = z.object({`,
      body(s.fields),
      `});`,
      `export type ${s.typeName}Input = z.output<typeof ${camel}${s.typeName.slice(pascal.length)}Row>;`,
      ``,
    ]),
    `export const ${camel}Body = z.object({`,
    body(
      m.fields,
      m.subTables.map((s) => `  ${s.prop}: z.array(${camel}${s.typeName.slice(pascal.length)}Row).max(500).optional().default([]),`),
    ),
    `});`,
    `export type ${pascal}Input = z.output<typeof ${camel}Body>;`,
    ``,
    `/** The list's filters (query parameters beside the paging ones). */`,
    `export const ${camel}Filters = z.object({`,
    ...filters,
    `});`,
    `export type ${pascal}Filters = z.output<typeof ${camel}Filters>;`,
    ``,
    ...m.subTables.flatMap((s) => [`export interface ${s.typeName} {`, `  id: string;`, `  sortCode: number;`, record(s.fields), `}`, ``]),
    `export interface ${pascal} {`,
    `  id: string;`,
    record(m.fields),
    `  createdAt: number;`,
    `  updatedAt: number | null;`,
    `}`,
    ``,
    `/** One record with its sub-table rows (the detail and the edit form). */`,
    ...(m.subTables.length
      ? [`export interface ${pascal}Detail extends ${pascal} {`, ...m.subTables.map((s) => `  ${s.prop}: ${s.typeName}[];`), `}`]
      : [`export type ${pascal}Detail = ${pascal};`]),
    ``,
  );
}
