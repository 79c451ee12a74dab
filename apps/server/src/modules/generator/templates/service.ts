import type { GenField, GenModel, GenSubTable } from '../spec.ts';
import { commentText, filterParams, inputFields, key, lines, numeric, str } from './code.ts';

/** The value a column stores for an input field (arrays as JSON text, missing as null). */
const stored = (f: GenField, src: string) => {
  const v = `${src}.${f.prop}`;
  if (f.array) return `${v}.length ? JSON.stringify(${v}) : null`;
  return f.required ? v : `${v} ?? null`;
};

/** The record's value of a column (JSON text back to arrays). */
const read = (f: GenField, src: string) => (f.array ? `parseList(${src}.${f.prop})` : `${src}.${f.prop}`);

const calcFields = (fields: GenField[]) => fields.filter((f) => f.fill === 'calculate' && f.expression);

/** What the write functions need from derived(): nothing, the input only, or the input and the write context. */
export function derivedUse(m: GenModel): 'none' | 'input' | 'context' {
  const fills = m.fields.filter((f) => f.fill);
  if (fills.some((f) => f.fill !== 'calculate')) return 'context';
  if (fills.length || m.subTables.some((s) => calcFields(s.fields).length)) return 'input';
  return 'none';
}

function derivedFn(m: GenModel): string {
  const { pascal } = m.names;
  const use = derivedUse(m);
  if (use === 'none') return '';
  const has = (fill: string) => m.fields.some((f) => f.fill === fill);
  const needsUser = has('organizeId') || has('positionId');
  const scopeOf = (fields: GenField[], src: string) =>
    `{ ${inputFields(fields)
      .map((f) => `${key(f.key)}: ${src}.${f.prop}`)
      .join(', ')} }`;
  const subCalcs = m.subTables.filter((s) => calcFields(s.fields).length);
  const anyCalc = calcFields(m.fields).length > 0 || subCalcs.length > 0;
  const each = (onCreate: boolean) => m.fields.filter((f) => f.fill && (f.fillOnCreate ?? false) === onCreate);
  const always = each(false);
  const created = each(true);
  const value = (f: GenField) => {
    switch (f.fill) {
      case 'userId':
        return 'w.userId';
      case 'now':
        return 'Date.now()';
      case 'organizeId':
        return 'user?.organizeId ?? null';
      case 'positionId':
        return 'user?.positionId ?? null';
      case 'billRule':
        return `await nextBillNumber(w.ctx, w.trx, ${str(f.billRule ?? '')})`;
      default:
        return `numberOf(scope[${str(f.key)}])`;
    }
  };
  return lines(
    `/** Values the server works out itself: calculations, bill numbers, who and when. */`,
    `${use === 'context' ? 'async ' : ''}function derived(input: ${pascal}Input${use === 'context' ? ', w: WriteContext' : ''}) {`,
    needsUser &&
      `  const user = w.creating ? await w.trx.selectFrom('users').select(['organizeId', 'positionId']).where('id', '=', w.userId ?? '').executeTakeFirst() : undefined;`,
    ...(anyCalc
      ? [
          ...m.subTables.map(
            (s) => `  const rows${s.typeName}: Record<string, unknown>[] = input.${s.prop}.map((r) => (${scopeOf(s.fields, 'r')}));`,
          ),
          `  const scope: Record<string, unknown> = ${scopeOf(m.fields, 'input')};`,
          ...subCalcs.flatMap((s) => [
            `  for (const row of rows${s.typeName}) {`,
            ...calcFields(s.fields).map(
              (f) => `    row[${str(f.key)}] = evaluateExpression(${str(f.expression!)}, { record: scope, row, table: ${str(s.key)} });`,
            ),
            `  }`,
          ]),
          ...m.subTables.map((s) => `  scope[${str(s.key)}] = rows${s.typeName};`),
          ...calcFields(m.fields).map((f) => `  scope[${str(f.key)}] = evaluateExpression(${str(f.expression!)}, { record: scope });`),
        ]
      : []),
    `  return {`,
    `    main: {`,
    ...always.map((f) => `      ${f.prop}: ${value(f)},`),
    created.length > 0 && `      ...(w.creating ? { ${created.map((f) => `${f.prop}: ${value(f)}`).join(', ')} } : {}),`,
    `    },`,
    ...subCalcs.map(
      (s) =>
        `    ${s.prop}: rows${s.typeName}.map((r) => ({ ${calcFields(s.fields)
          .map((f) => `${f.prop}: numberOf(r[${str(f.key)}])`)
          .join(', ')} })),`,
    ),
    `  };`,
    `}`,
  );
}

