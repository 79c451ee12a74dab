import type { ExamQuestionRow, ExamQuestionType } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';

/** Our tables through an untyped Kysely (like the referral module): they are not in db/schema.ts. */
export const rawDb = (ctx: AppContext): Kysely<any> => ctx.db.withoutPlugins() as unknown as Kysely<any>;

export const parseList = (text: unknown): string[] => {
  if (typeof text !== 'string' || !text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A bank question as the exam manager sees it (with the key). */
export function questionRow(r: Record<string, any>): ExamQuestionRow {
  return {
    id: String(r.id),
    category: String(r.category),
    type: r.type as ExamQuestionType,
    stem: String(r.stem),
    options: parseList(r.options),
    answer: parseList(r.answer),
    score: Number(r.score),
    analysis: r.analysis ? String(r.analysis) : '',
    createdAt: Number(r.created_at),
    used: Number(r.used ?? 0),
  };
}

/** A unique-index violation on SQLite or PostgreSQL. */
export const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || /UNIQUE constraint failed/i.test(err?.message ?? '');
};
