import type { Language, KpiProgramme, KpiResult, KpiRow } from '@medalliance/contract';
import { translate } from '../../../http/i18n.ts';
import './messages.ts';

/**
 * The KPIs as a workbook (exceljs): per programme a sheet by organisation and
 * a sheet by doctor, counts as numbers and rates as percentages, the total row
 * last and the definitions under it.
 */
const excel = async () => (await import('exceljs')).default;

const COLUMNS = ['managed', 'standard', 'standardRate', 'controlled', 'controlRate', 'archives', 'archivesUsed', 'archiveRate'] as const;
const RATES = new Set<string>(['standardRate', 'controlRate', 'archiveRate']);

export async function kpiWorkbook(
  tables: { programme: KpiProgramme; byOrg: KpiResult; byDoctor: KpiResult }[],
  lang: Language,
): Promise<Buffer> {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, `health.kpi.${k}`, p);
  const wb = new (await excel()).Workbook();
  const headerFill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFEFF3F8' } };
  for (const { programme, byOrg, byDoctor } of tables) {
    for (const [kind, result] of [
      ['org', byOrg],
      ['doctor', byDoctor],
    ] as const) {
      const ws = wb.addWorksheet(t(`sheet.${kind}`, { programme: t(programme) }).slice(0, 31));
      ws.columns = [{ width: 26 }, ...COLUMNS.map(() => ({ width: 16 }))];
      ws.addRow([t('title', { year: result.year, programme: t(programme), org: result.org.name })]).font = { bold: true, size: 14 };
      ws.mergeCells(1, 1, 1, COLUMNS.length + 1);
      const head = ws.addRow([t(kind === 'org' ? 'col.org' : 'col.doctor'), ...COLUMNS.map((c) => t(`col.${c}`))]);
      head.font = { bold: true };
      head.eachCell((c) => (c.fill = headerFill));
      const line = (name: string, r: Omit<KpiRow, 'key' | 'name'>) => {
        const row = ws.addRow([name, ...COLUMNS.map((c) => (r[c] === null ? '' : r[c]))]);
        COLUMNS.forEach((c, i) => {
          if (RATES.has(c)) row.getCell(i + 2).numFmt = '0.0%';
        });
        return row;
      };
      for (const r of result.rows) {
        const name = kind === 'doctor' && r.key === '-' ? t('noDoctor') : r.own ? `${r.name}${t('own')}` : r.name;
        line(name, r);
      }
      const total = line(t('total'), result.total);
      total.font = { bold: true };
      total.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF7E6' } };
      ws.addRow([]);
      ws.addRow([t('note')]).font = { italic: true, color: { argb: 'FF8C8C8C' } };
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
