/**
 * The menu tree of spec §1 and §2.4, every menu type 1–9 represented.
 * Each entry: enCode, titles [zh, zhtw, en], type, url and options. Ids are
 * derived from the enCode so the seed stays idempotent and stable.
 */
import { createHash } from 'node:crypto';

export const MAIN_SYSTEM = '600000000000000001';
export const DATA_SYSTEM = '600000000000000002';

export const seedSystems = [
  { id: MAIN_SYSTEM, enCode: 'medalliance', fullName: '医共体管理平台', icon: 'icon-ym icon-ym-systemToggle', isMain: 1, sortCode: 0 },
  { id: DATA_SYSTEM, enCode: 'dataCenter', fullName: '区域健康数据中心', icon: 'icon-ym icon-ym-report', isMain: 0, sortCode: 1 },
];

export interface SeedMenu {
  enCode: string;
  titles: [zh: string, zhtw: string, en: string];
  type: number;
  url?: string;
  icon?: string;
  linkTarget?: '_self' | '_blank';
  propertyJson?: Record<string, unknown>;
  hidden?: boolean;
  buttons?: [string, string][];
  columns?: [string, string][];
  children?: SeedMenu[];
  system?: string;
}

type Titles = SeedMenu['titles'];
const dir = (enCode: string, titles: Titles, icon: string, children: SeedMenu[], system?: string): SeedMenu => ({
  enCode,
  titles,
  type: 1,
  icon,
  children,
  ...(system ? { system } : {}),
});
const page = (enCode: string, titles: Titles, url: string, extra: Partial<SeedMenu> = {}): SeedMenu => ({
  enCode,
  titles,
  type: 2,
  url,
  ...extra,
});

