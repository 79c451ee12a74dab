import type { FormField, Language, RecordListBody } from '@medalliance/contract';
import { fieldTypeInfo } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { translate } from '../../http/i18n.ts';
import { hiddenOf, listRecords, lockedOf, type Authorized, type RuntimeModel } from './records.service.ts';
import './records-messages.ts';

/**
 * Records as workbooks (exceljs, loaded on the first spreadsheet): the list
 * export (the chosen columns the caller may see, this page or every row,
 * display values) and the import template (the fields the caller may write).
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

/** The list as a workbook: columns chosen by `selectKey` (all list columns without it), never a hidden one. */
export async function exportWorkbook(ctx: AppContext, model: RuntimeModel, auth: Authorized, body: RecordListBody, lang: Language) {
  const hidden = hiddenOf(auth);
  const { list } = await listRecords(ctx, model, auth, body);
  const listed = model.list.columns.filter((c) => model.fields.has(c.field));
  const candidates = (listed.length ? listed.map((c) => c.field) : [...model.fields.keys()]).filter((k) => !hidden.has(k));
  const keys = body.selectKey?.length ? candidates.filter((k) => body.selectKey!.includes(k)) : candidates;
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'records.sheet'));
  ws.columns = keys.map((k) => ({ header: model.fields.get(k)!.label || k, key: k, width: 20 }));
  styleHeader(ws);
  for (const r of list) ws.addRow(Object.fromEntries(keys.map((k) => [k, cell(model.fields.get(k), r[k])])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Main-table fields an import may fill: they hold a value the client writes, and the caller may write them. */
export function importFields(model: RuntimeModel, auth: Authorized): FormField[] {
  const locked = lockedOf(auth);
  return [...model.fields.values()].filter((f) => !fieldTypeInfo(f.type).serverFilled && !locked.has(f.field!));
}

/** The import template: one column per importable field, headed by its label (required ones starred). */
export async function templateWorkbook(model: RuntimeModel, auth: Authorized, lang: Language) {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'records.sheet'));
  ws.columns = importFields(model, auth).map((f) => ({
    header: `${f.label || f.field}${f.required ? ' *' : ''}`,
    key: f.field!,
    width: 22,
  }));
  styleHeader(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
