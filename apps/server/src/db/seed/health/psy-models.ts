import { modelBody, PSY_DIAGNOSES, type FormField } from '@medalliance/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { dictDataId, dictTypeId } from '../system.ts';
import { translateForm } from './field-i18n.ts';
import { PSY_I18N } from './psy-i18n.ts';

/**
 * The severe-mental-disorder follow-up form (严重精神障碍患者随访服务记录表,
 * health-domain §1.4) as a released low-code model with its medication
 * sub-table, so an administrator can add fields of their own; the rules
 * (suggested classification, next plan, enrolment's last-visit facts) are the
 * record hooks of modules/health/psy/visit-hooks.ts. Also the dictionary of
 * the six covered diagnoses (psyDiagnosis). Idempotent.
 */

export const PSY_MODEL = 'psyFollowup';
export const PSY_TABLE = 'lc_psy_followup';
export const PSY_DIAGNOSIS_DICT = 'psyDiagnosis';

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const opts = (items: [string, string][]) => ({ source: 'static' as const, items: items.map(([id, fullName]) => ({ id, fullName })) });
const GOOD = opts([
  ['1', '良好'],
  ['2', '一般'],
  ['3', '较差'],
]);

const form = {
  labelWidth: 130,
  popupType: 'fullScreen',
  fields: [
    {
      id: 'rowVisit',
      type: 'row',
      label: '',
      children: [
        f('input', 'residentId', '居民', { required: true, maxLength: 40, readonly: true }),
        f('input', 'enrolmentId', '专病档案', { maxLength: 40, readonly: true }),
        f('datePicker', 'visitDate', '随访日期', { required: true, format: 'YYYY-MM-DD' }),
        f('select', 'reached', '是否访到', {
          required: true,
          options: opts([
            ['1', '访到'],
            ['0', '未访到'],
          ]),
          defaultValue: '1',
        }),
        f('input', 'unreachedReason', '未访到原因', { maxLength: 200 }),
      ],
    },
    { id: 'titleState', type: 'groupTitle', label: '病情与危险性', content: '病情与危险性' },
    {
      id: 'rowState',
      type: 'row',
      label: '',
      children: [
        f('select', 'riskLevel', '危险性评估', {
          options: opts([
            ['0', '0级'],
            ['1', '1级（口头威胁、喊叫）'],
            ['2', '2级（家中打砸财物，可劝止）'],
            ['3', '3级（明显打砸，不能劝止）'],
            ['4', '4级（持续打砸或伤人、自伤自杀）'],
            ['5', '5级（持械伤人、纵火、爆炸）'],
          ]),
        }),
        f('select', 'insight', '自知力', {
          options: opts([
            ['1', '自知力完全'],
            ['2', '自知力不全'],
            ['3', '自知力缺失'],
          ]),
        }),
        f('checkbox', 'symptoms', '目前症状', {
          span: 24,
          options: opts(
            [
              '幻觉',
              '交流困难',
              '猜疑',
              '喜怒无常',
              '行为怪异',
              '兴奋话多',
              '伤人毁物',
              '悲观厌世',
              '无故外走',
              '自语自笑',
              '孤僻懒散',
              '其他',
            ].map((s, i) => [String(i + 1), s] as [string, string]),
          ),
        }),
        f('select', 'sleep', '睡眠情况', { options: GOOD }),
        f('select', 'diet', '饮食情况', { options: GOOD }),
        f('select', 'selfCare', '个人生活料理', { options: GOOD }),
        f('select', 'housework', '家务劳动', { options: GOOD }),
        f('select', 'work', '生产劳动及工作', {
          options: opts([
            ['1', '良好'],
            ['2', '一般'],
            ['3', '较差'],
            ['9', '此项不适用'],
          ]),
        }),
        f('select', 'learning', '学习能力', { options: GOOD }),
        f('select', 'social', '社会人际交往', { options: GOOD }),
      ],
    },
    { id: 'titleRisk', type: 'groupTitle', label: '危险行为（上次随访以来，次）', content: '危险行为（上次随访以来，次）' },
    {
      id: 'rowRisk',
      type: 'row',
      label: '',
      children: [
        f('inputNumber', 'mildTrouble', '轻度滋事', { min: 0, max: 99, precision: 0, span: 8 }),
        f('inputNumber', 'trouble', '肇事', { min: 0, max: 99, precision: 0, span: 8 }),
        f('inputNumber', 'disaster', '肇祸', { min: 0, max: 99, precision: 0, span: 8 }),
        f('inputNumber', 'selfHarm', '自伤', { min: 0, max: 99, precision: 0, span: 8 }),
        f('inputNumber', 'suicideAttempt', '自杀未遂', { min: 0, max: 99, precision: 0, span: 8 }),
        f('inputNumber', 'otherHarm', '其他危害行为', { min: 0, max: 99, precision: 0, span: 8 }),
        f('select', 'lockState', '关锁情况', {
          options: opts([
            ['1', '无关锁'],
            ['2', '关锁'],
            ['3', '关锁已解除'],
          ]),
        }),
        f('select', 'hospitalState', '住院情况', {
          options: opts([
            ['1', '从未住院'],
            ['2', '目前正在住院'],
            ['3', '既往住院，现未住院'],
          ]),
        }),
        f('datePicker', 'lastDischarge', '末次出院时间', { format: 'YYYY-MM-DD' }),
        f('select', 'labTest', '实验室检查', {
          options: opts([
            ['0', '无'],
            ['1', '有'],
          ]),
        }),
      ],
    },
    { id: 'titleTreat', type: 'groupTitle', label: '治疗与康复', content: '治疗与康复' },
    {
      id: 'rowTreat',
      type: 'row',
      label: '',
      children: [
        f('select', 'compliance', '服药依从性', {
          options: opts([
            ['1', '按医嘱规律用药'],
            ['2', '间断用药'],
            ['3', '不用药'],
            ['4', '医嘱勿需用药'],
          ]),
        }),
        f('select', 'drugReaction', '药物不良反应', {
          options: opts([
            ['0', '无'],
            ['1', '有（一般）'],
            ['2', '有（严重）'],
          ]),
          defaultValue: '0',
        }),
        f('select', 'effect', '治疗效果', {
          options: opts([
            ['1', '痊愈'],
            ['2', '好转'],
            ['3', '无变化'],
            ['4', '加重'],
          ]),
        }),
        f('checkbox', 'rehab', '康复措施', {
          span: 24,
          options: opts([
            ['1', '生活劳动能力'],
            ['2', '职业训练'],
            ['3', '学习能力'],
            ['4', '社会交往'],
            ['5', '其他'],
          ]),
        }),
        f('select', 'referral', '是否转诊', {
          options: opts([
            ['0', '否'],
            ['1', '是'],
          ]),
          defaultValue: '0',
        }),
        f('input', 'referralReason', '转诊原因', { maxLength: 200 }),
        f('input', 'referralTo', '转诊机构及科室', { maxLength: 200 }),
      ],
    },
    { id: 'titleResult', type: 'groupTitle', label: '本次随访分类', content: '本次随访分类' },
    {
      id: 'rowResult',
      type: 'row',
      label: '',
      children: [
        f('select', 'suggestedClassification', '建议分类', {
          options: opts([
            ['1', '不稳定'],
            ['2', '基本稳定'],
            ['3', '稳定'],
            ['0', '未访到'],
          ]),
          readonly: true,
        }),
        f('select', 'classification', '本次随访分类', {
          options: opts([
            ['1', '不稳定'],
            ['2', '基本稳定'],
            ['3', '稳定'],
            ['0', '未访到'],
          ]),
        }),
        f('input', 'overrideReason', '修改分类原因', { maxLength: 200, span: 24 }),
        f('datePicker', 'nextVisitDate', '下次随访日期', { format: 'YYYY-MM-DD', readonly: true }),
        f('input', 'nextPlanId', '下次随访计划', { maxLength: 40, readonly: true }),
        f('userSelect', 'doctorId', '随访医生', { readonly: true }),
        f('input', 'manageOrgId', '管理机构', { maxLength: 40, readonly: true }),
      ],
    },
    {
      id: 'medication',
      type: 'table',
      field: 'medication',
      tableName: 'medication',
      label: '用药情况',
      children: [
        { id: 'drugName', type: 'input', field: 'drugName', label: '药物名称', required: true, maxLength: 100 },
        { id: 'dose', type: 'input', field: 'dose', label: '每次剂量', maxLength: 50 },
        { id: 'frequency', type: 'input', field: 'frequency', label: '用法(次/日)', maxLength: 50 },
      ],
    },
    f('textarea', 'note', '随访记录', { maxLength: 1000, span: 24 }),
  ],
};