const CRUD: [string, string][] = [
  ['btn_add', '新建'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];
const crud = (more: [string, string][] = []) => ({ buttons: [...CRUD, ...more] });

/** A legacy health screen of spec §2.4, rebuilt as a page of our own. */
const legacy = (enCode: string, titles: Titles, area: string) => page(enCode, titles, `health/${area}/${enCode}`, crud());

export const seedMenus: SeedMenu[] = [
  dir('healthRecords', ['健康档案管理', '健康檔案管理', 'Health records'], 'icon-ym icon-ym-generator-user', [
    dir('residentArchives', ['居民与家庭档案', '居民與家庭檔案', 'Residents and families'], 'icon-ym icon-ym-generator-group', [
      legacy('inhabitant_manage', ['居民档案', '居民檔案', 'Resident archives'], 'archive'),
      legacy('family_manage', ['家庭档案', '家庭檔案', 'Family archives'], 'archive'),
      legacy('archives_add', ['新建档案', '新建檔案', 'New archive'], 'archive'),
      legacy('family_add', ['新建家庭', '新建家庭', 'New family'], 'archive'),
      legacy('person_pending_list', ['待处理人员', '待處理人員', 'Pending persons'], 'archive'),
      legacy('person_except_list', ['异常人员', '異常人員', 'Exception list'], 'archive'),
    ]),
    dir('archiveMoves', ['档案迁移', '檔案遷移', 'Archive moves'], 'icon-ym icon-ym-extend', [
      legacy('move_manage', ['迁移管理', '遷移管理', 'Move management'], 'move'),
      legacy('move_manage_search', ['迁移查询', '遷移查詢', 'Move search'], 'move'),
    ]),
    dir('chronicDisease', ['慢病管理', '慢病管理', 'Chronic disease'], 'icon-ym icon-ym-generator-rate', [
      legacy('hypertension_manage', ['高血压管理', '高血壓管理', 'Hypertension'], 'chronic'),
      legacy('hypertension_manage_org', ['高血压管理（机构）', '高血壓管理（機構）', 'Hypertension (by organization)'], 'chronic'),
      legacy('diabetes_manage', ['糖尿病管理', '糖尿病管理', 'Diabetes'], 'chronic'),
      legacy('diabetes_manage_org', ['糖尿病管理（机构）', '糖尿病管理（機構）', 'Diabetes (by organization)'], 'chronic'),
      legacy('tuberculosis_manage', ['肺结核管理', '肺結核管理', 'Tuberculosis'], 'chronic'),
      legacy('tuberculosis_manage_org', ['肺结核管理（机构）', '肺結核管理（機構）', 'Tuberculosis (by organization)'], 'chronic'),
      legacy('psychosis_manage', ['严重精神障碍管理', '嚴重精神障礙管理', 'Severe mental disorders'], 'chronic'),
      legacy('chronic_standard', ['慢病规范管理', '慢病規範管理', 'Chronic disease standard'], 'chronic'),
    ]),
    dir('maternalChild', ['妇幼与老年', '婦幼與老年', 'Maternal, child and elderly'], 'icon-ym icon-ym-generator-user', [
      legacy('parturient_follow', ['孕产妇随访', '孕產婦隨訪', 'Maternal follow-up'], 'maternal'),
      legacy('parturient_case', ['孕产妇档案', '孕產婦檔案', 'Maternal records'], 'maternal'),
      legacy('parturient_case_org', ['孕产妇档案（机构）', '孕產婦檔案（機構）', 'Maternal records (by organization)'], 'maternal'),
      legacy('child_follow', ['儿童随访', '兒童隨訪', 'Child follow-up'], 'child'),
      legacy('child_case', ['儿童档案', '兒童檔案', 'Child records'], 'child'),
      legacy('child_case_org', ['儿童档案（机构）', '兒童檔案（機構）', 'Child records (by organization)'], 'child'),
      legacy('old_people_manage', ['老年人健康管理', '老年人健康管理', 'Elderly care'], 'elderly'),
      legacy('old_people_manage_org', ['老年人健康管理（机构）', '老年人健康管理（機構）', 'Elderly care (by organization)'], 'elderly'),
    ]),
    dir('followUps', ['随访与会诊', '隨訪與會診', 'Follow-ups and consultations'], 'icon-ym icon-ym-flowTodo', [
      legacy('treatment_list', ['随访列表', '隨訪列表', 'Follow-up list'], 'followup'),
      legacy('treatment_list_org', ['随访列表（机构）', '隨訪列表（機構）', 'Follow-up list (by organization)'], 'followup'),
      legacy('remote_meeting_list', ['远程会诊', '遠程會診', 'Remote consultations'], 'followup'),
      legacy('area_statistics', ['区域统计', '區域統計', 'Area statistics'], 'followup'),
      legacy('group_enterprise_person', ['企业人员健康', '企業人員健康', 'Enterprise persons'], 'followup'),
    ]),
  ]),
  dir('training', ['培训管理', '培訓管理', 'Training'], 'icon-ym icon-ym-generator-card', [
    legacy('course_manage', ['课程管理', '課程管理', 'Courses'], 'training'),
    legacy('course_demand', ['课程需求', '課程需求', 'Course demand'], 'training'),
    legacy('course_comment', ['课程评论', '課程評論', 'Course comments'], 'training'),
    legacy('course_apply', ['课程申请', '課程申請', 'Course applications'], 'training'),
    legacy('course_review', ['课程审核', '課程審核', 'Course review'], 'training'),
    legacy('live_apply', ['直播申请', '直播申請', 'Live broadcast applications'], 'training'),
    legacy('live_online', ['直播管理', '直播管理', 'Live broadcasts'], 'training'),
    legacy('course_replay', ['课程回放', '課程回放', 'Course replays'], 'training'),
    legacy('signup_examine', ['报名审核', '報名審核', 'Sign-up review'], 'training'),
    legacy('video_demand', ['视频点播', '視頻點播', 'Video on demand'], 'training'),
    legacy('exam_manage', ['考试管理', '考試管理', 'Examinations'], 'training'),
    legacy('my_exam', ['我的考试', '我的考試', 'My exams'], 'training'),
  ]),
  dir('meetings', ['会议与远程会诊', '會議與遠程會診', 'Meetings and consultations'], 'icon-ym icon-ym-generator-tab', [
    legacy('flow_settings', ['流程设置', '流程設置', 'Flow settings'], 'meeting'),
    legacy('conference_manage', ['会议管理', '會議管理', 'Conferences'], 'meeting'),
    legacy('conference_apply', ['会议申请', '會議申請', 'Conference applications'], 'meeting'),
    legacy('consult_apply', ['会诊申请', '會診申請', 'Consultation applications'], 'meeting'),
    legacy('consult_approve', ['会诊审批', '會診審批', 'Consultation approval'], 'meeting'),
    legacy('consult_query', ['会诊查询', '會診查詢', 'Consultation query'], 'meeting'),
    legacy('charge_query', ['收费查询', '收費查詢', 'Charges'], 'meeting'),
    legacy('consult_eval_list', ['会诊评价', '會診評價', 'Evaluations'], 'meeting'),
    legacy('consult_feedback_list', ['反馈列表', '反饋列表', 'Feedback'], 'meeting'),
    legacy('diagnosis_template', ['诊断模板', '診斷模板', 'Diagnosis templates'], 'meeting'),
  ]),
  dir('ultrasound', ['超声登记与管理', '超聲登記與管理', 'Ultrasound'], 'icon-ym icon-ym-generator-video', [
    legacy('ultras_regist', ['超声登记', '超聲登記', 'Registration'], 'ultrasound'),
    legacy('ultras_release_query', ['发布查询', '發佈查詢', 'Release query'], 'ultrasound'),
    legacy('ultras_report_query', ['报告查询', '報告查詢', 'Report query'], 'ultrasound'),
    legacy('ultras_diag_query', ['诊断查询', '診斷查詢', 'Diagnosis query'], 'ultrasound'),
    legacy('ultras_triage_query', ['分诊查询', '分診查詢', 'Triage query'], 'ultrasound'),
    legacy('ultras_collab_audit', ['协同审核', '協同審核', 'Collaborative audit'], 'ultrasound'),
    dir('ultrasStatis', ['超声统计', '超聲統計', 'Ultrasound statistics'], 'icon-ym icon-ym-report', [
      legacy('ultras_statis_diag_fee', ['诊断费统计', '診斷費統計', 'Diagnosis fees'], 'ultrasound'),
      legacy('ultras_statis_apply_fee', ['申请费统计', '申請費統計', 'Application fees'], 'ultrasound'),
      legacy('ultras_statis_diag_report', ['诊断报告统计', '診斷報告統計', 'Diagnosis reports'], 'ultrasound'),
      legacy('ultras_statis_workload', ['医生工作量', '醫生工作量', 'Doctor workload'], 'ultrasound'),
    ]),
  ]),
  dir('imageCentre', ['影像中心', '影像中心', 'Image centre'], 'icon-ym icon-ym-generator-image', [
    legacy('img_regist', ['影像登记', '影像登記', 'Registration'], 'imaging'),
    legacy('img_first_trial', ['影像初审', '影像初審', 'First review'], 'imaging'),
    legacy('img_diagnose', ['影像诊断', '影像診斷', 'Diagnosis'], 'imaging'),
    legacy('img_publish', ['发布列表', '發佈列表', 'Publish list'], 'imaging'),
    legacy('img_check_item', ['检查项目', '檢查項目', 'Examination items'], 'imaging'),
    legacy('img_check_body', ['检查部位', '檢查部位', 'Body parts'], 'imaging'),
    legacy('img_org_sort', ['机构排序', '機構排序', 'Organization order'], 'imaging'),
    legacy('img_diag_temp_sort', ['诊断模板分类', '診斷模板分類', 'Template categories'], 'imaging'),
    legacy('img_fee_schedule', ['收费标准', '收費標準', 'Fee schedule'], 'imaging'),
    legacy('img_statistics', ['影像统计', '影像統計', 'Imaging statistics'], 'imaging'),
  ]),
  dir('referral', ['双向转诊', '雙向轉診', 'Two-way referral'], 'icon-ym icon-ym-flowLaunch', [
    legacy('referral_monitor', ['转诊监控', '轉診監控', 'Monitoring'], 'referral'),
    legacy('referral_apply', ['转诊申请', '轉診申請', 'Referral application'], 'referral'),
    legacy('referral_examine', ['转诊审核', '轉診審核', 'Referral review'], 'referral'),
    legacy('referral_deal', ['转诊处理', '轉診處理', 'Referral handling'], 'referral'),
    legacy('referral_query', ['转诊查询', '轉診查詢', 'Referral query'], 'referral'),
    legacy('triage_center', ['分诊中心', '分診中心', 'Triage centre'], 'referral'),
  ]),
  dir('familyDoctor', ['家庭医生签约', '家庭醫生簽約', 'Family doctors'], 'icon-ym icon-ym-generator-group', [
    legacy('my_service', ['我的服务', '我的服務', 'My service'], 'familyDoctor'),
    legacy('fd_team', ['团队管理', '團隊管理', 'Teams'], 'familyDoctor'),
    legacy('team_audit', ['团队审核', '團隊審核', 'Team review'], 'familyDoctor'),
    legacy('plan_list', ['服务计划', '服務計劃', 'Service plans'], 'familyDoctor'),
    legacy('serve_modify', ['服务变更', '服務變更', 'Service changes'], 'familyDoctor'),
    legacy('serve_verify', ['服务核验', '服務核驗', 'Service verification'], 'familyDoctor'),
    legacy('serve_list', ['服务记录', '服務記錄', 'Service records'], 'familyDoctor'),
    legacy('question_list', ['问卷列表', '問卷列表', 'Questionnaires'], 'familyDoctor'),
    legacy('fd_package', ['服务项目与服务包', '服務項目與服務包', 'Items and packages'], 'familyDoctor'),
    legacy('fd_statis', ['签约履约统计', '簽約履約統計', 'Contract statistics'], 'familyDoctor'),
  ]),
  dir('dataApps', ['数据应用', '數據應用', 'Data applications'], 'icon-ym icon-ym-report', [
    {
      enCode: 'outpatientLog',
      titles: ['门诊日志（表单）', '門診日誌（表單）', 'Outpatient log (form)'],
      type: 3,
      url: 'model/outpatientLog',
      propertyJson: { moduleId: 'outpatientLog', isTree: 0 },
      ...crud(),
    },
    {
      enCode: 'dictDemo',
      titles: ['字典数据', '字典數據', 'Dictionary data'],
      type: 4,
      url: 'dictionary/dictDemo',
      propertyJson: { moduleId: 'gender' },
      ...crud(),
    },
    {
      enCode: 'referralReport',
      titles: ['转诊统计报表', '轉診統計報表', 'Referral report'],
      type: 5,
      url: 'report/referralReport',
      propertyJson: { moduleId: 'referralReport' },
    },
    {
      enCode: 'alliancePortal',
      titles: ['医共体门户', '醫共體門戶', 'Alliance portal'],
      type: 8,
      url: 'portal/alliancePortal',
      propertyJson: { moduleId: 'alliancePortal' },
    },
    {
      enCode: 'bigScreen',
      titles: ['运营大屏', '運營大屏', 'Operations screen'],
      type: 6,
      url: '',
      propertyJson: { moduleId: 'overview' },
    },
    {
      enCode: 'phsStandard',
      titles: ['基本公卫服务规范', '基本公衛服務規範', 'Public-health standard'],
      type: 7,
      url: '/docs/public-health-standard.html',
      linkTarget: '_blank',
    },
    { enCode: 'userGuide', titles: ['用户手册', '用戶手冊', 'User guide'], type: 7, url: '/docs/user-guide.html', linkTarget: '_self' },
    {
      enCode: 'quickStart',
      titles: ['快速入门', '快速入門', 'Quick start'],
      type: 9,
      url: 'iframe/quickStart',
      propertyJson: { src: '/docs/quick-start.html' },
    },
    page('myFiles', ['我的文件', '我的檔案', 'My files'], 'file/myFiles'),
  ]),
  dir('onlineDev', ['在线开发', '在線開發', 'Online development'], 'icon-ym icon-ym-onlineDev', [
    page('webDesign', ['功能设计', '功能設計', 'Form and list design'], 'onlineDev/webDesign', crud()),
    page('codeGenerator', ['代码生成', '代碼生成', 'Code generator'], 'onlineDev/codeGenerator', crud()),
    page('dataReportDesign', ['报表设计', '報表設計', 'Report design'], 'onlineDev/dataReport', crud()),
    page('portalDesign', ['门户设计', '門戶設計', 'Portal design'], 'onlineDev/portal', crud()),
  ]),
  dir('workFlow', ['工作流程', '工作流程', 'Workflow'], 'icon-ym icon-ym-workFlow', [
    page('flowLaunch', ['我发起的', '我發起的', 'Launched by me'], 'workFlow/flowLaunch'),
    page('flowTodo', ['待办事宜', '待辦事宜', 'To-do'], 'workFlow/flowTodo'),
    page('flowDone', ['已办事宜', '已辦事宜', 'Done'], 'workFlow/flowDone'),
    page('flowCirculate', ['抄送事宜', '抄送事宜', 'Circulated'], 'workFlow/flowCirculate'),
    page('flowEntrust', ['流程委托', '流程委託', 'Entrust'], 'workFlow/entrust', crud()),
    page('flowMonitor', ['流程监控', '流程監控', 'Monitor'], 'workFlow/flowMonitor'),
    page('flowEngine', ['流程设计', '流程設計', 'Flow design'], 'workFlow/flowEngine', crud()),
  ]),
  dir('system', ['系统管理', '系統管理', 'System management'], 'icon-ym icon-ym-systemToggle', [
    page(
      'dictionary',
      ['数据字典', '數據字典', 'Dictionaries'],
      'system/dictionary',
      crud([
        ['btn_export', '导出'],
        ['btn_import', '导入'],
      ]),
    ),
    page('area', ['行政区划', '行政區劃', 'Areas'], 'system/area', crud()),
    page('dataInterface', ['数据接口', '數據接口', 'Data interfaces'], 'system/dataInterface', crud([['btn_export', '导出']])),
    page('printDev', ['打印模板', '打印模板', 'Print templates'], 'system/printDev', crud([['btn_export', '导出']])),
    page('notice', ['公告管理', '公告管理', 'Notices'], 'system/notice', crud([['btn_release', '发布']])),
    page('billRule', ['单据规则', '單據規則', 'Bill-number rules'], 'system/billRule', crud([['btn_export', '导出']])),
    page('sysConfig', ['系统配置', '系統配置', 'System settings'], 'system/sysConfig', { buttons: [['btn_edit', '编辑']] }),
    page('sysLog', ['系统日志', '系統日誌', 'System logs'], 'system/log', { buttons: [['btn_remove', '删除']] }),
  ]),
  dir('permission', ['权限管理', '權限管理', 'Permissions'], 'icon-ym icon-ym-permission', [
    page('organize', ['组织管理', '組織管理', 'Organizations'], 'permission/organize', crud()),
    page('department', ['部门管理', '部門管理', 'Departments'], 'permission/department', crud()),
    page('position', ['岗位管理', '崗位管理', 'Positions'], 'permission/position', crud()),
    page('role', ['角色管理', '角色管理', 'Roles'], 'permission/role', crud()),
    page('userGroup', ['分组管理', '分組管理', 'Groups'], 'permission/group', crud()),
    page('user', ['用户管理', '用戶管理', 'Users'], 'permission/user', {
      ...crud([
        ['btn_resetPassword', '重置密码'],
        ['btn_import', '导入'],
        ['btn_export', '导出'],
      ]),
      columns: [
        ['account', '账号'],
        ['realName', '姓名'],
        ['mobilePhone', '手机'],
        ['organize', '所属组织'],
      ],
    }),
    page('authorize', ['权限授权', '權限授權', 'Authorization'], 'permission/authorize', { buttons: [['btn_edit', '授权']] }),
    page('onlineUser', ['在线用户', '在線用戶', 'Online users'], 'permission/onlineUser', { buttons: [['btn_forced', '强制下线']] }),
  ]),
  // The second system, so system switch has something to switch to.
  dir(
    'dataCenterHome',
    ['健康数据中心', '健康數據中心', 'Health data centre'],
    'icon-ym icon-ym-report',
    [
      {
        enCode: 'dcOverview',
        titles: ['数据概览', '數據概覽', 'Overview'],
        type: 8,
        url: 'portal/dcOverview',
        propertyJson: { moduleId: 'dcOverview' },
      },
      {
        enCode: 'dcReport',
        titles: ['指标报表', '指標報表', 'Indicator report'],
        type: 5,
        url: 'report/dcReport',
        propertyJson: { moduleId: 'dcReport' },
      },
    ],
    DATA_SYSTEM,
  ),
];

/** A stable 18-digit id from a menu enCode (and an item suffix), so reseeding updates rather than duplicates. */
export function stableId(prefix: string, key: string): string {
  const n = BigInt(`0x${createHash('sha1').update(key).digest('hex').slice(0, 14)}`) % 10n ** 16n;
  return `${prefix}${n.toString().padStart(16, '0')}`;
}
