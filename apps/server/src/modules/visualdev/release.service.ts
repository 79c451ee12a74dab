import { sql, type Kysely, type Transaction } from 'kysely';
import {
  Codes,
  formDefinition,
  listDefinition,
  type FormDefinition,
  type ListDefinition,
  type LostData,
  type ReleaseResult,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { definitionProblems, indexName, modelTables, type ModelColumn, type ModelTable } from './model-tables.ts';
import { invalidateRuntimeModels, trigramFieldsOf } from './records.service.ts';
import { isBindable, tableColumns, tableExists } from './table-catalog.ts';
import { createTrigramIndex, dropTrigramIndex } from './trigram.ts';
import './messages.ts';

/**
 * Release: the draft definition becomes the released one and the model's
 * tables follow it, in one transaction (DDL is transactional on PostgreSQL
 * and SQLite alike), through one code path of Kysely's schema builder:
 * - first release: the main table and one per sub-table, system columns,
 *   indexes (organisation, creation time, searched / sorted / related fields);
 * - later releases alter additively: new columns, new sub-tables, new indexes,
 *   widened types (varchar longer, varchar → text, integer → decimal) copied over;
 * - a change that would lose stored values (a removed field or sub-table that
 *   holds data, a varchar narrowed below its longest value, another change of
 *   kind) is refused with the list of what would be lost, unless confirmed;
 *   confirmed, the old column (or sub-table) is kept renamed `<name>__old_<version>`
 *   and a new one made. Nothing of the old values is dropped silently.
 * A model bound to an existing table creates nothing: release checks that the
 * table still has every mapped column.
 */

type Trx = Transaction<Database>;
/** The same transaction without the camelCase plugin: model tables are named as written. */
type Raw = Kysely<any>;

const SYSTEM_COLUMNS_DDL: [string, string, boolean][] = [
  ['creator_user_id', 'varchar(40)', false],
  ['creator_time', 'bigint', true],
  ['last_modify_user_id', 'varchar(40)', false],
  ['last_modify_time', 'bigint', false],
  ['organize_id', 'varchar(40)', false],
];

async function createModelTable(raw: Raw, t: ModelTable): Promise<void> {
  let b = raw.schema.createTable(t.name).addColumn('id', 'varchar(40)', (c) => c.primaryKey());
  for (const [name, type, notNull] of SYSTEM_COLUMNS_DDL) b = b.addColumn(name, type as 'bigint', (c) => (notNull ? c.notNull() : c));
  b = b.addColumn('flow_state', 'integer', (c) => c.notNull().defaultTo(0));
  if (t.tableField) {
    b = b.addColumn('parent_id', 'varchar(40)', (c) => c.notNull()).addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0));
  }
  for (const col of t.columns) b = b.addColumn(col.name, col.sqlType as 'text');
  await b.execute();
}

async function createIndexes(raw: Raw, t: ModelTable): Promise<void> {
  for (const cols of t.indexes) await raw.schema.createIndex(indexName(t.name, cols)).ifNotExists().on(t.name).columns(cols).execute();
}

const count = async (raw: Raw, query: ReturnType<typeof sql>) => Number(((await query.execute(raw)).rows[0] as { n?: unknown })?.n ?? 0);
const filled = (raw: Raw, table: string, column: string) =>
  count(raw, sql`select count(*) as n from ${sql.table(table)} where ${sql.id(column)} is not null`);
const rowsOf = (raw: Raw, table: string) => count(raw, sql`select count(*) as n from ${sql.table(table)}`);
const longerThan = (raw: Raw, table: string, column: string, n: number) =>
  count(raw, sql`select count(*) as n from ${sql.table(table)} where length(${sql.id(column)}) > ${n}`);

type ColumnPlan =
  | { op: 'add'; col: ModelColumn }
  | { op: 'drop'; name: string }
  | { op: 'aside'; name: string; col?: ModelColumn }
  | { op: 'convert'; from: ModelColumn; col: ModelColumn; copy: 'cast' | 'substr' | 'none' }
  | { op: 'rename'; from: string; to: string };

