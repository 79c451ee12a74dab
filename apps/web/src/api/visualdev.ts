import type { FormDefinition, ListDefinition, ModelBody, ReleaseResult } from '@medalliance/contract';
import { http, type RequestOptions } from './http.ts';

/**
 * Typed calls of model design (spec §7.6 Base): the category-grouped list,
 * a model's draft definitions, create / update / delete / copy, release (with
 * the destructive-change confirmation), selector, FormDataFields and the
 * definition file. Paths follow apps/server/src/modules/visualdev/base.routes.ts.
 */

const B = '/api/visualdev/Base';
const enc = encodeURIComponent;

/** A model as the list shows it (definitions are read one model at a time). */
export interface ModelSummary {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  category: string;
  webType: number;
  /** 0 draft, 1 released. */
  state: number;
  type: number;
  description: string | null;
  sortCode: number;
  tableName: string | null;
  boundTable: string | null;
  version: number;
  releasedAt: number | null;
  /** The draft differs from the released definition. */
  hasDraft: boolean;
  creatorTime: number;
  lastModifyTime: number | null;
  creatorUser: string;
}

/** A category node of the list with its models. */
export interface ModelCategoryNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  num: number;
  children?: ModelSummary[];
}

/** One model as the designer reads it: its draft definitions. */
export interface ModelDetail extends ModelSummary {
  formData: FormDefinition | null;
  columnData: ListDefinition | null;
}

export interface ModelField {
  vModel: string;
  field: string;
  label: string;
  type: string;
}

export type ModelInput = Omit<ModelBody, 'formData' | 'columnData'> & { formData: FormDefinition; columnData: ListDefinition };

export interface ModelListFilter {
  keyword?: string;
  category?: string;
  webType?: number;
}

export const visualdevApi = {
  list: (q: ModelListFilter = {}) => http.get<{ list: ModelCategoryNode[] }>(B, { ...q }),
  /** Released models by category (menu type 3, relation forms). */
  selector: (q: ModelListFilter = {}) => http.get<{ list: ModelCategoryNode[] }>(`${B}/Selector`, { ...q }),
  info: (id: string) => http.get<ModelDetail>(`${B}/${enc(id)}`),
  create: (body: ModelInput) => http.post<{ id: string }>(B, body),
  /** Saves the draft: the released model is untouched until the next release. */
  update: (id: string, body: ModelInput) => http.put(`${B}/${enc(id)}`, body),
  remove: (id: string) => http.delete(`${B}/${enc(id)}`),
  copy: (id: string) => http.post<{ id: string }>(`${B}/${enc(id)}/Actions/Copy`),
  /** Without confirm a destructive change answers 409 with data.lost; the caller shows it (silent) and asks. */
  release: (id: string, confirm = false, options?: RequestOptions) =>
    http.post<ReleaseResult>(`${B}/${enc(id)}/Actions/Release`, { confirm }, options),
  formDataFields: (id: string) => http.get<{ list: ModelField[] }>(`${B}/${enc(id)}/FormDataFields`),
  exportUrl: (id: string) => `${B}/${enc(id)}/Actions/Export`,
  /** A definition file (ours or the reference's) becomes a new draft model. */
  importFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<{ id: string; skipped: string[] }>(`${B}/Actions/Import`, form);
  },
};
