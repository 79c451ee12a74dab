import { modelBody, type FormField } from '@medalliance/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { CHRONIC_I18N } from './chronic-i18n.ts';
import { translateForm } from './field-i18n.ts';

/**
 * The hypertension and type 2 diabetes follow-up forms (national standard
 * §1.2 / §1.3) as released low-code models, so an administrator can add
 * fields of their own. The rules (suggested classification, BMI, late entry,
 * referral, plans) are the health module's record hooks
 * (modules/health/chronic/visit-hooks.ts). Fields the server fills are
 * read-only in the form. Idempotent: an existing model is left as it is.
 */

export const HTN_MODEL = 'htnFollowup';
export const DM_MODEL = 'dmFollowup';

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const opts = (items: [string, string][]) => ({ source: 'static' as const, items: items.map(([id, fullName]) => ({ id, fullName })) });

const METHODS = opts([
  ['1', '门诊'],
  ['2', '家庭'],
  ['3', '电话'],
]);
const CLASSES = opts([
  ['1', '控制满意'],
  ['2', '控制不满意'],
  ['3', '不良反应'],
  ['4', '并发症'],
]);
const REFERRAL = opts([
  ['0', '无'],
  ['1', '需转诊'],
  ['2', '紧急转诊'],
]);
const COMPLIANCE = opts([
  ['1', '规律'],
  ['2', '间断'],
  ['3', '不服药'],
]);

function followupForm(dm: boolean) {
  return {
    labelWidth: 110,
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
          f('select', 'visitMethod', '随访方式', { required: true, options: METHODS }),
        ],
      },
      { id: 'titleSigns', type: 'groupTitle', label: '体征', content: '体征' },
      {
        id: 'rowSigns',
        type: 'row',
        label: '',
        children: [
          f('inputNumber', 'systolic', '收缩压(mmHg)', { required: !dm, min: 50, max: 300, precision: 0 }),
          f('inputNumber', 'diastolic', '舒张压(mmHg)', { required: !dm, min: 20, max: 200, precision: 0 }),
          f('inputNumber', 'heartRate', '心率(次/分)', { min: 20, max: 250, precision: 0 }),
          f('inputNumber', 'weightKg', '体重(kg)', { min: 2, max: 400, precision: 1 }),
          f('inputNumber', 'bmi', '体质指数(BMI)', { precision: 1, readonly: true, min: 0, max: 200 }),
          f('inputNumber', 'temperature', '体温(℃)', { min: 30, max: 45, precision: 1 }),
          ...(dm ? [f('inputNumber', 'glucose', '空腹血糖(mmol/L)', { required: true, min: 0.5, max: 50, precision: 1 })] : []),
          f('select', 'compliance', '服药依从性', { options: COMPLIANCE }),
          f('switch', 'drugReaction', '药物不良反应', { defaultValue: 0 }),
          f('switch', 'complication', '新发或加重并发症', { defaultValue: 0 }),
        ],
      },
      { id: 'titleResult', type: 'groupTitle', label: '此次随访分类', content: '此次随访分类' },
      {
        id: 'rowResult',
        type: 'row',
        label: '',
        children: [
          f('select', 'suggestedClassification', '建议分类', { options: CLASSES, readonly: true }),
          f('select', 'classification', '此次随访分类', { options: CLASSES }),
          f('input', 'overrideReason', '修改分类原因', { maxLength: 200, span: 24 }),
          f('select', 'referralFlag', '转诊', { options: REFERRAL, readonly: true }),
          f('switch', 'lateEntry', '延后录入', { readonly: true, defaultValue: 0 }),
          f('datePicker', 'nextVisitDate', '下次随访日期', { format: 'YYYY-MM-DD' }),
          f('userSelect', 'doctorId', '随访医生', { readonly: true }),
          f('input', 'manageOrgId', '管理机构', { maxLength: 40, readonly: true }),
        ],
      },
      {
        id: 'medication',
        type: 'table',
        field: 'medication',
        tableName: 'medication',
        label: dm ? '用药情况（含胰岛素）' : '用药情况',
        children: [
          { id: 'drugName', type: 'input', field: 'drugName', label: '药物名称', required: true, maxLength: 100 },
          { id: 'dose', type: 'input', field: 'dose', label: '每次剂量', maxLength: 50 },
          { id: 'frequency', type: 'input', field: 'frequency', label: '用法(次/日)', maxLength: 50 },
        ],
      },
      f('textarea', 'note', '随访记录', { maxLength: 1000, span: 24 }),
    ],
  };
}

function followupModel(dm: boolean) {
  const enCode = dm ? DM_MODEL : HTN_MODEL;
  return {
    id: enCode,
    body: {
      fullName: dm ? '2型糖尿病患者随访服务记录表' : '高血压患者随访服务记录表',
      enCode,
      category: 'publicHealth',
      webType: 2,
      description: dm ? '国家基本公共卫生服务规范 §1.3（演示数据，均为虚构）' : '国家基本公共卫生服务规范 §1.2（演示数据，均为虚构）',
      formData: translateForm(followupForm(dm), CHRONIC_I18N),
      columnData: {
        columns: [
          { field: 'visitDate', label: '随访日期', sortable: true, format: 'YYYY-MM-DD' },
          { field: 'visitMethod', label: '随访方式' },
          { field: 'systolic', label: '收缩压', align: 'right' },
          { field: 'diastolic', label: '舒张压', align: 'right' },
          ...(dm ? [{ field: 'glucose', label: '空腹血糖', align: 'right' }] : []),
          { field: 'classification', label: '此次随访分类' },
          { field: 'referralFlag', label: '转诊' },
          { field: 'lateEntry', label: '延后录入' },
        ],
        search: [
          { field: 'residentId', match: 'equal' },
          { field: 'enrolmentId', match: 'equal' },
          { field: 'visitDate', match: 'range' },
          { field: 'manageOrgId', match: 'equal' },
          { field: 'classification', match: 'equal' },
        ],
        defaultSort: { field: 'visitDate', order: 'desc' },
        buttons: ['export'],
      },
    },
  };
}

export const CHRONIC_MODELS = [followupModel(false), followupModel(true)];

/** Creates and releases both models (their tables exist after this), plus the worklists' composite indexes. */
export async function seedChronicModels(ctx: AppContext): Promise<void> {
  for (const m of CHRONIC_MODELS) {
    const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', m.id).executeTakeFirst();
    if (!row) await createModel(ctx, modelBody.parse(m.body), null, m.id);
    if (!row || row.state !== 1) await releaseModel(ctx, m.id, null, false);
  }
  const db = ctx.db.withoutPlugins();
  for (const table of ['lc_htn_followup', 'lc_dm_followup']) {
    // The enrolment's visits in date order (previous visit, plan filling) and the late-entry worklist by unit.
    await sql`create index if not exists ${sql.id(`${table}_enrolment_visit`)} on ${sql.table(table)} (${sql.id('enrolmentId')}, ${sql.id('visitDate')})`.execute(
      db,
    );
    await sql`create index if not exists ${sql.id(`${table}_org_late`)} on ${sql.table(table)} (${sql.id('manageOrgId')}, ${sql.id('lateEntry')}, ${sql.id('visitDate')})`.execute(
      db,
    );
  }
}
