import type { FileTables } from './tables/file.ts';
import type { MessageTables } from './tables/message.ts';
import type { OAuthTables } from './tables/oauth.ts';
import type { PermissionTables } from './tables/permission.ts';
import type { PortalTables } from './tables/portal.ts';
import type { ReportTables } from './tables/report.ts';
import type { SystemTables } from './tables/system.ts';
import type { VisualdevTables } from './tables/visualdev.ts';
import type { WorkflowTables } from './tables/workflow.ts';
import type { WorkflowActionTables } from './tables/workflow-actions.ts';

/**
 * Table types, camelCase here and snake_case in the database (CamelCasePlugin).
 * Times are epoch milliseconds (bigint columns), flags are 0/1 integers, ids
 * are snowflake strings: one representation for SQLite and PostgreSQL alike.
 */
interface Audit {
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface OrganizationTable extends Audit {
  id: string;
  parentId: string;
  /** 'company' or 'department' (server-contract §9 BASE_ORGANIZE.Category). */
  category: string;
  enCode: string;
  fullName: string;
  shortName: string | null;
  managerId: string | null;
  /** Comma-joined ids from the root down to this node, for subtree queries. */
  idPath: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface PositionTable extends Audit {
  id: string;
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface RoleTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  /** 1 global role, 0 role of the organisations linked in role_organizations. */
  globalMark: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface GroupTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export interface UserTable extends Audit {
  id: string;
  account: string;
  realName: string;
  nickName: string | null;
  quickQuery: string | null;
  headIcon: string | null;
  gender: number | null;
  birthday: number | null;
  mobilePhone: string | null;
  telePhone: string | null;
  email: string | null;
  idCard: string | null;
  signature: string | null;
  description: string | null;
  passwordHash: string;
  isAdministrator: number;
  managerId: string | null;
  organizeId: string;
  positionId: string | null;
  portalId: string | null;
  systemId: string | null;
  theme: string | null;
  language: string | null;
  enabledMark: number;
  /** Set while the account is locked after failed sign-ins; null when not locked. */
  lockedAt: number | null;
  logErrorCount: number;
  logSuccessCount: number;
  firstLogTime: number | null;
  firstLogIp: string | null;
  prevLogTime: number | null;
  prevLogIp: string | null;
  lastLogTime: number | null;
  lastLogIp: string | null;
  changePasswordAt: number | null;
  sortCode: number;
}

export interface UserRelationTable {
  id: string;
  userId: string;
  /** 'Role' | 'Position' | 'Group' | 'Organize' */
  objectType: string;
  objectId: string;
  sortCode: number;
  createdAt: number;
}

/** Users under each organisation above their main one, in list order; written only by triggers (migration 0007). */
export interface OrgUserOrderTable {
  ancestorId: string;
  sortCode: number;
  createdAt: number;
  userId: string;
}

export interface SystemTable {
  id: string;
  fullName: string;
  enCode: string;
  icon: string;
  isMain: number;
  sortCode: number;
  enabledMark: number;
}

export interface MenuTable extends Audit {
  id: string;
  parentId: string;
  systemId: string;
  type: number;
  enCode: string;
  fullName: string;
  /** JSON {en, zhtw} titles; fullName is the Simplified Chinese title. */
  i18nJson: string | null;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  category: string;
  hidden: number;
  sortCode: number;
  enabledMark: number;
  isButtonAuthorize: number;
  isColumnAuthorize: number;
  isFormAuthorize: number;
  isDataAuthorize: number;
  description: string | null;
}

/** Buttons, columns and form fields of a menu (server-contract §2), one table per kind. */
export interface ModuleItemTable {
  id: string;
  moduleId: string;
  parentId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

export interface AuthorizationTable {
  id: string;
  /** 'system' | 'module' | 'button' | 'column' | 'form' | 'resource' | 'portal' */
  itemType: string;
  itemId: string;
  /** 'Role' | 'Position' | 'User' */
  objectType: string;
  objectId: string;
  createdAt: number;
  createdBy: string | null;
}

export interface SessionTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  id: string;
  /** Public session id answered as `sid` and listed among online users. */
  sid: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** 'logout' | 'offline' (forced by an administrator) | 'elsewhere' (single sign-in) */
  revokedReason: string | null;
  ip: string | null;
  userAgent: string | null;
  loginType: string;
}

export interface SysConfigTable {
  key: string;
  value: string;
  updatedAt: number;
}

export interface LoginLogTable {
  id: string;
  userId: string | null;
  account: string;
  userName: string | null;
  ip: string | null;
  ipAddressName: string | null;
  platform: string | null;
  browser: string | null;
  loginType: string;
  success: number;
  message: string;
  createdAt: number;
}

export interface CaptchaTable {
  id: string;
  code: string;
  expiresAt: number;
}

export interface SmsCodeTable {
  id: string;
  phone: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  consumedAt: number | null;
}

export interface SmsOutboxTable {
  id: string;
  phone: string;
  content: string;
  createdAt: number;
}

export interface QrTicketTable {
  id: string;
  /** 'waiting' | 'scanned' | 'confirmed' | 'used' */
  status: string;
  userId: string | null;
  createdAt: number;
  expiresAt: number;
}

/** Foundation tables; each module's own tables come from db/tables/<module>.ts. */
export interface Database
  extends PermissionTables, SystemTables, FileTables, OAuthTables, VisualdevTables, ReportTables, PortalTables, WorkflowTables, MessageTables, WorkflowActionTables {
  organizations: OrganizationTable;
  positions: PositionTable;
  roles: RoleTable;
  groups: GroupTable;
  users: UserTable;
  userRelations: UserRelationTable;
  orgUserOrder: OrgUserOrderTable;
  systems: SystemTable;
  menus: MenuTable;
  moduleButtons: ModuleItemTable;
  moduleColumns: ModuleItemTable;
  moduleForms: ModuleItemTable;
  authorizations: AuthorizationTable;
  sessions: SessionTable;
  sysConfig: SysConfigTable;
  loginLogs: LoginLogTable;
  captchas: CaptchaTable;
  smsCodes: SmsCodeTable;
  smsOutbox: SmsOutboxTable;
  qrTickets: QrTicketTable;
}
