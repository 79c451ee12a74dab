import { z } from 'zod';
import { isIdCard, patterns } from './rules.ts';
import { md5Hex } from './session.ts';

/**
 * Organisation structure and authorization (spec §3, §4, §5.1, §6, §7.3, §7.4;
 * server-contract §2): request schemas shared by the web forms and the server,
 * and the shapes the server answers.
 */

/** The synthetic root of the organisation tree (spec §3 'top node'). */
export const TOP_NODE_ID = '-1';
/** The role tree's node that holds the global roles (spec §4: it goes to the 'global' tab). */
export const GLOBAL_ROLE_NODE_ID = '1';
/**
 * Initial password of a user created or imported without one. It satisfies the
 * §5.1 password rule (letters and digits); the client sends its MD5 like any password.
 */
export const DEFAULT_USER_PASSWORD = 'demo123';
/** Most rows one import accepts. */
export const USER_IMPORT_MAX_ROWS = 5000;
/** Page size limit of the users management list; pickers (Selector, UserCondition) go up to MAX_PAGE_SIZE. */
export const USER_LIST_MAX_PAGE_SIZE = 500;

export const ORG_CATEGORIES = ['company', 'department'] as const;
export type OrgCategory = (typeof ORG_CATEGORIES)[number];
export const GRANT_OBJECT_TYPES = ['Role', 'Position', 'User'] as const;
export type GrantObjectType = (typeof GRANT_OBJECT_TYPES)[number];
export const GRANT_ITEM_TYPES = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type GrantItemType = (typeof GRANT_ITEM_TYPES)[number];

/** Row-rule operators (server-contract §2 SearchMethod). */
export const CONDITION_OPS = [
  'Equal',
  'NotEqual',
  'Contains',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'In',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** Value tokens a scheme may use; `@userAraSubordinates` is the old spelling of `@userAndSubordinates`. */
export const CONDITION_TOKENS = [
  '@userId',
  '@userAndSubordinates',
  '@userAraSubordinates',
  '@organizeId',
  '@organizationAndSuborganization',
] as const;

// ---------------------------------------------------------------- helpers

/** An id in a path or body: snowflake digits, '-1'/'0' tree roots, or short codes; never free text. */
export const idString = z
  .string()
  .trim()
  .regex(/^-?[A-Za-z0-9_]{1,40}$/, 'rules.id');

/** A list of ids given as an array or as the comma-separated text older clients send; duplicates dropped. */
export const idList = z
  .union([z.array(z.string()), z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(idString).max(1000))
  .transform((ids) => [...new Set(ids)]);

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, 'rules.required');
/** An optional text: '' and null both mean "none". */
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
/** An optional value checked by a §5.1 rule when present. */
const optionalRule = (max: number, test: (v: string) => boolean, message: string) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || test(v), message);

const sortCode = z.coerce.number().int().min(0).max(999_999).optional().default(0);
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' ? 1 : 0));
const enCode = (max = 50) => required(max).regex(patterns.enCode, 'rules.enCode');

// ---------------------------------------------------------------- organisations, positions, roles, groups

export const organizeBody = z.object({
  parentId: idString,
  fullName: required(100),
  enCode: enCode(),
  shortName: optionalText(100),
  category: z.enum(ORG_CATEGORIES).optional(),
  managerId: idString
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  sortCode,
  enabledMark: flag,
  description: optionalText(500),
});
export type OrganizeBody = z.output<typeof organizeBody>;

/** Ids whose trees a selector, condition or list call restricts itself to. */
export const organizeConditionBody = z.object({
  departIds: idList,
  /** Some clients call the same list organizeIds. */
  organizeIds: idList,
  keyword: text(200).optional().default(''),
});

export const positionBody = z.object({
  organizeId: idString,
  fullName: required(100),
  enCode: enCode(),
  type: optionalText(40),
  sortCode,
  enabledMark: flag,
  description: optionalText(500),
});
export type PositionBody = z.output<typeof positionBody>;