/** apps/server/src/modules/<area>/<module>.service.ts: list (paged, sorted and filtered in SQL), read, create, update, delete. */
export function serviceFile(m: GenModel, files: { tables: string; messages: string }): string {
  const { camel, pascal, tableKey } = m.names;
  const fields = m.fields;
  const hasCalc = [...fields, ...m.subTables.flatMap((s) => s.fields)].some((f) => f.fill === 'calculate' && f.expression);
  const hasBill = fields.some((f) => f.fill === 'billRule');
  const hasList = [...fields, ...m.subTables.flatMap((s) => s.fields)].some((f) => f.array);
  const editors = fields.filter((f) => f.type === 'editor' && !f.array);
  const notFound = `notFound(${str(`${camel}.notFound`)})`;
  const sortable = [...new Map(m.sortable.map((f) => [f.prop, f])).values()];
  const defaultSort = m.defaultSort ? `${str(m.defaultSort.field.prop)}, ${str(m.defaultSort.order)}` : `'createdAt', 'desc'`;
  const filters = filterParams(m);
  const filterLines = filters.map(({ search: { field: f, match }, names }) => {
    const q = `q.${names[0]}`;
    if (match === 'range')
      return lines(
        `  if (q.${names[0]} !== undefined) base = base.where(${str(f.prop)}, '>=', q.${names[0]});`,
        `  if (q.${names[1]} !== undefined) base = base.where(${str(f.prop)}, '<=', q.${names[1]});`,
      );
    if (match === 'contains') return `  if (${q}) base = base.where(keywordMatch([${str(f.column)}], ${q}));`;
    if (match === 'in') {
      const values = numeric(f) ? `${q}.split(',').map(Number).filter(Number.isFinite)` : `${q}.split(',').filter(Boolean)`;
      return `  if (${q}) base = base.where(${str(f.prop)}, 'in', [...${values}.slice(0, 500), ${numeric(f) ? 'Number.NaN' : "''"}]);`;
    }
    return numeric(f)
      ? `  if (${q} !== undefined) base = base.where(${str(f.prop)}, '=', ${q});`
      : `  if (${q}) base = base.where(${str(f.prop)}, '=', ${q});`;
  });
  const contractTypes = [
    `type ${pascal}`,
    `type ${pascal}Detail`,
    `type ${pascal}Filters`,
    `type ${pascal}Input`,
    ...(hasList ? [`type ${pascal}ListItem`] : []),
    'type PageQuery',
  ];
  const subImports = m.subTables.map((s) => `type ${s.typeName}Input`);
  const subRead = (s: GenSubTable) =>
    lines(
      `const to${s.typeName} = (r: Selectable<${s.typeName}Table>) => ({`,
      `  id: r.id,`,
      `  sortCode: r.sortCode,`,
      ...s.fields.map((f) => `  ${f.prop}: ${read(f, 'r')},`),
      `});`,
    );
  const subWrite = (s: GenSubTable) => {
    const hasSubCalc = s.fields.some((f) => f.fill === 'calculate' && f.expression);
    return lines(
      `async function write${s.typeName}(trx: Transaction<Database>, parentId: string, rows: ${s.typeName}Input[]${
        hasSubCalc ? `, derivedRows: Partial<Selectable<${s.typeName}Table>>[]` : ''
      }) {`,
      `  await trx.deleteFrom(${str(s.tableKey)}).where('parentId', '=', parentId).execute();`,
      `  if (!rows.length) return;`,
      `  await trx`,
      `    .insertInto(${str(s.tableKey)})`,
      `    .values(`,
      `      rows.map((r, i) => ({`,
      `        id: newId(),`,
      `        parentId,`,
      `        sortCode: i,`,
      ...inputFields(s.fields).map((f) => `        ${f.prop}: ${stored(f, 'r')},`),
      hasSubCalc && `        ...derivedRows[i],`,
      `      })),`,
      `    )`,
      `    .execute();`,
      `}`,
    );
  };
  const subArg = (s: GenSubTable) => (s.fields.some((f) => f.fill === 'calculate' && f.expression) ? `, d.${s.prop}` : '');
  const use = derivedUse(m);
  const src = editors.length ? 'clean' : 'input';
  const derive = (creating: boolean) =>
    use === 'none'
      ? `    const d = { main: {} };`
      : use === 'context'
        ? `    const d = await derived(${src}, { ctx, trx, userId, creating: ${creating} });`
        : `    const d = derived(${src});`;
  const cleanInput =
    editors.length > 0 &&
    `  const clean = { ...input, ${editors.map((f) => `${f.prop}: await sanitizeOptionalHtml(input.${f.prop})`).join(', ')} };`;

  return lines(
    `import type { Selectable, Transaction } from 'kysely';`,
    `import {`,
    ...(hasCalc ? ['  evaluateExpression,'] : []),
    ...[...contractTypes, ...subImports].map((t) => `  ${t},`),
    `} from '@medalliance/contract';`,
    `import type { AppContext } from '../../context.ts';`,
    `import type { Database } from '../../db/schema.ts';`,
    `import type { ${[`${pascal}Table`, ...m.subTables.map((s) => `${s.typeName}Table`)].join(', ')} } from '../../db/tables/${files.tables}';`,
    `import { notFound } from '../../http/errors.ts';`,
    `import { keywordMatch, paginate } from '../../http/paging.ts';`,
    `import { newId } from '../../lib/ids.ts';`,
    editors.length > 0 && `import { sanitizeOptionalHtml } from '../../lib/sanitize-html.ts';`,
    hasBill && `import { nextBillNumber } from '../system/index.ts';`,
    `import './${files.messages}';`,
    ``,
    `/**`,
    ` * ${commentText(`${pascal} records (generated from the model ${m.modelId}).`)} Lists page, sort and`,
    ` * filter in SQL; a record and its sub-table rows are written in one transaction.`,
    ` */`,
    ``,
    `type Row = Selectable<${pascal}Table>;`,
    ``,
    hasList &&
      lines(
        `/** A multi-value column: JSON text back to its list. */`,
        `function parseList(text: string | null): ${pascal}ListItem[] {`,
        `  if (!text) return [];`,
        `  try {`,
        `    const v: unknown = JSON.parse(text);`,
        `    return Array.isArray(v) ? (v as ${pascal}ListItem[]) : [];`,
        `  } catch {`,
        `    return [];`,
        `  }`,
        `}`,
        ``,
      ),
    hasCalc && `const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);\n`,
    `const to${pascal} = (r: Row): ${pascal} => ({`,
    `  id: r.id,`,
    ...fields.map((f) => `  ${f.prop}: ${read(f, 'r')},`),
    `  createdAt: r.createdAt,`,
    `  updatedAt: r.updatedAt,`,
    `});`,
    ``,
    ...m.subTables.map((s) => `${subRead(s)}\n`),
    `/** The columns a client may sort by (query sidx), and their names in the table. */`,
    `const SORTABLE = {`,
    ...sortable.map((f) => `  ${f.prop}: ${str(f.prop)},`),
    `  createdAt: 'createdAt',`,
    `  creatorTime: 'createdAt',`,
    `} as const;`,
    ``,
    `export async function list${pascal}(ctx: AppContext, q: PageQuery & ${pascal}Filters) {`,
    `  let base = ctx.db.selectFrom(${str(tableKey)});`,
    m.keywordFields.length
      ? `  if (q.keyword) base = base.where(keywordMatch([${m.keywordFields.map((f) => str(f.column)).join(', ')}], q.keyword));`
      : `  if (q.keyword) base = base.where('id', '=', q.keyword);`,
    ...filterLines,
    `  const sortBy = SORTABLE[q.sidx as keyof typeof SORTABLE];`,
    `  const query = base`,
    `    .selectAll()`,
    `    .orderBy(sortBy ?? ${defaultSort.split(', ')[0]}, sortBy ? q.sort : ${defaultSort.split(', ')[1]})`,
    `    .orderBy('id');`,
    `  const page = await paginate(query, q);`,
    `  return { list: page.list.map(to${pascal}), pagination: page.pagination };`,
    `}`,
    ``,
    `export async function get${pascal}(ctx: AppContext, id: string): Promise<${pascal}Detail> {`,
    `  const row = await ctx.db.selectFrom(${str(tableKey)}).selectAll().where('id', '=', id).executeTakeFirst();`,
    `  if (!row) throw ${notFound};`,
    ...m.subTables.map(
      (s) =>
        `  const ${s.prop} = await ctx.db.selectFrom(${str(s.tableKey)}).selectAll().where('parentId', '=', id).orderBy('sortCode').orderBy('id').execute();`,
    ),
    `  return { ...to${pascal}(row)${m.subTables.map((s) => `, ${s.prop}: ${s.prop}.map(to${s.typeName})`).join('')} };`,
    `}`,
    ``,
    use !== 'none' &&
      use === 'context' &&
      lines(
        `interface WriteContext {`,
        `  ctx: AppContext;`,
        `  trx: Transaction<Database>;`,
        `  userId: string | null;`,
        `  creating: boolean;`,
        `}`,
        ``,
      ),
    derivedFn(m),
    ``,
    `/** The columns of the fields the browser sends. */`,
    `const columns = (input: ${pascal}Input) => ({`,
    ...inputFields(fields).map((f) => `  ${f.prop}: ${stored(f, 'input')},`),
    `});`,
    ``,
    ...m.subTables.map((s) => `${subWrite(s)}\n`),
    `export async function create${pascal}(ctx: AppContext, input: ${pascal}Input, userId: string | null): Promise<string> {`,
    cleanInput,
    `  const id = newId();`,
    `  await ctx.db.transaction().execute(async (trx) => {`,
    derive(true),
    `    await trx`,
    `      .insertInto(${str(tableKey)})`,
    `      .values({ id, ...columns(${src}), ...d.main, createdAt: Date.now(), createdBy: userId, updatedAt: null, updatedBy: null })`,
    `      .execute();`,
    ...m.subTables.map((s) => `    await write${s.typeName}(trx, id, ${src}.${s.prop}${subArg(s)});`),
    `  });`,
    `  return id;`,
    `}`,
    ``,
    `export async function update${pascal}(ctx: AppContext, id: string, input: ${pascal}Input, userId: string | null): Promise<void> {`,
    cleanInput,
    `  await ctx.db.transaction().execute(async (trx) => {`,
    `    const found = await trx.selectFrom(${str(tableKey)}).select('id').where('id', '=', id).executeTakeFirst();`,
    `    if (!found) throw ${notFound};`,
    derive(false),
    `    await trx`,
    `      .updateTable(${str(tableKey)})`,
    `      .set({ ...columns(${src}), ...d.main, updatedAt: Date.now(), updatedBy: userId })`,
    `      .where('id', '=', id)`,
    `      .execute();`,
    ...m.subTables.map((s) => `    await write${s.typeName}(trx, id, ${src}.${s.prop}${subArg(s)});`),
    `  });`,
    `}`,
    ``,
    `export async function delete${pascal}(ctx: AppContext, id: string): Promise<void> {`,
    `  await ctx.db.transaction().execute(async (trx) => {`,
    `    const found = await trx.selectFrom(${str(tableKey)}).select('id').where('id', '=', id).executeTakeFirst();`,
    `    if (!found) throw ${notFound};`,
    ...m.subTables.map((s) => `    await trx.deleteFrom(${str(s.tableKey)}).where('parentId', '=', id).execute();`),
    `    await trx.deleteFrom(${str(tableKey)}).where('id', '=', id).execute();`,
    `  });`,
    `}`,
    ``,
  );
}
