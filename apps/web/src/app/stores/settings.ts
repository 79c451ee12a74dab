import type { Language, Layout, SysConfigInfo } from '@medalliance/contract';
import { LAYOUTS } from '@medalliance/contract';
import { detectLanguage, isLanguage } from '../../i18n/language.ts';
import { readItem, writeItem, type KeyValueStorage } from './storage.ts';

/** The eight theme colours of spec §2.5 / §9; blue (#409eff) is the default. */
export const THEME_COLORS = [
  { name: 'blue', color: '#409eff' },
  { name: 'purple', color: '#7e57c2' },
  { name: 'azure', color: '#1ea7e4' },
  { name: 'ocean', color: '#0e7c86' },
  { name: 'green', color: '#3aaf72' },
  { name: 'yellow', color: '#d99a1c' },
  { name: 'orange', color: '#f2711c' },
  { name: 'red', color: '#e5484d' },
] as const;
export type ThemeName = (typeof THEME_COLORS)[number]['name'];

export const SIDEBAR_STYLES = ['dark', 'lightWhite'] as const;
export type SidebarStyle = (typeof SIDEBAR_STYLES)[number];

/** Component sizes named as in spec §9 (default 40 px, medium 36, small 32, mini 28 inputs). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const PLAIN_SIDEBAR_WIDTH = 84;
/** Below this width the device is mobile and the sidebar becomes a drawer (spec §4, §9). */
export const MOBILE_BREAKPOINT = 992;

/** Every local setting of spec §3, with the defaults of spec §2.5. */
export interface Settings {
  showSettings: boolean;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  useCache: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  themeClass: ThemeName;
  slideClass: SidebarStyle;
  layoutType: Layout;
  sysConfig: SysConfigInfo | null;
  loginNeedCode: boolean;
  themeColor: string;
  sidebarOpened: boolean;
  device: Device;
  language: Language;
  size: Size;
}

export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Omit<Settings, 'language'> = {
  showSettings: true,
  tagsView: true,
  tagsIcon: true,
  showLanguage: true,
  showSearch: true,
  useCache: false,
  fixedHeader: false,
  sidebarLogo: true,
  themeClass: 'blue',
  slideClass: 'dark',
  layoutType: 'classic',
  sysConfig: null,
  loginNeedCode: false,
  themeColor: '#409eff',
  sidebarOpened: true,
  device: 'desktop',
  size: 'medium',
};

const oneOf =
  (values: readonly string[]) =>
  (v: unknown): boolean =>
    typeof v === 'string' && values.includes(v);

/** Extra checks beyond the stored type: enumerations and colour syntax. */
const accepts: Partial<Record<SettingKey, (v: unknown) => boolean>> = {
  themeClass: oneOf(THEME_COLORS.map((c) => c.name)),
  slideClass: oneOf(SIDEBAR_STYLES),
  layoutType: oneOf(LAYOUTS),
  themeColor: (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v),
  device: oneOf(DEVICES),
  size: oneOf(SIZES),
  sysConfig: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

export function isLayout(value: unknown): value is Layout {
  return oneOf(LAYOUTS)(value);
}

/** Reads every setting; the language is the stored choice, else the browser's (spec §9). */
export function loadSettings(storage: KeyValueStorage, browserLanguages: readonly string[]): Settings {
  const out = { ...DEFAULT_SETTINGS } as Settings;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof typeof DEFAULT_SETTINGS)[]) {
    (out as unknown as Record<string, unknown>)[key] = readItem(storage, key, DEFAULT_SETTINGS[key], accepts[key]);
  }
  out.language = detectLanguage(readItem<string | null>(storage, 'language', null, isLanguage), browserLanguages);
  return out;
}

export function saveSetting<K extends SettingKey>(storage: KeyValueStorage, key: K, value: Settings[K]): void {
  writeItem(storage, key, value);
}

export function themeColorOf(name: ThemeName): string {
  return THEME_COLORS.find((c) => c.name === name)?.color ?? DEFAULT_SETTINGS.themeColor;
}