export const roleBody = z
  .object({
    fullName: required(100),
    enCode: enCode(),
    /** 1 global role, 0 organisation role (then organizeIds names its organisations). */
    globalMark: flag,
    /** The Vue 3 clients send type 'global' | 'organize' instead. */
    type: z.enum(['global', 'organize', 'organization']).optional(),
    organizeIds: idList,
    sortCode,
    enabledMark: flag,
    description: optionalText(500),
  })
  .transform(({ type, globalMark, ...rest }) => ({
    ...rest,
    globalMark: globalMark ?? (type ? (type === 'global' ? 1 : 0) : 1),
  }))
  .refine((r) => r.globalMark === 1 || r.organizeIds.length > 0, { message: 'rules.roleOrganizations', path: ['organizeIds'] });
export type RoleBody = z.output<typeof roleBody>;

export const groupBody = z.object({
  fullName: required(100),
  enCode: enCode(),
  type: optionalText(40),
  sortCode,
  enabledMark: flag,
  description: optionalText(500),
});
export type GroupBody = z.output<typeof groupBody>;

export const orgIdsBody = z.object({ organizeIds: idList, departIds: idList });

// ---------------------------------------------------------------- users

const userFields = {
  account: required(50).regex(patterns.userAccount, 'rules.userAccount'),
  realName: required(50).regex(patterns.fullName, 'rules.fullName'),
  nickName: optionalText(50),
  gender: z.coerce.number().int().min(0).max(3).nullish(),
  /** Main organisation first; extra ones become memberships. */
  organizeId: idList.refine((ids) => ids.length > 0, 'rules.required'),
  positionId: idList,
  roleId: idList,
  groupId: idList,
  managerId: idString
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  mobilePhone: optionalRule(20, (v) => patterns.iphone.test(v), 'rules.iphone'),
  email: optionalRule(200, (v) => patterns.email.test(v), 'rules.email'),
  idCard: optionalRule(18, isIdCard, 'rules.idCard'),
  telePhone: optionalText(30),
  birthday: z.coerce.number().int().min(-5_000_000_000_000).max(10_000_000_000_000).nullish(),
  headIcon: optionalText(300),
  signature: optionalText(500),
  description: optionalText(500),
  sortCode,
  enabledMark: flag,
};

export const userCreateBody = z.object({
  ...userFields,
  /** MD5 of the initial password; DEFAULT_USER_PASSWORD when left out. */
  password: md5Hex.optional(),
});
export type UserCreateBody = z.output<typeof userCreateBody>;

export const userUpdateBody = z.object(userFields);
export type UserUpdateBody = z.output<typeof userUpdateBody>;

export const resetPasswordBody = z
  .object({ userPassword: md5Hex, validatePassword: md5Hex.optional() })
  .refine((b) => !b.validatePassword || b.validatePassword === b.userPassword, {
    message: 'rules.passwordMismatch',
    path: ['validatePassword'],
  });

/** The users management list (GET /api/permission/Users). */
export const userListQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(USER_LIST_MAX_PAGE_SIZE).default(20),
    keyword: text(200).optional().default(''),
    organizeId: idString.optional().or(z.literal('')),
    enabledMark: z.enum(['0', '1', '']).optional(),
    sidx: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_]*$/)
      .optional()
      .default(''),
    sort: z
      .enum(['asc', 'desc', 'ASC', 'DESC', ''])
      .optional()
      .default('asc')
      .transform((s) => (s.toLowerCase() === 'desc' ? 'desc' : 'asc')),
  })
  .transform(({ pageIndex, currentPage, organizeId, enabledMark, ...rest }) => ({
    ...rest,
    currentPage: currentPage ?? pageIndex ?? 1,
    organizeId: organizeId && organizeId !== '0' && organizeId !== TOP_NODE_ID ? organizeId : null,
    enabledMark: enabledMark === '0' ? 0 : enabledMark === '1' ? 1 : null,
  }));
