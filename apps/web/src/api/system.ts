import type {
  AreaNode,
  BillDateFormat,
  BillRule,
  DataInterface,
  DataInterfaceLogRow,
  DictionaryAllEntry,
  DictionaryImportResult,
  InterfaceParamDef,
  PageResult,
} from '@medalliance/contract';
import { http, type Params, type RequestOptions } from './http.ts';

/**
 * Typed calls of the system module (spec §7.5, §7.8): dictionaries, areas,
 * bill-number rules, data interfaces, print templates, settings and logs.
 * Paths and shapes follow apps/server/src/modules/system/*.routes.ts.
 */

const S = '/api/system';
const enc = encodeURIComponent;

export interface TreeNode<T = Record<string, unknown>> {
  id: string;
  parentId: string;
  fullName: string;
  hasChildren?: boolean;
  children?: (TreeNode<T> & T)[];
}

export interface ListQuery {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
}

// ---------------------------------------------------------------- dictionaries

export interface DictionaryType extends TreeNode<DictionaryType> {
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
  createdAt: number;
  updatedAt: number | null;
  children?: DictionaryType[];
}

export interface DictionaryData {
  id: string;
  parentId: string;
  dictionaryTypeId: string;
  fullName: string;
  enCode: string;
  simpleSpelling: string | null;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt?: number;
  updatedAt?: number | null;
  hasChildren?: boolean;
  children?: DictionaryData[];
}

export interface DictionaryOption {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isDefault?: number;
  simpleSpelling?: string | null;
  children?: DictionaryOption[];
}

export interface DictionaryTypeForm {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description?: string | null;
}

export interface DictionaryDataForm {
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  simpleSpelling?: string | null;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
}

export const dictionaryApi = {
  types: () => http.get<{ list: DictionaryType[] }>(`${S}/DictionaryType`),
  typeSelector: (excludeId = '0') => http.get<{ list: DictionaryType[] }>(`${S}/DictionaryType/Selector/${enc(excludeId)}`),
  type: (id: string) => http.get<DictionaryType>(`${S}/DictionaryType/${enc(id)}`),
  createType: (form: DictionaryTypeForm) => http.post<{ id: string }>(`${S}/DictionaryType`, form),
  updateType: (id: string, form: DictionaryTypeForm) => http.put(`${S}/DictionaryType/${enc(id)}`, form),
  deleteType: (id: string) => http.delete(`${S}/DictionaryType/${enc(id)}`),

  /** Data of a type (id or enCode): a tree for tree types unless isTree '0' asks for a flat list. */
  data: (typeId: string, q: { keyword?: string; isTree?: '0' | '1' } = {}) =>
    http.get<{ list: DictionaryData[] }>(`${S}/DictionaryData/${enc(typeId)}`, q),
  all: () => http.get<{ list: DictionaryAllEntry[]; version: string }>(`${S}/DictionaryData/All`),
  /** Parent picker of the data form: the type as top node '0', minus the edited row's subtree. */
  parentSelector: (typeId: string, excludeId = '0', isTree = true) =>
    http.get<{ list: DictionaryOption[] }>(`${S}/DictionaryData/${enc(typeId)}/Selector/${enc(excludeId)}`, { isTree: isTree ? '1' : '0' }),
  /** Enabled options of a type (tree for tree types). */
  options: (typeId: string) => http.get<{ list: DictionaryOption[] }>(`${S}/DictionaryData/${enc(typeId)}/Data/Selector`),
  info: (id: string) => http.get<DictionaryData>(`${S}/DictionaryData/${enc(id)}/Info`),
  createData: (form: DictionaryDataForm) => http.post<{ id: string }>(`${S}/DictionaryData`, form),
  updateData: (id: string, form: DictionaryDataForm) => http.put(`${S}/DictionaryData/${enc(id)}`, form),
  deleteData: (id: string) => http.delete(`${S}/DictionaryData/${enc(id)}`),
  setDataState: (id: string, enabledMark?: 0 | 1) =>
    http.put<{ enabledMark: number }>(
      `${S}/DictionaryData/${enc(id)}/Actions/State`,
      enabledMark === undefined ? undefined : { enabledMark },
    ),
  exportUrl: (typeId: string) => `${S}/DictionaryData/${enc(typeId)}/Action/Export`,
  /** The file as multipart (field `file`) with the options as fields; a rejected import answers 400 with the per-row errors in data. */
  import: (file: File, options: { allOrNothing: boolean; conflict: 'skip' | 'overwrite' }) => {
    const form = new FormData();
    form.append('allOrNothing', String(options.allOrNothing));
    form.append('conflict', options.conflict);
    form.append('file', file);
    return http.post<DictionaryImportResult>(`${S}/DictionaryData/Action/Import`, form, { rawCode: true, timeout: 120_000 });
  },
};

