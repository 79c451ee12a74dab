import { validateRecord, type FormField, type RecordData, type RecordIssue } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { RuntimeModel } from './records.service.ts';
import './records-messages.ts';

/**
 * Server-side record checks: the contract's validateRecord (types, required,
 * rules and their messages, lengths, ranges, static options, sub-table rows,
 * calculate recomputed), with the options that live in our database:
 * dictionary fields must hold an enabled item of their dictionary.
 * Interface-backed options are not checked (they would run the interface).
 */
export type OptionSets = Map<FormField, ReadonlySet<string>>;

/** Allowed values of every dictionary field of the model: item ids, or enCodes when the field stores those. */
export async function optionSetsOf(ctx: AppContext, model: RuntimeModel): Promise<OptionSets> {
  const out: OptionSets = new Map();
  const fields = [...model.fields.values(), ...[...model.subFields.values()].flatMap((m) => [...m.values()])].filter(
    (f) => f.options?.source === 'dictionary' && f.options.dictionaryType,
  );
  if (!fields.length) return out;
  const types = [...new Set(fields.map((f) => f.options!.dictionaryType!))];
  const rows = await ctx.db
    .selectFrom('dictionaryData')
    .innerJoin('dictionaryTypes', 'dictionaryTypes.id', 'dictionaryData.dictionaryTypeId')
    .select(['dictionaryTypes.id as typeId', 'dictionaryTypes.enCode as typeCode', 'dictionaryData.id', 'dictionaryData.enCode'])
    .where((eb) => eb.or([eb('dictionaryTypes.id', 'in', types), eb('dictionaryTypes.enCode', 'in', types)]))
    .where('dictionaryData.enabledMark', '=', 1)
    .execute();
  for (const f of fields) {
    const type = f.options!.dictionaryType!;
    const byCode = f.options!.valueKey === 'enCode';
    const items = rows.filter((r) => r.typeId === type || r.typeCode === type);
    out.set(f, new Set(items.map((r) => (byCode ? r.enCode : r.id))));
  }
  return out;
}

/** A problem as a message key and its parameters (the field's label named; a sub-table cell with its row). */
export function issueMessage(model: RuntimeModel, issue: RecordIssue): { key: string; params: Record<string, string | number> } {
  let label = String(issue.params.label ?? issue.field);
  if (issue.table !== undefined) {
    const table = [...model.subs].find((s) => s.tableField === issue.table);
    label = `${table?.tableName ?? issue.table}[${(issue.row ?? 0) + 1}].${label}`;
  }
  const params = { ...issue.params, label, field: issue.field, message: issue.message ?? '' };
  return { key: `records.issue.${issue.key}`, params };
}

/** The cleaned record, or a 400 naming the first problem's field. */
export function checkWith(model: RuntimeModel, record: RecordData, sets: OptionSets): RecordData {
  const { record: clean, issues } = validateRecord(model.form, record, { optionValues: (f) => sets.get(f) });
  if (issues.length) {
    const { key, params } = issueMessage(model, issues[0]!);
    throw badRequest(key, params, { field: issues[0]!.field, issues: issues.slice(0, 50) });
  }
  return clean;
}

export async function checkRecord(ctx: AppContext, model: RuntimeModel, record: RecordData): Promise<RecordData> {
  return sanitizeRichText(model, checkWith(model, record, await optionSetsOf(ctx, model)));
}

/** Rich-text fields are stored through the one HTML policy (docs/conventions.md "Rich text"), never as the browser sent them. */
async function sanitizeRichText(model: RuntimeModel, record: RecordData): Promise<RecordData> {
  for (const [key, field] of model.fields) {
    if (field.type === 'editor' && typeof record[key] === 'string') record[key] = await sanitizeHtml(record[key]);
  }
  return record;
}
