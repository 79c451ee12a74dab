import type { Language } from '@medalliance/contract';
import { translate } from '../../http/i18n.ts';
import type { ConsultView } from './consult.service.ts';
import './messages.ts';

/** The consultation query as a workbook (exceljs): one row per request, patient names masked as on screen. */
const excel = async () => (await import('exceljs')).default;

const COLUMNS = [
  'code',
  'patient',
  'org',
  'applicant',
  'question',
  'urgency',
  'mode',
  'state',
  'experts',
  'createdAt',
  'fee',
  'score',
] as const;

export async function consultWorkbook(list: ConsultView[], lang: Language): Promise<Buffer> {
  const t = (k: string) => translate(lang, `consult.xlsx.${k}`);
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(t('sheet').slice(0, 31));
  ws.columns = COLUMNS.map((c) => ({ width: c === 'question' ? 40 : 16 }));
  const head = ws.addRow(COLUMNS.map((c) => t(c)));
  head.font = { bold: true };
  const date = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  for (const r of list)
    ws.addRow([
      r.code,
      r.patientName,
      r.orgName ?? '',
      r.applicantName ?? '',
      r.question,
      translate(lang, `consult.urgency.${r.urgency}`),
      translate(lang, `consult.mode.${r.mode}`),
      translate(lang, `consult.state.${r.state}`),
      r.experts.map((e) => e.realName).join('、'),
      date(r.createdAt),
      r.fee === null ? '' : r.fee / 100,
      r.score ?? '',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
