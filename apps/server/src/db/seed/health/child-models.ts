import { modelBody, type FormField } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { CHILD_I18N } from './child-i18n.ts';
import { translateForm } from './field-i18n.ts';

/**
 * The newborn home visit (新生儿家庭访视记录表) and the infant / toddler
 * check-up (婴幼儿健康检查记录表) of the national standard §1.7 as released
 * low-code models, so an administrator can add fields. The rules (stage, growth
 * bands, 体弱儿, the plans they fill) are the child module's record hooks
 * (modules/health/child/check-hooks.ts); fields the server fills are read-only.
 * Idempotent: an existing model is left as it is.
 */

export const CHILD_NEWBORN_MODEL = 'healthChildNewborn';
export const CHILD_CHECKUP_MODEL = 'healthChildCheckup';
export const CHILD_NEWBORN_TABLE = 'lc_health_child_newborn';
export const CHILD_CHECKUP_TABLE = 'lc_health_child_checkup';

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const opts = (items: [string, string][]) => ({ source: 'static' as const, items: items.map(([id, fullName]) => ({ id, fullName })) });
const NORMAL = opts([
  ['1', '未见异常'],
  ['2', '异常'],
]);
const BANDS = opts([
  ['up', '上'],
  ['mid', '中'],
  ['down', '下'],
]);
const YESNO = opts([
  ['0', '无'],
  ['1', '有'],
]);
const GUIDANCE = opts([
  ['1', '科学喂养'],
  ['2', '生长发育'],
  ['3', '疾病预防'],
  ['4', '预防意外伤害'],
  ['5', '口腔保健'],
]);
export const STAGE_OPTIONS = opts([
  ['d28', '满月'],
  ['m3', '3月龄'],
  ['m6', '6月龄'],
  ['m8', '8月龄'],
  ['m12', '12月龄'],
  ['m18', '18月龄'],
  ['m24', '24月龄'],
  ['m30', '30月龄'],
  ['m36', '36月龄'],
  ['y4', '4岁'],
  ['y5', '5岁'],
  ['y6', '6岁'],
]);
const row = (id: string, children: FormField[]) => ({ id, type: 'row', label: '', children }) as unknown as FormField;
const title = (id: string, label: string) => ({ id, type: 'groupTitle', label, content: label }) as unknown as FormField;
const common = (dateLabel: string) => [
  f('input', 'residentId', '儿童', { required: true, maxLength: 40, readonly: true }),
  f('input', 'childRecordId', '儿童档案', { maxLength: 40, readonly: true }),
  f('datePicker', 'visitDate', dateLabel, { required: true, format: 'YYYY-MM-DD' }),
];
const closing = [
  f('checkbox', 'guidance', '指导', { options: GUIDANCE, span: 24 }),
  f('switch', 'referral', '转诊', { defaultValue: 0 }),
  f('input', 'referralReason', '转诊原因', { maxLength: 200 }),
  f('datePicker', 'nextVisitDate', '下次随访日期', { format: 'YYYY-MM-DD', readonly: true }),
  f('userSelect', 'doctorId', '随访医生', { readonly: true }),
  f('input', 'manageOrgId', '管理机构', { maxLength: 40, readonly: true }),
];

function newbornForm() {
  return {
    labelWidth: 110,
    popupType: 'fullScreen',
    fields: [
      row('rowVisit', common('访视日期')),
      title('titleSigns', '体征'),
      row('rowSigns', [
        f('inputNumber', 'weightKg', '目前体重(kg)', { required: true, min: 0.5, max: 8, precision: 2 }),
        f('inputNumber', 'temperature', '体温(℃)', { min: 34, max: 42, precision: 1 }),
        f('inputNumber', 'pulse', '脉率(次/分)', { min: 60, max: 220, precision: 0 }),
        f('inputNumber', 'respiration', '呼吸频率(次/分)', { min: 10, max: 100, precision: 0 }),
        f('select', 'feeding', '喂养方式', {
          options: opts([
            ['1', '纯母乳'],
            ['2', '混合'],
            ['3', '人工'],
          ]),
        }),
        f('inputNumber', 'feedsPerDay', '吃奶次数(次/日)', { min: 0, max: 30, precision: 0 }),
        f('select', 'vomiting', '呕吐', { options: YESNO }),
        f('select', 'jaundice', '黄疸部位', {
          options: opts([
            ['0', '无'],
            ['1', '面部'],
            ['2', '躯干'],
            ['3', '四肢'],
            ['4', '手足'],
            ['5', '巩膜'],
          ]),
        }),
        f('select', 'umbilical', '脐带', {
          options: opts([
            ['1', '未脱'],
            ['2', '脱落'],
            ['3', '脐部有渗出'],
            ['9', '其他'],
          ]),
        }),
        f('select', 'fontanelle', '前囟', {
          options: opts([
            ['1', '正常'],
            ['2', '膨隆'],
            ['3', '凹陷'],
          ]),
        }),
        f('select', 'skin', '皮肤', { options: NORMAL }),
        f('select', 'heartLung', '心肺听诊', { options: NORMAL }),
        f('select', 'abdomen', '腹部触诊', { options: NORMAL }),
        f('select', 'limbs', '四肢活动度', { options: NORMAL }),
      ]),
      title('titleResult', '指导与转诊'),
      row('rowResult', closing),
      f('textarea', 'note', '访视记录', { maxLength: 1000, span: 24 }),
    ],
  };
}

