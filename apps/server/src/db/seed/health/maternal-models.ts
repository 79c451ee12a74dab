import { modelBody, type FormField } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { MAT_MODELS, type MatVisitType } from '../../../modules/health/maternal/models.ts';
import { translateForm } from './field-i18n.ts';
import { MATERNAL_I18N } from './maternal-i18n.ts';

/**
 * The maternal-care forms of health-domain.md §1.6 (first antenatal visit,
 * visits 2–5, postpartum visit, 42-day check) as released low-code models,
 * so an administrator can add fields of their own. The rules (the pregnancy,
 * gestational age, postpartum day, plans, states, risk) are the record hooks
 * of modules/health/maternal/visit-hooks.ts; fields the server fills are
 * read-only. Idempotent: an existing model is left as it is.
 */

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const opts = (items: [string, string][]) => ({ source: 'static' as const, items: items.map(([id, fullName]) => ({ id, fullName })) });
const row = (id: string, children: FormField[]): FormField => ({ id, type: 'row', label: '', children });
const title = (id: string, label: string): FormField => ({ id, type: 'groupTitle', label, content: label });

const NORMAL = opts([
  ['1', '未见异常'],
  ['2', '异常'],
]);
const POS_NEG = opts([
  ['1', '阴性'],
  ['2', '阳性'],
  ['9', '未查'],
]);
const RISK = opts([
  ['green', '绿色（低风险）'],
  ['yellow', '黄色（一般风险）'],
  ['orange', '橙色（较高风险）'],
  ['red', '红色（高风险）'],
  ['purple', '紫色（传染性疾病）'],
]);
const URINE_PROTEIN = opts([
  ['0', '-'],
  ['1', '±'],
  ['2', '+'],
  ['3', '++'],
  ['4', '+++'],
]);
const GUIDANCE = opts([
  ['1', '个人卫生'],
  ['2', '心理'],
  ['3', '营养'],
  ['4', '避免致畸因素和疾病对胚胎的不良影响'],
  ['5', '产前筛查宣传告知'],
  ['6', '运动'],
  ['7', '自我监护'],
  ['8', '母乳喂养'],
  ['9', '其他'],
]);

/** Fields every maternal form starts with: the resident, the pregnancy, the date, who and where (filled by the server). */
const head = (extra: FormField[]) =>
  row('rowVisit', [
    f('input', 'residentId', '孕产妇', { required: true, maxLength: 40, readonly: true }),
    f('input', 'pregnancyId', '孕产档案', { maxLength: 40, readonly: true }),
    f('datePicker', 'visitDate', '随访日期', { required: true, format: 'YYYY-MM-DD' }),
    ...extra,
  ]);
const tail = (classes = NORMAL) =>
  row('rowResult', [
    f('select', 'classification', '分类', { required: true, options: classes }),
    f('input', 'abnormalNote', '异常情况', { maxLength: 200 }),
    f('checkbox', 'guidance', '保健指导', { options: GUIDANCE, span: 24 }),
    f('switch', 'referral', '转诊', { defaultValue: 0 }),
    f('input', 'referralReason', '转诊原因及机构', { maxLength: 200 }),
    f('datePicker', 'nextVisitDate', '下次随访日期', { format: 'YYYY-MM-DD' }),
    f('userSelect', 'doctorId', '随访医生', { readonly: true }),
    f('input', 'manageOrgId', '管理机构', { maxLength: 40, readonly: true }),
  ]);
const bp = [
  f('inputNumber', 'systolic', '收缩压(mmHg)', { min: 50, max: 300, precision: 0 }),
  f('inputNumber', 'diastolic', '舒张压(mmHg)', { min: 20, max: 200, precision: 0 }),
];
const riskRow = row('rowRisk', [
  f('input', 'riskFactors', '高危因素', { maxLength: 200, span: 24 }),
  f('inputNumber', 'riskScore', '高危评分', { min: 0, max: 200, precision: 0 }),
  f('select', 'riskLevel', '风险评级', { options: RISK }),
]);
const organs = (prefix: string) =>
  row(`row${prefix}`, [
    f('select', 'breast', '乳房', { options: NORMAL }),
    f('select', 'lochia', '恶露', { options: NORMAL }),
    f('select', 'uterus', '子宫', { options: NORMAL }),
    f('select', 'wound', '伤口', { options: NORMAL }),
  ]);

