import type { PortalDefinition, PortalGridItem, PortalWidgetInput } from '@medalliance/contract';
import { portalDefinition } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { stableId } from './menus.ts';
import { dictDataId, interfaceId } from './system.ts';

/**
 * The demo portals opened by the seeded portal menus (ids = their menus'
 * propertyJson.moduleId) and the data interfaces their widgets read: SQL over
 * the seeded (fictitious) staff, organisations and stock. No role holds them
 * by default, so everyone's home page stays today's dashboard until an
 * administrator assigns a portal to a role in the designer.
 */

interface SeedInterface {
  enCode: string;
  fullName: string;
  query: string;
  description: string;
}

/** The company of a user's (or stock row's) organisation: itself, or the parent of a department. */
const COMPANY = `CASE WHEN o.category = 'company' THEN o.id ELSE o.parent_id END`;

export const portalInterfaces: SeedInterface[] = [
  {
    enCode: 'portalStaffCount',
    fullName: '门户：在岗人数',
    query: `SELECT COUNT(*) AS "value", SUM(CASE WHEN u.created_at <= (SELECT MAX(created_at) FROM users) - 2592000000 THEN 1 ELSE 0 END) AS "previous"
FROM users u WHERE u.enabled_mark = 1`,
    description: '启用的人员数；previous 为 30 天前的人数',
  },
  {
    enCode: 'portalUnitCount',
    fullName: '门户：成员单位数',
    query: `SELECT COUNT(*) AS "value" FROM organizations o WHERE o.category = 'company' AND o.enabled_mark = 1`,
    description: '启用的成员单位数',
  },
  {
    enCode: 'portalMyStock',
    fullName: '门户：本单位库存品种',
    query: `SELECT COUNT(s.id) AS "value", COALESCE(SUM(s.quantity), 0) AS "quantity" FROM stock_items s WHERE s.org_id = {organizeId} AND s.enabled_mark = 1`,
    description: '调用者所在单位（@organizeId）的库存品种数与总数量',
  },
  {
    enCode: 'portalStockByUnit',
    fullName: '门户：各单位库存',
    query: `SELECT COALESCE(o.short_name, o.full_name) AS "unitName", COUNT(s.id) AS "items", SUM(s.quantity) AS "quantity"
FROM stock_items s JOIN organizations o ON o.id = s.org_id WHERE s.enabled_mark = 1
GROUP BY o.id, o.short_name, o.full_name, o.sort_code ORDER BY o.sort_code`,
    description: '按单位汇总的库存品种数与数量',
  },
  {
    enCode: 'portalStaffByUnit',
    fullName: '门户：各单位人数',
    query: `SELECT COALESCE(c.short_name, c.full_name) AS "unitName", COUNT(u.id) AS "staff"
FROM users u JOIN organizations o ON o.id = u.organize_id JOIN organizations c ON c.id = ${COMPANY}
WHERE u.enabled_mark = 1 GROUP BY c.id, c.short_name, c.full_name, c.sort_code ORDER BY c.sort_code`,
    description: '按单位汇总的人员数',
  },
  {
    enCode: 'portalStaffByRole',
    fullName: '门户：各角色人数',
    query: `SELECT r.full_name AS "roleName", COUNT(u.id) AS "staff"
FROM user_relations ur JOIN roles r ON r.id = ur.object_id JOIN users u ON u.id = ur.user_id
WHERE ur.object_type = 'Role' AND r.enabled_mark = 1 AND u.enabled_mark = 1 GROUP BY r.id, r.full_name, r.sort_code ORDER BY r.sort_code`,
    description: '按角色汇总的人员数',
  },
  {
    enCode: 'portalLowStock',
    fullName: '门户：库存偏低',
    query: `SELECT s.item_name AS "itemName", s.spec AS "spec", s.quantity AS "quantity", COALESCE(o.short_name, o.full_name) AS "unitName"
FROM stock_items s JOIN organizations o ON o.id = s.org_id WHERE s.enabled_mark = 1 ORDER BY s.quantity, s.item_code`,
    description: '数量最少的库存品种',
  },
];

const menu = (enCode: string) => stableId('80', `menu:${enCode}`);
const src = (code: string) => interfaceId(code);

type Placed = PortalWidgetInput & { at: Omit<PortalGridItem, 'i'> };

function definition(items: Placed[]): PortalDefinition {
  return portalDefinition.parse({
    layout: items.map((w) => ({ i: w.id, ...w.at })),
    widgets: items.map(({ at: _at, ...w }) => w),
  });
}

const NOTE =
  '<p><strong>演示门户</strong>：数据均为虚构。管理员可在「在线开发 → 门户设计」中调整组件并分配给角色，分配后该角色用户的首页即显示此门户。</p>';