// ---------------------------------------------------------------- areas

export interface AreaForm {
  parentId: string;
  fullName: string;
  enCode: string;
  simpleSpelling?: string | null;
  type?: number | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
}

export interface AreaInfo extends AreaForm {
  id: string;
}

export const areaApi = {
  /** One level below a parent ('-1' = provinces); a keyword at the top searches every level. */
  children: (parentId: string, q: { keyword?: string; enabledOnly?: boolean } = {}) =>
    http.get<{ list: AreaNode[] }>(`${S}/Area/${enc(parentId)}`, {
      keyword: q.keyword || undefined,
      enabledOnly: q.enabledOnly ? '1' : undefined,
    }),
  selector: (parentId: string, excludeId = '0') => http.get<{ list: AreaNode[] }>(`${S}/Area/${enc(parentId)}/Selector/${enc(excludeId)}`),
  /** Name paths of id paths. */
  namesByIds: (idsList: (string[] | string)[], options?: RequestOptions) =>
    http.post<string[][]>(`${S}/Area/GetAreaByIds`, { idsList }, options),
  info: (id: string) => http.get<AreaInfo>(`${S}/Area/${enc(id)}/Info`),
  create: (form: AreaForm) => http.post<{ id: string }>(`${S}/Area`, form),
  update: (id: string, form: AreaForm) => http.put(`${S}/Area/${enc(id)}`, form),
  remove: (id: string) => http.delete(`${S}/Area/${enc(id)}`),
  setState: (id: string, enabledMark?: 0 | 1) =>
    http.put<{ enabledMark: number }>(`${S}/Area/${enc(id)}/Actions/State`, enabledMark === undefined ? undefined : { enabledMark }),
};

// ---------------------------------------------------------------- bill rules

export interface BillRuleForm {
  fullName: string;
  enCode: string;
  categoryId?: string | null;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: number;
  suffix: string;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
}

export type BillRuleRow = BillRule & { creatorTime: number };

export const billRuleApi = {
  list: (q: ListQuery & { categoryId?: string }) => http.get<PageResult<BillRuleRow>>(`${S}/BillRule`, { ...q }),
  /** Enabled rules for the business-number template dialog. */
  selector: (q: ListQuery & { categoryId?: string }) => http.get<PageResult<BillRuleRow>>(`${S}/BillRule/Selector`, { ...q }),
  get: (id: string) => http.get<BillRule>(`${S}/BillRule/${enc(id)}`),
  create: (form: BillRuleForm) => http.post<{ id: string }>(`${S}/BillRule`, form),
  update: (id: string, form: BillRuleForm) => http.put(`${S}/BillRule/${enc(id)}`, form),
  remove: (id: string) => http.delete(`${S}/BillRule/${enc(id)}`),
  setState: (id: string, enabledMark?: 0 | 1) =>
    http.put<{ enabledMark: number }>(`${S}/BillRule/${enc(id)}/Actions/State`, enabledMark === undefined ? undefined : { enabledMark }),
  /** The number a form shows before saving (not consumed). */
  billNumber: (idOrCode: string) => http.get<string>(`${S}/BillRule/BillNumber/${enc(idOrCode)}`),
  exportUrl: (id: string) => `${S}/BillRule/${enc(id)}/Action/Export`,
};

// ---------------------------------------------------------------- data interfaces

export type InterfaceRow = Pick<
  DataInterface,
  | 'id'
  | 'categoryId'
  | 'fullName'
  | 'enCode'
  | 'dataType'
  | 'path'
  | 'requestMethod'
  | 'sortCode'
  | 'enabledMark'
  | 'description'
  | 'createdAt'
  | 'updatedAt'
> & { creatorTime: number; creatorUser: string };

export interface KeyValue {
  field: string;
  value?: string | number | boolean | null;
  defaultValue?: string | number | boolean | null;
}

export interface DataInterfaceForm {
  categoryId: string;
  fullName: string;
  enCode: string;
  dataType: number;
  query?: string | null;
  path?: string | null;
  requestMethod: 'GET' | 'POST';
  requestHeaders: KeyValue[];
  requestParameters: KeyValue[];
  parameterJson: InterfaceParamDef[];
  responsePath?: string | null;
  timeoutMs?: number | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
}

