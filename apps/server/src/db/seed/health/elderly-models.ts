import { modelBody, type FormField } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { ELDERLY_I18N } from './elderly-i18n.ts';
import { translateForm } from './field-i18n.ts';

/**
 * The elderly annual health check (national standard §1.8, 老年人健康管理)
 * as a released low-code model, so an administrator can add fields of their
 * own. The rules (self-care total and band, BMI, the check's year, the
 * resident's last-check row, timeline, audit) are the elderly module's record
 * hooks (modules/health/elderly/check-hooks.ts); fields the server fills are
 * read-only. Idempotent: an existing model is left as it is.
 */

export const ELDERLY_CHECK_MODEL = 'oldHealthCheck';
export const ELDERLY_CHECK_TABLE = 'lc_old_health_check';

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const opts = (items: [string, string][]) => ({ source: 'static' as const, items: items.map(([id, fullName]) => ({ id, fullName })) });

const LEVELS = (labels: [string, string, string, string], scores: number[]) =>
  opts(labels.map((l, i) => [String(i + 1), `${l}（${scores[i]}分）`] as [string, string]));
const SCREEN = opts([
  ['1', '粗筛阴性'],
  ['2', '粗筛阳性'],
]);
const BANDS = opts([
  ['1', '可自理'],
  ['2', '轻度依赖'],
  ['3', '中度依赖'],
  ['4', '不能自理'],
]);
const SELF_RATING = opts([
  ['1', '满意'],
  ['2', '基本满意'],
  ['3', '说不清楚'],
  ['4', '不太满意'],
  ['5', '不满意'],
]);
const SYMPTOMS = opts(
  [
    '无症状',
    '头痛',
    '头晕',
    '心悸',
    '胸闷',
    '胸痛',
    '慢性咳嗽',
    '咳痰',
    '呼吸困难',
    '多饮',
    '多尿',
    '体重下降',
    '乏力',
    '关节肿痛',
    '视力模糊',
    '手脚麻木',
    '其他',
  ].map((l, i) => [String(i + 1), l] as [string, string]),
);
const DISEASES = opts(
  ['脑血管疾病', '心脏疾病', '肾脏疾病', '血管疾病', '眼部疾病', '神经系统疾病', '其他系统疾病'].map(
    (l, i) => [String(i + 1), l] as [string, string],
  ),
);
const row = (id: string, children: FormField[]) => ({ id, type: 'row', label: '', children });
const title = (id: string, label: string) => ({ id, type: 'groupTitle', label, content: label });

function checkForm() {
  return {
    labelWidth: 150,
    popupType: 'fullScreen',
    fields: [
      row('rowCheck', [
        f('input', 'residentId', '居民', { required: true, maxLength: 40, readonly: true }),
        f('datePicker', 'checkDate', '体检日期', { required: true, format: 'YYYY-MM-DD' }),
        f('inputNumber', 'checkYear', '体检年度', { precision: 0, min: 2000, max: 2100, readonly: true }),
        f('checkbox', 'symptoms', '症状', { options: SYMPTOMS, span: 24 }),
      ]),
      title('titleGeneral', '一般状况'),
      row('rowGeneral', [
        f('inputNumber', 'temperature', '体温(℃)', { min: 30, max: 45, precision: 1 }),
        f('inputNumber', 'pulse', '脉率(次/分)', { min: 20, max: 250, precision: 0 }),
        f('inputNumber', 'respiration', '呼吸频率(次/分)', { min: 5, max: 80, precision: 0 }),
        f('inputNumber', 'leftSystolic', '左侧收缩压(mmHg)', { min: 50, max: 300, precision: 0 }),
        f('inputNumber', 'leftDiastolic', '左侧舒张压(mmHg)', { min: 20, max: 200, precision: 0 }),
        f('inputNumber', 'rightSystolic', '右侧收缩压(mmHg)', { min: 50, max: 300, precision: 0 }),
        f('inputNumber', 'rightDiastolic', '右侧舒张压(mmHg)', { min: 20, max: 200, precision: 0 }),
        f('inputNumber', 'heightCm', '身高(cm)', { min: 80, max: 250, precision: 1 }),
        f('inputNumber', 'weightKg', '体重(kg)', { min: 20, max: 300, precision: 1 }),
        f('inputNumber', 'waistCm', '腰围(cm)', { min: 30, max: 200, precision: 1 }),
        f('inputNumber', 'bmi', '体质指数(BMI)', { readonly: true, min: 0, max: 200, precision: 1 }),
        f('select', 'selfRating', '老年人健康状态自我评估', { options: SELF_RATING }),
      ]),
      title('titleSelfCare', '老年人生活自理能力评估'),
      row('rowSelfCare', [
        f('select', 'scMeal', '进餐', {
          required: true,
          options: LEVELS(['独立完成', '独立完成', '需要协助', '完全需要帮助'], [0, 0, 3, 5]),
        }),
        f('select', 'scGrooming', '梳洗', {
          required: true,
          options: LEVELS(['独立完成', '能独立洗头梳头等，需协助', '在协助下能完成部分', '完全需要帮助'], [0, 1, 3, 7]),
        }),
        f('select', 'scDressing', '穿衣', {
          required: true,
          options: LEVELS(['独立完成', '独立完成', '需要协助', '完全需要帮助'], [0, 0, 3, 5]),
        }),
        f('select', 'scToilet', '如厕', {
          required: true,
          options: LEVELS(['不需协助，可自控', '偶尔失禁，能自理', '经常失禁，需很多协助', '完全失禁，完全需要帮助'], [0, 1, 5, 10]),
        }),
        f('select', 'scActivity', '活动', {
          required: true,
          options: LEVELS(['独立完成所有活动', '借助较小外力或辅助装置', '借助较大外力才能完成', '卧床不起，完全需要帮助'], [0, 1, 5, 10]),
        }),
        f('inputNumber', 'selfCareScore', '自理能力总分', { readonly: true, precision: 0, min: 0, max: 100 }),
        f('select', 'selfCareBand', '自理能力评估', { readonly: true, options: BANDS }),
      ]),
      title('titleScreens', '认知功能与情感状态'),
      row('rowScreens', [
        f('select', 'cognition', '认知功能', { required: true, options: SCREEN }),
        f('inputNumber', 'mmseScore', '简易智力状态检查总分', { precision: 0, min: 0, max: 30 }),
        f('select', 'emotion', '情感状态', { required: true, options: SCREEN }),
        f('inputNumber', 'depressionScore', '老年人抑郁评分', { precision: 0, min: 0, max: 30 }),
      ]),
      title('titleHistory', '现存主要健康问题与治疗'),
      row('rowHistory', [
        f('checkbox', 'diseases', '现存主要健康问题', { options: DISEASES, span: 24 }),
        f('input', 'hospitalHistory', '住院史', { maxLength: 200 }),
        f('input', 'homeBedHistory', '家庭病床史', { maxLength: 200 }),
        f('input', 'medication', '主要用药', { maxLength: 200 }),
        f('input', 'vaccination', '非免疫规划预防接种', { maxLength: 200 }),
        f('textarea', 'guidance', '健康指导', { maxLength: 1000, span: 24 }),
        f('userSelect', 'doctorId', '体检医生', { readonly: true }),
        f('input', 'manageOrgId', '体检机构', { maxLength: 40, readonly: true }),
      ]),
    ],
  };
}

