import type { Language, ReferralRow } from '@medalliance/contract';
import { translate } from '../../http/i18n.ts';
import type { ReferralStats } from './stats.ts';
import './messages.ts';

/** The statistics and the query list as workbooks (exceljs, as kpi-export.ts): counts as numbers, rates as percentages. */
const excel = async () => (await import('exceljs')).default;
const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } };

export async function statsWorkbook(s: ReferralStats, lang: Language): Promise<Buffer> {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, `referral.x.${k}`, p);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(t('sheet').slice(0, 31));
  ws.columns = [{ width: 26 }, { width: 10 }, { width: 10 }, { width: 10 }, { width: 22 }, { width: 12 }];
  ws.addRow([t('title', { from: s.monthFrom, to: s.monthTo })]).font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, 7);
  const head = ws.addRow([t('unit'), t('month'), t('up'), t('down'), t('turnaround'), t('arrivalRate')]);
  head.font = { bold: true };
  head.eachCell((c) => (c.fill = headerFill));
  for (const r of s.rows) {
    const row = ws.addRow([r.unitName, r.month, r.up, r.down, r.turnaroundHours ?? '', r.arrivalRate ?? '']);
    row.getCell(6).numFmt = '0.0%';
  }
  const total = ws.addRow([t('total'), '', s.total.up, s.total.down, s.total.turnaroundHours ?? '', s.total.arrivalRate ?? '']);
  total.font = { bold: true };
  total.getCell(6).numFmt = '0.0%';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function listWorkbook(
  rows: ReferralRow[],
  lang: Language,
  statusName: (s: string) => string,
  directionName: (d: string) => string,
): Promise<Buffer> {
  const t = (k: string) => translate(lang, `referral.x.${k}`);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(t('list').slice(0, 31));
  ws.columns = [{ width: 24 }, { width: 8 }, { width: 12 }, { width: 12 }, { width: 22 }, { width: 22 }, { width: 30 }, { width: 18 }];
  const head = ws.addRow([t('no'), t('direction'), t('status'), t('patient'), t('from'), t('to'), t('diagnosis'), t('created')]);
  head.font = { bold: true };
  head.eachCell((c) => (c.fill = headerFill));
  for (const r of rows) {
    const row = ws.addRow([
      r.referralNo,
      directionName(r.direction),
      statusName(r.status),
      r.fullName,
      r.fromUnitName ?? '',
      r.toUnitName ?? '',
      r.diagnosis,
      new Date(r.createdAt),
    ]);
    row.getCell(8).numFmt = 'yyyy-mm-dd hh:mm';
  }
  ws.addRow([]);
  ws.addRow([t('note')]).font = { italic: true, color: { argb: 'FF8C8C8C' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