export const seedPortals = [
  {
    id: 'alliancePortal',
    enCode: 'alliancePortal',
    fullName: '医共体门户',
    category: 'alliance',
    description: '医共体运营概况（演示数据）',
    formData: definition([
      {
        id: 'staff',
        type: 'figure',
        title: '在岗人数',
        interfaceId: src('portalStaffCount'),
        valueField: 'value',
        previousField: 'previous',
        unit: '人',
        refresh: 300,
        at: { x: 0, y: 0, w: 3, h: 4 },
      },
      {
        id: 'units',
        type: 'figure',
        title: '成员单位',
        interfaceId: src('portalUnitCount'),
        valueField: 'value',
        unit: '家',
        refresh: 0,
        at: { x: 3, y: 0, w: 3, h: 4 },
      },
      {
        id: 'myStock',
        type: 'figure',
        title: '本单位库存品种',
        interfaceId: src('portalMyStock'),
        valueField: 'value',
        unit: '种',
        refresh: 120,
        at: { x: 6, y: 0, w: 3, h: 4 },
      },
      { id: 'clock', type: 'clock', title: '', showCalendar: true, at: { x: 9, y: 0, w: 3, h: 8 } },
      {
        id: 'stockChart',
        type: 'chart',
        title: '各单位库存',
        interfaceId: src('portalStockByUnit'),
        kind: 'bar',
        category: 'unitName',
        series: [{ field: 'quantity', name: '数量' }],
        refresh: 300,
        at: { x: 0, y: 4, w: 5, h: 8 },
      },
      {
        id: 'staffPie',
        type: 'chart',
        title: '各角色人数',
        interfaceId: src('portalStaffByRole'),
        kind: 'pie',
        category: 'roleName',
        series: [{ field: 'staff', name: '人数' }],
        at: { x: 5, y: 4, w: 4, h: 8 },
      },
      {
        id: 'lowStock',
        type: 'table',
        title: '库存偏低',
        interfaceId: src('portalLowStock'),
        columns: [
          { field: 'itemName', title: '品名' },
          { field: 'spec', title: '规格' },
          { field: 'quantity', title: '数量' },
          { field: 'unitName', title: '单位' },
        ],
        limit: 6,
        refresh: 300,
        at: { x: 0, y: 12, w: 5, h: 8 },
      },
      { id: 'todo', type: 'todo', title: '', at: { x: 9, y: 8, w: 3, h: 5 } },
      { id: 'notice', type: 'notice', title: '', at: { x: 5, y: 12, w: 4, h: 4 } },
      {
        id: 'shortcuts',
        type: 'shortcuts',
        title: '',
        menuIds: ['user', 'organize', 'role', 'dataInterface', 'flowTodo', 'myFiles', 'portalDesign'].map(menu),
        at: { x: 9, y: 13, w: 3, h: 7 },
      },
      { id: 'note', type: 'richText', title: '说明', html: NOTE, at: { x: 0, y: 20, w: 12, h: 3 } },
      {
        id: 'links',
        type: 'links',
        title: '',
        links: [
          { title: '门户设计', url: '/onlineDev/portal' },
          { title: '数据接口', url: '/system/dataInterface' },
        ],
        at: { x: 5, y: 16, w: 4, h: 4 },
      },
    ]),
  },
  {
    id: 'dcOverview',
    enCode: 'dcOverview',
    fullName: '数据概览',
    category: 'dataCenter',
    description: '数据中心概览（演示数据）',
    formData: definition([
      {
        id: 'staff',
        type: 'figure',
        title: '在岗人数',
        interfaceId: src('portalStaffCount'),
        valueField: 'value',
        previousField: 'previous',
        unit: '人',
        at: { x: 0, y: 0, w: 4, h: 4 },
      },
      {
        id: 'units',
        type: 'figure',
        title: '成员单位',
        interfaceId: src('portalUnitCount'),
        valueField: 'value',
        unit: '家',
        at: { x: 4, y: 0, w: 4, h: 4 },
      },
      { id: 'clock', type: 'clock', title: '', showCalendar: false, at: { x: 8, y: 0, w: 4, h: 4 } },
      {
        id: 'staffBar',
        type: 'chart',
        title: '各单位人数',
        interfaceId: src('portalStaffByUnit'),
        kind: 'bar',
        category: 'unitName',
        series: [{ field: 'staff', name: '人数' }],
        at: { x: 0, y: 4, w: 6, h: 8 },
      },
      {
        id: 'stockLine',
        type: 'chart',
        title: '各单位库存数量',
        interfaceId: src('portalStockByUnit'),
        kind: 'line',
        category: 'unitName',
        series: [{ field: 'quantity', name: '数量' }],
        at: { x: 6, y: 4, w: 6, h: 8 },
      },
    ]),
  },
];

export async function seedPortalData(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const audit = { createdAt: now, createdBy: null, updatedAt: null, updatedBy: null };
  await ctx.db
    .insertInto('dataInterfaces')
    .values(
      portalInterfaces.map((d, i) => ({
        id: interfaceId(d.enCode),
        categoryId: dictDataId('dataInterfaceCategory', 'businessData'),
        fullName: d.fullName,
        enCode: d.enCode,
        dataType: 1,
        query: d.query,
        path: null,
        requestMethod: 'GET',
        requestHeaders: '[]',
        requestParameters: '[]',
        parameterJson: '[]',
        responsePath: null,
        timeoutMs: null,
        sortCode: 100 + i,
        enabledMark: 1,
        description: d.description,
        ...audit,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await ctx.db
    .insertInto('portals')
    .values(
      seedPortals.map((p, i) => ({
        id: p.id,
        enCode: p.enCode,
        fullName: p.fullName,
        category: p.category,
        description: p.description,
        formData: JSON.stringify(p.formData),
        sortCode: i,
        enabledMark: 1,
        ...audit,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