interface TablePlan {
  table: ModelTable;
  create: boolean;
  columns: ColumnPlan[];
  dropIndexes: string[];
}

/** Widening changes keep every value: a longer varchar, varchar → text, integer → decimal. */
function widens(from: ModelColumn, to: ModelColumn): boolean {
  if (from.kind === 'string' && to.kind === 'string') return (to.length ?? 0) >= (from.length ?? 0);
  if (from.kind === 'string' && to.kind === 'text') return true;
  return from.kind === 'int' && to.kind === 'decimal';
}

/** The DDL a release needs and what it would lose. */
async function plan(raw: Raw, before: ModelTable[], after: ModelTable[], version: number) {
  const plans: TablePlan[] = [];
  const lost: LostData[] = [];
  const asideTables: { name: string; to: string }[] = [];
  const dropTables: string[] = [];
  const beforeByName = new Map(before.map((t) => [t.name, t]));
  for (const t of after) {
    const old = beforeByName.get(t.name);
    beforeByName.delete(t.name);
    if (!old) {
      plans.push({ table: t, create: true, columns: [], dropIndexes: [] });
      continue;
    }
    const cols: ColumnPlan[] = [];
    const oldByLower = new Map(old.columns.map((c) => [c.name.toLowerCase(), c]));
    for (const col of t.columns) {
      const prev = oldByLower.get(col.name.toLowerCase());
      oldByLower.delete(col.name.toLowerCase());
      if (!prev) {
        cols.push({ op: 'add', col });
        continue;
      }
      // A key that only changed case: SQLite sees one column, PostgreSQL two; rename it (through a free name).
      if (prev.name !== col.name) cols.push({ op: 'rename', from: prev.name, to: col.name });
      if (prev.sqlType === col.sqlType && prev.array === col.array) continue;
      if (widens(prev, col)) {
        cols.push({ op: 'convert', from: prev, col, copy: 'cast' });
        continue;
      }
      const values = await filled(raw, t.name, prev.name);
      if (values === 0) {
        cols.push({ op: 'convert', from: prev, col, copy: 'none' });
      } else if (prev.kind === 'string' && col.kind === 'string') {
        const longer = await longerThan(raw, t.name, prev.name, col.length!);
        if (longer === 0) cols.push({ op: 'convert', from: prev, col, copy: 'cast' });
        else {
          lost.push({ table: t.name, column: col.name, change: 'narrow', from: prev.sqlType, to: col.sqlType, rows: longer });
          cols.push({ op: 'aside', name: prev.name, col });
        }
      } else {
        lost.push({ table: t.name, column: col.name, change: 'retype', from: prev.sqlType, to: col.sqlType, rows: values });
        cols.push({ op: 'aside', name: prev.name, col });
      }
    }
    for (const prev of oldByLower.values()) {
      const values = await filled(raw, t.name, prev.name);
      if (values === 0) cols.push({ op: 'drop', name: prev.name });
      else {
        lost.push({ table: t.name, column: prev.name, change: 'drop', from: prev.sqlType, rows: values });
        cols.push({ op: 'aside', name: prev.name });
      }
    }
    const wanted = new Set(t.indexes.map((c) => indexName(t.name, c)));
    const dropIndexes = old.indexes.map((c) => indexName(t.name, c)).filter((n) => !wanted.has(n));
    // Every index over a column that is converted, renamed, dropped or moved aside goes too (made again below).
    const touched = new Set(
      cols.filter((c) => c.op !== 'add').flatMap((c) => ('name' in c ? [c.name] : c.op === 'rename' ? [c.from] : [c.from.name])),
    );
    for (const cols_ of old.indexes) if (cols_.some((c) => touched.has(c))) dropIndexes.push(indexName(t.name, cols_));
    plans.push({ table: t, create: false, columns: cols, dropIndexes: [...new Set(dropIndexes)] });
  }
  for (const gone of beforeByName.values()) {
    const rows = await rowsOf(raw, gone.name);
    if (rows === 0) dropTables.push(gone.name);
    else {
      lost.push({ table: gone.name, change: 'drop', rows });
      asideTables.push({ name: gone.name, to: `${gone.name}__old_${version}` });
    }
  }
  return { plans, lost, asideTables, dropTables };
}

