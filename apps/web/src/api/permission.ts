import type {
  ConditionJson,
  GrantItemType,
  GrantObjectType,
  ImportResult,
  OnlineUserRow,
  OrganizeNode,
  PageResult,
  PickerNode,
  UserListRow,
} from '@medalliance/contract';
import { hashPassword } from './password.ts';
import { http, type Params } from './http.ts';

/**
 * Typed calls of organisation structure and authorization (spec §7.4; the
 * server's modules/permission routes). Every call goes through the one client.
 */
const P = '/api/permission';

type List<T> = { list: T[] };

export interface PageQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc' | '';
}

// ---------------------------------------------------------------- organisations and departments

export interface OrganizeInfo {
  id: string;
  parentId: string;
  category: 'company' | 'department';
  enCode: string;
  fullName: string;
  shortName: string | null;
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  organize: string;
  organizeIdTree: string[];
  creatorTime: number;
}

export interface OrganizeForm {
  parentId: string;
  category?: 'company' | 'department';
  enCode: string;
  fullName: string;
  shortName?: string | null;
  managerId?: string | null;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export const organizeApi = {
  /** The management tree (menu organize); a keyword keeps matches and their ancestors. */
  list: (keyword = '') => http.get<List<OrganizeNode>>(`${P}/Organize`, { keyword }),
  /** Enabled tree for pickers; category 'company' leaves the departments out. */
  tree: (keyword = '', category?: 'company') => http.get<List<OrganizeNode>>(`${P}/Organize/Tree`, { keyword, category }),
  /** Direct children of a node ('-1': the roots), for lazy trees. */
  children: (id: string) => http.get<List<OrganizeNode>>(`${P}/Organize/parent/${encodeURIComponent(id || '-1')}`),
  /** Parent choice for node {id} ('0': new node): the whole tree under the 'top node', own subtree left out. */
  selector: (id: string) => http.get<List<OrganizeNode>>(`${P}/Organize/Selector/${encodeURIComponent(id || '0')}`),
  selectorByAuth: (id: string, keyword = '') =>
    http.get<List<OrganizeNode>>(`${P}/Organize/SelectorByAuth/${encodeURIComponent(id || '0')}`, { keyword }),
  /** The given organisations with their subtrees (custom mode, labels by id). */
  condition: (ids: string[], keyword = '') => http.post<List<OrganizeNode>>(`${P}/Organize/OrganizeCondition`, { departIds: ids, keyword }),
  info: (id: string) => http.get<OrganizeInfo>(`${P}/Organize/${encodeURIComponent(id)}`),
  create: (body: OrganizeForm) => http.post<{ id: string }>(`${P}/Organize`, body),
  update: (id: string, body: OrganizeForm) => http.put<null>(`${P}/Organize/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Organize/${encodeURIComponent(id)}`),
  state: (id: string) => http.put<null>(`${P}/Organize/${encodeURIComponent(id)}/Actions/State`),
};

export const departmentApi = {
  /** Departments below a company, as a tree (menu department). */
  ofCompany: (companyId: string, keyword = '') =>
    http.get<List<OrganizeNode>>(`${P}/Organize/${encodeURIComponent(companyId)}/Department`, { keyword }),
  /** Companies with their departments, {id}'s subtree left out ('0': nothing). */
  selector: (id = '0') => http.get<List<OrganizeNode>>(`${P}/Organize/Department/Selector/${encodeURIComponent(id || '0')}`),
  selectorByAuth: (id = '0') => http.get<List<OrganizeNode>>(`${P}/Organize/Department/SelectorByAuth/${encodeURIComponent(id || '0')}`),
  info: (id: string) => http.get<OrganizeInfo>(`${P}/Organize/Department/${encodeURIComponent(id)}`),
  create: (body: OrganizeForm) => http.post<{ id: string }>(`${P}/Organize/Department`, body),
  update: (id: string, body: OrganizeForm) => http.put<null>(`${P}/Organize/Department/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Organize/Department/${encodeURIComponent(id)}`),
};

// ---------------------------------------------------------------- positions

export interface PositionRow {
  id: string;
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  organize: string;
  creatorTime: number;
}

export interface PositionForm {
  organizeId: string;
  fullName: string;
  enCode: string;
  type?: string | null;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export interface PositionItem extends PositionRow {
  lastFullName: string;
}

export const positionApi = {
  list: (q: PageQuery & { organizeId?: string }) => http.get<PageResult<PositionRow>>(`${P}/Position`, q as unknown as Params),
  /** Positions as leaves of the organisation tree. */
  selector: (keyword = '') => http.get<List<PickerNode>>(`${P}/Position/Selector`, { keyword }),
  /** Custom mode: positions of the given organisations' subtrees plus the listed positions. */
  condition: (departIds: string[], positionIds: string[], keyword = '') =>
    http.post<List<PickerNode>>(`${P}/Position/PositionCondition`, { departIds, positionIds, keyword }),
  all: () => http.get<List<PositionItem>>(`${P}/Position/All`),
  info: (id: string) => http.get<PositionRow>(`${P}/Position/${encodeURIComponent(id)}`),
  create: (body: PositionForm) => http.post<{ id: string }>(`${P}/Position`, body),
  update: (id: string, body: PositionForm) => http.put<null>(`${P}/Position/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Position/${encodeURIComponent(id)}`),
};

// ---------------------------------------------------------------- roles

export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  globalMark: number;
  type: 'global' | 'organize';
  organizeIds: string[];
  organizeInfo?: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
}

export interface RoleForm {
  fullName: string;
  enCode: string;
  globalMark: 0 | 1;
  organizeIds: string[];
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export const roleApi = {
  list: (q: PageQuery & { type?: 'global' | 'organize' | ''; organizeId?: string }) =>
    http.get<PageResult<RoleRow>>(`${P}/Role`, q as unknown as Params),
  /** Node '1' holds the global roles; organisation roles hang under their organisations. */
  selector: (keyword = '') => http.get<List<PickerNode>>(`${P}/Role/Selector`, { keyword }),
  /** The roles the signed-in user may hand out. */
  selectorByPermission: (keyword = '') => http.get<List<PickerNode>>(`${P}/Role/SelectorByPermission`, { keyword }),
  info: (id: string) => http.get<RoleRow>(`${P}/Role/${encodeURIComponent(id)}`),
  create: (body: RoleForm) => http.post<{ id: string }>(`${P}/Role`, body),
  update: (id: string, body: RoleForm) => http.put<null>(`${P}/Role/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Role/${encodeURIComponent(id)}`),
  setState: (id: string, enabledMark: 0 | 1) => http.put<unknown>(`${P}/Role/${encodeURIComponent(id)}/Actions/State`, { enabledMark }),
};

// ---------------------------------------------------------------- groups

export interface GroupRow {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
}

export interface GroupForm {
  fullName: string;
  enCode: string;
  type?: string | null;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export const groupApi = {
  list: (q: PageQuery) => http.get<PageResult<GroupRow>>(`${P}/Group`, q as unknown as Params),
  selector: (keyword = '') => http.get<List<PickerNode>>(`${P}/Group/Selector`, { keyword }),
  info: (id: string) => http.get<GroupRow>(`${P}/Group/${encodeURIComponent(id)}`),
  create: (body: GroupForm) => http.post<{ id: string }>(`${P}/Group`, body),
  update: (id: string, body: GroupForm) => http.put<null>(`${P}/Group/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Group/${encodeURIComponent(id)}`),
};

// ---------------------------------------------------------------- users

/** A user as the pickers show it (spec §3 'user picker item'). */
export interface UserItem extends PickerNode {
  realName: string;
  account: string;
  headIcon: string;
  organizeId: string;
  organize: string;
}

export interface UserInfoForm {
  id: string;
  account: string;
  realName: string;
  nickName: string | null;
  gender: number | null;
  birthday: number | null;
  mobilePhone: string | null;
  telePhone: string | null;
  email: string | null;
  idCard: string | null;
  headIcon: string | null;
  description: string | null;
  managerId: string | null;
  /** Comma-joined, main organisation first. */
  organizeId: string;
  positionId: string;
  roleId: string;
  groupId: string;
  sortCode: number;
  enabledMark: number;
  lockMark: number;
}

export interface UserBody {
  account: string;
  realName: string;
  nickName?: string | null;
  gender?: number | null;
  birthday?: number | null;
  mobilePhone?: string | null;
  telePhone?: string | null;
  email?: string | null;
  idCard?: string | null;
  headIcon?: string | null;
  description?: string | null;
  managerId?: string | null;
  organizeId: string[];
  positionId: string[];
  roleId: string[];
  groupId: string[];
  sortCode?: number;
  enabledMark?: number;
  /** MD5 of the initial password (create only). */
  password?: string;
}

export interface UserListQuery extends PageQuery {
  organizeId?: string;
  enabledMark?: '0' | '1' | '';
}

export interface ImportPreview {
  list: (Record<string, string> & { rowIndex: number; errorsInfo: string })[];
  columns: { prop: string; label: string; required: boolean }[];
  snum: number;
  fnum: number;
  fileName: string;
}

export const userApi = {
  list: (q: UserListQuery) => http.get<PageResult<UserListRow>>(`${P}/Users`, q as unknown as Params),
  info: (id: string) => http.get<UserInfoForm>(`${P}/Users/${encodeURIComponent(id)}`),
  create: (body: UserBody) => http.post<{ id: string }>(`${P}/Users`, body),
  update: (id: string, body: UserBody) => http.put<null>(`${P}/Users/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<null>(`${P}/Users/${encodeURIComponent(id)}`),
  /** Spec §7.1: the password crosses the wire only as MD5. */
  resetPassword: (id: string, password: string) => {
    const hashed = hashPassword(password);
    return http.post<null>(`${P}/Users/${encodeURIComponent(id)}/Actions/ResetPassword`, {
      userPassword: hashed,
      validatePassword: hashed,
    });
  },
  setState: (id: string, enabledMark: 0 | 1) => http.put<unknown>(`${P}/Users/${encodeURIComponent(id)}/Actions/State`, { enabledMark }),
  unlock: (id: string) => http.put<null>(`${P}/Users/${encodeURIComponent(id)}/Actions/unlock`),
  /** One level of the user picker: organisations under {id} and the users of {id}; with a keyword, matching users (paged). */
  selectorLevel: (id: string, keyword = '', currentPage = 1, pageSize = 10000) =>
    http.post<{ list: PickerNode[]; pagination?: { currentPage: number; pageSize: number; total: number } }>(
      `${P}/Users/ImUser/Selector/${encodeURIComponent(id || '0')}`,
      { keyword, currentPage, pageSize },
    ),
  /** Labels of chosen users. */
  byIds: (ids: string[]) => http.post<List<UserItem>>(`${P}/Users/getUserList`, { userId: ids }),
  all: (keyword = '') => http.get<List<UserItem>>(`${P}/Users/All`, { keyword }),
  /** Users of organisations, positions, roles, groups or listed ids (custom-mode user picker). */
  condition: (body: {
    departIds?: string[];
    positionIds?: string[];
    roleIds?: string[];
    groupIds?: string[];
    userIds?: string[];
    keyword?: string;
    currentPage?: number;
    pageSize?: number;
  }) => http.post<PageResult<UserItem>>(`${P}/Users/UserCondition`, body),
  templateDownload: () => http.get<Blob>(`${P}/Users/TemplateDownload`, undefined, { responseType: 'blob' }),
  importPreview: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<ImportPreview>(`${P}/Users/ImportPreview`, form, { timeout: 120_000 });
  },
  importData: (list: Record<string, unknown>[]) => http.post<ImportResult>(`${P}/Users/ImportData`, { list }, { timeout: 300_000 }),
  exportFailed: (list: Record<string, unknown>[]) => http.post<Blob>(`${P}/Users/ExportExceptionData`, { list }, { responseType: 'blob' }),
  exportExcel: (q: UserListQuery & { dataType: '0' | '1'; selectKey: string }) =>
    http.get<Blob>(`${P}/Users/ExportExcel`, q as unknown as Params, { responseType: 'blob', timeout: 300_000 }),
};

// ---------------------------------------------------------------- online users

export const onlineUserApi = {
  list: (q: PageQuery) =>
    http.get<PageResult<OnlineUserRow & { loginIPAddressName: string | null }>>('/api/system/OnlineUser', q as unknown as Params),
  forceOffline: (id: string) => http.delete<null>(`/api/system/OnlineUser/${encodeURIComponent(id)}`),
  forceOfflineMany: (ids: string[]) => http.delete<{ count: number }>('/api/system/OnlineUser', { ids }),
};

// ---------------------------------------------------------------- authorization

export interface AuthNode {
  id: string;
  parentId: string;
  fullName: string;
  icon: string;
  enCode?: string;
  type: string;
  menuType?: number;
  systemId?: string;
  hasChildren: boolean;
  isLeaf: boolean;
  children: AuthNode[];
}

export interface TierAnswer {
  list: AuthNode[];
  ids: string[];
  all: string[];
}

export type AuthorizeModel = Record<GrantItemType, TierAnswer> & { objectId: string; objectType: GrantObjectType; systemIds: string[] };

export interface SaveGrants {
  objectType: GrantObjectType;
  systemIds: string[];
  module: string[];
  button: string[];
  column: string[];
  form: string[];
  resource: string[];
}

export interface DataScheme {
  id: string;
  moduleId: string;
  enCode: string;
  fullName: string;
  conditionJson: string;
  conditionText: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface SchemeForm {
  moduleId: string;
  enCode: string;
  fullName: string;
  conditionJson: string | ConditionJson;
  conditionText?: string | null;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

export interface SchemeField {
  field: string;
  fullName: string;
  type: string;
}

const A = `${P}/Authority`;

export const authorizeApi = {
  model: (objectId: string, objectType: GrantObjectType) =>
    http.get<AuthorizeModel>(`${A}/Model/${encodeURIComponent(objectId)}/${objectType}`),
  /** Replaces the object's grants. */
  save: (objectId: string, body: SaveGrants) => http.put<null>(`${A}/Data/${encodeURIComponent(objectId)}`, body),
  /** Adds the same grants to several roles, positions or users. */
  batch: (body: Omit<SaveGrants, 'objectType'> & { roleIds: string[]; positionIds: string[]; userIds: string[] }) =>
    http.post<{ count: number }>(`${A}/Data/Batch`, body),
  schemeFields: (moduleId: string) =>
    http.get<{ list: SchemeField[]; ops: string[]; tokens: string[] }>(`${A}/DataScheme/Fields/${encodeURIComponent(moduleId)}`),
  schemes: (moduleId: string) =>
    http.get<{ list: DataScheme[]; isDataAuthorize: number }>(`${A}/DataScheme/${encodeURIComponent(moduleId)}`),
  schemeInfo: (id: string) => http.get<DataScheme>(`${A}/DataScheme/Info/${encodeURIComponent(id)}`),
  createScheme: (body: SchemeForm) => http.post<{ id: string }>(`${A}/DataScheme`, body),
  updateScheme: (id: string, body: SchemeForm) => http.put<null>(`${A}/DataScheme/${encodeURIComponent(id)}`, body),
  removeScheme: (id: string) => http.delete<null>(`${A}/DataScheme/${encodeURIComponent(id)}`),
  switchData: (moduleId: string, on: boolean) =>
    http.put<null>(`${A}/DataScheme/Switch/${encodeURIComponent(moduleId)}`, { isDataAuthorize: on ? 1 : 0 }),
};
