import { fieldTypeInfo, formDefinition, listDefinition, walkFields, type FlowFormField, type FlowStatus } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../http/errors.ts';
import { modelTables, recordToRow, rowToRecord, selectAsWritten, type ModelTable } from '../visualdev/model-tables.ts';
import { now } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { registerFlowFormAdapter, type FlowFormAdapter } from './form-adapters.ts';
import './messages.ts';

/**
 * The flow form of low-code models (formKind 'model', formId = the model id):
 * values are the record's row in the model's table, read through the engine's
 * transaction; every state change writes the row's flow_state (server-contract
 * §3 workflow-enabled lists: 1 waiting, 2 adopted, 3 rejected, 4 revoked,
 * 5 terminated; 0, written by records.service on create, is waiting to submit).
 * Access to the record is checked by the submit route before the engine runs.
 */
export const MODEL_FORM_KIND = 'model';

const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Parsed main tables by model release (id, version, release time): every
 * engine action reads the form 2-3 times, and parsing the released JSON was
 * a third of an approval's CPU. A new release has a new key, so nothing is
 * ever stale; the cap only bounds memory.
 */
const parsedTables = new Map<string, ModelTable[] | null>();

/** The released model's main table, read in the transaction; null for an unknown or unreleased model. */
async function mainTable(db: Db, modelId: string): Promise<ModelTable | null> {
  return (await releasedTables(db, modelId))?.[0] ?? null;
}

/** The released model's tables (main first, then its sub-tables); null for an unknown or unreleased model. */
async function releasedTables(db: Db, modelId: string): Promise<ModelTable[] | null> {
  const row = await db
    .selectFrom('visualdevModels')
    .select(['tableName', 'boundTable', 'state', 'version', 'releasedAt'])
    .where('id', '=', modelId)
    .executeTakeFirst();
  if (!row || row.state !== 1) return null;
  // A model bound to an existing table has no flow_state column of ours, and is read-only here.
  if (row.boundTable) throw badRequest('workflow.modelBound');
  const key = `${modelId}:${row.version}:${row.releasedAt}:${row.tableName}`;
  if (parsedTables.has(key)) return parsedTables.get(key)!;
  const texts = await db
    .selectFrom('visualdevModels')
    .select(['releasedFormData', 'releasedColumnData'])
    .where('id', '=', modelId)
    .executeTakeFirstOrThrow();
  const formJson = parseJson(texts.releasedFormData);
  const tables = formJson
    ? modelTables(row.tableName, formDefinition.parse(formJson), listDefinition.parse(parseJson(texts.releasedColumnData) ?? {}))
    : null;
  if (parsedTables.size >= 200) parsedTables.clear();
  parsedTables.set(key, tables?.length ? tables : null);
  return tables?.length ? tables : null;
}

/** The released form's own top-level fields that hold a value (not sub-tables, layout or buttons). */
async function releasedFields(db: Db, modelId: string): Promise<FlowFormField[]> {
  const row = await db.selectFrom('visualdevModels').select(['state', 'releasedFormData']).where('id', '=', modelId).executeTakeFirst();
  const formJson = parseJson(row?.releasedFormData ?? null);
  if (!row || row.state !== 1 || !formJson) return [];
  const form = formDefinition.parse(formJson);
  const out: FlowFormField[] = [];
  for (const { field, table } of walkFields(form.fields)) {
    if (table || !field.field || fieldTypeInfo(field.type).column === 'none') continue;
    out.push({ key: field.field, label: field.label || field.field, type: field.type });
  }
  return out;
}

const raw = (db: Db) => db.withoutPlugins() as unknown as Kysely<any>;

export const modelFormAdapter: FlowFormAdapter = {
  kind: MODEL_FORM_KIND,

  async loadValues(db, modelId, recordId) {
    const main = await mainTable(db, modelId);
    if (!main) return null;
    const q = raw(db).selectFrom(main.name).selectAll().where('id', '=', recordId);
    const [row] = await selectAsWritten<Record<string, unknown>>(raw(db), q);
    return row ? rowToRecord(main.columns, row) : null;
  },

  /** The record with its sub-table rows (each row's id and columns), for the detail page's form. */
  async loadRecord(db, modelId, recordId) {
    const tables = await releasedTables(db, modelId);
    if (!tables) return null;
    const [main, ...subs] = tables;
    const [row] = await selectAsWritten<Record<string, unknown>>(
      raw(db),
      raw(db).selectFrom(main!.name).selectAll().where('id', '=', recordId),
    );
    if (!row) return null;
    const record = rowToRecord(main!.columns, row);
    for (const sub of subs) {
      const rows = await selectAsWritten<Record<string, unknown>>(
        raw(db),
        raw(db).selectFrom(sub.name).selectAll().where('parent_id', '=', recordId).orderBy('sort_code').orderBy('id'),
      );
      record[sub.tableField!] = rows.map((r) => rowToRecord(sub.columns, r));
    }
    return record;
  },

  async saveValues(db, modelId, recordId, values) {
    const main = await mainTable(db, modelId);
    if (!main) throw badRequest('workflow.recordNotFound');
    const row = recordToRow(main.columns, values);
    if (!Object.keys(row).length) return;
    await raw(db).updateTable(main.name).set(row).where('id', '=', recordId).execute();
  },

  /**
   * A new row of the model's main table through visualdev's column mapping
   * (recordToRow converts and bounds every value as a record save does),
   * with the system columns a record save writes: creator, time, the
   * creator's organisation, flow_state 0 (the engine then submits it). It
   * runs in the engine's transaction, which records.service's own
   * createRecord (opening its own transaction) cannot join.
   */
  async createRecord(db, modelId, values, creatorId) {
    const main = await mainTable(db, modelId);
    if (!main) throw badRequest('workflow.recordNotFound');
    const user = await db.selectFrom('users').select('organizeId').where('id', '=', creatorId).executeTakeFirst();
    const id = newId();
    await raw(db)
      .insertInto(main.name)
      .values({
        ...recordToRow(main.columns, values),
        id,
        creator_user_id: creatorId,
        creator_time: now(),
        organize_id: user?.organizeId ?? null,
        flow_state: 0,
      })
      .execute();
    return id;
  },

  fields: releasedFields,

  async onStateChange(db, modelId, recordId, state: FlowStatus) {
    const main = await mainTable(db, modelId);
    if (!main) return;
    await raw(db).updateTable(main.name).set({ flow_state: state }).where('id', '=', recordId).execute();
  },
};

registerFlowFormAdapter(modelFormAdapter);
