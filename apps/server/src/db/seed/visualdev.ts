import { formDefinition, modelBody, validateRecord, type FormField } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { createModel } from '../../modules/visualdev/base.service.ts';
import { modelTables, recordToRow } from '../../modules/visualdev/model-tables.ts';
import { releaseModel } from '../../modules/visualdev/release.service.ts';
import { seedOrganizations } from './organizations.ts';
import { dictDataId, dictTypeId, ORG_OPTIONS_INTERFACE_ID } from './system.ts';

/**
 * Demo models of the visual-development engine, one for every seeded menu of
 * type 3 (db/seed/menus.ts): a menu's propertyJson.moduleId is the model's id,
 * and the seeded ids equal the enCodes ('outpatientLog'), so the menu resolves.
 * Each is released (its tables made) and given ~30 fictitious rows. Idempotent:
 * a model that exists is left as an administrator may have changed it.
 */

const CATEGORY_TYPE = 'visualDevCategory';
const CATEGORIES: [string, string][] = [
  ['clinical', '临床业务'],
  ['publicHealth', '公共卫生'],
  ['management', '综合管理'],
  ['demo', '示例'],
];

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  ...extra,
});

const departments = seedOrganizations.filter((o) => o.category === 'department').slice(0, 8);

const outpatientLog = {
  id: 'outpatientLog',
  body: {
    fullName: '门诊日志',
    enCode: 'outpatientLog',
    category: 'clinical',
    webType: 2,
    description: '门诊就诊登记（演示数据，均为虚构）',
    formData: {
      labelWidth: 100,
      fields: [
        {
          id: 'rowBasic',
          type: 'row',
          label: '',
          children: [
            f('datePicker', 'visitDate', '就诊日期', { required: true, span: 12, format: 'YYYY-MM-DD' }),
            f('input', 'patientName', '患者姓名', { required: true, span: 12, maxLength: 50 }),
            f('dicSelect', 'sex', '性别', { span: 12, options: { source: 'dictionary', dictionaryType: 'gender' } }),
            f('inputNumber', 'age', '年龄', { span: 12, min: 0, max: 150, precision: 0 }),
            f('depSelect', 'department', '就诊科室', { span: 12 }),
            f('amount', 'fee', '诊疗费', { span: 12, min: 0 }),
          ],
        },
        f('textarea', 'diagnosis', '诊断', { maxLength: 500 }),
        {
          id: 'prescriptions',
          type: 'table',
          field: 'prescriptions',
          tableName: 'prescription',
          label: '处方明细',
          summary: ['lineTotal'],
          children: [
            f('input', 'drugName', '药品名称', { required: true, maxLength: 100 }),
            f('inputNumber', 'quantity', '数量', { min: 0, precision: 0 }),
            f('amount', 'unitPrice', '单价', { min: 0 }),
            f('calculate', 'lineTotal', '金额', { expression: 'quantity × unitPrice' }),
          ],
        },
        f('calculate', 'totalFee', '合计费用', { expression: 'fee + prescriptions.lineTotal' }),
      ],
    },
    columnData: {
      columns: [
        { field: 'visitDate', label: '就诊日期', sortable: true, format: 'YYYY-MM-DD' },
        { field: 'patientName', label: '患者姓名' },
        { field: 'sex', label: '性别' },
        { field: 'age', label: '年龄', align: 'right', sortable: true },
        { field: 'department', label: '就诊科室' },
        { field: 'diagnosis', label: '诊断' },
        { field: 'fee', label: '诊疗费', align: 'right' },
        { field: 'totalFee', label: '合计费用', align: 'right', sortable: true },
      ],
      search: [
        { field: 'patientName', match: 'contains' },
        { field: 'visitDate', match: 'range' },
        { field: 'sex', match: 'equal' },
        { field: 'department', match: 'equal' },
      ],
      defaultSort: { field: 'visitDate', order: 'desc' },
      buttons: ['add', 'export', 'import', 'batchRemove'],
    },
  },
  rows: (i: number) => {
    const drugs = [
      ['阿莫西林胶囊', 12.5],
      ['布洛芬缓释胶囊', 18],
      ['复方甘草片', 6.8],
      ['氨溴索口服液', 22],
      ['维生素C片', 3.5],
    ] as const;
    const surnames = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨';
    const given = ['晓明', '丽华', '建国', '秀英', '志强', '春梅', '海燕', '文军', '雪梅', '国华'];
    const diagnoses = ['上呼吸道感染', '高血压复诊', '2型糖尿病随访', '急性胃肠炎', '腰肌劳损', '过敏性鼻炎'];
    const count = 1 + (i % 3);
    return {
      visitDate: Date.UTC(2026, 9, 1) + i * 86_400_000 + ((i * 37) % 9) * 3_600_000,
      patientName: `${surnames[i % surnames.length]}${given[(i * 7) % given.length]}`,
      sex: dictDataId('gender', i % 2 ? '1' : '2'),
      age: 18 + ((i * 13) % 70),
      department: departments[i % departments.length]?.id ?? null,
      diagnosis: diagnoses[i % diagnoses.length],
      fee: 10 + (i % 5) * 5,
      prescriptions: Array.from({ length: count }, (_, j) => {
        const [drugName, unitPrice] = drugs[(i + j) % drugs.length]!;
        return { drugName, quantity: 1 + ((i + j) % 3), unitPrice };
      }),
    };
  },
};

