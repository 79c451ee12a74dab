import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LinkOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { MenuType } from '@medalliance/contract';
import { MenuTypes } from '@medalliance/contract';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** antd icon names a seed may use directly ('TeamOutlined'). */
const BY_NAME: Record<string, Icon> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  LinkOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

/** Names of the original platform's icon font ('icon-ym icon-ym-<name>') used by the seeded menus. */
const ICON_FONT: Record<string, Icon> = {
  systemtoggle: AppstoreOutlined,
  onlinedev: CodeOutlined,
  'generator-rate': HeartOutlined,
  'generator-tab': LayoutOutlined,
  'generator-card': ReadOutlined,
  'generator-video': VideoCameraOutlined,
  'generator-image': PictureOutlined,
  flowlaunch: SendOutlined,
  flowtodo: AuditOutlined,
  extend: SwapOutlined,
};

/**
 * Keywords found in legacy icon classes ('icon-ym icon-ym-generator-user') or
 * plain names ('user'), first match wins. The original icon font is not
 * shipped, so classes map onto antd icons.
 */
const BY_KEYWORD: [RegExp, Icon][] = [
  [/home/, HomeOutlined],
  [/dashboard|workbench|portal/, DashboardOutlined],
  [/organi[sz]e|company|hospital|bank/, BankOutlined],
  [/depart|cluster/, ClusterOutlined],
  [/position|post|idcard/, IdcardOutlined],
  [/role|authori|permission|safety|security/, SafetyCertificateOutlined],
  [/user|account|person|profile/, UserOutlined],
  [/team|group|family|doctor/, TeamOutlined],
  [/flow|workflow|apartment/, ApartmentOutlined],
  [/form|generator/, FormOutlined],
  [/report|chart|statis|data-?v|visual/, BarChartOutlined],
  [/dict|book|document|docs/, BookOutlined],
  [/interface|database|data/, DatabaseOutlined],
  [/print/, PrinterOutlined],
  [/code|develop/, CodeOutlined],
  [/message|chat|im\b/, MessageOutlined],
  [/notice|notify|announce/, NotificationOutlined],
  [/health|medic|chronic|archive|record|follow/, MedicineBoxOutlined],
  [/ultra|scan/, ScanOutlined],
  [/image|picture|photo/, PictureOutlined],
  [/train|course|read|study/, ReadOutlined],
  [/meeting|conference|live|video|consult/, VideoCameraOutlined],
  [/referr|transfer|swap/, SwapOutlined],
  [/audit|review|approv|examine/, AuditOutlined],
  [/calendar|schedule|plan/, CalendarOutlined],
  [/table|list/, TableOutlined],
  [/search|query/, FileSearchOutlined],
  [/heart|care|elder|maternal|child/, HeartOutlined],
  [/link|external/, LinkOutlined],
  [/layout/, LayoutOutlined],
  [/tool|config|setting|system/, SettingOutlined],
  [/appstore|app/, AppstoreOutlined],
];

export function resolveMenuIcon(icon: string | undefined, type?: MenuType): Icon {
  const name = (icon ?? '').trim();
  const direct = BY_NAME[name];
  if (direct) return direct;
  // The last class names the glyph: 'icon-ym icon-ym-generator-user' → 'generator-user'.
  const glyph = (name.split(/\s+/).pop() ?? '').toLowerCase().replace(/^icon-ym-/, '');
  const font = ICON_FONT[glyph];
  if (font) return font;
  const lower = glyph.replace(/^generator-/, '');
  if (lower) for (const [re, component] of BY_KEYWORD) if (re.test(lower)) return component;
  if (type === MenuTypes.directory) return FolderOutlined;
  if (type === MenuTypes.link || type === MenuTypes.dataV) return LinkOutlined;
  if (type === MenuTypes.iframe) return DesktopOutlined;
  if (type === MenuTypes.portal) return DashboardOutlined;
  if (type === MenuTypes.report) return BarChartOutlined;
  if (type === MenuTypes.dictionary) return BookOutlined;
  return type === undefined ? AppstoreOutlined : FileTextOutlined;
}

export function MenuIcon({ icon, type, className }: { icon?: string; type?: MenuType; className?: string }) {
  const Component = resolveMenuIcon(icon, type);
  return <Component className={className} aria-hidden />;
}
