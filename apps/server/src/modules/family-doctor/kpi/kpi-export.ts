import { FD_KPI_GROUPS, type FdKpiResult, type Language } from '@medalliance/contract';
import { translate } from '../../../http/i18n.ts';
import '../teams/messages.ts';

/** The KPI table as a workbook (exceljs, as the referral statistics): counts as numbers, rates as percentages, money in yuan. */
const excel = async () => (await import('exceljs')).default;
const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } };

export async function kpiWorkbook(k: FdKpiResult, lang: Language): Promise<Buffer> {
  const t = (key: string) => translate(lang, `fdt.x.${key}`);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(t('sheet').slice(0, 31));
  const head = [
    t(`by.${k.by}`),
    t('residents'),
    t('contracted'),
    t('signRate'),
    ...FD_KPI_GROUPS.map((g) => `${t(`group.${g}`)} ${t('signRate')}`),
    t('due'),
    t('done'),
    t('keepRate'),
    t('contracts'),
    t('revenue'),
  ];
  ws.columns = head.map((_, i) => ({ width: i === 0 ? 28 : 14 }));
  ws.addRow([t('title')]).font = { bold: true, size: 14 };
  const h = ws.addRow(head);
  h.font = { bold: true };
  h.eachCell((c) => (c.fill = headerFill));
  const rateCols = [4, ...FD_KPI_GROUPS.map((_, i) => 5 + i), 8 + FD_KPI_GROUPS.length];
  const add = (r: FdKpiResult['total'], name: string, bold = false) => {
    const row = ws.addRow([
      name,
      r.residents,
      r.contracted,
      r.signRate ?? '',
      ...FD_KPI_GROUPS.map((g) => r.groups[g].rate ?? ''),
      r.due,
      r.done,
      r.keepRate ?? '',
      r.contracts,
      r.revenue / 100,
    ]);
    for (const c of rateCols) row.getCell(c).numFmt = '0.0%';
    row.getCell(head.length).numFmt = '#,##0.00';
    if (bold) row.font = { bold: true };
  };
  for (const r of k.rows) add(r, r.name);
  add(k.total, t('total'), true);
  ws.addRow([]);
  const p = ws.addRow([t('package'), t('contracts'), t('revenue')]);
  p.font = { bold: true };
  p.eachCell((c) => (c.fill = headerFill));
  for (const x of k.packages) ws.addRow([x.name, x.contracts, x.revenue / 100]).getCell(3).numFmt = '#,##0.00';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
