import { z } from 'zod';
import { patterns } from './rules.ts';
import { LANGUAGES, LAYOUTS, type Language, type Layout, type MenuType } from './constants.ts';

/** A client-side MD5 hex digest: the only password form that crosses the wire (spec §7.1). */
export const md5Hex = z
  .string()
  .regex(/^[a-f0-9]{32}$/i, 'rules.md5')
  .transform((s) => s.toLowerCase());

const text = (max: number) => z.string().trim().max(max);

/** POST /api/oauth/Login, form-encoded. Unknown client fields (client_id, scope…) are accepted and ignored. */
export const loginBody = z.object({
  account: text(100).min(1, 'rules.required'),
  password: md5Hex,
  origin: z.enum(['password', 'sms', 'scan']).optional().default('password'),
  code: text(10).optional(),
  timestamp: text(64).optional(),
  grant_type: z.string().max(32).optional(),
  scope: z.string().max(32).optional(),
  client_id: z.string().max(64).optional(),
  client_secret: z.string().max(64).optional(),
});

export const smsLoginBody = z.object({
  /** `phone` or the sub-account form `phone@account` (spec §2.5). */
  account: text(120).regex(/^1[3-9]\d{9}(@[A-Za-z0-9]+)?$/, 'rules.smsAccount'),
  code: text(8).regex(/^\d{6}$/, 'rules.smsCode'),
});

export const smsSendBody = z.object({
  account: smsLoginBody.shape.account,
});

export const lockScreenBody = z.object({
  account: text(100).min(1, 'rules.required'),
  password: md5Hex,
});

export const modifyPasswordBody = z.object({
  oldPassword: md5Hex,
  /**
   * MD5 of the new password. The client checks the §5.1 shape before hashing; the
   * server, which only sees the digest, refuses known weak passwords and reuse.
   */
  password: md5Hex,
  code: text(10).optional(),
  timestamp: text(64).optional(),
});

export const baseInfoBody = z.object({
  realName: text(50).min(1, 'rules.required').regex(patterns.fullName, 'rules.fullName'),
  gender: z.coerce.number().int().min(0).max(3).optional(),
  nickName: text(50).optional().nullable(),
  mobilePhone: z
    .union([z.literal(''), z.string().regex(patterns.iphone, 'rules.iphone')])
    .optional()
    .nullable(),
  email: z
    .union([z.literal(''), z.string().regex(patterns.email, 'rules.email')])
    .optional()
    .nullable(),
  telePhone: text(30).optional().nullable(),
  birthday: z.number().int().optional().nullable(),
  signature: text(500).optional().nullable(),
  description: text(500).optional().nullable(),
});

export const systemThemeBody = z.object({ theme: z.enum(LAYOUTS) });
export const systemLanguageBody = z.object({ language: z.enum(LANGUAGES) });

export interface SystemRef {
  id: string;
  name: string;
  icon: string;
  currentSystem: boolean;
}

export interface UserInfo {
  userId: string;
  userName: string;
  userAccount: string;
  headIcon: string;
  gender: number | null;
  portalId: string | null;
  organizeId: string;
  organizeName: string;
  departmentId: string | null;
  departmentName: string;
  positionName: string;
  positionIds: { id: string; name: string }[];
  roleIds: string[];
  isAdministrator: boolean;
  systemIds: SystemRef[];
  theme: Layout;
  language: Language;
  prevLogin: 0 | 1;
  prevLoginTime: number | null;
  prevLoginIPAddress: string | null;
  prevLoginIPAddressName: string | null;
  loginTime: number | null;
  loginIPAddress: string | null;
}

export interface MenuNode {
  id: string;
  parentId: string;
  enCode: string;
  fullName: string;
  /** Menu titles in each language; `fullName` is the Simplified Chinese one. */
  i18n?: Partial<Record<Language, string>>;
  type: MenuType;
  urlAddress: string;
  icon: string;
  linkTarget: '_self' | '_blank' | null;
  propertyJson: string;
  hidden: boolean;
  sortCode: number;
  hasChildren: boolean;
  children: MenuNode[];
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: { id: string; fullName: string; enCode: string }[];
  column: { id: string; fullName: string; enCode: string }[];
  form: { id: string; fullName: string; enCode: string }[];
  resource: { id: string; fullName: string }[];
}

export interface SysConfigInfo {
  sysName: string;
  sysVersion: string;
  logoIcon: string;
  navigationIcon: string;
  copyright: string;
}

export interface CurrentUser {
  userInfo: UserInfo;
  menuList: MenuNode[];
  permissionList: PermissionEntry[];
  sysConfigInfo: SysConfigInfo;
}

export interface LoginResult {
  token: string;
  sid: string;
  theme: Layout;
}

export interface LoginConfig {
  /** Whether the captcha must be answered for this account now. */
  enableVerificationCode: boolean;
  verificationCodeNumber: number;
}
