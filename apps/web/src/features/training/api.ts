import type {
  ApplicationRow,
  AttendanceRow,
  CommentRow,
  CourseBody,
  CourseRow,
  DemandBody,
  DemandRow,
  LiveBody,
  LiveCommentRow,
  LiveProvider,
  LiveRow,
  MaterialBody,
  MaterialRow,
  ProgressBody,
} from '@medalliance/contract';
import { http } from '../../api/http.ts';

/** Typed calls of the training API (apps/server/src/modules/training/). */
const B = '/api/training';

export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface TrainingMeta {
  userId: string;
  unitId: string | null;
  rights: {
    manage: boolean;
    review: boolean;
    apply: boolean;
    demand: boolean;
    demandAdmin: boolean;
    comment: boolean;
    moderate: boolean;
    liveApply: boolean;
    live: boolean;
    replay: boolean;
    video: boolean;
  };
}

export interface CourseDetail extends CourseRow {
  materialList: MaterialRow[];
  enrolled: boolean;
}

export interface LiveDetail extends LiveRow {
  streamUrl: string | null;
  provider: { name: string; kind: 'video' | 'iframe' };
  joined: boolean;
  mayRun: boolean;
}

export interface CourseOption {
  id: string;
  courseNo: string;
  title: string;
  status: string;
}

export type Query = Record<string, string | number | undefined>;
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Record<string, string | number>;
const e = encodeURIComponent;

export const trainingApi = {
  meta: () => http.get<TrainingMeta>(`${B}/meta`),
  courses: (q: Query) => http.get<Page<CourseRow>>(`${B}/courses`, clean(q)),
  courseOptions: () => http.get<CourseOption[]>(`${B}/courses/options`),
  course: (id: string) => http.get<CourseDetail>(`${B}/courses/${e(id)}`),
  createCourse: (b: CourseBody) => http.post<{ id: string }>(`${B}/courses`, b),
  updateCourse: (id: string, b: CourseBody) => http.put<{ id: string }>(`${B}/courses/${e(id)}`, b),
  removeCourse: (id: string) => http.delete(`${B}/courses/${e(id)}`),
  submitCourse: (id: string) => http.post(`${B}/courses/${e(id)}/submit`),
  closeCourse: (id: string) => http.post(`${B}/courses/${e(id)}/close`),
  reviewCourse: (id: string, decision: 'approve' | 'reject', comment: string) =>
    http.post(`${B}/courses/${e(id)}/review`, { decision, comment }),
  addMaterial: (id: string, b: MaterialBody) => http.post(`${B}/courses/${e(id)}/materials`, b),
  removeMaterial: (id: string, materialId: string) => http.delete(`${B}/courses/${e(id)}/materials/${e(materialId)}`),
  summary: () => http.get<Record<string, number>>(`${B}/courses-summary`),

  applications: (q: Query) => http.get<Page<ApplicationRow>>(`${B}/applications`, clean(q)),
  apply: (courseId: string, reason: string) => http.post<{ id: string }>(`${B}/applications`, { courseId, reason }),
  cancelApplication: (id: string) => http.post(`${B}/applications/${e(id)}/cancel`),

  demands: (q: Query) => http.get<Page<DemandRow>>(`${B}/demands`, clean(q)),
  demandSummary: () => http.get<{ category: string; demands: number; people: number; units: number }[]>(`${B}/demands/summary`),
  createDemand: (b: DemandBody) => http.post(`${B}/demands`, b),
  replyDemand: (id: string, b: { status: 'adopted' | 'closed'; reply: string; courseId?: string | null }) =>
    http.put(`${B}/demands/${e(id)}/reply`, b),
  removeDemand: (id: string) => http.delete(`${B}/demands/${e(id)}`),

  comments: (q: Query) => http.get<Page<CommentRow>>(`${B}/comments`, clean(q)),
  comment: (courseId: string, rating: number, content: string) => http.post(`${B}/comments`, { courseId, rating, content }),
  hideComment: (id: string, hidden: boolean, reason = '') => http.put(`${B}/comments/${e(id)}/hidden`, { hidden, reason }),
  removeComment: (id: string) => http.delete(`${B}/comments/${e(id)}`),

  lives: (q: Query) => http.get<Page<LiveRow>>(`${B}/lives`, clean(q)),
  live: (id: string) => http.get<LiveDetail>(`${B}/lives/${e(id)}`),
  applyLive: (b: LiveBody) => http.post<{ id: string }>(`${B}/lives`, b),
  liveAction: (id: string, action: 'start' | 'end') => http.post(`${B}/lives/${e(id)}/${action}`),
  attend: (id: string, present: boolean) => http.put(`${B}/lives/${e(id)}/attendance`, { present }, { silent: !present }),
  attendance: (id: string) => http.get<AttendanceRow[]>(`${B}/lives/${e(id)}/attendance`),
  liveComments: (id: string, after: number) => http.get<LiveCommentRow[]>(`${B}/lives/${e(id)}/comments`, { after }, { silent: true }),
  postLiveComment: (id: string, content: string) => http.post(`${B}/lives/${e(id)}/comments`, { content }),
  setReplay: (id: string, fileId: string) => http.put(`${B}/lives/${e(id)}/replay`, { fileId }),
  replayUrl: (id: string) => http.get<{ url: string }>(`${B}/lives/${e(id)}/replay-url`),
  provider: () => http.get<LiveProvider>(`${B}/live-provider`),
  setProvider: (p: LiveProvider) => http.put<LiveProvider>(`${B}/live-provider`, p),

  materialUrl: (id: string) =>
    http.get<{ url: string; positionS: number; watchedS: number; completed: boolean }>(`${B}/materials/${e(id)}/url`),
  saveProgress: (id: string, b: ProgressBody) =>
    http.put<{ positionS: number; watchedS: number; completed: boolean; durationS: number }>(`${B}/materials/${e(id)}/progress`, b, {
      silent: true,
    }),
};

/** The workflow engine's own actions on a task (the same the 待办 screen uses). */
export const flowApi = {
  approve: (taskId: string, opinion: string) => http.post(`/api/workflow/Engine/FlowBefore/Audit/${e(taskId)}`, { opinion }),
  reject: (taskId: string, opinion: string) => http.post(`/api/workflow/Engine/FlowBefore/Reject/${e(taskId)}`, { opinion }),
};