export const ELDERLY_MODEL_DEF = {
  id: ELDERLY_CHECK_MODEL,
  body: {
    fullName: '老年人健康体检表',
    enCode: ELDERLY_CHECK_MODEL,
    category: 'publicHealth',
    webType: 2,
    description: '国家基本公共卫生服务规范 §1.8 老年人健康管理（演示数据，均为虚构）',
    formData: translateForm(checkForm(), ELDERLY_I18N),
    columnData: {
      columns: [
        { field: 'checkDate', label: '体检日期', sortable: true, format: 'YYYY-MM-DD' },
        { field: 'selfCareScore', label: '自理能力总分', align: 'right' },
        { field: 'selfCareBand', label: '自理能力评估' },
        { field: 'cognition', label: '认知功能' },
        { field: 'emotion', label: '情感状态' },
      ],
      search: [
        { field: 'residentId', match: 'equal' },
        { field: 'checkYear', match: 'equal' },
        { field: 'checkDate', match: 'range' },
        { field: 'manageOrgId', match: 'equal' },
      ],
      defaultSort: { field: 'checkDate', order: 'desc' },
      buttons: ['export'],
    },
  },
};

/** Creates and releases the model (its table exists after this), plus the indexes of the worklists and the KPI. */
export async function seedElderlyModels(ctx: AppContext): Promise<void> {
  const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', ELDERLY_MODEL_DEF.id).executeTakeFirst();
  if (!row) await createModel(ctx, modelBody.parse(ELDERLY_MODEL_DEF.body), null, ELDERLY_MODEL_DEF.id);
  if (!row || row.state !== 1) await releaseModel(ctx, ELDERLY_MODEL_DEF.id, null, false);
  const db = ctx.db.withoutPlugins();
  const idx = (name: string, table: string, cols: string[]) =>
    sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (${sql.join(cols.map((c) => sql.id(c)))})`.execute(db);
  // "Checked this year" (worklist 本年未检, the KPI's numerator): one probe per resident.
  await idx(`${ELDERLY_CHECK_TABLE}_resident_year`, ELDERLY_CHECK_TABLE, ['residentId', 'checkYear', 'checkDate']);
  // The checks list of a unit by date.
  await idx(`${ELDERLY_CHECK_TABLE}_org_date`, ELDERLY_CHECK_TABLE, ['manageOrgId', 'checkDate']);
  // Eligible residents of a unit (birth date before the year's bound): the archive's table, an index of this programme.
  await idx('lc_health_resident_old_eligible', 'lc_health_resident', ['manageOrgId', 'birthDate']);
}
