import { optionLetter, type ExamQuestionType } from '@medalliance/contract';

/**
 * Automatic marking of the objective questions: single choice and true/false
 * must equal the key; multiple choice is all-or-nothing (the same set of
 * letters, no more, no fewer). Short answers are marked by hand: null here.
 */
export function markObjective(
  type: ExamQuestionType,
  key: string[],
  given: string[] | null,
  points: number,
): { correct: 0 | 1; score: number } | null {
  if (type === 'short') return null;
  const g = given ?? [];
  const same = g.length === key.length && new Set(g).size === g.length && g.every((a) => key.includes(a));
  return same ? { correct: 1, score: points } : { correct: 0, score: 0 };
}

/** Whether `answer` has the form a question of `type` with `optionCount` options accepts (empty = unanswered). */
export function answerFits(type: ExamQuestionType, optionCount: number, answer: string[]): boolean {
  if (!answer.length) return true;
  const letters = Array.from({ length: optionCount }, (_, i) => optionLetter(i));
  if (type === 'single') return answer.length === 1 && letters.includes(answer[0]!);
  if (type === 'multiple') return new Set(answer).size === answer.length && answer.every((a) => letters.includes(a));
  if (type === 'judge') return answer.length === 1 && (answer[0] === 'T' || answer[0] === 'F');
  return answer.length === 1;
}

/** The certificate number of a passed attempt: ZS + the day it was marked (UTC) + the attempt id's tail (unique with it). */
export const certificateNo = (attemptId: string, at: number): string =>
  `ZS${new Date(at).toISOString().slice(0, 10).replace(/-/g, '')}${attemptId.slice(-6).toUpperCase()}`;
