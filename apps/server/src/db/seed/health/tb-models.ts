import { modelBody, type FormField } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { TB_MODELS as TB_MODELS_BY_ROLE } from '../../../modules/health/tb/models.ts';
import { translateForm } from './field-i18n.ts';
import { TB_I18N } from './tb-i18n.ts';

/**
 * The pulmonary tuberculosis forms of the national standard (health-domain
 * §1.5): the first home visit, the follow-up and the closure assessment, as
 * released low-code models an administrator can add fields to. The rules (the
 * case's state, the 72-hour check, plans, missed doses, closure rates) are the
 * record hooks of modules/health/tb/visit-hooks.ts; fields the server fills are
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
const row = (id: string, children: FormField[]): FormField => ({ id, type: 'row', label: '', children }) as FormField;
const title = (id: string, label: string): FormField => ({ id, type: 'groupTitle', label, content: label }) as FormField;

const SYMPTOMS = opts([
  ['0', '没有症状'],
  ['1', '咳嗽咳痰'],
  ['2', '低热盗汗'],
  ['3', '咯血或血痰'],
  ['4', '胸痛消瘦'],
  ['5', '恶心纳差'],
  ['6', '头痛失眠'],
  ['7', '视物模糊'],
  ['8', '皮肤瘙痒、皮疹'],
  ['9', '耳鸣、听力下降'],
]);
const USAGE = opts([
  ['1', '每日'],
  ['2', '间歇'],
]);
const FORMS = opts([
  ['1', '固定剂量复合制剂'],
  ['2', '散装药'],
  ['3', '板式组合药'],
  ['4', '注射剂'],
]);
const SUPERVISOR = opts([
  ['1', '医生'],
  ['2', '家属'],
  ['3', '自服药'],
  ['4', '其他'],
]);
const YES_NO = opts([
  ['0', '无'],
  ['1', '有'],
]);
const PHASE = opts([
  ['1', '强化期'],
  ['2', '继续期'],
]);
const CLOSE_REASONS = opts([
  ['1', '完成疗程'],
  ['2', '死亡'],
  ['3', '丢失'],
  ['4', '转入耐多药治疗'],
]);
const KNOWS = opts([
  ['1', '服药记录卡的填写'],
  ['2', '服药方法及药品存放'],
  ['3', '肺结核治疗疗程'],
  ['4', '不规律服药危害'],
  ['5', '服药后不良反应及处理'],
  ['6', '治疗期间复诊查痰'],
  ['7', '外出期间如何坚持服药'],
  ['8', '生活习惯及注意事项'],
  ['9', '密切接触者检查'],
]);

const caseFields = () => [
  f('input', 'caseId', '肺结核病例', { required: true, maxLength: 40, readonly: true }),
  // Filled by the rules from the case.
  f('input', 'residentId', '居民', { maxLength: 40, readonly: true }),
];
const serverFields = () => [
  f('userSelect', 'doctorId', '随访医生', { readonly: true }),
  f('input', 'manageOrgId', '管理机构', { maxLength: 40, readonly: true }),
];
const medication = () => [
  f('input', 'regimen', '化疗方案', { maxLength: 100 }),
  f('select', 'usage', '用法', { required: true, options: USAGE }),
  f('select', 'dosageForm', '药品剂型', { options: FORMS }),
];

const firstVisitForm = {
  labelWidth: 130,
  popupType: 'fullScreen',
  fields: [
    row('rowFirst', [
      ...caseFields(),
      f('datePicker', 'visitTime', '随访时间', { required: true, format: 'YYYY-MM-DD HH:mm' }),
      f('select', 'visitMethod', '随访方式', {
        required: true,
        options: opts([
          ['1', '门诊'],
          ['2', '家庭'],
        ]),
      }),
      f('select', 'patientType', '患者类型', {
        options: opts([
          ['1', '初治'],
          ['2', '复治'],
        ]),
        readonly: true,
      }),
      f('select', 'sputum', '痰菌情况', {
        options: opts([
          ['1', '阳性'],
          ['2', '阴性'],
          ['3', '未查痰'],
        ]),
      }),
      f('select', 'resistance', '耐药情况', {
        options: opts([
          ['1', '耐药'],
          ['2', '非耐药'],
          ['3', '未检测'],
        ]),
      }),
      f('switch', 'inTime', '72小时内首访', { readonly: true, defaultValue: 0 }),
    ]),
    f('checkbox', 'symptoms', '症状及体征', { options: SYMPTOMS, span: 24 }),
    title('titleMed', '用药'),
    row('rowMed', [...medication(), f('select', 'supervisor', '督导人员', { required: true, options: SUPERVISOR })]),
    title('titleHome', '家庭居住环境评估'),
    row('rowHome', [
      f('select', 'separateRoom', '单独的居室', { options: YES_NO }),
      f('select', 'ventilation', '通风情况', {
        options: opts([
          ['1', '良好'],
          ['2', '一般'],
          ['3', '差'],
        ]),
      }),
      f('inputNumber', 'smoking', '吸烟(支/天)', { min: 0, max: 100, precision: 0 }),
      f('inputNumber', 'drinking', '饮酒(两/天)', { min: 0, max: 50, precision: 0 }),
      f('input', 'drugPlace', '取药地点', { maxLength: 100 }),
      f('datePicker', 'drugTime', '取药时间', { format: 'YYYY-MM-DD' }),
    ]),
    f('checkbox', 'mastered', '健康教育及培训（已掌握）', { options: KNOWS, span: 24 }),
    row('rowFirstEnd', [f('datePicker', 'nextVisitDate', '下次随访时间', { format: 'YYYY-MM-DD', readonly: true }), ...serverFields()]),
    f('textarea', 'note', '备注', { maxLength: 1000, span: 24 }),
  ],
};

const visitForm = {
  labelWidth: 130,
  popupType: 'fullScreen',
  fields: [
    row('rowVisit', [
      ...caseFields(),
      f('datePicker', 'visitDate', '随访日期', { required: true, format: 'YYYY-MM-DD' }),
      f('select', 'visitMethod', '随访方式', {
        required: true,
        options: opts([
          ['1', '门诊'],
          ['2', '家庭'],
          ['3', '电话'],
        ]),
      }),
      f('inputNumber', 'treatmentMonth', '治疗月序', { min: 1, max: 36, precision: 0, readonly: true }),
      f('select', 'phase', '治疗阶段', { options: PHASE, readonly: true }),
      f('select', 'supervisor', '督导人员', { options: SUPERVISOR }),
    ]),
    f('checkbox', 'symptoms', '症状及体征', { options: SYMPTOMS, span: 24 }),
    title('titleMedV', '用药'),
    row('rowMedV', [
      ...medication(),
      f('inputNumber', 'missedDoses', '漏服药次数', { required: true, min: 0, max: 100, precision: 0 }),
      f('select', 'adverseReaction', '药物不良反应', { options: YES_NO }),
      f('select', 'complication', '并发症或合并症', { options: YES_NO }),
    ]),
    title('titleRef', '转诊'),
    row('rowRef', [
      f('input', 'referralDept', '转诊科别', { maxLength: 50 }),
      f('input', 'referralReason', '转诊原因', { maxLength: 200 }),
      f('input', 'referralResult', '2周内随访结果', { maxLength: 200 }),
      f('datePicker', 'nextVisitDate', '下次随访时间', { format: 'YYYY-MM-DD', readonly: true }),
      ...serverFields(),
    ]),
    f('textarea', 'advice', '处理意见', { maxLength: 1000, span: 24 }),
  ],
};

const closureForm = {
  labelWidth: 130,
  popupType: 'fullScreen',
  fields: [
    row('rowClose', [
      ...caseFields(),
      f('datePicker', 'stopDate', '停止治疗时间', { required: true, format: 'YYYY-MM-DD' }),
      f('select', 'closeReason', '停止治疗原因', { required: true, options: CLOSE_REASONS }),
    ]),
    title('titleAssess', '全程管理情况'),
    row('rowAssess', [
      f('inputNumber', 'visitsDue', '应访视患者次数', { readonly: true, min: 0, max: 10000, precision: 0 }),
      f('inputNumber', 'visitsMade', '实际访视次数', { readonly: true, min: 0, max: 10000, precision: 0 }),
      f('inputNumber', 'dosesDue', '应服药次数', { readonly: true, min: 0, max: 10000, precision: 0 }),
      f('inputNumber', 'dosesTaken', '实际服药次数', { readonly: true, min: 0, max: 10000, precision: 0 }),
      f('inputNumber', 'adherenceRate', '规律服药率(%)', { readonly: true, min: 0, max: 100, precision: 1 }),
      f('inputNumber', 'visitRate', '访视完成率(%)', { readonly: true, min: 0, max: 100, precision: 1 }),
      f('switch', 'cardReturned', '治疗卡已收回', { defaultValue: 1 }),
      ...serverFields(),
    ]),
    f('textarea', 'note', '评估意见', { maxLength: 1000, span: 24 }),
  ],
};

const model = (
  enCode: string,
  fullName: string,
  formData: unknown,
  columns: { field: string; label: string; format?: string }[],
  dateField: string,
) => ({
  id: enCode,
  body: {
    fullName,
    enCode,
    category: 'publicHealth',
    webType: 2,
    description: '国家基本公共卫生服务规范 §1.5 肺结核患者健康管理（演示数据，均为虚构）',
    formData: translateForm(formData as { fields: unknown[] }, TB_I18N),
    columnData: {
      columns,
      search: [
        { field: 'caseId', match: 'equal' },
        { field: 'residentId', match: 'equal' },
        { field: dateField, match: 'range' },
        { field: 'manageOrgId', match: 'equal' },
      ],
      defaultSort: { field: dateField, order: 'desc' },
      buttons: ['export'],
    },
  },
});

export const TB_MODEL_DEFS = [
  model(
    TB_MODELS_BY_ROLE.first.enCode,
    '肺结核患者第一次入户随访记录表',
    firstVisitForm,
    [
      { field: 'visitTime', label: '随访时间', format: 'YYYY-MM-DD HH:mm' },
      { field: 'visitMethod', label: '随访方式' },
      { field: 'supervisor', label: '督导人员' },
      { field: 'inTime', label: '72小时内首访' },
    ],
    'visitTime',
  ),
  model(
    TB_MODELS_BY_ROLE.visit.enCode,
    '肺结核患者随访服务记录表',
    visitForm,
    [
      { field: 'visitDate', label: '随访日期', format: 'YYYY-MM-DD' },
      { field: 'phase', label: '治疗阶段' },
      { field: 'missedDoses', label: '漏服药次数' },
      { field: 'adverseReaction', label: '药物不良反应' },
    ],
    'visitDate',
  ),
  model(
    TB_MODELS_BY_ROLE.closure.enCode,
    '肺结核患者结案评估',
    closureForm,
    [
      { field: 'stopDate', label: '停止治疗时间', format: 'YYYY-MM-DD' },
      { field: 'closeReason', label: '停止治疗原因' },
      { field: 'adherenceRate', label: '规律服药率(%)' },
      { field: 'visitRate', label: '访视完成率(%)' },
    ],
    'stopDate',
  ),
];

/** Creates and releases the three models (their tables exist after this) and the indexes the rules read by. */
export async function seedTbModels(ctx: AppContext): Promise<void> {
  for (const m of TB_MODEL_DEFS) {
    const r = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', m.id).executeTakeFirst();
    if (!r) await createModel(ctx, modelBody.parse(m.body), null, m.id);
    if (!r || r.state !== 1) await releaseModel(ctx, m.id, null, false);
  }
  const db = ctx.db.withoutPlugins();
  // A case's visits in date order (missed doses of the phase, closure counts).
  await sql`create index if not exists ${sql.id('lc_tb_visit_case')} on ${sql.table('lc_tb_visit')} (${sql.id('caseId')}, ${sql.id('visitDate')})`.execute(
    db,
  );
  await sql`create index if not exists ${sql.id('lc_tb_first_visit_case')} on ${sql.table('lc_tb_first_visit')} (${sql.id('caseId')})`.execute(
    db,
  );
}
