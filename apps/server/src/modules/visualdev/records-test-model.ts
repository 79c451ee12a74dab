import type { FormField, ListDefinition, ModelBody } from '@medalliance/contract';
import { formDefinition, listDefinition } from '@medalliance/contract';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../test/harness.ts';
import { createModel } from './base.service.ts';
import { releaseModel } from './release.service.ts';

/**
 * A released test model for the runtime tests (real services, real tables):
 * text with a rule, number range, date, static select, dictionary select,
 * checkbox, calculate, system fields, a bill number and a sub-table; a menu of
 * type 3 naming it, with every record button, and a role holding what a test grants.
 */
export const DICT_TYPE = 'rtBlood';

export const testFields: FormField[] = [
  {
    id: 'f1',
    type: 'input',
    field: 'patientName',
    label: '姓名',
    required: true,
    maxLength: 20,
    rules: [{ pattern: '^[^0-9]*$', message: '姓名不能含数字' }],
  },
  { id: 'f2', type: 'input', field: 'code', label: '编号' },
  { id: 'f3', type: 'inputNumber', field: 'age', label: '年龄', min: 0, max: 150 },
  { id: 'f4', type: 'datePicker', field: 'visitDate', label: '就诊日期' },
  {
    id: 'f5',
    type: 'select',
    field: 'kind',
    label: '类别',
    options: {
      source: 'static',
      items: [
        { id: 'o', fullName: '门诊' },
        { id: 'i', fullName: '住院' },
      ],
    },
  },
  { id: 'f6', type: 'dicSelect', field: 'blood', label: '血型', options: { source: 'dictionary', dictionaryType: DICT_TYPE } },
  {
    id: 'f7',
    type: 'checkbox',
    field: 'tags',
    label: '标签',
    options: {
      source: 'static',
      items: [
        { id: 'a', fullName: '甲' },
        { id: 'b', fullName: '乙' },
      ],
    },
  },
  { id: 'f8', type: 'inputNumber', field: 'price', label: '单价' },
  { id: 'f9', type: 'inputNumber', field: 'qty', label: '数量' },
  { id: 'f10', type: 'calculate', field: 'total', label: '合计', expression: 'price*qty' },
  { id: 'f11', type: 'createUser', field: 'creator', label: '创建人' },
  { id: 'f12', type: 'createTime', field: 'created', label: '创建时间' },
  { id: 'f13', type: 'billRule', field: 'billNo', label: '单号', billRule: 'referralNo' },
  { id: 'f14', type: 'textarea', field: 'secret', label: '备注' },
  { id: 'f18', type: 'editor', field: 'notes', label: '病历' },
  {
    id: 'f15',
    type: 'table',
    field: 'items',
    tableName: 'items',
    label: '明细',
    children: [
      { id: 'f16', type: 'input', field: 'drug', label: '药品', required: true },
      { id: 'f17', type: 'inputNumber', field: 'dose', label: '剂量' },
    ],
  },
];

export const testList: Partial<ListDefinition> = {
  columns: ['patientName', 'code', 'age', 'visitDate', 'kind', 'blood', 'tags', 'total', 'billNo', 'creator', 'secret'].map((field) => ({
    field,
    label: field,
    sortable: field === 'patientName' || field === 'age',
  })),
  search: [
    { field: 'patientName', match: 'contains' },
    { field: 'code', match: 'equal' },
    { field: 'age', match: 'range' },
    { field: 'kind', match: 'in' },
    { field: 'visitDate', match: 'range' },
    { field: 'tags', match: 'equal' },
    { field: 'blood', match: 'equal' },
  ],
  defaultSort: { field: 'age', order: 'asc' },
  useButtonPermission: true,
  useColumnPermission: true,
  useFormPermission: true,
};

export const BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_export', 'btn_import'];

export interface TestModel {
  modelId: string;
  menuId: string;
  enCode: string;
  roleId: string;
  buttonIds: Record<string, string>;
  columnIds: Record<string, string>;
  formIds: Record<string, string>;
  blood: { a: string; b: string };
}

