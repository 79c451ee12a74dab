import type { AppContext } from '../../context.ts';
import { stableId } from './menus.ts';
import { seedOrganizations } from './organizations.ts';

/**
 * Demo data of the system module. Idempotent: fixed ids, insert-or-ignore.
 * Dictionaries follow the national public-health standard's value sets
 * (health-domain.md §1); areas, accounts, stock and names are fictitious.
 */

export const dictTypeId = (enCode: string) => stableId('61', `dictType:${enCode}`);
export const dictDataId = (typeCode: string, code: string) => stableId('62', `dictData:${typeCode}:${code}`);
export const areaId = (code: string) => stableId('63', `area:${code}`);
export const billRuleId = (enCode: string) => stableId('64', `billRule:${enCode}`);
export const interfaceId = (enCode: string) => stableId('65', `dataInterface:${enCode}`);
export const printTemplateId = (enCode: string) => stableId('66', `printDev:${enCode}`);

/** Fixed ids the form pickers of spec §7.8 refer to. */
export const UNIT_DICTIONARY_ID = dictTypeId('unit');
export const ORG_OPTIONS_INTERFACE_ID = interfaceId('orgOptions');
export const DEPT_OPTIONS_INTERFACE_ID = interfaceId('deptOptions');
export const UNIT_CODES_INTERFACE_ID = interfaceId('unitCodeList');

// ---------------------------------------------------------------- dictionaries

type Item = [code: string, name: string, children?: Item[]];
interface DictDef {
  enCode: string;
  fullName: string;
  parent?: string;
  isTree?: boolean;
  items?: Item[];
}

const GROUPS: DictDef[] = [
  { enCode: 'sysBase', fullName: '系统基础' },
  { enCode: 'healthArchive', fullName: '健康档案' },
  { enCode: 'followReferral', fullName: '随访与转诊' },
  { enCode: 'financeMaterial', fullName: '财务与物资' },
];

const seq = (names: string[], start = 1): Item[] => names.map((n, i) => [String(start + i), n]);

