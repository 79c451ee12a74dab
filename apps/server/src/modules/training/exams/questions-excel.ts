import ExcelJS from 'exceljs';
import { examQuestionBody, MAX_OPTIONS, optionLetter, type ExamQuestionType } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { Language } from '@medalliance/contract';
import { badRequest } from '../../../http/errors.ts';
import { translate } from '../../../http/i18n.ts';
import { now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';

/**
 * The question bank's Excel import: one question per row — category, type
 * (单选/多选/判断/简答 or single/multiple/judge/short), stem, options A–H,
 * answer (letters such as "B" or "ACD", 对/错 or T/F, or the reference text),
 * points, explanation. Every row is checked with the same zod rules as the
 * form; one bad row refuses the whole file (with each bad row's number and
 * reason), so an import never lands half.
 */
export const IMPORT_MAX_ROWS = 1000;
const TYPE_OF: Record<string, ExamQuestionType> = {
  单选: 'single',
  单选题: 'single',
  單選: 'single',
  單選題: 'single',
  single: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  多選: 'multiple',
  多選題: 'multiple',
  multiple: 'multiple',
  判断: 'judge',
  判断题: 'judge',
  判斷: 'judge',
  判斷題: 'judge',
  judge: 'judge',
  简答: 'short',
  简答题: 'short',
  簡答: 'short',
  簡答題: 'short',
  short: 'short',
};
const JUDGE: Record<string, string> = {
  对: 'T',
  對: 'T',
  正确: 'T',
  正確: 'T',
  t: 'T',
  true: 'T',
  错: 'F',
  錯: 'F',
  错误: 'F',
  錯誤: 'F',
  f: 'F',
  false: 'F',
};
const HEADERS = [
  '分类',
  '题型',
  '题干',
  ...Array.from({ length: MAX_OPTIONS }, (_, i) => `选项${optionLetter(i)}`),
  '答案',
  '分值',
  '解析',
];

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  return String(v).trim();
};

/** The template: the header row and one example of each type. */
export async function questionTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('试题');
  ws.addRow(HEADERS);
  ws.getRow(1).font = { bold: true };
  const pad = (opts: string[]) => [...opts, ...Array(MAX_OPTIONS - opts.length).fill('')];
  ws.addRow(['慢病管理', '单选', '成人高血压诊断标准为：', ...pad(['≥130/80 mmHg', '≥140/90 mmHg', '≥160/100 mmHg']), 'B', 4, '']);
  ws.addRow(['院感防控', '多选', '标准预防措施包括：', ...pad(['手卫生', '个人防护', '安全注射', '全部隔离']), 'ABC', 5, '']);
  ws.addRow(['急救技能', '判断', '使用AED分析心律时不得接触患者。', ...pad([]), '对', 4, '']);
  ws.addRow(['基本公共卫生', '简答', '简述居民健康档案的主要内容。', ...pad([]), '个人基本信息、健康体检、重点人群健康管理记录等', 10, '']);
  ws.columns.forEach((c, i) => (c.width = i === 2 ? 40 : 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads and checks every row; inserts them all in one transaction, or none. */
export async function importQuestions(db: Kysely<any>, buffer: Buffer, userId: string, lang: Language): Promise<{ imported: number }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (e) {
    throw badRequest('exams.badImport', { reason: (e as Error).message.slice(0, 100) });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('exams.badImport', { reason: 'no sheet' });
  const rows: Record<string, unknown>[] = [];
  const errors: { row: number; msg: string }[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const cells = HEADERS.map((_, i) => cellText(row.getCell(i + 1).value));
    if (cells.every((c) => !c)) return;
    const [category, typeText, stem, ...rest] = cells;
    const options = rest.slice(0, MAX_OPTIONS).filter(Boolean);
    const [answerText, scoreText, analysis] = rest.slice(MAX_OPTIONS);
    const type = TYPE_OF[typeText!.toLowerCase()] ?? TYPE_OF[typeText!];
    const answer =
      type === 'judge'
        ? [JUDGE[answerText!.toLowerCase()] ?? answerText!]
        : type === 'short'
          ? answerText
            ? [answerText]
            : []
          : [...new Set(answerText!.toUpperCase().replace(/[^A-Z]/g, ''))];
    const parsed = examQuestionBody.safeParse({
      category,
      type: type ?? typeText,
      stem,
      options: type === 'single' || type === 'multiple' ? options : [],
      answer,
      score: Number(scoreText),
      analysis: analysis ?? '',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      errors.push({ row: n, msg: `${issue.path.join('.') || '-'}: ${issue.message}` });
      return;
    }
    const b = parsed.data;
    rows.push({
      id: newId(),
      category: b.category,
      type: b.type,
      stem: b.stem,
      options: JSON.stringify(b.options),
      answer: JSON.stringify(b.answer),
      score: b.score,
      analysis: b.analysis || null,
      enabled: 1,
      created_by: userId,
      created_at: now(),
    });
  });
  if (rows.length + errors.length > IMPORT_MAX_ROWS) throw badRequest('exams.badImport', { reason: `> ${IMPORT_MAX_ROWS}` });
  if (errors.length)
    throw badRequest(
      'exams.badImport',
      {
        reason: errors
          .slice(0, 3)
          .map((e) => `#${e.row} ${e.msg}`)
          .join('; '),
      },
      { errors },
    );
  if (!rows.length) throw badRequest('exams.badImport', { reason: translate(lang, 'exams.importEmpty') });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100)
      await trx
        .insertInto('tr_questions')
        .values(rows.slice(i, i + 100))
        .execute();
  });
  return { imported: rows.length };
}
