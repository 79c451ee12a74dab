import { sql, type Kysely } from 'kysely';
import { fieldTypeInfo, validateRecord, type FormField, type Language, type OptionItem, type RecordData } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionInfo } from '../oauth/sessions.service.ts';
import { importFields } from './export.service.ts';
import { recordToRow } from './model-tables.ts';
import { issueMessage, optionSetsOf } from './record-checks.ts';
import { withBulkTrigramInsert } from './trigram.ts';
import { rowFilterOf, serverFill, writeContext, type Authorized, type RuntimeModel } from './records.service.ts';
import './records-messages.ts';

/**
 * Record import from a workbook (the template's columns, headed by field
 * labels or keys): every row converted (option labels to their ids, dates,
 * lists), validated like a form save, then written in one transaction.
 * `allOrNothing`: one refused row and nothing is written; otherwise the good
 * rows are written and the refused ones answered with their reasons.
 */
export const IMPORT_MAX_ROWS = 100_000;

export interface ImportRowError {
  /** 1-based data row (the header is row 0). */
  row: number;
  field?: string;
  msg: string;
}

const excel = async () => (await import('exceljs')).default;

type CellValue = string | number | boolean | Date | null;

function plainValue(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
  if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
  if (o.result !== undefined) return plainValue(o.result);
  if (typeof o.text === 'string') return o.text;
  return null;
}

/** The first sheet as header → value rows. */
export async function readSheet(buffer: Buffer): Promise<{ headers: string[]; rows: CellValue[][] }> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw badRequest('records.importBadFile');
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(buffer as never);
  } catch {
    throw badRequest('records.importBadFile');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('records.importBadFile');
  if (ws.rowCount > IMPORT_MAX_ROWS + 1) throw badRequest('records.importTooMany', { max: IMPORT_MAX_ROWS });
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (c, col) => (headers[col - 1] = String(plainValue(c.value) ?? '').trim()));
  const rows: CellValue[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1).map(plainValue);
    // eachRow skips empty rows, but keeps their place: the error rows name the sheet's row.
    rows[n - 2] = values;
  });
  return { headers, rows };
}

function labelMap(items: OptionItem[] | undefined, out = new Map<string, string>()): Map<string, string> {
  for (const i of items ?? []) {
    out.set(i.fullName, i.id);
    labelMap(i.children, out);
  }
  return out;
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A cell as the field's wire value (labels of options → their ids; dates → epoch ms, read as UTC). */
function convert(f: FormField, v: CellValue, labels: Map<string, string> | undefined): unknown {
  if (v === null || v === '') return null;
  const info = fieldTypeInfo(f.type);
  if (v instanceof Date) return info.column === 'datetime' ? v.getTime() : v.toISOString();
  if (info.column === 'datetime' && typeof v === 'string') {
    const m = DATE.exec(v.trim());
    if (m) return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    return v;
  }
  if (f.type === 'switch') {
    const s = String(v).trim().toLowerCase();
    return ['1', 'true', '是', 'yes', 'on'].includes(s) ? 1 : ['0', 'false', '否', 'no', 'off'].includes(s) ? 0 : v;
  }
  const mapOne = (s: string) => labels?.get(s) ?? s;
  const list = info.array || (f.multiple && info.column === 'string' && f.type !== 'input');
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
}

async function dictionaryLabels(ctx: AppContext, fields: FormField[]): Promise<Map<FormField, Map<string, string>>> {
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
  const { headers, rows } = await readSheet(buffer);
  const fields = importFields(model, auth);
  const byHeader = new Map<string, FormField>();
  for (const f of fields) {
    byHeader.set(f.field!.toLowerCase(), f);
    if (f.label) byHeader.set(f.label.toLowerCase(), f);
  }
  // A column the caller may not write (or the form does not have) is ignored: its cells are never read.
  const columns = headers.map((h) => byHeader.get(h.replace(/[*＊]/g, '').trim().toLowerCase()));
  const labels = await dictionaryLabels(ctx, fields);
  const sets = await optionSetsOf(ctx, model);
  const errors: ImportRowError[] = [];
  const good: RecordData[] = [];
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i];
    if (!cells) continue;
    const input: RecordData = {};
    for (const f of fields) if (f.defaultValue !== undefined) input[f.field!] = f.defaultValue;
    columns.forEach((f, c) => {
      if (f) input[f.field!] = convert(f, cells[c] ?? null, labels.get(f));
    });
    const { record, issues } = validateRecord(model.form, input, { optionValues: (f) => sets.get(f) });
    if (issues.length) {
      const { key, params } = issueMessage(model, issues[0]!);
      errors.push({ row: i + 1, field: issues[0]!.field, msg: translate(lang, key, params) });
    } else good.push(record);
  }
  if (errors.length && allOrNothing) {
    return {
      snum: 0,
      fnum: errors.length,
      resultType: 1,
      errors,
      msg: translate(lang, 'records.importRejected', { count: errors.length }),
    };
  }
  await writeRows(ctx, session, model, auth, good);
  return { snum: good.length, fnum: errors.length, resultType: errors.length ? 1 : 0, errors };
}

/** From this many rows, an import feeds the trigram index once, after its inserts (trigram.ts withBulkTrigramInsert). */
const BULK_TRIGRAM_ROWS = 1000;

/** Inserts records in one transaction, many rows per statement; every row must be the importer's under their row rules. */
async function writeRows(ctx: AppContext, session: SessionInfo, model: RuntimeModel, auth: Authorized, records: RecordData[]) {
  if (!records.length) return;
  const w = await writeContext(ctx, session, auth);
  const filter = rowFilterOf(ctx, model, auth);
  const perStatement = Math.max(1, Math.min(500, Math.floor(30_000 / (model.main.columns.length + 7))));
  const needsFill = [...model.fields.values()].some((f) => fieldTypeInfo(f.type).serverFilled && f.type !== 'calculate');
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx.withoutPlugins() as unknown as Kysely<any>;
    const trigram = records.length >= BULK_TRIGRAM_ROWS ? [...(model.spec.trigram ?? [])] : [];
    await withBulkTrigramInsert(db, model.main.name, trigram, async () => {
      for (let i = 0; i < records.length; i += perStatement) {
        const chunk = records.slice(i, i + perStatement);
        const values = [];
        for (const record of chunk) {
          if (needsFill) await serverFill(ctx, trx, model.fields, record, w, true, null);
          values.push({
            ...recordToRow(model.main.columns, record),
            id: newId(),
            creator_user_id: session.userId,
            creator_time: w.now,
            organize_id: w.organizeId,
            flow_state: 0,
          });
        }
        await db.insertInto(model.main.name).values(values).execute();
        if (filter) {
          const ids = values.map((v) => v.id);
          const seen = await db
            .selectFrom(model.main.name)
            .select(sql<number>`count(*)`.as('n'))
            .where('id', 'in', ids)
            .where(filter)
            .executeTakeFirst();
          if (Number(seen?.n ?? 0) !== ids.length) throw forbidden();
        }
      }
    });
  });
}
