import { defineMessages } from '../../http/i18n.ts';

/** Server texts of the record import (import.service.ts) and its template's help sheet (export.service.ts), in zh, zhtw and en. */
defineMessages({
  zh: {
    'records.importBadCell': '{label}：单元格是没有计算结果的公式或错误值，请填写值',
    'records.importCellTooLong': '{label}：单元格超过 {max} 个字符',
    'records.importOrphanRow': '该行只有子表数据，上方没有所属的记录（记录的第一行须填写主表列）',
    'records.templateHelpSheet': '填写说明',
    'records.templateHelp1':
      '导入时只读取第一个工作表。每条记录占一行；标题为“子表-列”的列是子表，同一记录的更多子表行写在其下方的行中，这些行的主表列留空。',
    'records.templateHelp2': '带 * 的列必须填写；选项列填写选项名称，多个用逗号分隔；日期写成 2024-05-01 或 2024-05-01 08:30。',
  },
  zhtw: {
    'records.importBadCell': '{label}：儲存格是沒有計算結果的公式或錯誤值，請填寫值',
    'records.importCellTooLong': '{label}：儲存格超過 {max} 個字元',
    'records.importOrphanRow': '該列只有子表數據，上方沒有所屬的記錄（記錄的第一列須填寫主表欄）',
    'records.templateHelpSheet': '填寫說明',
    'records.templateHelp1':
      '匯入時只讀取第一個工作表。每筆記錄佔一列；標題為「子表-欄」的欄是子表，同一記錄的更多子表列寫在其下方的列中，這些列的主表欄留空。',
    'records.templateHelp2': '帶 * 的欄必須填寫；選項欄填寫選項名稱，多個用逗號分隔；日期寫成 2024-05-01 或 2024-05-01 08:30。',
  },
  en: {
    'records.importBadCell': '{label}: the cell is a formula without a value or an error value; enter a value',
    'records.importCellTooLong': '{label}: the cell has more than {max} characters',
    'records.importOrphanRow': 'This row has only sub-table values and no record above it (a record’s first row fills the main columns)',
    'records.templateHelpSheet': 'How to fill in',
    'records.templateHelp1':
      'Only the first sheet is imported. One record per row; columns headed "sub-table-column" belong to a sub-table, and a record’s further sub-table rows go on the rows below it with the main columns left empty.',
    'records.templateHelp2':
      'Columns marked * are required; option columns take the option names, several separated by commas; dates as 2024-05-01 or 2024-05-01 08:30.',
  },
});
