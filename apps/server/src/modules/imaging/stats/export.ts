import type { ImgStats, Language } from '@medalliance/contract';
import { translate } from '../../../http/i18n.ts';
import './messages.ts';

/** The statistics as one workbook (exceljs, as referral/stats-export.ts): a sheet per table, fees in yuan, rates as percentages. */
const excel = async () => (await import('exceljs')).default;
const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } };
const yuan = (fen: number) => fen / 100;

export async function statsWorkbook(s: ImgStats, lang: Language): Promise<Buffer> {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, `imgStats.${k}`, p);
  const wb = new (await excel()).Workbook();
  const sheet = (name: string, widths: number[], head: string[]) => {
    const ws = wb.addWorksheet(t(`x.${name}`).slice(0, 31));
    ws.columns = widths.map((width) => ({ width }));
    ws.addRow([t('x.title', { centre: t(`x.file.${s.centre}`), from: s.monthFrom, to: s.monthTo })]).font = { bold: true, size: 13 };
    const h = ws.addRow(head.map((k) => t(`x.${k}`)));
    h.font = { bold: true };
    h.eachCell((c) => (c.fill = headerFill));
    return ws;
  };
  const money = '#,##0.00';
  const pct = '0.0%';

  const sum = sheet('summary', [24, 16], ['measure', 'value']);
  const T = s.totals;
  const lines: [string, number | string, string?][] = [
    ['registered', T.registered],
    ['breached', T.breached],
    ['released', T.released],
    ['turnaround', T.turnaroundHours ?? ''],
    ['positiveRate', T.positiveRate ?? '', pct],
    ['disagreeRate', T.disagreeRate ?? '', pct],
    ['diagFee', yuan(T.diagFee), money],
    ['applyFee', yuan(T.applyFee), money],
  ];
  for (const [k, v, fmt] of lines) {
    const row = sum.addRow([t(`x.${k}`), v]);
    if (fmt) row.getCell(2).numFmt = fmt;
  }

  const units = sheet(
    'units',
    [26, 10, 10, 10, 16, 10, 10, 12, 12, 14, 14],
    [
      'unit',
      'registered',
      'breached',
      'released',
      'turnaround',
      'positive',
      'positiveRate',
      'disagree',
      'disagreeRate',
      'diagFee',
      'applyFee',
    ],
  );
  const unitRow = (label: string, r: typeof T) => {
    const row = units.addRow([
      label,
      r.registered,
      r.breached,
      r.released,
      r.turnaroundHours ?? '',
      r.positive,
      r.positiveRate ?? '',
      r.disagree,
      r.disagreeRate ?? '',
      yuan(r.diagFee),
      yuan(r.applyFee),
    ]);
    row.getCell(7).numFmt = pct;
    row.getCell(9).numFmt = pct;
    row.getCell(10).numFmt = money;
    row.getCell(11).numFmt = money;
    return row;
  };
  for (const u of s.units) unitRow(u.unitName, u);
  unitRow(t('x.total'), T).font = { bold: true };

  const fees = sheet('fees', [26, 10, 10, 14, 14], ['unit', 'month', 'released', 'diagFee', 'applyFee']);
  for (const f of s.fees) {
    const row = fees.addRow([f.unitName, f.month, f.released, yuan(f.diagFee), yuan(f.applyFee)]);
    row.getCell(4).numFmt = money;
    row.getCell(5).numFmt = money;
  }
  const ft = fees.addRow([t('x.total'), '', T.released, yuan(T.diagFee), yuan(T.applyFee)]);
  ft.font = { bold: true };
  ft.getCell(4).numFmt = money;
  ft.getCell(5).numFmt = money;

  const docs = sheet('doctors', [16, 10, 10, 10, 14], ['doctor', 'reports', 'audits', 'positive', 'diagFee']);
  for (const d of s.doctors) docs.addRow([d.realName, d.reports, d.audits, d.positive, yuan(d.diagFee)]).getCell(5).numFmt = money;

  const stages = sheet('stages', [30, 10, 18], ['stage', 'count', 'avgHours']);
  for (const st of s.stages) stages.addRow([t(`stage.${st.stage}`), st.count, st.avgHours ?? '']);

  const grades = sheet('grades', [16, 10], ['grade', 'count']);
  for (const g of s.grades) grades.addRow([t(`grade.${g.grade}`), g.count]);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
