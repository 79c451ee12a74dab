import { modelBody, type FormField } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { createModel } from '../../../modules/visualdev/base.service.ts';
import { releaseModel } from '../../../modules/visualdev/release.service.ts';
import { stableId } from '../menus.ts';
import { dictDataId, dictTypeId } from '../system.ts';
import { translateForm } from './field-i18n.ts';
import { RECORDS_I18N } from './records-i18n.ts';

/**
 * The standard forms of the resident archive (issue 17, M1) as low-code
 * models, released so their tables exist (`lc_health_resident`,
 * `lc_health_family`); an administrator may add fields of their own. Their
 * value sets are dictionaries (values stored as the dictionary enCode). The
 * rules (ID check, duplicates, completeness, states) are the health module's
 * record hooks (modules/health/records/resident-hooks.ts).
 */

export const RESIDENT_MODEL = 'healthResident';
export const FAMILY_MODEL = 'healthFamily';
export const RESIDENT_TABLE = 'lc_health_resident';
export const FAMILY_TABLE = 'lc_health_family';

type Item = [code: string, name: string];
/** Health value sets not already seeded by db/seed/system.ts. */
export const HEALTH_DICTIONARIES: { enCode: string; fullName: string; items: Item[] }[] = [
  {
    enCode: 'healthArchiveState',
    fullName: '档案状态',
    items: [
      ['0', '草稿'],
      ['1', '正常'],
      ['2', '已注销'],
    ],
  },
  {
    enCode: 'healthCancelReason',
    fullName: '注销原因',
    items: [
      ['1', '死亡'],
      ['2', '迁出'],
      ['3', '失访'],
      ['4', '拒绝'],
      ['9', '其他'],
    ],
  },
  {
    enCode: 'healthAuditLevel',
    fullName: '档案审核级别',
    items: [
      ['0', '未审核'],
      ['1', '一级审核'],
      ['2', '二级审核'],
      ['3', '三级审核'],
    ],
  },
  {
    enCode: 'healthRelation',
    fullName: '与户主关系',
    items: [
      ['0', '户主'],
      ['1', '配偶'],
      ['2', '子'],
      ['3', '女'],
      ['4', '孙子女'],
      ['5', '父母'],
      ['6', '祖父母'],
      ['7', '兄弟姐妹'],
      ['9', '其他'],
    ],
  },
  {
    enCode: 'healthTransferState',
    fullName: '迁移状态',
    items: [
      ['0', '未提交'],
      ['1', '待确认'],
      ['2', '已确认'],
      ['3', '已退回'],
    ],
  },
];

const f = (type: FormField['type'], field: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  id: field,
  type,
  field,
  label,
  span: 12,
  ...extra,
});
const dict = (field: string, label: string, dictionaryType: string, extra: Partial<FormField> = {}) =>
  f('dicSelect', field, label, { options: { source: 'dictionary', dictionaryType, valueKey: 'enCode' }, ...extra });
const card = (id: string, label: string, children: FormField[]): FormField => ({ id, type: 'card', label, children });

export const residentModelBody = {
  fullName: '居民个人基本信息',
  enCode: RESIDENT_MODEL,
  category: 'publicHealth',
  webType: 2,
  description: '个人基本信息表（国家基本公共卫生服务规范第三版）；演示数据均为虚构',
  formData: translateForm(
    {
      labelWidth: 110,
      fields: [
        card('cardIdentity', '基本信息', [
          f('input', 'fullName', '姓名', { required: true, maxLength: 50 }),
          f('input', 'idNumber', '身份证号', { maxLength: 18, placeholder: '18 位居民身份证号码' }),
          dict('sex', '性别', 'gender', { required: true }),
          f('datePicker', 'birthDate', '出生日期', { required: true, format: 'YYYY-MM-DD' }),
          f('input', 'phone', '本人电话', { maxLength: 20 }),
          f('input', 'workUnit', '工作单位', { maxLength: 100 }),
          f('input', 'contactName', '联系人姓名', { maxLength: 50 }),
          f('input', 'contactPhone', '联系人电话', { maxLength: 20 }),
          f('input', 'address', '现住址', { maxLength: 200, span: 24 }),
          dict('residentType', '常住类型', 'residentType'),
          dict('ethnicity', '民族', 'ethnicity'),
          dict('bloodAbo', '血型', 'bloodTypeAbo'),
          dict('bloodRh', 'RH 血型', 'bloodTypeRh'),
          dict('education', '文化程度', 'education'),
          dict('occupation', '职业', 'occupation'),
          dict('maritalStatus', '婚姻状况', 'maritalStatus'),
          dict('paymentMethod', '医疗费用支付方式', 'paymentMethod'),
          dict('drugAllergy', '药物过敏史', 'drugAllergy'),
          dict('disability', '残疾情况', 'disability'),
          f('inputNumber', 'heightCm', '身高（cm）', { min: 30, max: 250, precision: 1 }),
        ]),
        card('cardOwnership', '档案归属', [
          f('input', 'familyId', '家庭档案', { maxLength: 40 }),
          dict('relationToHead', '与户主关系', 'healthRelation'),
          f('depSelect', 'manageOrgId', '管辖机构'),
          f('userSelect', 'doctorId', '责任医生'),
        ]),
        card('cardState', '档案状态', [
          f('inputNumber', 'archiveState', '档案状态', { precision: 0, min: 0, max: 2, readonly: true, defaultValue: 0 }),
          dict('cancelReason', '注销原因', 'healthCancelReason', { readonly: true }),
          f('datePicker', 'deathDate', '死亡日期', { format: 'YYYY-MM-DD' }),
          f('datePicker', 'moveOutDate', '迁出日期', { format: 'YYYY-MM-DD' }),
          f('inputNumber', 'auditLevel', '审核级别', { precision: 0, min: 0, max: 3, readonly: true, defaultValue: 0 }),
          f('inputNumber', 'completeness', '完整度（%）', { precision: 0, min: 0, max: 100, readonly: true }),
          f('datePicker', 'lastActivityAt', '最近动态', { readonly: true, format: 'YYYY-MM-DD HH:mm' }),
        ]),
      ],
    },
    RECORDS_I18N,
  ),
  columnData: {
    columns: [
      { field: 'fullName', label: '姓名' },
      { field: 'idNumber', label: '身份证号' },
      { field: 'sex', label: '性别' },
      { field: 'birthDate', label: '出生日期', sortable: true, format: 'YYYY-MM-DD' },
      { field: 'phone', label: '本人电话' },
      { field: 'manageOrgId', label: '管辖机构' },
      { field: 'doctorId', label: '责任医生' },
      { field: 'completeness', label: '完整度', sortable: true },
    ],
    search: [
      { field: 'fullName', match: 'contains' },
      { field: 'idNumber', match: 'equal' },
      { field: 'phone', match: 'equal' },
      { field: 'manageOrgId', match: 'equal' },
      { field: 'birthDate', match: 'range' },
    ],
    defaultSort: { field: 'birthDate', order: 'asc' },
    buttons: ['add', 'export'],
  },
};

