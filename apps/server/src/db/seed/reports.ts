import {
  formDefinition,
  modelBody,
  reportDefinition,
  validateRecord,
  type FormField,
  type ReportDefinitionInput,
} from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { createModel } from '../../modules/visualdev/base.service.ts';
import { modelTables, recordToRow } from '../../modules/visualdev/model-tables.ts';
import { releaseModel } from '../../modules/visualdev/release.service.ts';
import { dictDataId, interfaceId } from './system.ts';

/**
 * Demo data reports, one for each seeded menu of type 5 (db/seed/menus.ts:
 * propertyJson.moduleId is the report id): `referralReport` over a released
 * model of fictitious referrals seeded here, `dcReport` over the seeded stock
 * interface. Idempotent: what exists is left as an administrator may have changed it.
 */

const REFERRAL_MODEL = 'referralRecord';
const COUNTY = '100000000000000010';
const TCM = '100000000000000020';
const TOWNSHIPS = ['100000000000000030', '100000000000000040', '100000000000000050'];

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  ...extra,
});

const referralModel = {
  fullName: '转诊登记（示例）',
  enCode: REFERRAL_MODEL,
  category: 'clinical',
  webType: 2,
  description: '双向转诊登记，供转诊统计报表使用（演示数据，均为虚构）',
  formData: {
    fields: [
      f('datePicker', 'referralDate', '转诊日期', { required: true, span: 12 }),
      f('input', 'patientName', '患者姓名', { required: true, span: 12, maxLength: 50 }),
      f('depSelect', 'fromOrg', '转出机构', { span: 12 }),
      f('depSelect', 'toOrg', '接收机构', { span: 12 }),
      f('dicSelect', 'direction', '转诊方向', { span: 12, options: { source: 'dictionary', dictionaryType: 'referralDirection' } }),
      f('dicSelect', 'urgency', '紧急程度', { span: 12, options: { source: 'dictionary', dictionaryType: 'urgency' } }),
      f('amount', 'fee', '费用', { span: 12, min: 0 }),
    ],
  },
  columnData: {
    columns: [
      { field: 'referralDate', label: '转诊日期', sortable: true },
      { field: 'patientName', label: '患者姓名' },
      { field: 'fromOrg', label: '转出机构' },
      { field: 'toOrg', label: '接收机构' },
      { field: 'direction', label: '转诊方向' },
      { field: 'fee', label: '费用', align: 'right' },
    ],
    search: [
      { field: 'patientName', match: 'contains' },
      { field: 'referralDate', match: 'range' },
    ],
    defaultSort: { field: 'referralDate', order: 'desc' },
    buttons: ['add', 'export'],
  },
};

const REFERRAL_ROWS = 60;
const DAY = 86_400_000;

function referralRow(i: number, now: number) {
  const up = i % 3 !== 0;
  const township = TOWNSHIPS[Math.floor(i / 2) % TOWNSHIPS.length]!;
  const county = i % 4 === 0 ? TCM : COUNTY;
  return {
    referralDate: now - (i % 45) * DAY - ((i * 7) % 10) * 3_600_000,
    patientName: `${'赵钱孙李周吴郑王'[i % 8]}${['建华', '秀兰', '志明', '桂芳', '海军', '玉梅'][i % 6]}`,
    fromOrg: up ? township : county,
    toOrg: up ? county : township,
    direction: dictDataId('referralDirection', up ? '1' : '2'),
    urgency: dictDataId('urgency', String(1 + (Math.floor(i / 3) % 3))),
    fee: 50 + ((i * 37) % 12) * 25,
  };
}

const referralReport: ReportDefinitionInput = {
  source: { kind: 'model', modelId: REFERRAL_MODEL },
  params: [
    { field: 'referralDate', label: '转诊日期', type: 'dateRange' },
    { field: 'fromOrg', label: '转出机构', type: 'organization' },
    { field: 'direction', label: '转诊方向', type: 'dictionary', dictionaryType: 'referralDirection' },
  ],
  columns: [
    { field: 'fromOrg', title: '转出机构', format: 'organization', width: 180 },
    { field: 'urgency', title: '紧急程度', format: 'dictionary', width: 100, align: 'center' },
    { field: 'patientName', title: '转诊人次', aggregate: 'count', format: 'number', width: 100, align: 'right', sortable: true },
    { field: 'fee', title: '费用合计', aggregate: 'sum', format: 'money', width: 120, align: 'right', sortable: true },
  ],
  headerGroups: [{ title: '转诊情况', fields: ['patientName', 'fee'] }],
  grouping: { groupBy: ['fromOrg', 'urgency'], subtotals: true, grandTotal: true },
  charts: [{ kind: 'bar', title: '各机构转诊人次', category: 'fromOrg', values: ['patientName'], position: 'top' }],
  pageSize: 20,
};