const oldName = (name: string, version: number) => `${name}__old_${version}`;

async function applyColumn(raw: Raw, table: string, p: ColumnPlan, version: number, keptAside: string[]): Promise<void> {
  const alter = () => raw.schema.alterTable(table);
  switch (p.op) {
    case 'add':
      await alter()
        .addColumn(p.col.name, p.col.sqlType as 'text')
        .execute();
      return;
    case 'drop':
      await alter().dropColumn(p.name).execute();
      return;
    case 'rename': {
      const tmp = `${p.to}__case`;
      await alter().renameColumn(p.from, tmp).execute();
      await alter().renameColumn(tmp, p.to).execute();
      return;
    }
    case 'aside': {
      const to = oldName(p.name, version);
      await alter().renameColumn(p.name, to).execute();
      keptAside.push(`${table}.${to}`);
      if (p.col)
        await alter()
          .addColumn(p.col.name, p.col.sqlType as 'text')
          .execute();
      return;
    }
    case 'convert': {
      const tmp = `${p.col.name}__tmp`;
      await alter().renameColumn(p.from.name, tmp).execute();
      await alter()
        .addColumn(p.col.name, p.col.sqlType as 'text')
        .execute();
      if (p.copy !== 'none') {
        const value =
          p.copy === 'substr' ? sql`substr(${sql.id(tmp)}, 1, ${p.col.length!})` : sql`cast(${sql.id(tmp)} as ${sql.raw(p.col.sqlType)})`;
        await sql`update ${sql.table(table)} set ${sql.id(p.col.name)} = ${value}`.execute(raw);
      }
      await alter().dropColumn(tmp).execute();
      return;
    }
  }
}

function parseDefinition(formJson: string, listJson: string): { form: FormDefinition; list: ListDefinition } {
  return { form: formDefinition.parse(JSON.parse(formJson)), list: listDefinition.parse(JSON.parse(listJson)) };
}

/** Refuses a definition that cannot become tables (400 naming the first problem). */
export function assertDefinition(enCode: string, form: FormDefinition, list: ListDefinition): void {
  const problems = definitionProblems(enCode, form, list);
  if (problems.length) throw badRequest(problems[0]!.key, problems[0]!.params, { problems: problems.slice(0, 50) });
}

/** Checks that a bound table exists, may be bound, and has a column for every field. */
export async function assertBoundTable(db: Kysely<any>, dialect: Dialect, table: string, tables: ModelTable[]): Promise<void> {
  if (!isBindable(table)) throw badRequest('visualdev.boundTableNotAllowed', { table });
  if (!(await tableExists(db, dialect, table))) throw badRequest('visualdev.boundTableNotFound', { table });
  const have = new Set((await tableColumns(db, dialect, table)).map((c) => c.name.toLowerCase()));
  for (const col of tables[0]?.columns ?? []) {
    if (!have.has(col.name.toLowerCase())) throw badRequest('visualdev.boundColumnMissing', { table, field: col.name });
  }
}