/** A parameter value sent with a call (spec §7.8 paramList). */
export interface ParamValue {
  field: string;
  defaultValue?: string | number | boolean | null;
  relationField?: string | number | null;
  dataType?: string | null;
  required?: number | boolean | null;
  fieldName?: string | null;
}

/** The body of List / Preview / Info / InfoByIds (spec §7.8). */
export interface InterfaceCall {
  currentPage?: number;
  pageSize?: number;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  columnOptions?: string;
  propsValue?: string;
  relationField?: string;
  id?: string | number;
  ids?: (string | number)[];
  paramList?: ParamValue[];
  queryJson?: Record<string, unknown>;
  interfaceId?: string;
  origin?: string;
}

export type InterfaceRecord = Record<string, unknown>;

export interface InterfaceSelectorNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  dataType?: number;
  categoryId: string;
  hasChildren: boolean;
  children?: InterfaceSelectorNode[];
}

export const dataInterfaceApi = {
  list: (q: ListQuery & { categoryId?: string; dataType?: number }) => http.get<PageResult<InterfaceRow>>(`${S}/DataInterface`, { ...q }),
  /** Enabled interfaces, searchable and paged. */
  enabledList: (q: ListQuery & { categoryId?: string; dataType?: number }) =>
    http.get<PageResult<InterfaceRow>>(`${S}/DataInterface/getList`, { ...q }),
  selector: () => http.get<InterfaceSelectorNode[]>(`${S}/DataInterface/Selector`),
  get: (id: string) => http.get<DataInterface>(`${S}/DataInterface/${enc(id)}`),
  params: (id: string) => http.get<InterfaceParamDef[]>(`${S}/DataInterface/GetParam/${enc(id)}`),
  create: (form: DataInterfaceForm) => http.post<{ id: string }>(`${S}/DataInterface`, form),
  update: (id: string, form: DataInterfaceForm) => http.put(`${S}/DataInterface/${enc(id)}`, form),
  remove: (id: string) => http.delete(`${S}/DataInterface/${enc(id)}`),
  setState: (id: string, enabledMark?: 0 | 1) =>
    http.put<{ enabledMark: number }>(
      `${S}/DataInterface/${enc(id)}/Actions/State`,
      enabledMark === undefined ? undefined : { enabledMark },
    ),
  /** The test button: every matching row (up to the system maximum), or the error. Silent: the panel shows the error itself. */
  preview: (id: string, body: InterfaceCall) =>
    http.post<InterfaceRecord[]>(`${S}/DataInterface/${enc(id)}/Actions/Preview`, body, { silent: true }),
  /** Picker data: a page of rows. */
  call: (id: string, body: InterfaceCall, options?: RequestOptions) =>
    http.post<PageResult<InterfaceRecord>>(`${S}/DataInterface/${enc(id)}/Action/List`, body, options),
  /** One record by its value field. */
  info: (id: string, body: InterfaceCall, options?: RequestOptions) =>
    http.post<InterfaceRecord | null>(`${S}/DataInterface/${enc(id)}/Action/Info`, body, options),
  /** Records by their value fields. */
  infoByIds: (id: string, body: InterfaceCall, options?: RequestOptions) =>
    http.post<InterfaceRecord[]>(`${S}/DataInterface/${enc(id)}/Action/InfoByIds`, body, options),
  logs: (id: string, q: ListQuery & { startTime?: number; endTime?: number }) =>
    http.get<PageResult<DataInterfaceLogRow>>(`${S}/DataInterfaceLog/${enc(id)}`, { ...q }),
  exportUrl: (id: string) => `${S}/DataInterface/${enc(id)}/Action/Export`,
  import: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<{ id: string; created: boolean }>(`${S}/DataInterface/Action/Import`, form);
  },
};

// ---------------------------------------------------------------- print templates

export interface PrintTemplateSummary {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  createdAt: number;
  updatedAt: number | null;
  creatorUser: string;
}

/** A category node of the list: its templates as children. */
export interface PrintCategoryNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  num: number;
  children?: PrintTemplateSummary[];
}

export interface PrintTemplate extends Omit<PrintTemplateSummary, 'parentId'> {
  sqlTemplate: { sql: string }[];
  leftFields: unknown[];
  printTemplate: string;
  pageParam: Record<string, unknown> | null;
}

