import { defineMessages } from '../../../http/i18n.ts';

/** Server texts of elderly 65+ management and the by-unit follow-up list (issue 18, M8), in zh, zhtw and en. */
defineMessages({
  zh: {
    'elderly.notEligible': '该居民在 {year} 年未满 65 周岁，不属于老年人健康管理对象',
    'elderly.alreadyChecked': '该居民 {year} 年已有健康体检记录，请修改原记录',
    'elderly.archiveCancelled': '该居民档案已注销',
    'elderly.futureDate': '体检日期不能晚于今天',
    'elderly.selfCareRequired': '请完成生活自理能力评估的五个项目',
    'elderly.screenRequired': '请填写认知功能和情感状态粗筛结果（{field}）',
    'elderly.residentChanged': '不能修改体检记录的居民',
    'elderly.outOfScope': '该机构不在您的管辖范围内',
    'elderly.badPeriod': '统计期间的结束日期应晚于开始日期',
  },
  zhtw: {
    'elderly.notEligible': '該居民在 {year} 年未滿 65 周歲，不屬於老年人健康管理對象',
    'elderly.alreadyChecked': '該居民 {year} 年已有健康體檢記錄，請修改原記錄',
    'elderly.archiveCancelled': '該居民檔案已註銷',
    'elderly.futureDate': '體檢日期不能晚於今天',
    'elderly.selfCareRequired': '請完成生活自理能力評估的五個項目',
    'elderly.screenRequired': '請填寫認知功能和情感狀態粗篩結果（{field}）',
    'elderly.residentChanged': '不能修改體檢記錄的居民',
    'elderly.outOfScope': '該機構不在您的管轄範圍內',
    'elderly.badPeriod': '統計期間的結束日期應晚於開始日期',
  },
  en: {
    'elderly.notEligible': 'The resident is not 65 or older during {year}: not in elderly health management',
    'elderly.alreadyChecked': 'The resident already has a health check in {year}: edit that one',
    'elderly.archiveCancelled': "The resident's archive is cancelled",
    'elderly.futureDate': 'The check date cannot be later than today',
    'elderly.selfCareRequired': 'Answer the five items of the self-care assessment',
    'elderly.screenRequired': 'Give the cognition and emotion screening results ({field})',
    'elderly.residentChanged': "A check's resident cannot be changed",
    'elderly.outOfScope': 'This organization is outside your scope',
    'elderly.badPeriod': 'The end of the period must be after its start',
  },
});