export const PSY_MODEL_DEF = {
  id: PSY_MODEL,
  body: {
    fullName: '严重精神障碍患者随访服务记录表',
    enCode: PSY_MODEL,
    category: 'publicHealth',
    webType: 2,
    description: '国家基本公共卫生服务规范 §1.4（演示数据，均为虚构）',
    formData: translateForm(form, PSY_I18N),
    columnData: {
      columns: [
        { field: 'visitDate', label: '随访日期', sortable: true, format: 'YYYY-MM-DD' },
        { field: 'riskLevel', label: '危险性' },
        { field: 'insight', label: '自知力' },
        { field: 'classification', label: '本次随访分类' },
        { field: 'lockState', label: '关锁情况' },
        { field: 'hospitalState', label: '住院情况' },
      ],
      search: [
        { field: 'residentId', match: 'equal' },
        { field: 'enrolmentId', match: 'equal' },
        { field: 'visitDate', match: 'range' },
        { field: 'manageOrgId', match: 'equal' },
        { field: 'classification', match: 'equal' },
      ],
      defaultSort: { field: 'visitDate', order: 'desc' },
      buttons: [],
    },
  },
};

/** The diagnosis dictionary (six covered diagnoses), inserted once; an administrator may extend it in 数据字典. */
async function seedDiagnosisDictionary(db: Kysely<any>) {
  const typeId = dictTypeId(PSY_DIAGNOSIS_DICT);
  if (await db.selectFrom('dictionary_types').select('id').where('id', '=', typeId).executeTakeFirst()) return;
  const at = Date.now();
  await db
    .insertInto('dictionary_types')
    .values({
      id: typeId,
      parent_id: '0',
      full_name: '严重精神障碍诊断',
      en_code: PSY_DIAGNOSIS_DICT,
      is_tree: 0,
      sort_code: 900,
      description: '国家基本公共卫生服务规范纳入管理的六类严重精神障碍',
      created_at: at,
    })
    .execute();
  await db
    .insertInto('dictionary_data')
    .values(
      PSY_DIAGNOSES.map(([code, name], i) => ({
        id: dictDataId(PSY_DIAGNOSIS_DICT, code),
        dictionary_type_id: typeId,
        parent_id: '0',
        full_name: name,
        en_code: code,
        is_default: 0,
        sort_code: i + 1,
        enabled_mark: 1,
        created_at: at,
      })),
    )
    .execute();
}

/** Creates and releases the model (its tables exist after this), its indexes, and the diagnosis dictionary. */
export async function seedPsyModels(ctx: AppContext): Promise<void> {
  const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', PSY_MODEL).executeTakeFirst();
  if (!row) await createModel(ctx, modelBody.parse(PSY_MODEL_DEF.body), null, PSY_MODEL);
  if (!row || row.state !== 1) await releaseModel(ctx, PSY_MODEL, null, false);
  const db = ctx.db.withoutPlugins() as unknown as Kysely<any>;
  // The enrolment's visits in date order (last visit, KPIs by year).
  await sql`create index if not exists ${sql.id(`${PSY_TABLE}_enrolment_visit`)} on ${sql.table(PSY_TABLE)} (${sql.id('enrolmentId')}, ${sql.id('visitDate')})`.execute(
    db,
  );
  await seedDiagnosisDictionary(db);
}