export const familyModelBody = {
  fullName: '家庭档案',
  enCode: FAMILY_MODEL,
  category: 'publicHealth',
  webType: 2,
  description: '家庭档案：户主、成员与住址；演示数据均为虚构',
  formData: translateForm(
    {
      labelWidth: 100,
      fields: [
        f('input', 'familyName', '家庭名称', { required: true, maxLength: 100 }),
        f('input', 'headResidentId', '户主', { maxLength: 40 }),
        f('input', 'address', '家庭住址', { maxLength: 200, span: 24 }),
        f('depSelect', 'manageOrgId', '管辖机构'),
        f('userSelect', 'doctorId', '责任医生'),
      ],
    },
    RECORDS_I18N,
  ),
  columnData: {
    columns: [
      { field: 'familyName', label: '家庭名称', sortable: true },
      { field: 'address', label: '家庭住址' },
      { field: 'manageOrgId', label: '管辖机构' },
      { field: 'doctorId', label: '责任医生' },
    ],
    search: [
      { field: 'familyName', match: 'contains' },
      { field: 'manageOrgId', match: 'equal' },
    ],
    defaultSort: { field: 'familyName', order: 'asc' },
    buttons: ['add', 'export'],
  },
};

/** Indexes the health rules need beyond release's: unique ID number, worklists, duplicates, families. */
export async function ensureHealthRecordIndexes(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createIndex('lc_health_resident__ux_id_number').ifNotExists().unique().on(RESIDENT_TABLE).columns(['idNumber']).execute();
  const ix = (name: string, cols: string[], table = RESIDENT_TABLE) =>
    s.createIndex(`${table}__hx_${name}`).ifNotExists().on(table).columns(cols).execute();
  await ix('org_state_audit', ['manageOrgId', 'archiveState', 'auditLevel', 'creator_time']);
  await ix('org_complete', ['manageOrgId', 'completeness']);
  await ix('org_activity', ['manageOrgId', 'lastActivityAt']);
  await ix('dup', ['fullName', 'birthDate', 'phone']);
  await ix('family', ['familyId']);
  await ix('doctor', ['doctorId']);
  await ix('org_phone', ['manageOrgId', 'phone']);
  await ix('org_head', ['manageOrgId', 'familyName'], FAMILY_TABLE);
}

async function seedDictionaries(ctx: AppContext) {
  const audit = { createdAt: Date.now(), createdBy: null, updatedAt: null, updatedBy: null };
  await ctx.db
    .insertInto('dictionaryTypes')
    .values(
      HEALTH_DICTIONARIES.map((d, i) => ({
        id: dictTypeId(d.enCode),
        parentId: dictTypeId('healthArchive'),
        fullName: d.fullName,
        enCode: d.enCode,
        isTree: 0,
        sortCode: 200 + i,
        description: null,
        ...audit,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await ctx.db
    .insertInto('dictionaryData')
    .values(
      HEALTH_DICTIONARIES.flatMap((d) =>
        d.items.map(([code, name], j) => ({
          id: dictDataId(d.enCode, code),
          dictionaryTypeId: dictTypeId(d.enCode),
          parentId: '0',
          fullName: name,
          enCode: code,
          simpleSpelling: null,
          isDefault: 0,
          sortCode: j + 1,
          enabledMark: 1,
          description: null,
          ...audit,
        })),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The two models, created and released once (an administrator's later changes are kept), and their indexes. */
export async function seedHealthRecordModels(ctx: AppContext): Promise<void> {
  await seedDictionaries(ctx);
  for (const body of [residentModelBody, familyModelBody]) {
    const row = await ctx.db.selectFrom('visualdevModels').select(['id', 'state']).where('id', '=', body.enCode).executeTakeFirst();
    if (!row) await createModel(ctx, modelBody.parse(body), null, body.enCode);
    if (!row || row.state !== 1) await releaseModel(ctx, body.enCode, null, false);
  }
  await ensureHealthRecordIndexes(ctx.db.withoutPlugins() as unknown as Kysely<any>);
}

export const healthSeedId = (kind: string, key: string) => stableId('95', `health:${kind}:${key}`);