const forms: Record<MatVisitType, { fullName: string; section: string; fields: FormField[]; columns: Record<string, unknown>[] }> = {
  first: {
    fullName: '第1次产前检查服务记录表',
    section: '§1.6 第1次产前随访',
    fields: [
      head([
        f('input', 'gestation', '孕周(周+天)', { maxLength: 8, readonly: true }),
        f('select', 'confirmMethod', '妊娠确诊方法', {
          options: opts([
            ['1', '血HCG'],
            ['2', '尿HCG'],
            ['3', 'B超'],
            ['9', '其他'],
          ]),
        }),
        f('datePicker', 'confirmDate', '确诊日期', { format: 'YYYY-MM-DD' }),
      ]),
      title('titleHistory', '孕产史与丈夫信息'),
      row('rowHistory', [
        f('inputNumber', 'gravidity', '孕次', { min: 1, max: 20, precision: 0 }),
        f('inputNumber', 'parityVaginal', '产次：阴道分娩', { min: 0, max: 20, precision: 0 }),
        f('inputNumber', 'parityCaesarean', '产次：剖宫产', { min: 0, max: 20, precision: 0 }),
        f('input', 'husbandName', '丈夫姓名', { maxLength: 40 }),
        f('inputNumber', 'husbandAge', '丈夫年龄', { min: 14, max: 100, precision: 0 }),
        f('input', 'pastHistory', '既往史/家族史', { maxLength: 200 }),
      ]),
      title('titleExam', '体格检查'),
      row('rowExam', [
        f('inputNumber', 'heightCm', '身高(cm)', { min: 100, max: 220, precision: 1 }),
        f('inputNumber', 'weightKg', '体重(kg)', { min: 25, max: 250, precision: 1 }),
        f('inputNumber', 'bmi', '体质指数(BMI)', { readonly: true, min: 0, max: 200, precision: 1 }),
        ...bp,
      ]),
      title('titleLab', '辅助检查'),
      row('rowLab', [
        f('inputNumber', 'hemoglobin', '血红蛋白(g/L)', { min: 20, max: 250, precision: 0 }),
        f('select', 'urineProtein', '尿蛋白', { options: URINE_PROTEIN }),
        f('select', 'bloodType', '血型', {
          options: opts([
            ['A', 'A'],
            ['B', 'B'],
            ['O', 'O'],
            ['AB', 'AB'],
          ]),
        }),
        f('select', 'rh', 'Rh', {
          options: opts([
            ['1', 'Rh阳性'],
            ['2', 'Rh阴性'],
          ]),
        }),
        f('select', 'hbsag', '乙肝表面抗原', { options: POS_NEG }),
        f('select', 'syphilis', '梅毒血清学', { options: POS_NEG }),
        f('select', 'hiv', 'HIV抗体', { options: POS_NEG }),
        f('select', 'prenatalScreening', '产前筛查', {
          options: opts([
            ['1', '低风险'],
            ['2', '高风险'],
            ['9', '未查'],
          ]),
        }),
      ]),
      title('titleRisk', '总体评估与妊娠风险'),
      riskRow,
      tail(),
    ],
    columns: [
      { field: 'visitDate', label: '随访日期', sortable: true, format: 'YYYY-MM-DD' },
      { field: 'gestation', label: '孕周' },
      { field: 'riskLevel', label: '风险评级' },
      { field: 'classification', label: '分类' },
    ],
  },
  antenatal: {
    fullName: '第2～5次产前随访服务记录表',
    section: '§1.6 第2～5次产前随访',
    fields: [
      head([
        f('inputNumber', 'visitNo', '第几次随访', { readonly: true, min: 2, max: 9, precision: 0 }),
        f('input', 'gestation', '孕周(周+天)', { maxLength: 8, readonly: true }),
      ]),
      title('titleExam', '检查'),
      row('rowExam', [
        f('input', 'complaint', '主诉', { maxLength: 200, span: 24 }),
        f('inputNumber', 'weightKg', '体重(kg)', { min: 25, max: 250, precision: 1 }),
        f('inputNumber', 'fundalHeight', '宫底高度(cm)', { min: 0, max: 60, precision: 0 }),
        f('inputNumber', 'abdominalGirth', '腹围(cm)', { min: 40, max: 200, precision: 0 }),
        f('input', 'fetalPosition', '胎位', { maxLength: 20 }),
        f('inputNumber', 'fetalHeartRate', '胎心率(次/分)', { min: 60, max: 220, precision: 0 }),
        ...bp,
        f('inputNumber', 'hemoglobin', '血红蛋白(g/L)', { min: 20, max: 250, precision: 0 }),
        f('select', 'urineProtein', '尿蛋白', { options: URINE_PROTEIN }),
      ]),
      title('titleRisk', '妊娠风险'),
      riskRow,
      tail(),
    ],
    columns: [
      { field: 'visitDate', label: '随访日期', sortable: true, format: 'YYYY-MM-DD' },
      { field: 'visitNo', label: '第几次' },
      { field: 'gestation', label: '孕周' },
      { field: 'classification', label: '分类' },
    ],
  },
  postpartum: {
    fullName: '产后访视记录表',
    section: '§1.6 产后访视',
    fields: [
      head([f('inputNumber', 'postpartumDays', '产后天数', { readonly: true, min: 0, max: 400, precision: 0 })]),
      title('titleExam', '检查'),
      row('rowExam', [
        f('inputNumber', 'temperature', '体温(℃)', { min: 34, max: 43, precision: 1 }),
        f('input', 'generalHealth', '一般健康情况', { maxLength: 200 }),
        f('input', 'mentalHealth', '一般心理状况', { maxLength: 200 }),
        ...bp,
      ]),
      organs('Organs'),
      tail(),
    ],
    columns: [
      { field: 'visitDate', label: '访视日期', sortable: true, format: 'YYYY-MM-DD' },
      { field: 'postpartumDays', label: '产后天数' },
      { field: 'classification', label: '分类' },
    ],
  },
  check42: {
    fullName: '产后42天健康检查记录表',
    section: '§1.6 产后42天健康检查',
    fields: [
      head([f('inputNumber', 'postpartumDays', '产后天数', { readonly: true, min: 0, max: 400, precision: 0 })]),
      title('titleExam', '检查'),
      row('rowExam', [
        f('input', 'generalHealth', '一般健康情况', { maxLength: 200 }),
        f('input', 'mentalHealth', '一般心理状况', { maxLength: 200 }),
        ...bp,
      ]),
      organs('Organs'),
      tail(
        opts([
          ['1', '已恢复'],
          ['2', '未恢复'],
        ]),
      ),
    ],
    columns: [
      { field: 'visitDate', label: '检查日期', sortable: true, format: 'YYYY-MM-DD' },
      { field: 'postpartumDays', label: '产后天数' },
      { field: 'classification', label: '分类' },
    ],
  },
};