export interface PrintTemplateForm {
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  sqlTemplate: { sql: string }[];
  leftFields?: unknown[] | null;
  printTemplate: string;
  pageParam?: Record<string, unknown> | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
}

export interface PrintField {
  field: string;
  fieldName: string;
}

export interface PrintData {
  printData: Record<string, unknown>;
  printTemplate: string;
  flowTaskOperatorRecordList: Record<string, unknown>[];
}

export const printDevApi = {
  list: (keyword = '') => http.get<{ list: PrintCategoryNode[] }>(`${S}/printDev`, { keyword: keyword || undefined }),
  /** Enabled templates by category; type 1 flow forms, 2 business forms. */
  selector: (type?: 1 | 2) => http.get<{ list: PrintCategoryNode[] }>(`${S}/printDev/Selector`, { type }),
  get: (id: string) => http.get<PrintTemplate>(`${S}/printDev/${enc(id)}`),
  create: (form: PrintTemplateForm) => http.post<{ id: string }>(`${S}/printDev`, form),
  update: (id: string, form: PrintTemplateForm) => http.put(`${S}/printDev/${enc(id)}`, form),
  remove: (id: string) => http.delete(`${S}/printDev/${enc(id)}`),
  setState: (id: string) => http.put<{ enabledMark: number }>(`${S}/printDev/${enc(id)}/Actions/State`),
  copy: (id: string) => http.post<{ id: string }>(`${S}/printDev/${enc(id)}/Actions/Copy`),
  /** The columns of each SQL: headTable, childrenDataTable0…n. Silent: the designer shows the error by the SQL. */
  fields: (sqlTemplate: { sql: string }[]) =>
    http.post<Record<string, PrintField[]>>(`${S}/printDev/Fields`, { sqlTemplate }, { silent: true }),
  data: (id: string, formId: string) => http.get<PrintData>(`${S}/printDev/Data`, { id, formId }),
  exportUrl: (id: string) => `${S}/printDev/${enc(id)}/Actions/Export`,
};

// ---------------------------------------------------------------- settings and logs

export interface SysConfig {
  sysName: string;
  sysVersion: string;
  logoIcon: string;
  navigationIcon: string;
  copyright: string;
  tokenTimeout: number;
  captchaAfterFailures: number;
  captchaLength: number;
  lockAfterFailures: number;
  lockMinutes: number;
  addressFailureLimit: number;
  addressWindowSeconds: number;
  addressSmsLimit: number;
  singleLogin: boolean;
  passwordMinLength: number;
  passwordRequireMixed: boolean;
  passwordExpireDays: number;
  passwordRefuseReuse: boolean;
  smsCodeMinutes: number;
  smsResendSeconds: number;
  smsMaxAttempts: number;
  smsDailyLimit: number;
  smsSignName: string;
  interfaceAllowedHosts: string[];
  interfaceAllowedNetworks: string[];
  interfaceTimeoutMs: number;
  interfaceMaxResponseBytes: number;
  sqlTimeoutMs: number;
  logRetentionDays: number;
  timeZone: string;
}

/** One row of any log; which fields are filled depends on the category. */
export interface LogRow {
  id: string;
  category: number;
  userId: string | null;
  userName: string | null;
  account?: string | null;
  ip: string | null;
  ipAddressName?: string | null;
  platform?: string | null;
  browser?: string | null;
  loginType?: string | null;
  success?: number;
  method?: string | null;
  path?: string | null;
  status?: number | null;
  duration?: number | null;
  module?: string | null;
  action?: string | null;
  targetId?: string | null;
  summary?: string | null;
  message?: string | null;
  createdAt: number;
}

export const sysConfigApi = {
  get: () => http.get<SysConfig>(`${S}/SysConfig`),
  save: (values: Partial<SysConfig>) => http.put<SysConfig>(`${S}/SysConfig`, values),
};

export const logApi = {
  list: (q: { category: number; keyword?: string; startTime?: number; endTime?: number; currentPage: number; pageSize: number }) =>
    http.get<PageResult<LogRow>>(`${S}/Log`, q as Params),
  remove: (ids: string[]) => http.delete<{ deleted: number }>(`${S}/Log`, { ids }),
};

// ---------------------------------------------------------------- files

/** Downloads an export (a JSON file answered by the server) under the name the server gives. */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const res = await http.get<Blob>(url, undefined, { responseType: 'blob' });
  const blob = res.data;
  const a = document.createElement('a');
  const href = URL.createObjectURL(blob);
  a.href = href;
  a.download = fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