export type UserListQuery = z.output<typeof userListQuery>;

/** Picker paging (Selector, UserCondition, GetListByAuthorize …): up to 10000 rows. */
export const pickerQuery = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
    keyword: text(200).optional().default(''),
  })
  .transform(({ pageIndex, currentPage, ...rest }) => ({ ...rest, currentPage: currentPage ?? pageIndex ?? 1 }));

/** UserCondition: users of the given organisations, positions, roles or groups, or the given users. */
export const userConditionBody = z
  .object({
    departIds: idList,
    organizeIds: idList,
    positionIds: idList,
    roleIds: idList,
    groupIds: idList,
    userIds: idList,
    keyword: text(200).optional().default(''),
    currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
    pagination: z
      .object({
        currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
        pageSize: z.coerce.number().int().min(1).max(10_000).optional(),
      })
      .optional(),
  })
  .transform(({ pageIndex, currentPage, pagination, pageSize, ...rest }) => ({
    ...rest,
    currentPage: pagination?.currentPage ?? currentPage ?? pageIndex ?? 1,
    pageSize: pagination?.pageSize ?? pageSize,
  }));

export const userIdsBody = z.object({
  /** getUserList: the ids whose labels a picker resolves. */
  userId: idList,
  ids: idList,
});

/** `:id` of a permission entity in a path. */
export const idParams = z.object({ id: idString });

/** A picker's search box in the query string. */
export const keywordQuery = z.object({ keyword: text(200).optional().default('') });

export const keywordBody = z.object({
  keyword: text(200).optional().default(''),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).optional().default(10_000),
});

export const importDataBody = z.object({
  list: z.array(z.record(z.string(), z.unknown())).max(USER_IMPORT_MAX_ROWS),
  /** When true, one bad row imports nothing. */
  allOrNothing: z.boolean().optional().default(false),
});

export const exportExceptionBody = z.object({
  list: z.array(z.record(z.string(), z.unknown())).max(USER_IMPORT_MAX_ROWS),
});

// ---------------------------------------------------------------- current user

export const majorBody = z.object({
  majorId: idString,
  majorType: z.enum(['Organize', 'Position', 'System']),
});
export const systemSwitchBody = z.object({ systemId: idString });

// ---------------------------------------------------------------- authorization

export const authorizeDataBody = z.object({
  objectType: z.enum(GRANT_OBJECT_TYPES),
  systemIds: idList,
  module: idList,
  button: idList,
  column: idList,
  form: idList,
  resource: idList,
});
export type AuthorizeDataBody = z.output<typeof authorizeDataBody>;

export const authorizeBatchBody = z.object({
  roleIds: idList,
  positionIds: idList,
  userIds: idList,
  systemIds: idList,
  module: idList,
  button: idList,
  column: idList,
  form: idList,
  resource: idList,
});

/** The original's tier-by-tier call: POST Authority/Data/{objectId}/Values. */
export const authorizeValuesBody = z.object({
  type: z.enum(['module', 'button', 'column', 'form', 'resource', 'system']),
  moduleIds: idList,
  objectType: z.enum(GRANT_OBJECT_TYPES).optional(),
});

const conditionItem = z.object({
  id: z.string().max(64).optional(),
  field: z
    .string()
    .trim()
    .min(1, 'rules.required')
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'rules.fieldName'),
  type: z.string().max(40).optional(),
  op: z.enum(CONDITION_OPS),
  value: z.union([z.string().max(2000), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(500)]),
  fieldRule: z.number().optional(),
  bindTable: z.string().max(64).optional(),
  conditionText: z.string().max(500).optional(),
});
const conditionGroup = z.object({
  logic: z.enum(['and', 'or']),
  groups: z.array(conditionItem).max(50),
});
export const conditionJson = z.array(conditionGroup).max(20);
export type ConditionJson = z.output<typeof conditionJson>;

