import type { FormDefinition, ListDefinition, PageResult, RecordData, RecordListBody } from '@medalliance/contract';
import { formDefinition, listDefinition } from '@medalliance/contract';
import { http } from './http.ts';

/**
 * Typed calls of the low-code runtime (spec §7.6, OnlineDev): a model's
 * released design, its records (list, create, read, display values, update,
 * delete, batch delete) and its spreadsheets (export, template, import).
 * Bodies follow server-contract §3.4; `data` goes as an object.
 */

const O = '/api/visualdev/OnlineDev';
const enc = encodeURIComponent;

/** GET {id}/Config as the server sends it: the definitions may come as JSON text (reference spelling) or as objects. */
export interface ModelConfigWire {
  fullName: string;
  webType: number;
  formData: FormDefinition | string;
  columnData: ListDefinition | string;
  flowId?: string | null;
  enableFlow?: number | boolean;
}

export interface ModelConfig {
  fullName: string;
  webType: number;
  formData: FormDefinition;
  columnData: ListDefinition;
}

/** A record row of the list: display values plus the system columns. */
export type RecordRow = RecordData & { id: string };

/** The list request: the contract's body, with the search object as an object (serialised here). */
export type RecordListQuery = Partial<Omit<RecordListBody, 'queryJson' | 'json'>> & { queryJson?: Record<string, unknown> };

/** One record for an edit form or a detail view; `data` may be JSON text (server-contract §3.4). */
export interface RecordWire {
  id: string;
  data: RecordData | string;
}

export interface ImportRowError {
  /** 1-based data row of the sheet (the header is row 0). */
  row: number;
  field?: string;
  msg: string;
}

export interface ImportOutcome {
  /** Rows written. */
  snum: number;
  /** Rows refused. */
  fnum: number;
  errors: ImportRowError[];
}

const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    // Spec §8: invalid JSON text is treated as not JSON.
    return {};
  }
};

/** Reads a Config answer into checked definitions (defaults applied, unknown keys dropped). */
export function readConfig(wire: ModelConfigWire): ModelConfig {
  return {
    fullName: wire.fullName,
    webType: wire.webType,
    formData: formDefinition.parse(parseJson(wire.formData)),
    columnData: listDefinition.parse(parseJson(wire.columnData) ?? {}),
  };
}

/** A record's data, whichever way it was sent. */
export const recordData = (wire: RecordWire): RecordData => ({ ...(parseJson(wire.data) as RecordData), id: wire.id });

/** The menu a call comes from (the server authorizes against that menu's grants); a query parameter on GET and DELETE. */
const q = (menuId?: string) => (menuId ? `?menuId=${enc(menuId)}` : '');

export const onlineDevApi = {
  config: async (modelId: string, menuId?: string): Promise<ModelConfig> =>
    readConfig((await http.get<ModelConfigWire>(`${O}/${enc(modelId)}/Config${q(menuId)}`)).data),
  list: (modelId: string, body: RecordListQuery) => http.post<PageResult<RecordRow>>(`${O}/${enc(modelId)}/List`, body),
  create: (modelId: string, data: RecordData, menuId?: string) => http.post<{ id: string }>(`${O}/${enc(modelId)}`, { data, menuId }),
  /** Raw values, for the edit form. */
  info: async (modelId: string, dataId: string, menuId?: string) =>
    recordData((await http.get<RecordWire>(`${O}/${enc(modelId)}/${enc(dataId)}${q(menuId)}`)).data),
  /** Display values (names for ids), for the detail view. */
  detail: async (modelId: string, dataId: string, menuId?: string) =>
    recordData((await http.get<RecordWire>(`${O}/${enc(modelId)}/${enc(dataId)}/DataChange${q(menuId)}`)).data),
  update: (modelId: string, dataId: string, data: RecordData, menuId?: string) =>
    http.put(`${O}/${enc(modelId)}/${enc(dataId)}`, { id: dataId, data, menuId }),
  remove: (modelId: string, dataId: string, menuId?: string) => http.delete(`${O}/${enc(modelId)}/${enc(dataId)}${q(menuId)}`),
  batchDelete: (modelId: string, ids: string[], menuId?: string) => http.post(`${O}/batchDelete/${enc(modelId)}`, { ids, menuId }),
  /** Records as a workbook: this page ('0') or every matching row ('1'), the chosen columns. */
  exportData: (modelId: string, body: RecordListQuery & { selectKey: string[] }) =>
    http.post<Blob>(`${O}/${enc(modelId)}/Actions/ExportData`, body, { responseType: 'blob', timeout: 300_000 }),
  template: (modelId: string, menuId?: string) =>
    http.get<Blob>(`${O}/${enc(modelId)}/Template${q(menuId)}`, undefined, { responseType: 'blob' }),
  /** Import a workbook; `allOrNothing` writes no row when any row is refused. */
  importData: (modelId: string, file: File, allOrNothing: boolean, menuId?: string) => {
    const form = new FormData();
    form.append('allOrNothing', allOrNothing ? '1' : '0');
    form.append('file', file, file.name);
    return http.post<ImportOutcome>(`${O}/${enc(modelId)}/Actions/Import${q(menuId)}`, form, { timeout: 300_000 });
  },
};
