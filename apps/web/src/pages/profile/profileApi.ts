import type { PageResult } from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** The signed-in user's own profile under /api/permission/Users/Current (spec §7.3). */
const BASE = '/api/permission/Users/Current';

export interface BaseInfo {
  id: string;
  account: string;
  realName: string;
  nickName: string | null;
  gender: number | null;
  /** Epoch ms of the birthday at 00:00 UTC. */
  birthday: number | null;
  mobilePhone: string | null;
  telePhone: string | null;
  email: string | null;
  signature: string | null;
  description: string | null;
  headIcon: string | null;
  createdAt: number | null;
  lastLogTime: number | null;
  lastLogIp: string | null;
  logSuccessCount: number | null;
  changePasswordAt: number | null;
  organizeName: string | null;
  positionName: string | null;
  managerName: string | null;
  roleName: string;
}

export interface BaseInfoInput {
  realName: string;
  gender?: number;
  nickName?: string | null;
  mobilePhone?: string | null;
  email?: string | null;
  telePhone?: string | null;
  birthday?: number | null;
  signature?: string | null;
  description?: string | null;
}

export interface LoginLogRow {
  id: string;
  account: string;
  ip: string | null;
  ipAddressName: string | null;
  platform: string | null;
  browser: string | null;
  loginType: string;
  success: number;
  /** A server message key (login.success, login.wrongPassword …). */
  message: string | null;
  createdAt: number;
}

export interface LoginLogQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

export const fetchBaseInfo = () => http.get<BaseInfo>(`${BASE}/BaseInfo`);

export const saveBaseInfo = (input: BaseInfoInput) => http.put<null>(`${BASE}/BaseInfo`, input);

/** Points the profile at an image uploaded first with the file module (type userAvatar). */
export const saveAvatar = (name: string) => http.put<{ headIcon: string }>(`${BASE}/Avatar/${encodeURIComponent(name)}`);

/** Both passwords travel as MD5 (spec §7.1); the page shows refusals itself. */
export const modifyPassword = (oldPassword: string, password: string) =>
  http.post<null>(`${BASE}/Actions/ModifyPassword`, { oldPassword, password }, { silent: true });

export const fetchLoginLog = (q: LoginLogQuery) => http.get<PageResult<LoginLogRow>>(`${BASE}/SystemLog`, { ...q });
