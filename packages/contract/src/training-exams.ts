import { z } from 'zod';

/**
 * Training-centre examinations (issue 21): the question bank, papers, sign-ups
 * approved through the workflow engine, timed attempts, marking and statistics.
 * Answers are arrays of strings for every type: option letters for single and
 * multiple choice ('A', 'B' … by option position), 'T' or 'F' for true/false,
 * one free text for a short answer (its reference answer in the bank).
 */
export const EXAM_QUESTION_TYPES = ['single', 'multiple', 'judge', 'short'] as const;
export type ExamQuestionType = (typeof EXAM_QUESTION_TYPES)[number];
export const EXAM_PAPER_STATUSES = ['draft', 'published', 'closed'] as const;
export type ExamPaperStatus = (typeof EXAM_PAPER_STATUSES)[number];
/** 'withdrawn': the sign-up's flow was revoked by the taker or cancelled by the monitor; a new sign-up is allowed. */
export const EXAM_SIGNUP_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ExamSignupStatus = (typeof EXAM_SIGNUP_STATUSES)[number];
export const EXAM_ATTEMPT_STATUSES = ['in_progress', 'submitted', 'marked'] as const;
export type ExamAttemptStatus = (typeof EXAM_ATTEMPT_STATUSES)[number];
export const EXAM_STATS_BY = ['paper', 'course', 'unit', 'person'] as const;
export type ExamStatsBy = (typeof EXAM_STATS_BY)[number];
/** Distribution buckets of the statistics, by percentage of the paper's total: [0,60), [60,70), [70,80), [80,90), [90,100]. */
export const EXAM_SCORE_BANDS = ['lt60', '60', '70', '80', '90'] as const;

/** The option letter of position i (A … H). */
export const optionLetter = (i: number): string => String.fromCharCode(65 + i);
export const MAX_OPTIONS = 8;

const id = z.string().trim().min(1).max(40);
const time = z.coerce.number().int().min(0).max(4_102_444_800_000);
const page = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(20),
};
const answerText = z.string().trim().max(4000);

export const examQuestionBody = z
  .object({
    category: z.string().trim().min(1).max(50),
    type: z.enum(EXAM_QUESTION_TYPES),
    stem: z.string().trim().min(1).max(2000),
    options: z.array(z.string().trim().min(1).max(500)).max(MAX_OPTIONS).optional().default([]),
    answer: z.array(answerText).max(MAX_OPTIONS),
    score: z.number().int().min(1).max(100),
    analysis: z.string().trim().max(2000).optional().default(''),
  })
  .strict()
  .superRefine((q, c) => {
    const letters = q.options.map((_, i) => optionLetter(i));
    const issue = (message: string, path: string) => c.addIssue({ code: 'custom', message, path: [path] });
    if (q.type === 'single' || q.type === 'multiple') {
      if (q.options.length < 2) issue('at least two options', 'options');
      if (q.answer.some((a) => !letters.includes(a))) issue('answers must be option letters', 'answer');
      if (new Set(q.answer).size !== q.answer.length) issue('answers repeat', 'answer');
      if (q.type === 'single' && q.answer.length !== 1) issue('one answer', 'answer');
      if (q.type === 'multiple' && q.answer.length < 2) issue('at least two answers', 'answer');
    } else {
      if (q.options.length) issue('no options for this type', 'options');
      if (q.type === 'judge' && (q.answer.length !== 1 || !['T', 'F'].includes(q.answer[0]!))) issue("'T' or 'F'", 'answer');
      if (q.type === 'short' && q.answer.length > 1) issue('one reference answer', 'answer');
    }
  });
export type ExamQuestionBody = z.input<typeof examQuestionBody>;

export const examQuestionQuery = z
  .object({
    keyword: z.string().trim().max(50).optional().default(''),
    category: z.string().trim().max(50).optional().default(''),
    type: z.enum(EXAM_QUESTION_TYPES).or(z.literal('')).optional().default(''),
    sort: z.enum(['createdAt', 'category', 'type', 'score']).optional().default('createdAt'),
    order: z.enum(['asc', 'desc']).optional().default('desc'),
    ...page,
  })
  .strict();