/** A scheme's conditions arrive as JSON text (the original) or as the array itself. */
const conditionJsonInput = z.union([z.string().max(100_000), conditionJson]).transform((v, c) => {
  if (typeof v !== 'string') return v;
  let parsed: unknown;
  try {
    parsed = v.trim() ? JSON.parse(v) : [];
  } catch {
    c.addIssue({ code: 'custom', message: 'rules.json' });
    return z.NEVER;
  }
  const r = conditionJson.safeParse(parsed);
  if (!r.success) {
    c.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'rules.json' });
    return z.NEVER;
  }
  return r.data;
});

export const dataSchemeBody = z.object({
  moduleId: idString,
  enCode: enCode(),
  fullName: required(100),
  conditionJson: conditionJsonInput,
  conditionText: optionalText(2000),
  sortCode,
  enabledMark: flag,
  description: optionalText(500),
});
export type DataSchemeBody = z.output<typeof dataSchemeBody>;

export const columnSettingEntry = z.object({
  prop: z.string().trim().min(1).max(100),
  label: z.string().max(200).optional().default(''),
  columnVisible: z.boolean().optional(),
  visible: z.boolean().optional(),
  fixed: z.union([z.string().max(10), z.boolean(), z.null()]).optional(),
  width: z.union([z.number(), z.string().max(20), z.null()]).optional(),
});
export const setColumnsBody = z.object({
  moduleId: idString,
  /** JSON text of [{ prop, label, columnVisible }] (spec §7.4). */
  fieldList: z.union([z.string().max(100_000), z.array(columnSettingEntry).max(500)]).transform((v, c) => {
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = JSON.parse(v);
      } catch {
        c.addIssue({ code: 'custom', message: 'rules.json' });
        return z.NEVER;
      }
    }
    const r = z.array(columnSettingEntry).max(500).safeParse(parsed);
    if (!r.success) {
      c.addIssue({ code: 'custom', message: 'rules.json' });
      return z.NEVER;
    }
    return r.data;
  }),
});

// ---------------------------------------------------------------- answers

/** Organisation tree node (spec §3). */
export interface OrganizeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  category: OrgCategory;
  /** Name path from the root, joined by '/'. */
  organize: string;
  /** Ids from the root down to this node. */
  organizeIds: string[];
  /** Department label in custom mode (spec §3 lastFullName). */
  lastFullName?: string;
  icon: string;
  type: 'company' | 'department';
  hasChildren: boolean;
  isLeaf: boolean;
  disabled: boolean;
  enabledMark: number;
  sortCode: number;
  children: PickerNode[];
}

/** Group, department, position, role and user nodes of the pickers (spec §3). */
export interface PickerNode {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  icon?: string;
  enCode?: string;
  onlyId?: string;
  lastFullName?: string;
  organize?: string;
  organizeIds?: string[];
  headIcon?: string;
  account?: string;
  hasChildren: boolean;
  isLeaf: boolean;
  disabled?: boolean;
  children: PickerNode[];
}

export interface UserListRow {
  id: string;
  account?: string;
  realName?: string;
  gender: number | null;
  mobilePhone?: string | null;
  email: string | null;
  organize?: string;
  organizeId: string;
  position: string;
  roleName: string;
  managerId: string | null;
  description: string | null;
  enabledMark: number;
  /** 1 while the account is locked after failed sign-ins. */
  lockMark: number;
  headIcon: string;
  sortCode: number;
  creatorTime: number;
  lastLogTime: number | null;
}

export interface ImportResult {
  snum: number;
  fnum: number;
  /** 0 all imported, 1 some rows failed. */
  resultType: 0 | 1;
  failResult: Record<string, unknown>[];
}

export interface OnlineUserRow {
  /** The session's public id: what force-offline takes. */
  id: string;
  userId: string;
  userAccount: string;
  userName: string;
  organize: string;
  loginTime: number;
  lastSeenTime: number;
  loginIPAddress: string | null;
  loginPlatForm: string | null;
  loginType: string;
  current: boolean;
}
