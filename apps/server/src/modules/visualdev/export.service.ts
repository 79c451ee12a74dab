import type { Kysely } from 'kysely';
import type { FormField, Language, RecordData, RecordListBody } from '@medalliance/contract';
import { fieldTypeInfo } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { rowToRecord, selectAsWritten } from './model-tables.ts';
import { displayRecords } from './record-display.ts';
import { displayCaller, hiddenOf, listRecords, lockedOf, type Authorized, type RuntimeModel } from './records.service.ts';
import { sheetColumns, type SheetColumn } from './sheet-layout.ts';
import './import-messages.ts';
import './records-messages.ts';

/**
 * Records as workbooks (exceljs, loaded on the first spreadsheet): the list
 * export (the chosen columns the caller may see, this page or every row,
 * display values, sub-table rows below their record) and the import template
 * (the fields the caller may write), both in the layout of sheet-layout.ts.
 */
const excel = async () => (await import('exceljs')).default;

/** `2024-05-01 08:30:00` (UTC): what the import reads back. */
export const formatTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

function cell(f: FormField | undefined, v: unknown): string | number {
  if (v === null || v === undefined) return '';
  if (f && fieldTypeInfo(f.type).column === 'datetime' && typeof v === 'number') return formatTime(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',');
  if (typeof v === 'number') return v;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function styleHeader(ws: import('exceljs').Worksheet) {
  const row = ws.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } };
}

/** The sub-table rows of `ids` (up to 500 parents per query), by parent id, in their order; display values. */
async function subRowsOf(
  ctx: AppContext,
  model: RuntimeModel,
  auth: Authorized,
  table: string,
  keys: string[],
  ids: string[],
): Promise<Map<string, RecordData[]>> {
  const sub = model.subs.find((s) => s.tableField === table)!;
  const fields = model.subFields.get(table)!;
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  const out = new Map<string, RecordData[]>();
  const columns = keys.filter((k) => sub.columns.some((c) => c.name === k));
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const rows = await selectAsWritten<Record<string, unknown>>(
      db,
      db
        .selectFrom(sub.name)
        .select(['parent_id', ...columns])
        .where('parent_id', 'in', part)
        .orderBy('parent_id')
        .orderBy('sort_code')
        .orderBy('id'),
    );
    const values = rows.map((r) => rowToRecord(sub.columns, r));
    const shown = await displayRecords(ctx, model, values, fields, displayCaller(auth));
    shown.forEach((r, n) => {
      const parent = String(rows[n]!.parent_id);
      if (!out.has(parent)) out.set(parent, []);
      out.get(parent)!.push(r);
    });
  }
  return out;
}

/**
 * The sheet columns an export writes: the list's columns (main fields, and
 * sub-table columns the list names as `table.field`; every field when it
 * names none), narrowed to `selectKey`, which may also name a sub-table
 * (`items`: its columns) or one of its columns (`items.drug`). Hidden columns never.
 */
function exportColumns(model: RuntimeModel, auth: Authorized, selectKey: string[] | undefined): SheetColumn[] {
  const hidden = hiddenOf(auth);
  const visible = (c: SheetColumn) => !hidden.has(c.key) && !(c.table && hidden.has(c.table));
  const everything = sheetColumns(model);
  const all = everything.filter(visible);
  const listed = new Set(model.list.columns.map((c) => c.field));
  const candidates = everything.some((c) => listed.has(c.key)) ? all.filter((c) => listed.has(c.key)) : all;
  if (!selectKey?.length) return candidates;
  const chosen = new Set(selectKey);
  return all.filter((c) => (c.table ? chosen.has(c.key) || chosen.has(c.table) : chosen.has(c.key) && candidates.includes(c)));
}

/**
 * The list as a workbook (the layout of sheet-layout.ts): a record per line,
 * its further sub-table rows on the lines below it with the main columns empty.
 */
export async function exportWorkbook(ctx: AppContext, model: RuntimeModel, auth: Authorized, body: RecordListBody, lang: Language) {
  const columns = exportColumns(model, auth, body.selectKey);
  const { list } = await listRecords(ctx, model, auth, body);
  const tables = [...new Set(columns.flatMap((c) => (c.table ? [c.table] : [])))];
  const ids = list.map((r) => String(r.id));
  const subRows = new Map<string, Map<string, RecordData[]>>();
  for (const table of tables)
    subRows.set(
      table,
      await subRowsOf(
        ctx,
        model,
        auth,
        table,
        columns.filter((c) => c.table === table).map((c) => c.field.field!),
        ids,
      ),
    );
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'records.sheet'));
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: 20 }));
  styleHeader(ws);
  for (const r of list) {
    const subs = tables.map((t) => subRows.get(t)!.get(String(r.id)) ?? []);
    const lines = Math.max(1, ...subs.map((s) => s.length));
    for (let line = 0; line < lines; line++) {
      ws.addRow(
        columns.map((c) => {
          if (!c.table) return line === 0 ? cell(c.field, r[c.key]) : null;
          const row = subs[tables.indexOf(c.table)]![line];
          return row ? cell(c.field, row[c.field.field!]) : null;
        }),
      );
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * Columns an import may fill: fields holding a value the client writes, which
 * the caller may write (a locked sub-table locks its columns), main fields
 * and sub-table columns.
 */
export function importColumns(model: RuntimeModel, auth: Authorized): SheetColumn[] {
  const locked = lockedOf(auth);
  return sheetColumns(model).filter(
    (c) => !fieldTypeInfo(c.field.type).serverFilled && !locked.has(c.key) && !(c.table && locked.has(c.table)),
  );
}

/** The import template: one column per importable field, headed as the export heads it (required ones starred). */
export async function templateWorkbook(model: RuntimeModel, auth: Authorized, lang: Language) {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'records.sheet'));
  ws.columns = importColumns(model, auth).map((c) => ({
    header: `${c.header}${c.field.required ? ' *' : ''}`,
    key: c.key,
    width: 22,
  }));
  styleHeader(ws);
  // A second sheet explains the layout; the import reads the first one only.
  const help = wb.addWorksheet(translate(lang, 'records.templateHelpSheet'));
  help.getColumn(1).width = 120;
  for (const key of ['records.templateHelp1', 'records.templateHelp2']) help.addRow([translate(lang, key)]).alignment = { wrapText: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