function model(type: MatVisitType) {
  const { enCode } = MAT_MODELS[type];
  const def = forms[type];
  return {
    id: enCode,
    body: {
      fullName: def.fullName,
      enCode,
      category: 'publicHealth',
      webType: 2,
      description: `国家基本公共卫生服务规范 ${def.section}（演示数据，均为虚构）`,
      formData: translateForm(
        {
          labelWidth: 120,
          popupType: 'fullScreen',
          fields: [...def.fields, f('textarea', 'note', '随访记录', { maxLength: 1000, span: 24 })],
        },
        MATERNAL_I18N,
      ),
      columnData: {
        columns: def.columns,
        search: [
          { field: 'residentId', match: 'equal' },
          { field: 'pregnancyId', match: 'equal' },
          { field: 'visitDate', match: 'range' },
          { field: 'manageOrgId', match: 'equal' },
        ],
        defaultSort: { field: 'visitDate', order: 'desc' },
        buttons: ['export'],
      },
    },
  };
}

export const MATERNAL_MODELS = (Object.keys(MAT_MODELS) as MatVisitType[]).map(model);

/** Creates and releases the four models (their tables exist after this), with an index by pregnancy and date. */
export async function seedMaternalModels(ctx: AppContext): Promise<void> {
  for (const m of MATERNAL_MODELS) {
    const r = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', m.id).executeTakeFirst();
    if (!r) await createModel(ctx, modelBody.parse(m.body), null, m.id);
    if (!r || r.state !== 1) await releaseModel(ctx, m.id, null, false);
  }
  const db = ctx.db.withoutPlugins();
  for (const { table } of Object.values(MAT_MODELS))
    await sql`create index if not exists ${sql.id(`${table}_pregnancy_visit`)} on ${sql.table(table)} (${sql.id('pregnancyId')}, ${sql.id('visitDate')})`.execute(
      db,
    );
}