function checkupForm() {
  return {
    labelWidth: 120,
    popupType: 'fullScreen',
    fields: [
      row('rowVisit', [...common('体检日期'), f('select', 'stage', '体检阶段', { options: STAGE_OPTIONS })]),
      title('titleGrowth', '体格生长'),
      row('rowGrowth', [
        f('inputNumber', 'weightKg', '体重(kg)', { required: true, min: 1, max: 60, precision: 2 }),
        f('select', 'weightBand', '体重评价', { options: BANDS, readonly: true }),
        f('inputNumber', 'lengthCm', '身长/身高(cm)', { required: true, min: 30, max: 150, precision: 1 }),
        f('select', 'lengthBand', '身长评价', { options: BANDS, readonly: true }),
        f('inputNumber', 'headCm', '头围(cm)', { min: 25, max: 60, precision: 1 }),
        f('inputNumber', 'ageMonths', '月龄', { readonly: true, min: 0, max: 100, precision: 0 }),
      ]),
      title('titleExam', '体格检查'),
      row('rowExam', [
        f('select', 'skin', '皮肤', { options: NORMAL }),
        f('select', 'fontanelleClosed', '前囟', {
          options: opts([
            ['1', '闭合'],
            ['2', '未闭'],
          ]),
        }),
        f('select', 'eyes', '眼外观', { options: NORMAL }),
        f('select', 'ears', '耳外观', { options: NORMAL }),
        f('select', 'hearing', '听力', {
          options: opts([
            ['1', '通过'],
            ['2', '未通过'],
          ]),
        }),
        f('inputNumber', 'teeth', '出牙数(颗)', { min: 0, max: 32, precision: 0 }),
        f('select', 'heartLung', '心肺', { options: NORMAL }),
        f('select', 'abdomen', '腹部', { options: NORMAL }),
        f('inputNumber', 'haemoglobin', '血红蛋白(g/L)', { min: 30, max: 250, precision: 0 }),
        f('select', 'development', '发育评估', {
          options: opts([
            ['1', '通过'],
            ['2', '未过'],
          ]),
        }),
        f('inputNumber', 'outdoorHours', '户外活动(小时/日)', { min: 0, max: 24, precision: 1 }),
        f('inputNumber', 'vitaminD', '服用维生素D(IU/日)', { min: 0, max: 5000, precision: 0 }),
        f('input', 'illness', '两次随访间患病情况', { maxLength: 200 }),
      ]),
      title('titleResult', '评价、指导与转诊'),
      row('rowResult', [
        f('switch', 'weak', '体弱儿', { readonly: true, defaultValue: 0 }),
        f('input', 'weakReason', '体弱原因', { maxLength: 200, readonly: true }),
        ...closing,
      ]),
      f('textarea', 'note', '体检记录', { maxLength: 1000, span: 24 }),
    ],
  };
}

function model(enCode: string, fullName: string, section: string, formData: unknown, columns: unknown[]) {
  return {
    id: enCode,
    body: {
      fullName,
      enCode,
      category: 'publicHealth',
      webType: 2,
      description: `国家基本公共卫生服务规范 ${section}（演示数据，均为虚构）`,
      formData: translateForm(formData as { fields: unknown[] }, CHILD_I18N),
      columnData: {
        columns,
        search: [
          { field: 'residentId', match: 'equal' },
          { field: 'childRecordId', match: 'equal' },
          { field: 'visitDate', match: 'range' },
          { field: 'manageOrgId', match: 'equal' },
        ],
        defaultSort: { field: 'visitDate', order: 'desc' },
        buttons: ['export'],
      },
    },
  };
}

export const CHILD_MODELS = [
  model(CHILD_NEWBORN_MODEL, '新生儿家庭访视记录表', '§1.7', newbornForm(), [
    { field: 'visitDate', label: '访视日期', sortable: true, format: 'YYYY-MM-DD' },
    { field: 'weightKg', label: '体重', align: 'right' },
    { field: 'feeding', label: '喂养方式' },
    { field: 'referral', label: '转诊' },
  ]),
  model(CHILD_CHECKUP_MODEL, '婴幼儿健康检查记录表', '§1.7', checkupForm(), [
    { field: 'visitDate', label: '体检日期', sortable: true, format: 'YYYY-MM-DD' },
    { field: 'stage', label: '体检阶段' },
    { field: 'weightKg', label: '体重', align: 'right' },
    { field: 'weightBand', label: '体重评价' },
    { field: 'lengthCm', label: '身长', align: 'right' },
    { field: 'lengthBand', label: '身长评价' },
    { field: 'haemoglobin', label: '血红蛋白', align: 'right' },
  ]),
];

/** Creates and releases both models (their tables exist after this), plus the per-child index. */
export async function seedChildModels(ctx: AppContext): Promise<void> {
  for (const m of CHILD_MODELS) {
    const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', m.id).executeTakeFirst();
    if (!row) await createModel(ctx, modelBody.parse(m.body), null, m.id);
    if (!row || row.state !== 1) await releaseModel(ctx, m.id, null, false);
  }
  const db = ctx.db.withoutPlugins();
  for (const table of [CHILD_NEWBORN_TABLE, CHILD_CHECKUP_TABLE])
    // A child's visits in date order (the record page, the last check).
    await sql`create index if not exists ${sql.id(`${table}_child_visit`)} on ${sql.table(table)} (${sql.id('childRecordId')}, ${sql.id('visitDate')})`.execute(
      db,
    );
}