/** A paper's questions: chosen from the bank, and/or drawn at random per type (fixed when the paper is saved). */
export const examPaperBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    courseId: id.nullable().optional().default(null),
    durationMin: z.number().int().min(1).max(600),
    passScore: z.number().int().min(0).max(10_000),
    opensAt: time,
    closesAt: time,
    status: z.enum(EXAM_PAPER_STATUSES),
    questions: z
      .array(z.object({ questionId: id, score: z.number().int().min(1).max(100) }).strict())
      .max(200)
      .optional()
      .default([]),
    draw: z
      .array(
        z
          .object({
            type: z.enum(EXAM_QUESTION_TYPES),
            category: z.string().trim().max(50).optional().default(''),
            count: z.number().int().min(1).max(100),
            score: z.number().int().min(1).max(100),
          })
          .strict(),
      )
      .max(8)
      .optional()
      .default([]),
  })
  .strict()
  .superRefine((p, c) => {
    if (p.closesAt <= p.opensAt) c.addIssue({ code: 'custom', message: 'closes before it opens', path: ['closesAt'] });
    if (!p.questions.length && !p.draw.length) c.addIssue({ code: 'custom', message: 'no questions', path: ['questions'] });
    if (new Set(p.questions.map((q) => q.questionId)).size !== p.questions.length)
      c.addIssue({ code: 'custom', message: 'a question twice', path: ['questions'] });
  });
export type ExamPaperBody = z.input<typeof examPaperBody>;

export const examPaperQuery = z
  .object({
    keyword: z.string().trim().max(50).optional().default(''),
    status: z.enum(EXAM_PAPER_STATUSES).or(z.literal('')).optional().default(''),
    ...page,
  })
  .strict();

export const examSignupBody = z.object({ note: z.string().trim().max(500).optional().default('') }).strict();
export const examSignupQuery = z
  .object({
    status: z.enum(EXAM_SIGNUP_STATUSES).or(z.literal('')).optional().default(''),
    paperId: id.or(z.literal('')).optional().default(''),
    keyword: z.string().trim().max(50).optional().default(''),
    ...page,
  })
  .strict();
export const examDecisionBody = z.object({ approve: z.boolean(), opinion: z.string().trim().max(500).optional().default('') }).strict();

export const examAnswerBody = z.object({ questionId: id, answer: z.array(answerText).max(MAX_OPTIONS) }).strict();
export const examMarkBody = z
  .object({
    marks: z
      .array(z.object({ questionId: id, score: z.number().int().min(0).max(100) }).strict())
      .min(1)
      .max(200),
  })
  .strict();
export const examAttemptQuery = z
  .object({
    status: z.enum(EXAM_ATTEMPT_STATUSES).or(z.literal('')).optional().default(''),
    paperId: id.or(z.literal('')).optional().default(''),
    keyword: z.string().trim().max(50).optional().default(''),
    ...page,
  })
  .strict();
export const examStatsQuery = z.object({ by: z.enum(EXAM_STATS_BY), paperId: id.or(z.literal('')).optional().default('') }).strict();

export interface ExamQuestionRow {
  id: string;
  category: string;
  type: ExamQuestionType;
  stem: string;
  options: string[];
  answer: string[];
  score: number;
  analysis: string;
  createdAt: number;
  /** Papers using it (a used question cannot be removed). */
  used: number;
}

export interface ExamPaperRow {
  id: string;
  courseId: string | null;
  title: string;
  durationMin: number;
  passScore: number;
  totalScore: number;
  questionCount: number;
  opensAt: number;
  closesAt: number;
  status: ExamPaperStatus;
  createdAt: number;
  attempts: number;
}

/** A paper question as the taker sees it: never the answer or the analysis before the attempt is submitted. */
export interface ExamTakerQuestion {
  id: string;
  type: ExamQuestionType;
  stem: string;
  options: string[];
  score: number;
  /** After submission only. */
  correct?: boolean | null;
  got?: number | null;
  /** After the paper has closed only. */
  key?: string[];
  analysis?: string;
}

export interface ExamAttemptView {
  id: string;
  paperId: string;
  paperTitle: string;
  userId: string;
  userName: string;
  status: ExamAttemptStatus;
  startedAt: number;
  deadlineAt: number;
  submittedAt: number | null;
  /** The server's time when answering, so the countdown does not trust the browser's clock. */
  serverNow: number;
  totalScore: number | null;
  objectiveScore: number | null;
  subjectiveScore: number | null;
  paperTotal: number;
  passScore: number;
  passed: boolean | null;
  certificateNo: string | null;
  questions: ExamTakerQuestion[];
  answers: Record<string, string[]>;
}

export interface ExamStatsRow {
  key: string;
  name: string;
  attempts: number;
  average: number | null;
  passed: number;
  passRate: number | null;
  bands: Record<(typeof EXAM_SCORE_BANDS)[number], number>;
}
