import { defineMessages } from '../../../http/i18n.ts';

/** Server texts of the imaging catalogue and fee schedule (issue 20): errors; zh, zhtw, en. */
defineMessages({
  zh: {
    'imgCatalog.codeTaken': '编码 {code} 已存在',
    'imgCatalog.inUse': '已被检查项目、模板、收费标准或检查单引用，不能删除，可停用',
    'imgCatalog.badBodyPart': '检查部位不存在或不属于该中心',
    'imgCatalog.badItem': '检查项目不存在或不属于该中心',
    'imgCatalog.badCategory': '模板分类不存在或不属于该中心',
    'imgCatalog.badParent': '上级分类无效（不存在、不属于该中心或形成循环）',
    'imgCatalog.itemNotOnBodyPart': '检查项目不属于所选检查部位',
    'imgCatalog.categoryNotEmpty': '分类下还有子分类或模板，不能删除',
    'imgCatalog.badOrder': '排序列表无效：包含未知、重复或其他中心的记录',
    'imgCatalog.feeInEffect': '已生效的收费标准不能修改或删除，请新增一条以新日期生效的标准',
    'imgCatalog.feeDuplicate': '该项目同一生效日期已有此类收费标准',
  },
  zhtw: {
    'imgCatalog.codeTaken': '編碼 {code} 已存在',
    'imgCatalog.inUse': '已被檢查項目、模板、收費標準或檢查單引用，不能刪除，可停用',
    'imgCatalog.badBodyPart': '檢查部位不存在或不屬於該中心',
    'imgCatalog.badItem': '檢查項目不存在或不屬於該中心',
    'imgCatalog.badCategory': '模板分類不存在或不屬於該中心',
    'imgCatalog.badParent': '上級分類無效（不存在、不屬於該中心或形成循環）',
    'imgCatalog.itemNotOnBodyPart': '檢查項目不屬於所選檢查部位',
    'imgCatalog.categoryNotEmpty': '分類下還有子分類或模板，不能刪除',
    'imgCatalog.badOrder': '排序列表無效：包含未知、重複或其他中心的記錄',
    'imgCatalog.feeInEffect': '已生效的收費標準不能修改或刪除，請新增一條以新日期生效的標準',
    'imgCatalog.feeDuplicate': '該項目同一生效日期已有此類收費標準',
  },
  en: {
    'imgCatalog.codeTaken': 'The code {code} is already in use',
    'imgCatalog.inUse': 'Items, templates, fees or studies refer to it: it cannot be removed, disable it instead',
    'imgCatalog.badBodyPart': 'The body part does not exist or belongs to another centre',
    'imgCatalog.badItem': 'The examination item does not exist or belongs to another centre',
    'imgCatalog.badCategory': 'The template category does not exist or belongs to another centre',
    'imgCatalog.badParent': 'Invalid parent category (unknown, of another centre, or a cycle)',
    'imgCatalog.itemNotOnBodyPart': 'The examination item is not on the chosen body part',
    'imgCatalog.categoryNotEmpty': 'The category still holds sub-categories or templates',
    'imgCatalog.badOrder': 'Invalid order: unknown, repeated or other-centre rows',
    'imgCatalog.feeInEffect': 'A fee already in effect cannot be changed or removed: add a new one with a later date',
    'imgCatalog.feeDuplicate': 'This kind of fee already exists for the item on that date',
  },
});