/** A second demo: a dictionary select and a popup select over a data interface. */
const followUpVisit = {
  id: 'followUpVisit',
  body: {
    fullName: '随访登记（示例）',
    enCode: 'followUpVisit',
    category: 'publicHealth',
    webType: 2,
    description: '弹窗选择与数据字典示例（演示数据，均为虚构）',
    formData: {
      fields: [
        f('input', 'residentName', '居民姓名', { required: true, maxLength: 50, span: 12 }),
        f('datePicker', 'visitDate', '随访日期', { required: true, span: 12 }),
        f('dicSelect', 'mode', '随访方式', { required: true, span: 12, options: { source: 'dictionary', dictionaryType: 'followUpMode' } }),
        f('popupSelect', 'orgId', '随访机构', {
          span: 12,
          relation: {
            interfaceId: ORG_OPTIONS_INTERFACE_ID,
            valueKey: 'id',
            labelKey: 'ORG_NAME',
            columns: [
              { value: 'ORG_NAME', label: '机构名称' },
              { value: 'ORG_CODE', label: '机构编码' },
            ],
            hasPage: true,
            pageSize: 20,
            popupType: 'dialog',
            popupTitle: '选择机构',
          },
        }),
        f('textarea', 'note', '随访记录', { maxLength: 1000 }),
      ],
    },
    columnData: {
      columns: [
        { field: 'residentName', label: '居民姓名' },
        { field: 'visitDate', label: '随访日期', sortable: true },
        { field: 'mode', label: '随访方式' },
        { field: 'orgId', label: '随访机构' },
      ],
      search: [
        { field: 'residentName', match: 'contains' },
        { field: 'mode', match: 'equal' },
      ],
      defaultSort: { field: 'visitDate', order: 'desc' },
      buttons: ['add', 'export', 'batchRemove'],
    },
  },
  rows: (i: number) => ({
    residentName: `${'刘黄林何高罗郭马'[i % 8]}${['桂兰', '德明', '玉珍', '永福', '淑芬'][i % 5]}`,
    visitDate: Date.UTC(2026, 8, 1) + i * 2 * 86_400_000,
    mode: dictDataId('followUpMode', String(1 + (i % 3))),
    orgId: null,
    note: i % 4 === 0 ? '血压控制良好，继续当前用药' : '按时服药，注意饮食',
  }),
};

const MODELS = [outpatientLog, followUpVisit];
const ROWS = 30;

async function seedCategories(ctx: AppContext) {
  const audit = { createdAt: Date.now(), createdBy: null, updatedAt: null, updatedBy: null };
  const typeId = dictTypeId(CATEGORY_TYPE);
  await ctx.db
    .insertInto('dictionaryTypes')
    .values({
      id: typeId,
      parentId: dictTypeId('sysBase'),
      fullName: '功能分类',
      enCode: CATEGORY_TYPE,
      isTree: 0,
      sortCode: 90,
      description: null,
      ...audit,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await ctx.db
    .insertInto('dictionaryData')
    .values(
      CATEGORIES.map(([enCode, fullName], i) => ({
        id: dictDataId(CATEGORY_TYPE, enCode),
        dictionaryTypeId: typeId,
        parentId: '0',
        fullName,
        enCode,
        simpleSpelling: null,
        isDefault: 0,
        sortCode: i + 1,
        enabledMark: 1,
        description: null,
        ...audit,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Fictitious rows through the same validation as the API (calculate fields recomputed), written in one transaction. */
async function seedRows(ctx: AppContext, m: (typeof MODELS)[number]) {
  const model = await ctx.db
    .selectFrom('visualdevModels')
    .select(['tableName', 'boundTable', 'releasedFormData'])
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  // An administrator may have changed the model since: the rows follow what is released now.
  if (model.boundTable || !model.releasedFormData) return;
  const form = formDefinition.parse(JSON.parse(model.releasedFormData));
  const [main, ...subs] = modelTables(model.tableName, form);
  const raw = ctx.db.withoutPlugins();
  const existing = await raw
    .selectFrom(main!.name as never)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return;
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const t = trx.withoutPlugins();
    for (let i = 0; i < ROWS; i++) {
      const { record } = validateRecord(form, m.rows(i));
      const id = `${m.id}-${String(i + 1).padStart(3, '0')}`;
      const system = { creator_user_id: null, creator_time: now - (ROWS - i) * 60_000, organize_id: null, flow_state: 0 };
      await t
        .insertInto(main!.name as never)
        .values({ id, ...system, ...recordToRow(main!.columns, record) } as never)
        .execute();
      for (const sub of subs) {
        const rows = (record[sub.tableField!] as Record<string, unknown>[] | undefined) ?? [];
        for (const [j, r] of rows.entries()) {
          await t
            .insertInto(sub.name as never)
            .values({
              id: `${id}-${sub.tableName}-${j + 1}`,
              parent_id: id,
              sort_code: j,
              ...system,
              ...recordToRow(sub.columns, r),
            } as never)
            .execute();
        }
      }
    }
  });
}

export async function seedVisualdev(ctx: AppContext): Promise<void> {
  await seedCategories(ctx);
  for (const m of MODELS) {
    const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', m.id).executeTakeFirst();
    if (!row) await createModel(ctx, modelBody.parse(m.body), null, m.id);
    if (!row || row.state !== 1) await releaseModel(ctx, m.id, null, false);
    await seedRows(ctx, m);
  }
}
