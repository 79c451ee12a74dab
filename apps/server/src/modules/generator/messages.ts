import { defineMessages } from '../../http/i18n.ts';

/** Server texts of the code generator, in zh, zhtw and en. */
defineMessages({
  zh: {
    'generator.notReleased': '功能“{name}”尚未发布，请先发布再生成代码',
    'generator.badName': '{field}：“{name}”不能作为代码标识（只能是字母开头的字母、数字和下划线）',
    'generator.badArea': '模块目录 {area} 不存在',
    'generator.fieldClash': '字段 {field} 与表 {table} 的系统字段或其他字段重名',
    'generator.noFields': '该功能没有可以保存数据的字段',
    'generator.tableExists': '数据表 {table} 已存在，请换一个表名',
  },
  zhtw: {
    'generator.notReleased': '功能「{name}」尚未發佈，請先發佈再生成代碼',
    'generator.badName': '{field}：「{name}」不能作為代碼標識（只能是字母開頭的字母、數字和下劃線）',
    'generator.badArea': '模組目錄 {area} 不存在',
    'generator.fieldClash': '欄位 {field} 與表 {table} 的系統欄位或其他欄位重名',
    'generator.noFields': '該功能沒有可以保存數據的欄位',
    'generator.tableExists': '數據表 {table} 已存在，請換一個表名',
  },
  en: {
    'generator.notReleased': 'The model "{name}" has never been released: release it before generating its code',
    'generator.badName': '{field}: "{name}" cannot be a code identifier (a letter, then letters, digits or _)',
    'generator.badArea': 'There is no module folder {area}',
    'generator.fieldClash': 'The field {field} clashes with a system column or another field of table {table}',
    'generator.noFields': 'This model has no field that stores data',
    'generator.tableExists': 'The table {table} already exists: choose another table name',
  },
});
