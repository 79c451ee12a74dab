import type {
  ExamAttemptView,
  ExamPaperBody,
  ExamPaperRow,
  ExamQuestionBody,
  ExamQuestionRow,
  ExamQuestionType,
  ExamStatsBy,
  ExamStatsRow,
} from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the examinations API (apps/server/src/modules/training/exams/exams.routes.ts). */
const B = '/api/training/exams';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
export interface PageQuery {
  currentPage: number;
  pageSize: number;
}

export interface ExamRights {
  take: boolean;
  review: boolean;
  manage: boolean;
  add: boolean;
  edit: boolean;
  remove: boolean;
}

export interface SignupRow {
  id: string;
  paperId: string;
  paperTitle: string;
  userId: string;
  userName: string;
  unitName: string;
  status: string;
  note: string;
  appliedAt: number;
  decidedAt: number | null;
  instanceId: string | null;
  mine: boolean;
}

export interface AttemptRow {
  id: string;
  paperId: string;
  paperTitle: string;
  userId: string;
  userName: string;
  unitName: string;
  status: string;
  startedAt: number;
  submittedAt: number | null;
  totalScore: number | null;
  paperTotal: number;
  passScore: number;
  passed: boolean | null;
  certificateNo: string | null;
}

export interface MyPaperRow extends ExamPaperRow {
  signupStatus: string | null;
  attempt: {
    id: string;
    status: string;
    totalScore: number | null;
    passed: boolean | null;
    deadlineAt: number;
    certificateNo: string | null;
  } | null;
}

export interface PaperDetail extends ExamPaperRow {
  questions: ExamQuestionRow[];
}

export interface Certificate {
  certificateNo: string;
  userName: string;
  unitName: string;
  paperTitle: string;
  totalScore: number;
  paperTotal: number;
  markedAt: number;
}

/** Drops empty filters so the query string carries only what is set. */
const clean = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const examsApi = {
  meta: () => http.get<{ rights: ExamRights }>(`${B}/meta`),
  questions: (q: PageQuery & { keyword?: string; category?: string; type?: ExamQuestionType | ''; sort?: string; order?: string }) =>
    http.get<Page<ExamQuestionRow>>(`${B}/questions`, clean(q)),
  categories: () => http.get<{ list: { category: string; type: string; count: number }[] }>(`${B}/questions/categories`),
  createQuestion: (body: ExamQuestionBody) => http.post<{ id: string }>(`${B}/questions`, body),
  updateQuestion: (id: string, body: ExamQuestionBody) => http.put(`${B}/questions/${encodeURIComponent(id)}`, body),
  questionTemplate: () => http.get<Blob>(`${B}/questions/template`, undefined, { responseType: 'blob' }),
  importQuestions: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<{ imported: number }>(`${B}/questions/import`, form, { timeout: 120_000 });
  },
  removeQuestion: (id: string) => http.delete(`${B}/questions/${encodeURIComponent(id)}`),
  papers: (q: PageQuery & { keyword?: string; status?: string }) => http.get<Page<ExamPaperRow>>(`${B}/papers`, clean(q)),
  paper: (id: string) => http.get<PaperDetail>(`${B}/papers/${encodeURIComponent(id)}`),
  createPaper: (body: ExamPaperBody) => http.post<{ id: string }>(`${B}/papers`, body),
  updatePaper: (id: string, body: ExamPaperBody) => http.put(`${B}/papers/${encodeURIComponent(id)}`, body),
  removePaper: (id: string) => http.delete(`${B}/papers/${encodeURIComponent(id)}`),
  courses: () => http.get<{ list: { id: string; title: string }[] }>(`${B}/courses`),
  myPapers: (q: PageQuery & { keyword?: string }) => http.get<Page<MyPaperRow>>(`${B}/my/papers`, clean(q)),
  signUp: (paperId: string, note: string) => http.post<{ id: string }>(`${B}/papers/${encodeURIComponent(paperId)}/signup`, { note }),
  start: (paperId: string) => http.post<{ id: string }>(`${B}/papers/${encodeURIComponent(paperId)}/attempts`),
  attempt: (id: string) => http.get<ExamAttemptView>(`${B}/attempts/${encodeURIComponent(id)}`),
  answer: (id: string, questionId: string, answer: string[]) =>
    http.put(`${B}/attempts/${encodeURIComponent(id)}/answers`, { questionId, answer }, { silent: true }),
  submit: (id: string) => http.post<ExamAttemptView>(`${B}/attempts/${encodeURIComponent(id)}/submit`),
  certificate: (id: string) => http.get<Certificate>(`${B}/attempts/${encodeURIComponent(id)}/certificate`),
  attempts: (q: PageQuery & { status?: string; paperId?: string; keyword?: string }) =>
    http.get<Page<AttemptRow>>(`${B}/attempts`, clean(q)),
  mark: (id: string, marks: { questionId: string; score: number }[]) =>
    http.post<ExamAttemptView>(`${B}/attempts/${encodeURIComponent(id)}/marks`, { marks }),
  stats: (by: ExamStatsBy, paperId: string) =>
    http.get<{ by: ExamStatsBy; list: (ExamStatsRow & { averagePct: number | null })[] }>(`${B}/stats`, clean({ by, paperId })),
  signups: (q: PageQuery & { status?: string; paperId?: string; keyword?: string }) => http.get<Page<SignupRow>>(`${B}/signups`, clean(q)),
  decide: (id: string, approve: boolean, opinion: string) =>
    http.post<{ status: string }>(`${B}/signups/${encodeURIComponent(id)}/decision`, { approve, opinion }),
};
