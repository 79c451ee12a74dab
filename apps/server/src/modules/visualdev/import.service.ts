import { fieldTypeInfo, validateRecord, type FormField, type Language, type OptionItem, type RecordData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { importColumns } from './export.service.ts';
import { optionSetsOf } from './record-checks.ts';
import { writeRecords } from './import-writer.ts';
import type { Authorized, RuntimeModel } from './records.service.ts';
import { columnsByHeader, headerKey, type SheetColumn } from './sheet-layout.ts';
import { BadCell, SheetError, sheetRows, type CellValue, type SheetRow } from './xlsx-reader.ts';
import './import-messages.ts';
import './records-messages.ts';

/**
 * Record import from a workbook in the layout of sheet-layout.ts (the
 * template's and the export's): a line whose main columns hold a value starts
 * a record, the lines below it with empty main columns add sub-table rows.
 * Every cell is converted (option labels to their ids, dates, lists), every
 * record with its sub-table rows validated like a form save (validateRecord
 * on the released definition), problems reported per sheet row with the field
 * named. `allOrNothing`: one refused row and nothing is written; otherwise the
 * good records are written and the refused ones answered with their reasons
 * (a record with any bad line is refused whole). All writes are one
 * transaction (import-writer.ts).
 */
export const IMPORT_MAX_ROWS = 100_000;

export interface ImportRowError {
  /** The data row: the sheet's row number minus the header's (the header is row 0). */
  row: number;
  /** The field's key; a sub-table column as `table.field`. */
  field?: string;
  msg: string;
}

/** Most errors one answer lists (fnum still counts every refused record). */
const MAX_ERRORS = 1000;
/** Excel's own limit for one cell: a longer text is refused, whatever the field. */
export const MAX_CELL_CHARS = 32_767;

type Converted = unknown;

/** The sheet's rows, the first one being the header; a file that is no workbook is a 400. */
function readRows(buffer: Buffer): SheetRow[] {
  try {
    return [...sheetRows(buffer, IMPORT_MAX_ROWS)];
  } catch (err) {
    if (err instanceof SheetError && err.reason === 'tooBig') throw badRequest('records.importTooMany', { max: IMPORT_MAX_ROWS });
    throw badRequest('records.importBadFile');
  }
}

function labelMap(items: OptionItem[] | undefined, out = new Map<string, string>()): Map<string, string> {
  for (const i of items ?? []) {
    out.set(i.fullName, i.id);
    labelMap(i.children, out);
  }
  return out;
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TRUE = new Set(['1', 'true', '是', 'yes', 'on']);
const FALSE = new Set(['0', 'false', '否', 'no', 'off']);

/** A converter from a cell to the field's wire value (labels of options → their ids; dates → epoch ms, read as UTC). */
function converter(f: FormField, labels: Map<string, string> | undefined): (v: Exclude<CellValue, null | BadCell>) => Converted {
  const info = fieldTypeInfo(f.type);
  const mapOne = (s: string) => labels?.get(s) ?? s;
  const list = info.array || (f.multiple && info.column === 'string' && f.type !== 'input');
  const datetime = info.column === 'datetime';
  return (v) => {
    if (v instanceof Date) return datetime ? v.getTime() : v.toISOString();
    if (datetime && typeof v === 'string') {
      const m = DATE.exec(v.trim());
      if (m) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
      return v;
    }
    if (f.type === 'switch') {
      const s = String(v).trim().toLowerCase();
      return TRUE.has(s) ? 1 : FALSE.has(s) ? 0 : v;
    }
    if (list) {
      const parts = String(v)
        .split(f.type === 'cascader' ? /[/,，]/ : /[,，]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (f.type === 'numberRange' || f.type === 'dateRange') return parts.map((p) => (Number.isFinite(Number(p)) ? Number(p) : p));
      return parts.map(mapOne);
    }
    if (typeof v === 'string') return info.hasOptions ? mapOne(v.trim()) : v;
    return v;
  };
}

/** Option label → value of every static and dictionary field among the columns. */
async function optionLabels(ctx: AppContext, fields: FormField[]): Promise<Map<FormField, Map<string, string>>> {
  const out = new Map<FormField, Map<string, string>>();
  for (const f of fields) {
    if (f.options?.source === 'static') out.set(f, labelMap(f.options.items));
    if (f.options?.source !== 'dictionary' || !f.options.dictionaryType) continue;
    const type = f.options.dictionaryType;
    const rows = await ctx.db
      .selectFrom('dictionaryData')
      .innerJoin('dictionaryTypes', 'dictionaryTypes.id', 'dictionaryData.dictionaryTypeId')
      .select(['dictionaryData.id', 'dictionaryData.enCode', 'dictionaryData.fullName'])
      .where((eb) => eb.or([eb('dictionaryTypes.id', '=', type), eb('dictionaryTypes.enCode', '=', type)]))
      .where('dictionaryData.enabledMark', '=', 1)
      .execute();
    out.set(f, new Map(rows.map((r) => [r.fullName, f.options!.valueKey === 'enCode' ? r.enCode : r.id])));
  }
  return out;
}

/** A sheet column the import reads: where it is and how its cells convert. */
interface Reader {
  index: number;
  column: SheetColumn;
  convert: (v: Exclude<CellValue, null | BadCell>) => Converted;
}

/** A record as the sheet gives it: its first line, its main values, its sub-table rows with their lines. */
interface Pending {
  line: number;
  input: RecordData;
  subLines: Map<string, number[]>;
  problems: ImportRowError[];
}

/** POST {id}/Actions/Import. */
export async function importRecords(
  ctx: AppContext,
  session: SessionInfo,
  model: RuntimeModel,
  auth: Authorized,
  buffer: Buffer,
  allOrNothing: boolean,
  lang: Language,
) {
  const rows = readRows(buffer);
  const header = rows[0];
  const allowed = new Set(importColumns(model, auth));
  const byHeader = columnsByHeader(model);
  const labels = await optionLabels(
    ctx,
    [...allowed].map((c) => c.field),
  );
  // A column the caller may not write (or the form does not have) is ignored: its cells are never read.
  const readers: Reader[] = [];
  header?.cells.forEach((h, index) => {
    const column = typeof h === 'string' ? byHeader.get(headerKey(h)) : undefined;
    if (column && allowed.has(column)) readers.push({ index, column, convert: converter(column.field, labels.get(column.field)) });
  });
  const mainReaders = readers.filter((r) => !r.column.table);
  const tables = [...new Set(readers.flatMap((r) => (r.column.table ? [r.column.table] : [])))].map((table) => ({
    table,
    readers: readers.filter((r) => r.column.table === table),
    defaults: [...model.subFields.get(table)!.values()].filter(
      (f) => f.defaultValue !== undefined && !readers.some((r) => r.column.table === table && r.column.field === f),
    ),
  }));
  const mainDefaults = [...allowed].filter((c) => !c.table && c.field.defaultValue !== undefined).map((c) => c.field);
  const headerLine = header?.row ?? 1;
  const dataRow = (line: number) => line - headerLine;

  const errors: ImportRowError[] = [];
  let badRows = 0;
  const report = (e: ImportRowError) => {
    badRows++;
    if (errors.length < MAX_ERRORS) errors.push(e);
  };
  const cellMessage = (line: number, r: Reader, key: string, params: Record<string, string | number> = {}): ImportRowError => ({
    row: dataRow(line),
    field: r.column.key,
    msg: translate(lang, key, { label: r.column.header, ...params }),
  });
  /** A cell's value; null after recording why it cannot be read (that message is its line's). */
  const read = (cells: CellValue[], r: Reader, line: number, problems: ImportRowError[]): Converted => {
    const v = cells[r.index];
    if (v === undefined || v === null || v === '') return null;
    if (v instanceof BadCell) {
      problems.push(cellMessage(line, r, 'records.importBadCell'));
      return null;
    }
    if (typeof v === 'string' && v.length > MAX_CELL_CHARS) {
      problems.push(cellMessage(line, r, 'records.importCellTooLong', { max: MAX_CELL_CHARS }));
      return null;
    }
    return r.convert(v);
  };

  const sets = await optionSetsOf(ctx, model);
  const good: RecordData[] = [];
  let refused = 0;
  const finish = (p: Pending) => {
    const { record, issues } = validateRecord(model.form, p.input, { optionValues: (f) => sets.get(f) });
    // One message per sheet line: the first problem found on it.
    const byLine = new Map<number, ImportRowError>();
    for (const e of p.problems) if (!byLine.has(e.row)) byLine.set(e.row, e);
    for (const issue of issues) {
      const line = issue.table !== undefined && issue.row !== undefined ? p.subLines.get(issue.table)![issue.row]! : p.line;
      if (byLine.has(dataRow(line))) continue;
      const column =
        issue.table !== undefined ? byHeader.get(headerKey(`${issue.table}.${issue.field}`)) : byHeader.get(headerKey(issue.field));
      const label = column?.header ?? String(issue.params.label ?? issue.field);
      const params = { ...issue.params, label, field: issue.field, message: issue.message ?? '' };
      byLine.set(dataRow(line), {
        row: dataRow(line),
        field: column?.key ?? issue.field,
        msg: translate(lang, `records.issue.${issue.key}`, params),
      });
    }
    if (!byLine.size) {
      good.push(record);
      return;
    }
    refused++;
    for (const e of [...byLine.values()].sort((a, b) => a.row - b.row)) report(e);
  };

  let current: Pending | null = null;
  for (let i = 1; i < rows.length; i++) {
    const { row: line, cells } = rows[i]!;
    let startsRecord = false;
    for (const r of mainReaders) {
      const v = cells[r.index];
      if (v !== undefined && v !== null && v !== '') {
        startsRecord = true;
        break;
      }
    }
    if (startsRecord) {
      if (current) finish(current);
      const input: RecordData = {};
      for (const f of mainDefaults) input[f.field!] = f.defaultValue;
      current = { line, input, subLines: new Map(), problems: [] };
      for (const r of mainReaders) input[r.column.key] = read(cells, r, line, current.problems);
    }
    for (const t of tables) {
      let filled = false;
      for (const r of t.readers) {
        const v = cells[r.index];
        if (v !== undefined && v !== null && v !== '') {
          filled = true;
          break;
        }
      }
      if (!filled) continue;
      if (!current) {
        report({ row: dataRow(line), msg: translate(lang, 'records.importOrphanRow') });
        refused++;
        break;
      }
      const sub: RecordData = {};
      for (const f of t.defaults) sub[f.field!] = f.defaultValue;
      for (const r of t.readers) sub[r.column.field.field!] = read(cells, r, line, current.problems);
      ((current.input[t.table] ??= []) as RecordData[]).push(sub);
      if (!current.subLines.has(t.table)) current.subLines.set(t.table, []);
      current.subLines.get(t.table)!.push(line);
    }
  }
  if (current) finish(current);

  if (badRows && allOrNothing) {
    return {
      snum: 0,
      fnum: refused,
      resultType: 1,
      errors,
      msg: translate(lang, 'records.importRejected', { count: badRows }),
    };
  }
  await sanitizeRichText(model, good);
  await writeRecords(ctx, session, model, auth, good);
  return { snum: good.length, fnum: refused, resultType: refused ? 1 : 0, errors };
}

/** Rich-text fields go through the one HTML policy (docs/conventions.md "Rich text"), as a form save does. */
async function sanitizeRichText(model: RuntimeModel, records: RecordData[]) {
  const editors = [...model.fields.values()].filter((f) => f.type === 'editor').map((f) => f.field!);
  if (!editors.length) return;
  for (const record of records)
    for (const key of editors) if (typeof record[key] === 'string') record[key] = await sanitizeHtml(record[key]);
}