const dcReport: ReportDefinitionInput = {
  source: { kind: 'interface', interfaceId: interfaceId('erpStockInfo') },
  params: [
    { field: 'orgId', label: '机构', type: 'organization' },
    { field: 'ITEM_NAME', label: '品名', type: 'text' },
  ],
  columns: [
    { field: 'ORG_NAME', title: '机构', width: 200 },
    { field: 'ITEM_NAME', title: '品名', aggregate: 'count', format: 'number', width: 100, align: 'right' },
    { field: 'QUANTITY', title: '库存数量', aggregate: 'sum', format: 'number', width: 120, align: 'right', sortable: true },
    { field: 'PRICE', title: '平均单价', aggregate: 'avg', format: 'money', width: 120, align: 'right' },
  ],
  headerGroups: [{ title: '库存指标', fields: ['ITEM_NAME', 'QUANTITY', 'PRICE'] }],
  grouping: { groupBy: ['ORG_NAME'], subtotals: false, grandTotal: true },
  charts: [{ kind: 'pie', title: '库存数量占比', category: 'ORG_NAME', values: ['QUANTITY'], position: 'left' }],
  pageSize: 20,
};

const REPORTS = [
  {
    id: 'referralReport',
    fullName: '转诊统计报表',
    enCode: 'referralReport',
    description: '按转出机构与紧急程度统计转诊人次与费用',
    definition: referralReport,
  },
  { id: 'dcReport', fullName: '库存指标报表', enCode: 'dcReport', description: '各机构药品与物资库存（数据接口）', definition: dcReport },
];

async function seedReferralModel(ctx: AppContext) {
  const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', REFERRAL_MODEL).executeTakeFirst();
  if (!row) await createModel(ctx, modelBody.parse(referralModel), null, REFERRAL_MODEL);
  if (!row || row.state !== 1) await releaseModel(ctx, REFERRAL_MODEL, null, false);
  const model = await ctx.db
    .selectFrom('visualdevModels')
    .select(['tableName', 'boundTable', 'releasedFormData'])
    .where('id', '=', REFERRAL_MODEL)
    .executeTakeFirstOrThrow();
  if (model.boundTable || !model.releasedFormData) return;
  const form = formDefinition.parse(JSON.parse(model.releasedFormData));
  const [main] = modelTables(model.tableName, form);
  const raw = ctx.db.withoutPlugins();
  const existing = await raw
    .selectFrom(main!.name as never)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return;
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < REFERRAL_ROWS; i++) {
      const { record } = validateRecord(form, referralRow(i, now));
      await trx
        .withoutPlugins()
        .insertInto(main!.name as never)
        .values({
          id: `${REFERRAL_MODEL}-${String(i + 1).padStart(3, '0')}`,
          creator_user_id: null,
          creator_time: now - (REFERRAL_ROWS - i) * 60_000,
          organize_id: record.fromOrg ?? null,
          flow_state: 0,
          ...recordToRow(main!.columns, record),
        } as never)
        .execute();
    }
  });
}

export async function seedReports(ctx: AppContext): Promise<void> {
  await seedReferralModel(ctx);
  const now = Date.now();
  await ctx.db
    .insertInto('dataReports')
    .values(
      REPORTS.map((r, i) => ({
        id: r.id,
        fullName: r.fullName,
        enCode: r.enCode,
        category: 'management',
        description: r.description,
        sortCode: i,
        enabledMark: 1,
        definition: JSON.stringify(reportDefinition.parse(r.definition)),
        createdAt: now,
        createdBy: null,
        updatedAt: null,
        updatedBy: null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