async function alterTables(
  trx: Trx,
  dialect: Dialect,
  before: ModelTable[],
  after: ModelTable[],
  list: ListDefinition,
  version: number,
  confirm: boolean,
) {
  const raw = trx.withoutPlugins() as unknown as Raw;
  const { plans, lost, asideTables, dropTables } = await plan(raw, before, after, version);
  if (lost.length && !confirm) {
    const changes = lost.map((l) => `${l.table}${l.column ? `.${l.column}` : ''} (${l.change}, ${l.rows})`).join('; ');
    throw new AppError(409, Codes.conflict, 'visualdev.destructive', { changes: changes.slice(0, 1000) }, { lost });
  }
  const keptAside: string[] = [];
  // Trigram triggers name columns (SQLite refuses to rename or drop those); made again at the end.
  for (const t of [...before, ...after]) if (!t.tableField) await dropTrigramIndex(raw, t.name);
  for (const p of plans) {
    if (p.create) {
      if (await tableExists(raw, dialect, p.table.name)) throw conflict('visualdev.tableExists', { table: p.table.name });
      await createModelTable(raw, p.table);
    } else {
      for (const name of p.dropIndexes) await raw.schema.dropIndex(name).ifExists().execute();
      for (const c of p.columns) await applyColumn(raw, p.table.name, c, version, keptAside);
    }
    await createIndexes(raw, p.table);
  }
  for (const t of before.filter((b) => dropTables.includes(b.name))) await raw.schema.dropTable(t.name).execute();
  for (const a of asideTables) {
    // Its indexes keep their names: free them for a later sub-table of the same name.
    for (const cols of before.find((b) => b.name === a.name)?.indexes ?? [])
      await raw.schema.dropIndex(indexName(a.name, cols)).ifExists().execute();
    await raw.schema.alterTable(a.name).renameTo(a.to).execute();
    keptAside.push(a.to);
  }
  const main = after[0]!;
  await createTrigramIndex(raw, main.name, trigramFieldsOf(main, list));
  return keptAside;
}

/** Releases the draft: definition copied to released, tables created or altered (see the file comment). */
export async function releaseModel(ctx: AppContext, id: string, userId: string | null, confirm: boolean): Promise<ReleaseResult> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Two releases of one model at once: the second waits for the first (SQLite serializes writers by itself).
    const q = trx.selectFrom('visualdevModels').selectAll().where('id', '=', id);
    const row = await (ctx.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    if (!row) throw notFound();
    const draft = parseDefinition(row.formData, row.columnData);
    assertDefinition(row.enCode, draft.form, draft.list);
    const version = row.version + 1;
    const after = modelTables(row.tableName, draft.form, draft.list);
    let keptAside: string[] = [];
    if (row.boundTable) {
      await assertBoundTable(trx, ctx.dialect, row.boundTable, after);
    } else {
      const before = row.releasedFormData && row.releasedColumnData ? parseDefinition(row.releasedFormData, row.releasedColumnData) : null;
      const beforeTables = before ? modelTables(row.tableName, before.form, before.list) : [];
      keptAside = await alterTables(trx, ctx.dialect, beforeTables, after, draft.list, version, confirm);
    }
    await trx
      .updateTable('visualdevModels')
      .set({
        releasedFormData: row.formData,
        releasedColumnData: row.columnData,
        state: 1,
        version,
        releasedAt: Date.now(),
        releasedBy: userId,
      })
      .where('id', '=', id)
      .execute();
    return { version, tables: row.boundTable ? [row.boundTable] : after.map((t) => t.name), keptAside };
  });
  invalidateRuntimeModels(ctx, id);
  return result;
}

/** Drops a model's own tables (delete of an unused model). Bound tables are never touched. */
export async function dropModelTables(
  trx: Trx,
  dialect: Dialect,
  tableName: string,
  releasedForm: string | null,
  releasedList: string | null,
) {
  if (!releasedForm || !releasedList) return;
  const raw = trx.withoutPlugins() as unknown as Raw;
  const { form, list } = parseDefinition(releasedForm, releasedList);
  const tables = modelTables(tableName, form, list);
  await dropTrigramIndex(raw, tableName);
  for (const t of tables.reverse()) if (await tableExists(raw, dialect, t.name)) await raw.schema.dropTable(t.name).execute();
}