/** Creates the dictionary, the model (released), its menu with buttons, columns and form items, and an empty role. */
export async function createTestModel(
  t: TestApp,
  enCode = 'rtVisit',
  opts: { fields?: FormField[]; list?: Partial<ListDefinition> } = {},
): Promise<TestModel> {
  const db = t.ctx.db;
  const now = Date.now();
  const typeId = newId();
  const blood = { a: newId(), b: newId() };
  const existing = await db.selectFrom('dictionaryTypes').select('id').where('enCode', '=', DICT_TYPE).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('dictionaryTypes')
      .values({
        id: typeId,
        parentId: '0',
        fullName: '血型',
        enCode: DICT_TYPE,
        isTree: 0,
        sortCode: 0,
        description: null,
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    for (const [key, name] of [
      ['a', 'A型'],
      ['b', 'B型'],
    ] as const)
      await db
        .insertInto('dictionaryData')
        .values({
          id: blood[key],
          dictionaryTypeId: typeId,
          parentId: '0',
          fullName: name,
          enCode: key.toUpperCase(),
          simpleSpelling: null,
          isDefault: 0,
          sortCode: 0,
          enabledMark: 1,
          description: null,
          createdAt: now,
          createdBy: null,
          updatedAt: null,
          updatedBy: null,
        })
        .execute();
  } else {
    const rows = await db.selectFrom('dictionaryData').select(['id', 'enCode']).where('dictionaryTypeId', '=', existing.id).execute();
    blood.a = rows.find((r) => r.enCode === 'A')!.id;
    blood.b = rows.find((r) => r.enCode === 'B')!.id;
  }
  const body = {
    fullName: `测试 ${enCode}`,
    enCode,
    category: '',
    webType: 2,
    description: '',
    sortCode: 0,
    formData: formDefinition.parse({ fields: opts.fields ?? testFields }),
    columnData: listDefinition.parse({ ...testList, ...opts.list }),
  } as ModelBody;
  const modelId = await createModel(t.ctx, body, null);
  await releaseModel(t.ctx, modelId, null, false);

  const system = await db.selectFrom('systems').select('id').where('isMain', '=', 1).executeTakeFirstOrThrow();
  const menuId = newId();
  await db
    .insertInto('menus')
    .values({
      id: menuId,
      parentId: '-1',
      systemId: system.id,
      type: 3,
      enCode,
      fullName: body.fullName,
      i18nJson: null,
      icon: null,
      urlAddress: `model/${enCode}`,
      linkTarget: null,
      propertyJson: JSON.stringify({ moduleId: modelId, isTree: 0 }),
      category: 'Web',
      hidden: 0,
      sortCode: 0,
      enabledMark: 1,
      isButtonAuthorize: 1,
      isColumnAuthorize: 1,
      isFormAuthorize: 1,
      isDataAuthorize: 0,
      description: null,
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  const items = async (table: 'moduleButtons' | 'moduleColumns' | 'moduleForms', codes: string[]) => {
    const ids: Record<string, string> = {};
    for (const [i, code] of codes.entries()) {
      ids[code] = newId();
      await db
        .insertInto(table)
        .values({
          id: ids[code],
          moduleId: menuId,
          parentId: '0',
          enCode: code,
          fullName: code,
          sortCode: i,
          enabledMark: 1,
          createdAt: now,
        })
        .execute();
    }
    return ids;
  };
  const fieldKeys = ['patientName', 'code', 'age', 'visitDate', 'kind', 'blood', 'tags', 'price', 'qty', 'secret', 'items'];
  const buttonIds = await items('moduleButtons', BUTTONS);
  const columnIds = await items('moduleColumns', fieldKeys);
  const formIds = await items('moduleForms', fieldKeys);
  const roleId = newId();
  await db
    .insertInto('roles')
    .values({
      id: roleId,
      fullName: `role ${enCode}`,
      enCode: `role_${enCode}`,
      globalMark: 1,
      sortCode: 0,
      enabledMark: 1,
      description: null,
      createdAt: now,
      createdBy: null,
      updatedAt: null,
      updatedBy: null,
    })
    .execute();
  return { modelId, menuId, enCode, roleId, buttonIds, columnIds, formIds, blood };
}

/** Grants items to the model's role, or to one user. */
export async function grant(t: TestApp, m: TestModel, itemType: string, itemIds: string[], userId?: string) {
  for (const itemId of itemIds)
    await t.ctx.db
      .insertInto('authorizations')
      .values({
        id: newId(),
        itemType,
        itemId,
        objectType: userId ? 'User' : 'Role',
        objectId: userId ?? m.roleId,
        createdAt: Date.now(),
        createdBy: null,
      })
      .execute();
}

/** Puts a user in the model's role. */
export async function joinRole(t: TestApp, m: TestModel, userId: string) {
  await t.ctx.db
    .insertInto('userRelations')
    .values({ id: newId(), userId, objectType: 'Role', objectId: m.roleId, sortCode: 0, createdAt: Date.now() })
    .execute();
}
