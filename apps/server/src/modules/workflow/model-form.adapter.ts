import { formDefinition, listDefinition, type FlowStatus } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../http/errors.ts';
import { modelTables, recordToRow, rowToRecord, selectAsWritten, type ModelTable } from '../visualdev/model-tables.ts';
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

/** The released model's main table, read in the transaction; null for an unknown or unreleased model. */
async function mainTable(db: Db, modelId: string): Promise<ModelTable | null> {
  const row = await db
    .selectFrom('visualdevModels')
    .select(['tableName', 'boundTable', 'state', 'releasedFormData', 'releasedColumnData'])
    .where('id', '=', modelId)
    .executeTakeFirst();
  const formJson = parseJson(row?.releasedFormData ?? null);
  if (!row || row.state !== 1 || !formJson) return null;
  // A model bound to an existing table has no flow_state column of ours, and is read-only here.
  if (row.boundTable) throw badRequest('workflow.modelBound');
  const form = formDefinition.parse(formJson);
  const list = listDefinition.parse(parseJson(row.releasedColumnData) ?? {});
  return modelTables(row.tableName, form, list)[0] ?? null;
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

  async saveValues(db, modelId, recordId, values) {
    const main = await mainTable(db, modelId);
    if (!main) throw badRequest('workflow.recordNotFound');
    const row = recordToRow(main.columns, values);
    if (!Object.keys(row).length) return;
    await raw(db).updateTable(main.name).set(row).where('id', '=', recordId).execute();
  },

  async onStateChange(db, modelId, recordId, state: FlowStatus) {
    const main = await mainTable(db, modelId);
    if (!main) return;
    await raw(db).updateTable(main.name).set({ flow_state: state }).where('id', '=', recordId).execute();
  },
};

registerFlowFormAdapter(modelFormAdapter);
