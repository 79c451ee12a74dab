import { create } from 'zustand';
import type { CurrentUser, MenuNode, PermissionEntry, SysConfigInfo, UserInfo } from '@medalliance/contract';
import { buildMenuRoutes, type MenuRouteTable } from '../router/menuRoutes.ts';

/** The signed-in user of spec §3: user info, menu tree, permissions, system config, plus the routes built from the menus. */
interface UserState {
  userInfo: UserInfo | null;
  menuList: MenuNode[];
  permissionList: PermissionEntry[];
  sysConfigInfo: SysConfigInfo | null;
  routeTable: MenuRouteTable;
  /** True once CurrentUser has been loaded for this session. */
  loaded: boolean;
  setCurrentUser(user: CurrentUser): void;
  clear(): void;
}

const EMPTY_TABLE: MenuRouteTable = buildMenuRoutes([]);

export const useUser = create<UserState>()((set) => ({
  userInfo: null,
  menuList: [],
  permissionList: [],
  sysConfigInfo: null,
  routeTable: EMPTY_TABLE,
  loaded: false,
  setCurrentUser(user) {
    set({
      userInfo: user.userInfo,
      menuList: user.menuList,
      permissionList: user.permissionList,
      sysConfigInfo: user.sysConfigInfo ?? null,
      routeTable: buildMenuRoutes(user.menuList),
      loaded: true,
    });
  },
  clear() {
    set({ userInfo: null, menuList: [], permissionList: [], sysConfigInfo: null, routeTable: EMPTY_TABLE, loaded: false });
  },
}));

export const getUser = () => useUser.getState();