export const seedDictionaries: DictDef[] = [
  ...GROUPS,
  // System
  {
    enCode: 'businessType',
    fullName: '业务分类',
    parent: 'sysBase',
    items: [
      ['healthRecord', '健康档案'],
      ['referral', '双向转诊'],
      ['ultrasound', '远程超声'],
      ['imaging', '影像中心'],
      ['training', '培训管理'],
      ['material', '物资管理'],
      ['finance', '财务管理'],
      ['general', '通用'],
    ],
  },
  {
    enCode: 'printDev',
    fullName: '打印模板分类',
    parent: 'sysBase',
    items: [
      ['flow', '流程表单'],
      ['business', '业务单据'],
      ['hr', '人事证件'],
      ['other', '其他'],
    ],
  },
  {
    enCode: 'dataInterfaceCategory',
    fullName: '数据接口分类',
    parent: 'sysBase',
    items: [
      ['baseData', '基础数据'],
      ['businessData', '业务数据'],
      ['external', '外部接口'],
    ],
  },
  // Health archive (health-domain.md §1.1)
  {
    enCode: 'gender',
    fullName: '性别',
    parent: 'healthArchive',
    items: [
      ['0', '未知的性别'],
      ['1', '男'],
      ['2', '女'],
      ['9', '未说明的性别'],
    ],
  },
  {
    enCode: 'ethnicity',
    fullName: '民族',
    parent: 'healthArchive',
    items: [
      ...[
        '汉族',
        '蒙古族',
        '回族',
        '藏族',
        '维吾尔族',
        '苗族',
        '彝族',
        '壮族',
        '布依族',
        '朝鲜族',
        '满族',
        '侗族',
        '瑶族',
        '白族',
        '土家族',
        '哈尼族',
        '哈萨克族',
        '傣族',
        '黎族',
        '傈僳族',
        '佤族',
        '畲族',
        '高山族',
        '拉祜族',
        '水族',
        '东乡族',
        '纳西族',
        '景颇族',
        '柯尔克孜族',
        '土族',
        '达斡尔族',
        '仫佬族',
        '羌族',
        '布朗族',
        '撒拉族',
        '毛南族',
        '仡佬族',
        '锡伯族',
        '阿昌族',
        '普米族',
        '塔吉克族',
        '怒族',
        '乌孜别克族',
        '俄罗斯族',
        '鄂温克族',
        '德昂族',
        '保安族',
        '裕固族',
        '京族',
        '塔塔尔族',
        '独龙族',
        '鄂伦春族',
        '赫哲族',
        '门巴族',
        '珞巴族',
        '基诺族',
      ].map((n, i): Item => [String(i + 1).padStart(2, '0'), n]),
      ['97', '其他'],
      ['98', '外国血统中国籍人士'],
    ],
  },
  {
    enCode: 'bloodTypeAbo',
    fullName: 'ABO血型',
    parent: 'healthArchive',
    items: [
      ['1', 'A型'],
      ['2', 'B型'],
      ['3', 'O型'],
      ['4', 'AB型'],
      ['5', '不详'],
    ],
  },
  {
    enCode: 'bloodTypeRh',
    fullName: 'RH血型',
    parent: 'healthArchive',
    items: [
      ['1', 'RH阳性（否）'],
      ['2', 'RH阴性（是）'],
      ['3', '不详'],
    ],
  },
  {
    enCode: 'education',
    fullName: '文化程度',
    parent: 'healthArchive',
    items: [
      ['10', '研究生'],
      ['20', '大学本科'],
      ['30', '大学专科和专科学校'],
      ['40', '中等专业学校'],
      ['50', '技工学校'],
      ['60', '高中'],
      ['70', '初中'],
      ['80', '小学'],
      ['90', '文盲或半文盲'],
      ['99', '不详'],
    ],
  },
  {
    enCode: 'occupation',
    fullName: '职业',
    parent: 'healthArchive',
    items: [
      ['0', '国家机关、党群组织、企业、事业单位负责人'],
      ['1', '专业技术人员'],
      ['3', '办事人员和有关人员'],
      ['4', '商业、服务业人员'],
      ['5', '农、林、牧、渔、水利业生产人员'],
      ['6', '生产、运输设备操作人员及有关人员'],
      ['X', '军人'],
      ['Y', '不便分类的其他从业人员'],
      ['W', '无职业'],
    ],
  },
  {
    enCode: 'maritalStatus',
    fullName: '婚姻状况',
    parent: 'healthArchive',
    items: [
      ['10', '未婚'],
      ['20', '已婚'],
      ['30', '丧偶'],
      ['40', '离婚'],
      ['90', '未说明的婚姻状况'],
    ],
  },
  {
    enCode: 'paymentMethod',
    fullName: '医疗费用支付方式',
    parent: 'healthArchive',
    items: [
      ['01', '城镇职工基本医疗保险'],
      ['02', '城乡居民基本医疗保险'],
      ['04', '贫困救助'],
      ['05', '商业医疗保险'],
      ['06', '全公费'],
      ['07', '全自费'],
      ['99', '其他'],
    ],
  },
  { enCode: 'drugAllergy', fullName: '药物过敏史', parent: 'healthArchive', items: seq(['无', '青霉素', '磺胺', '链霉素', '其他']) },
  { enCode: 'exposureHistory', fullName: '暴露史', parent: 'healthArchive', items: seq(['无', '化学品', '毒物', '射线']) },
  {
    enCode: 'diseaseHistory',
    fullName: '既往疾病史',
    parent: 'healthArchive',
    items: seq([
      '无',
      '高血压',
      '糖尿病',
      '冠心病',
      '慢性阻塞性肺疾病',
      '恶性肿瘤',
      '脑卒中',
      '严重精神障碍',
      '结核病',
      '肝炎',
      '其他法定传染病',
      '职业病',
      '其他',
    ]),
  },
  {
    enCode: 'residentType',
    fullName: '常住类型',
    parent: 'healthArchive',
    items: [
      ['1', '户籍'],
      ['2', '非户籍'],
    ],
  },
  {
    enCode: 'crowdType',
    fullName: '人群类型',
    parent: 'healthArchive',
    items: [
      ['01', '老年人'],
      ['02', '高血压'],
      ['03', '糖尿病'],
      ['04', '0-6岁儿童'],
      ['05', '孕产妇'],
      ['06', '严重精神障碍'],
      ['07', '结核病'],
      ['08', '残疾人'],
      ['09', '建档立卡'],
      ['10', '城乡低保'],
      ['11', '城乡特困'],
      ['12', '计生特殊'],
      ['13', '慢阻肺'],
      ['14', '优抚对象'],
    ],
  },
  {
    enCode: 'disability',
    fullName: '残疾情况',
    parent: 'healthArchive',
    items: seq(['无残疾', '视力残疾', '听力残疾', '言语残疾', '肢体残疾', '智力残疾', '精神残疾', '其他残疾']),
  },
  {
    enCode: 'chronicDiseaseCategory',
    fullName: '慢病分类',
    parent: 'healthArchive',
    isTree: true,
    items: [
      [
        'CVD',
        '心脑血管疾病',
        [
          ['HTN', '高血压'],
          ['CHD', '冠心病'],
          ['STROKE', '脑卒中'],
        ],
      ],
      [
        'ENDO',
        '内分泌与代谢疾病',
        [
          ['T2DM', '2型糖尿病'],
          ['T1DM', '1型糖尿病'],
        ],
      ],
      [
        'RESP',
        '呼吸系统疾病',
        [
          ['COPD', '慢性阻塞性肺疾病'],
          ['TB', '肺结核'],
        ],
      ],
      ['MENTAL', '精神疾病', [['SMI', '严重精神障碍']]],
    ],
  },
  // Follow-ups and referrals (health-domain.md §1.2, §2)
  { enCode: 'followUpClass', fullName: '随访分类', parent: 'followReferral', items: seq(['控制满意', '控制不满意', '不良反应', '并发症']) },
  {
    enCode: 'followUpMode',
    fullName: '随访方式',
    parent: 'followReferral',
    items: [
      ['1', '门诊就诊'],
      ['2', '站点就诊'],
      ['3', '社区随访'],
      ['4', '上门随访'],
      ['5', '电话随访'],
      ['6', '群组随访'],
      ['9', '其他'],
    ],
  },
  { enCode: 'medicationCompliance', fullName: '服药依从性', parent: 'followReferral', items: seq(['规律', '间断', '不服药']) },
  {
    enCode: 'referralStatus',
    fullName: '转诊状态',
    parent: 'followReferral',
    items: [
      ['0', '待审批'],
      ['1', '已审'],
      ['2', '同意接收'],
      ['3', '待提交'],
      ['4', '结案'],
      ['5', '拒绝转出'],
      ['6', '作废'],
      ['7', '同意转出'],
      ['8', '拒绝接收'],
      ['9', '取消预约'],
      ['10', '撤销审批'],
      ['11', '终止转诊'],
      ['99', '其他'],
    ],
  },
  {
    enCode: 'referralDirection',
    fullName: '转诊方向',
    parent: 'followReferral',
    items: [
      ['1', '上转'],
      ['2', '下转'],
    ],
  },
  {
    enCode: 'urgency',
    fullName: '紧急程度',
    parent: 'followReferral',
    items: [
      ['1', '一般'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  // Finance and material (spec §3 account subject, §7.8 UNIT)
  {
    enCode: 'accountType',
    fullName: '科目类型',
    parent: 'financeMaterial',
    items: [
      ['1', '资产'],
      ['2', '负债'],
      ['3', '所有者权益'],
      ['4', '成本'],
      ['5', '损益'],
    ],
  },
  {
    enCode: 'unit',
    fullName: '计量单位',
    parent: 'financeMaterial',
    items: seq(['个', '盒', '瓶', '支', '片', '袋', '粒', '包', '套', '台', '箱', '件', '毫升', '克', '元', '次']),
  },
];

// ---------------------------------------------------------------- areas

type AreaDef = [code: string, name: string, children?: AreaDef[]];

/** A fictitious province around Qingshan County; codes start with 95–97, which no real province uses. */
export const seedAreas: AreaDef[] = [
  [
    '950000',
    '东江省',
    [
      [
        '950100',
        '云山市',
        [
          [
            '950102',
            '云山区',
            [
              ['950102001', '江滨街道'],
              ['950102002', '城北街道'],
            ],
          ],
          [
            '950121',
            '青山县',
            [
              [
                '950121100',
                '城关镇',
                [
                  ['950121100001', '城东社区'],
                  ['950121100002', '城西社区'],
                  ['950121100201', '东风村'],
                  ['950121100202', '柳林村'],
                ],
              ],
              [
                '950121101',
                '石桥镇',
                [
                  ['950121101201', '石桥村'],
                  ['950121101202', '新华村'],
                  ['950121101203', '红旗村'],
                ],
              ],
              [
                '950121102',
                '白沙镇',
                [
                  ['950121102201', '白沙村'],
                  ['950121102202', '龙潭村'],
                ],
              ],
              [
                '950121200',
                '河口乡',
                [
                  ['950121200201', '河口村'],
                  ['950121200202', '桃园村'],
                  ['950121200203', '李家村'],
                ],
              ],
            ],
          ],
          ['950122', '白水县', [['950122100', '白水镇', [['950122100201', '白水村']]]]],
        ],
      ],
      [
        '950200',
        '南屏市',
        [
          ['950202', '南屏区', [['950202001', '中山街道']]],
          ['950221', '溪口县'],
        ],
      ],
    ],
  ],
  [
    '960000',
    '西岭省',
    [
      [
        '960100',
        '岭北市',
        [
          ['960102', '北城区'],
          ['960103', '南城区'],
        ],
      ],
      ['960200', '石川市', [['960202', '石川区']]],
    ],
  ],
  [
    '970000',
    '南湖省',
    [
      [
        '970100',
        '澄湖市',
        [
          ['970102', '湖滨区'],
          ['970121', '临湖县'],
        ],
      ],
    ],
  ],
];

// ---------------------------------------------------------------- bill rules

export const seedBillRules = [
  { enCode: 'referralNo', fullName: '转诊单号', category: 'referral', prefix: 'ZZ', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 },
  {
    enCode: 'healthRecordNo',
    fullName: '健康档案编号',
    category: 'healthRecord',
    prefix: 'JK',
    dateFormat: 'YYYY',
    digit: 6,
    startNumber: 1,
  },
  {
    enCode: 'followUpNo',
    fullName: '随访记录号',
    category: 'healthRecord',
    prefix: 'SF',
    dateFormat: 'YYYYMMDD',
    digit: 4,
    startNumber: 1,
  },
  {
    enCode: 'ultrasoundNo',
    fullName: '超声检查单号',
    category: 'ultrasound',
    prefix: 'CS',
    dateFormat: 'YYYYMMDD',
    digit: 4,
    startNumber: 1,
  },
  { enCode: 'imagingNo', fullName: '影像检查号', category: 'imaging', prefix: 'YX', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 },
  { enCode: 'courseNo', fullName: '培训课程编号', category: 'training', prefix: 'KC', dateFormat: 'YYYYMM', digit: 3, startNumber: 1 },
  { enCode: 'stockInNo', fullName: '入库单号', category: 'material', prefix: 'RK', dateFormat: 'YYYYMMDD', digit: 3, startNumber: 1 },
  { enCode: 'voucherNo', fullName: '记账凭证号', category: 'finance', prefix: 'PZ', dateFormat: 'YYYYMM', digit: 4, startNumber: 1 },
  { enCode: 'consultNo', fullName: '会诊申请号', category: 'general', prefix: 'HZ', dateFormat: 'YYYYMMDDHHmm', digit: 2, startNumber: 1 },
];

// ---------------------------------------------------------------- business data behind the §7.7 calls

/** Chart of accounts of the alliance (type 1 assets … 5 profit and loss); UNIT indexes the 'unit' dictionary. */
export const seedAccounts: [code: string, name: string, type: number, unit: number][] = [
  ['1001', '库存现金', 1, 15],
  ['1002', '银行存款', 1, 15],
  ['1011', '零余额账户用款额度', 1, 15],
  ['1212', '应收医疗款', 1, 15],
  ['1302', '库存物品', 1, 2],
  ['1303', '药品', 1, 2],
  ['1601', '固定资产', 1, 10],
  ['1602', '固定资产累计折旧', 1, 15],
  ['2001', '短期借款', 2, 15],
  ['2101', '应交增值税', 2, 15],
  ['2201', '应付职工薪酬', 2, 15],
  ['2302', '应付账款', 2, 15],
  ['2307', '预收医疗款', 2, 15],
  ['3001', '累计盈余', 3, 15],
  ['3101', '专用基金', 3, 15],
  ['3301', '本期盈余', 3, 15],
  ['4001', '医疗业务成本', 4, 15],
  ['4002', '药品成本', 4, 2],
  ['4003', '卫生材料成本', 4, 12],
  ['4101', '公共卫生服务成本', 4, 16],
  ['6001', '医疗收入', 5, 15],
  ['6002', '药品收入', 5, 15],
  ['6101', '财政补助收入', 5, 15],
  ['6401', '管理费用', 5, 15],
  ['6501', '其他收入', 5, 15],
];

/** Drugs and materials: [code, name, spec, unit index, price]. */
const STOCK: [string, string, string, number, number][] = [
  ['YP0001', '阿莫西林胶囊', '0.25g×24粒', 2, 12.5],
  ['YP0002', '硝苯地平缓释片', '20mg×30片', 2, 18.6],
  ['YP0003', '盐酸二甲双胍片', '0.5g×48片', 2, 9.8],
  ['YP0004', '阿司匹林肠溶片', '100mg×30片', 2, 15.2],
  ['YP0005', '卡托普利片', '25mg×100片', 3, 6.4],
  ['YP0006', '氯化钠注射液', '0.9% 250ml', 3, 3.2],
  ['YP0007', '葡萄糖注射液', '5% 500ml', 3, 4.5],
  ['YP0008', '胰岛素注射液', '3ml:300单位', 4, 58],
  ['YP0009', '布洛芬缓释胶囊', '0.3g×20粒', 2, 14.9],
  ['YP0010', '复方甘草片', '100片', 3, 8.6],
  ['HC0001', '一次性使用无菌注射器', '5ml', 4, 0.6],
  ['HC0002', '医用外科口罩', '10个/包', 8, 5],
  ['HC0003', '医用棉签', '50支/包', 8, 2.5],
  ['HC0004', '血糖试纸', '50片/盒', 2, 65],
  ['HC0005', '碘伏消毒液', '500ml', 3, 12],
];

const STOCK_ORGS = ['100000000000000010', '100000000000000020', '100000000000000030', '100000000000000040', '100000000000000050'];

// ---------------------------------------------------------------- data interfaces (spec §7.7, §7.8)

const UNIT_JOIN = (col: string) =>
  `LEFT JOIN dictionary_data u ON u.dictionary_type_id = '${UNIT_DICTIONARY_ID}' AND u.en_code = CAST(${col} AS VARCHAR(10))`;

interface InterfaceDef {
  enCode: string;
  fullName: string;
  category: 'baseData' | 'businessData' | 'external';
  dataType: 1 | 2 | 3;
  query?: string;
  path?: string;
  params?: { field: string; fieldName: string; dataType: string; required?: number; defaultValue?: string | number | null }[];
  enabled?: boolean;
  description: string;
}

export const seedInterfaces: InterfaceDef[] = [
  {
    enCode: 'hfsAccountInfo',
    fullName: '会计科目',
    category: 'businessData',
    dataType: 1,
    query: `SELECT a.id AS "accountId", a.account_code AS "accountCode", a.account_name AS "accountName", a.account_type AS "accountType", a.unit AS "UNIT", u.full_name AS "unitName"
FROM account_subjects a ${UNIT_JOIN('a.unit')}
WHERE a.enabled_mark = 1 AND ({accountType} IS NULL OR a.account_type = {accountType}) AND ({orgId} IS NULL OR a.org_id IS NULL OR a.org_id = {orgId})
ORDER BY a.account_code`,
    params: [
      { field: 'accountType', fieldName: '科目类型(1-5)', dataType: 'int' },
      { field: 'orgId', fieldName: '机构', dataType: 'varchar' },
    ],
    description: '会计科目选择（POST /api/hfs/ACCOUNT_INFO/hfsAccountQuery）',
  },
  {
    enCode: 'orgOptions',
    fullName: '机构选项',
    category: 'baseData',
    dataType: 1,
    query: `SELECT o.id AS "id", o.en_code AS "ORG_CODE", o.full_name AS "ORG_NAME", o.short_name AS "SHORT_NAME"
FROM organizations o WHERE o.category = 'company' AND o.enabled_mark = 1 ORDER BY o.sort_code`,
    description: '医共体成员单位（ORG_NAME、ORG_CODE）',
  },
  {
    enCode: 'deptOptions',
    fullName: '科室选项',
    category: 'baseData',
    dataType: 1,
    query: `SELECT d.id AS "id", d.en_code AS "officeCode", d.full_name AS "officeName", c.id AS "orgId", c.en_code AS "orgCode", c.full_name AS "orgName"
FROM organizations d JOIN organizations c ON c.id = d.parent_id
WHERE d.category = 'department' AND d.enabled_mark = 1 AND ({orgId} IS NULL OR c.id = {orgId}) AND ({orgCode} IS NULL OR c.en_code = {orgCode})
ORDER BY c.sort_code, d.sort_code`,
    params: [
      { field: 'orgId', fieldName: '机构ID', dataType: 'varchar' },
      { field: 'orgCode', fieldName: '机构编码', dataType: 'varchar' },
    ],
    description: '单位下的科室（officeCode、officeName）；传 orgId 限定单位',
  },
  {
    enCode: 'baseOfficeDict',
    fullName: '科室字典',
    category: 'baseData',
    dataType: 1,
    query: `SELECT d.id AS "id", d.en_code AS "officeCode", d.full_name AS "officeName", c.en_code AS "orgCode", c.full_name AS "orgName", d.enabled_mark AS "enabledMark"
FROM organizations d JOIN organizations c ON c.id = d.parent_id
WHERE d.category = 'department' AND ({dataType} = 0 OR d.enabled_mark = {dataType}) AND ({orgCode} IS NULL OR c.en_code = {orgCode})`,
    params: [
      { field: 'dataType', fieldName: '数据范围(0全部,1启用)', dataType: 'int', defaultValue: 0 },
      { field: 'orgCode', fieldName: '机构编码', dataType: 'varchar' },
    ],
    description: '科室字典（POST /api/bigdata/BASE_OFFICE_DICT/getList）',
  },
  {
    enCode: 'erpStockInfo',
    fullName: '库存列表',
    category: 'businessData',
    dataType: 1,
    query: `SELECT s.id AS "id", s.item_code AS "CODE", s.item_name AS "ITEM_NAME", s.spec AS "SPEC", s.unit AS "UNIT", u.full_name AS "UNIT_NAME", s.quantity AS "QUANTITY", s.price AS "PRICE", s.manufacturer AS "MANUFACTURER", o.en_code AS "ORG_CODE", o.full_name AS "ORG_NAME"
FROM stock_items s JOIN organizations o ON o.id = s.org_id ${UNIT_JOIN('s.unit')}
WHERE s.enabled_mark = 1 AND ({orgCode} IS NULL OR o.en_code = {orgCode}) AND ({orgId} IS NULL OR o.id = {orgId})
ORDER BY o.sort_code, s.item_code`,
    params: [
      { field: 'orgCode', fieldName: '机构编码', dataType: 'varchar' },
      { field: 'orgId', fieldName: '机构ID', dataType: 'varchar' },
    ],
    description: '药品与物资库存（POST /api/erp/ERP_STOCK_INFO/stockListQuery）',
  },
  {
    enCode: 'ehrStaffInfo',
    fullName: '人员信息',
    category: 'businessData',
    dataType: 1,
    query: `SELECT us.id AS "id", us.account AS "USER_CODE_ID", us.real_name AS "DOCTOR_NAME", p.full_name AS "DOCTOR_TYPE", o.en_code AS "DEPT_CODE", o.full_name AS "DEPT_NAME", c.en_code AS "ORG_CODE", c.full_name AS "ORG_NAME"
FROM users us
LEFT JOIN positions p ON p.id = us.position_id
LEFT JOIN organizations o ON o.id = us.organize_id
LEFT JOIN organizations c ON c.id = CASE WHEN o.category = 'company' THEN o.id ELSE o.parent_id END
WHERE us.enabled_mark = 1
ORDER BY us.sort_code`,
    description: '医务人员（DOCTOR_NAME、DOCTOR_TYPE、ORG_CODE、ORG_NAME、USER_CODE_ID；GET /api/ehr/EHR_STAFF_INFO/{id}）',
  },
  {
    enCode: 'unitCodeList',
    fullName: '计量单位代码',
    category: 'baseData',
    dataType: 1,
    query: `SELECT d.en_code AS "CODE", d.full_name AS "ITEM_NAME" FROM dictionary_data d WHERE d.dictionary_type_id = '${UNIT_DICTIONARY_ID}' AND d.enabled_mark = 1 ORDER BY d.sort_code`,
    description: 'UNIT 编号（从 1 开始）对应的单位名称',
  },
  {
    enCode: 'dictionaryItems',
    fullName: '字典数据（按字典编码）',
    category: 'baseData',
    dataType: 1,
    query: `SELECT d.id AS "id", d.en_code AS "CODE", d.full_name AS "ITEM_NAME", d.parent_id AS "parentId"
FROM dictionary_data d JOIN dictionary_types t ON t.id = d.dictionary_type_id
WHERE t.en_code = {dict_code} AND d.enabled_mark = 1 ORDER BY d.sort_code`,
    params: [{ field: 'dict_code', fieldName: '字典编码', dataType: 'varchar', required: 1 }],
    description: '任一字典的数据；选择器在 paramList 中传 dict_code',
  },
  {
    enCode: 'doctorTitle',
    fullName: '医师职称',
    category: 'baseData',
    dataType: 2,
    query: JSON.stringify([
      { id: '231', fullName: '主任医师', level: 1 },
      { id: '232', fullName: '副主任医师', level: 2 },
      { id: '233', fullName: '主治医师', level: 3 },
      { id: '234', fullName: '住院医师', level: 4 },
      { id: '235', fullName: '乡村医生', level: 5 },
    ]),
    description: '静态数据示例',
  },
  {
    enCode: 'weatherExample',
    fullName: '天气（外部接口示例）',
    category: 'external',
    dataType: 3,
    path: 'https://api.example.com/weather?city={city}',
    params: [{ field: 'city', fieldName: '城市', dataType: 'varchar', defaultValue: '云山' }],
    enabled: false,
    description: 'HTTP 接口示例：启用前请在系统配置中把主机加入允许列表',
  },
];

// ---------------------------------------------------------------- print templates

const STAFF_CARD_HTML = `<div style="width:86mm;border:1px solid #333;padding:12px;font-family:SimSun,serif">
<h3 style="text-align:center;margin:0 0 8px">青山县医疗健康集团 工作证</h3>
<p>姓名：{realName}&emsp;&emsp;性别：{gender}</p>
<p>单位：{organization}</p>
<p>科室：{department}&emsp;&emsp;岗位：{position}</p>
<p>工号：{account}</p>
<table border="1" style="border-collapse:collapse;width:100%"><thead><tr><th>角色</th><th>编码</th></tr></thead>
<tbody><tr data-table="childrenDataTable0"><td>{childrenDataTable0.roleName}</td><td>{childrenDataTable0.roleCode}</td></tr></tbody></table>
<p style="font-size:10px;color:#888">演示数据，人员与单位均为虚构</p>
</div>`;

const STOCK_LIST_HTML = `<h2 style="text-align:center">{orgName} 药品物资库存清单</h2>
<p>机构编码：{orgCode}&emsp;&emsp;品种数：{itemCount}</p>
<table border="1" style="border-collapse:collapse;width:100%">
<thead><tr><th>编码</th><th>名称</th><th>规格</th><th>数量</th><th>单价(元)</th></tr></thead>
<tbody><tr data-table="childrenDataTable0"><td>{childrenDataTable0.code}</td><td>{childrenDataTable0.name}</td><td>{childrenDataTable0.spec}</td><td>{childrenDataTable0.quantity}</td><td>{childrenDataTable0.price}</td></tr></tbody>
</table>`;

export const seedPrintTemplates = [
  {
    enCode: 'staffCard',
    fullName: '员工工作证',
    category: 'hr',
    type: 2,
    sqls: [
      `SELECT us.real_name AS "realName", us.account AS "account", CASE us.gender WHEN 1 THEN '男' WHEN 2 THEN '女' ELSE '未知' END AS "gender", p.full_name AS "position", o.full_name AS "department", c.full_name AS "organization"
FROM users us LEFT JOIN positions p ON p.id = us.position_id LEFT JOIN organizations o ON o.id = us.organize_id
LEFT JOIN organizations c ON c.id = CASE WHEN o.category = 'company' THEN o.id ELSE o.parent_id END
WHERE us.id = @formId`,
      `SELECT r.full_name AS "roleName", r.en_code AS "roleCode" FROM user_relations ur JOIN roles r ON r.id = ur.object_id
WHERE ur.object_type = 'Role' AND ur.user_id = @formId ORDER BY ur.sort_code`,
    ],
    html: STAFF_CARD_HTML,
    description: '按用户打印工作证（formId = 用户ID）',
  },
  {
    enCode: 'orgStockList',
    fullName: '机构库存清单',
    category: 'business',
    type: 2,
    sqls: [
      `SELECT o.full_name AS "orgName", o.en_code AS "orgCode", COUNT(s.id) AS "itemCount"
FROM organizations o LEFT JOIN stock_items s ON s.org_id = o.id WHERE o.id = @formId GROUP BY o.full_name, o.en_code`,
      `SELECT s.item_code AS "code", s.item_name AS "name", s.spec AS "spec", s.quantity AS "quantity", s.price AS "price"
FROM stock_items s WHERE s.org_id = @formId ORDER BY s.item_code`,
    ],
    html: STOCK_LIST_HTML,
    description: '按机构打印库存清单（formId = 机构ID）',
  },
];

// ---------------------------------------------------------------- seeding

type Table =
  'dictionaryTypes' | 'dictionaryData' | 'areas' | 'billRules' | 'dataInterfaces' | 'printTemplates' | 'accountSubjects' | 'stockItems';

async function insertIgnore(ctx: AppContext, table: Table, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 40) {
    const chunk = rows.slice(i, i + 40);
    if (chunk.length)
      await ctx.db
        .insertInto(table)
        .values(chunk as never)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}

/** A deterministic pseudo-random integer from a key (stock quantities). */
const spread = (key: string, min: number, max: number) => {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return min + (Math.abs(h) % (max - min + 1));
};

export async function seedSystem(ctx: AppContext): Promise<void> {
  const now = Date.now();
  const audit = { createdAt: now, createdBy: null, updatedAt: null, updatedBy: null };

  const types: Record<string, unknown>[] = [];
  const data: Record<string, unknown>[] = [];
  seedDictionaries.forEach((d, i) => {
    types.push({
      id: dictTypeId(d.enCode),
      parentId: d.parent ? dictTypeId(d.parent) : '0',
      fullName: d.fullName,
      enCode: d.enCode,
      isTree: d.isTree ? 1 : 0,
      sortCode: i,
      description: null,
      ...audit,
    });
    const walk = (items: Item[], parentId: string) =>
      items.forEach(([code, name, children], j) => {
        const id = dictDataId(d.enCode, code);
        data.push({
          id,
          dictionaryTypeId: dictTypeId(d.enCode),
          parentId,
          fullName: name,
          enCode: code,
          simpleSpelling: null,
          isDefault: 0,
          sortCode: j + 1,
          enabledMark: 1,
          description: null,
          ...audit,
        });
        if (children) walk(children, id);
      });
    walk(d.items ?? [], '0');
  });
  await insertIgnore(ctx, 'dictionaryTypes', types);
  await insertIgnore(ctx, 'dictionaryData', data);

  const areas: Record<string, unknown>[] = [];
  const walkAreas = (defs: AreaDef[], parentId: string, level: number) =>
    defs.forEach(([code, name, children], i) => {
      areas.push({
        id: areaId(code),
        parentId,
        enCode: code,
        fullName: name,
        simpleSpelling: null,
        type: level,
        sortCode: i + 1,
        enabledMark: 1,
        description: null,
        ...audit,
      });
      if (children) walkAreas(children, areaId(code), level + 1);
    });
  walkAreas(seedAreas, '-1', 1);
  await insertIgnore(ctx, 'areas', areas);

  await insertIgnore(
    ctx,
    'billRules',
    seedBillRules.map((r, i) => ({
      id: billRuleId(r.enCode),
      categoryId: dictDataId('businessType', r.category),
      fullName: r.fullName,
      enCode: r.enCode,
      prefix: r.prefix,
      dateFormat: r.dateFormat,
      digit: r.digit,
      startNumber: r.startNumber,
      suffix: '',
      thisNumber: 0,
      dateKey: '',
      outputNumber: null,
      sortCode: i,
      enabledMark: 1,
      description: null,
      ...audit,
    })),
  );

  await insertIgnore(
    ctx,
    'dataInterfaces',
    seedInterfaces.map((d, i) => ({
      id: interfaceId(d.enCode),
      categoryId: dictDataId('dataInterfaceCategory', d.category),
      fullName: d.fullName,
      enCode: d.enCode,
      dataType: d.dataType,
      query: d.query ?? null,
      path: d.path ?? null,
      requestMethod: 'GET',
      requestHeaders: '[]',
      requestParameters: d.dataType === 3 ? JSON.stringify((d.params ?? []).map((p) => ({ field: p.field, value: `{${p.field}}` }))) : '[]',
      parameterJson: JSON.stringify((d.params ?? []).map((p) => ({ required: 0, defaultValue: null, ...p }))),
      responsePath: null,
      timeoutMs: null,
      sortCode: i,
      enabledMark: d.enabled === false ? 0 : 1,
      description: d.description,
      ...audit,
    })),
  );

  await insertIgnore(
    ctx,
    'printTemplates',
    seedPrintTemplates.map((t, i) => ({
      id: printTemplateId(t.enCode),
      fullName: t.fullName,
      enCode: t.enCode,
      category: t.category,
      type: t.type,
      sqlTemplate: JSON.stringify(t.sqls.map((sql) => ({ sql }))),
      leftFields: null,
      printTemplate: t.html,
      pageParam: JSON.stringify({ size: 'A4', orientation: 'portrait' }),
      sortCode: i,
      enabledMark: 1,
      description: t.description,
      ...audit,
    })),
  );

  await insertIgnore(
    ctx,
    'accountSubjects',
    seedAccounts.map(([code, name, type, unit], i) => ({
      id: stableId('67', `account:${code}`),
      orgId: null,
      accountCode: code,
      accountName: name,
      accountType: type,
      unit,
      sortCode: i,
      enabledMark: 1,
    })),
  );

  const orgs = new Set(seedOrganizations.map((o) => o.id));
  await insertIgnore(
    ctx,
    'stockItems',
    STOCK_ORGS.filter((o) => orgs.has(o)).flatMap((org, oi) =>
      STOCK.map(([code, name, spec, unit, price], i) => ({
        id: stableId('68', `stock:${org}:${code}`),
        orgId: org,
        itemCode: code,
        itemName: name,
        spec,
        unit,
        quantity: spread(`${org}:${code}`, oi < 2 ? 80 : 5, oi < 2 ? 2000 : 300),
        price,
        manufacturer: i % 2 ? '云山康宁药业有限公司（虚构）' : '东江华信医疗用品有限公司（虚构）',
        sortCode: i,
        enabledMark: 1,
      })),
    ),
  );
}
