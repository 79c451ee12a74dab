import {
  displayColumns,
  formatReportValue,
  headerRow,
  interleaveSubtotals,
  type Language,
  type ReportColumn,
  type ReportRunResult,
} from '@medalliance/contract';
import { translate } from '../../http/i18n.ts';
import './messages.ts';

/**
 * A run as a workbook (exceljs): the merged header groups over the column
 * titles, the rows with their subtotals, and the grand total, styled apart.
 */
const excel = async () => (await import('exceljs')).default;

/** Numbers stay numbers (so the sheet can sum them); everything else as the page shows it. */
function cellValue(c: ReportColumn, v: unknown, labels: ReportRunResult['labels']): string | number {
  const numeric = !c.format || c.format === 'number' || c.format === 'money' || c.format === 'percent' || c.format === 'text';
  if (typeof v === 'number' && numeric && c.format !== 'text') return v;
  if (typeof v === 'number' && !c.format) return v;
  return formatReportValue(c, v, labels);
}

export async function reportWorkbook(title: string, result: ReportRunResult, lang: Language): Promise<Buffer> {
  const def = result.definition;
  const columns = displayColumns(def);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(translate(lang, 'report.sheet'));
  ws.columns = columns.map((c) => ({ key: c.field, width: Math.max(8, Math.round((c.width ?? 120) / 7)) }));
  const top = headerRow(columns, def.headerGroups);
  const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } };
  const border = { style: 'thin' as const, color: { argb: 'FFD9D9D9' } };
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, Math.max(1, columns.length));
  let headerRows = 1;
  if (top) {
    const r = ws.addRow(columns.map(() => ''));
    const r2 = ws.addRow(columns.map((c) => c.title));
    for (const cell of top) {
      r.getCell(cell.col + 1).value = cell.title;
      if (cell.both) ws.mergeCells(r.number, cell.col + 1, r2.number, cell.col + 1);
      else if (cell.span > 1) ws.mergeCells(r.number, cell.col + 1, r.number, cell.col + cell.span);
    }
    headerRows = 2;
  } else ws.addRow(columns.map((c) => c.title));
  for (let i = 2; i < 2 + headerRows; i++) {
    const row = ws.getRow(i);
    row.font = { bold: true };
    row.alignment = { vertical: 'middle', horizontal: 'center' };
    for (let j = 1; j <= columns.length; j++) {
      row.getCell(j).fill = headerFill;
      row.getCell(j).border = { top: border, left: border, bottom: border, right: border };
    }
  }
  const groupBy = def.grouping.groupBy;
  for (const item of interleaveSubtotals(result.rows, result.subtotals, groupBy)) {
    if (item.kind === 'row') {
      ws.addRow(columns.map((c) => cellValue(c, item.row[c.field], result.labels)));
      continue;
    }
    const s = item.subtotal;
    const values = columns.map((c) => {
      if (Object.hasOwn(s.keys, c.field)) return cellValue(c, s.keys[c.field], result.labels);
      if (Object.hasOwn(s.values, c.field)) return cellValue(c, s.values[c.field], result.labels);
      return '';
    });
    values[Math.min(s.level, columns.length - 1)] ||= translate(lang, 'report.subtotal');
    const row = ws.addRow(values);
    row.font = { bold: true, color: { argb: 'FF1F4E79' } };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F8FF' } };
  }
  if (result.total) {
    const values = columns.map((c) =>
      Object.hasOwn(result.total!, c.field) && !groupBy.includes(c.field) ? cellValue(c, result.total![c.field], result.labels) : '',
    );
    values[0] = translate(lang, 'report.total');
    const row = ws.addRow(values);
    row.font = { bold: true };
    row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF7E6' } };
  }
  columns.forEach((c, i) => {
    if (c.align) ws.getColumn(i + 1).alignment = { horizontal: c.align };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
