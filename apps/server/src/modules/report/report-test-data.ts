import { formDefinition, listDefinition, type FormField, type ModelBody, type ReportDefinitionInput } from '@medalliance/contract';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../test/harness.ts';
import { createModel } from '../visualdev/base.service.ts';
import { releaseModel } from '../visualdev/release.service.ts';
import { invalidateGrants } from '../permission/grants.service.ts';
import { ORG } from '../permission/test-helpers.ts';

/** A released model with known rows, a report over it and a type-5 menu opening it, for the report tests. */

const fields: FormField[] = [
  { id: 'f1', type: 'input', field: 'kind', label: '类别' },
  { id: 'f2', type: 'input', field: 'ward', label: '病区' },
  { id: 'f3', type: 'inputNumber', field: 'amount', label: '金额' },
  { id: 'f4', type: 'inputNumber', field: 'qty', label: '数量' },
  { id: 'f5', type: 'datePicker', field: 'day', label: '日期' },
  { id: 'f6', type: 'input', field: 'secret', label: '机密' },
];

/** The rows: [kind, ward, amount, qty, day offset, organisation]. */
export const ROWS: [string, string, number, number, number, string][] = [
  ['门诊', 'A', 10, 1, 0, ORG.countyHospital],
  ['门诊', 'A', 20, 2, 1, ORG.countyHospital],
  ['门诊', 'B', 5, 3, 2, ORG.tcmHospital],
  ['住院', 'A', 100, 1, 3, ORG.countyHospital],
  ['住院', 'B', 50, 4, 4, ORG.tcmHospital],
  ['住院', 'B', 25, 5, 5, ORG.tcmHospital],
  ['急诊', 'C', 7, 2, 6, ORG.chengguan],
];
export const DAY0 = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;

export async function createReportModel(t: TestApp, enCode = 'rptVisit') {
  const body = {
    fullName: `报表测试 ${enCode}`,
    enCode,
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({ fields }),
    columnData: listDefinition.parse({ columns: fields.map((f) => ({ field: f.field, label: f.label })) }),
  } as ModelBody;
  const modelId = await createModel(t.ctx, body, null);
  await releaseModel(t.ctx, modelId, null, false);
  const table = (await t.ctx.db.selectFrom('visualdevModels').select('tableName').where('id', '=', modelId).executeTakeFirstOrThrow())
    .tableName;
  const raw = t.ctx.db.withoutPlugins();
  for (const [i, [kind, ward, amount, qty, day, org]] of ROWS.entries())
    await raw
      .insertInto(table as never)
      .values({
        id: `${enCode}-${i}`,
        creator_user_id: null,
        creator_time: Date.now(),
        organize_id: org,
        flow_state: 0,
        kind,
        ward,
        amount,
        qty,
        day: DAY0 + day * DAY,
        secret: `机密${i}`,
      } as never)
      .execute();
  return { modelId, table };
}

export const groupedDefinition = (modelId: string): ReportDefinitionInput => ({
  source: { kind: 'model', modelId },
  params: [
    { field: 'day', label: '日期', type: 'dateRange' },
    { field: 'kind', label: '类别', type: 'text', match: 'equal' },
    { field: 'ward', label: '病区', type: 'text' },
  ],
  columns: [
    { field: 'kind', title: '类别' },
    { field: 'ward', title: '病区' },
    { field: 'amount', title: '金额', aggregate: 'sum', format: 'money' },
    { field: 'qty', title: '数量', aggregate: 'avg' },
    { field: 'secret', title: '机密', aggregate: 'count' },
  ],
  headerGroups: [{ title: '指标', fields: ['amount', 'qty'] }],
  grouping: { groupBy: ['kind', 'ward'], subtotals: true, grandTotal: true },
  charts: [{ kind: 'bar', category: 'kind', values: ['amount'], position: 'top' }],
});

/** A type-5 menu opening `reportId`, with its columns registered for authorization and data authorization on. */
export async function addReportMenu(t: TestApp, reportId: string, enCode: string, columns: string[]) {
  const db = t.ctx.db;
  const now = Date.now();
  const system = await db.selectFrom('systems').select('id').where('isMain', '=', 1).executeTakeFirstOrThrow();
  const menuId = newId();
  await db
    .insertInto('menus')
    .values({
      id: menuId,
      parentId: '-1',
      systemId: system.id,
      type: 5,
      enCode,
      fullName: enCode,
      i18nJson: null,
      icon: null,
      urlAddress: `report/${enCode}`,
      linkTarget: null,
      propertyJson: JSON.stringify({ moduleId: reportId }),
      category: 'Web',
      hidden: 0,
      sortCode: 0,
      enabledMark: 1,
      isButtonAuthorize: 0,
      isColumnAuthorize: 1,
      isFormAuthorize: 0,
      isDataAuthorize: 1,
      description: null,
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  const columnIds: Record<string, string> = {};
  for (const [i, code] of columns.entries()) {
    columnIds[code] = newId();
    await db
      .insertInto('moduleColumns')
      .values({
        id: columnIds[code],
        moduleId: menuId,
        parentId: '-1',
        enCode: code,
        fullName: code,
        sortCode: i,
        enabledMark: 1,
        createdAt: now,
      })
      .execute();
  }
  /** A scheme "own organisation" and one "every row". */
  const ownOrg = newId();
  const everyRow = newId();
  for (const [id, json] of [
    [ownOrg, JSON.stringify([{ logic: 'and', groups: [{ field: 'organizeId', op: 'Equal', value: '@organizeId' }] }])],
    [everyRow, '[]'],
  ] as const)
    await db
      .insertInto('moduleDataSchemes')
      .values({
        id,
        moduleId: menuId,
        enCode: `s${id.slice(-6)}`,
        fullName: id === ownOrg ? 'own organisation' : 'every row',
        conditionJson: json,
        conditionText: null,
        sortCode: 0,
        enabledMark: 1,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
  return { menuId, columnIds, schemes: { ownOrg, everyRow } };
}

export async function grantUser(t: TestApp, userId: string, items: [itemType: string, itemId: string][]) {
  for (const [itemType, itemId] of items)
    await t.ctx.db
      .insertInto('authorizations')
      .values({ id: newId(), itemType, itemId, objectType: 'User', objectId: userId, createdAt: Date.now(), createdBy: null })
      .execute();
  invalidateGrants(t.ctx);
}
