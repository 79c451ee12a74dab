import type { FlowEntrustBody, PageResult } from '@medalliance/contract';
import { http, type Params } from '../../../api/http.ts';

/**
 * Typed calls of the workflow list screens (apps/server/src/modules/workflow:
 * flow-task.routes.ts, entrust.routes.ts and the engine's monitor and launch
 * routes). Every list answers `{ list, pagination }`, paged in SQL.
 */
const E = '/api/workflow/Engine';
const enc = encodeURIComponent;

/** One row of the instance lists (to-do, done, circulated, launched, monitor): the instance plus what the list adds. */
export interface FlowRow {
  /** The task (to-do, done), the copy (circulated) or the instance (launched, monitor). */
  id: string;
  instanceId: string;
  /** To-do: the title, with "(X的委托)" appended on a delegated row. */
  fullName: string;
  /** To-do: the bare title. */
  title?: string;
  flowId: string;
  flowName: string;
  flowCode: string;
  flowCategory: string;
  processId: string;
  status: number;
  flowUrgent: number;
  /** Names of the nodes the instance waits on, comma-separated. */
  thisStep: string;
  creatorUserId: string;
  /** 'realName/account'. */
  userName: string;
  startTime: number;
  endTime: number | null;
  /** When the row came to me: task opened, decided, copied, or the start. */
  creatorTime: number;
  taskNodeName?: string;
  thisStepId?: string;
  /** Done: what I decided (2 adopted, 3 rejected). */
  handleStatus?: number;
  dueAt?: number | null;
  /** To-do: who entrusted this task to me. */
  delegatorId?: string | null;
  delegatorName?: string | null;
  /** Monitor: the instance is suspended. */
  suspended?: number | boolean;
}

export interface FlowOption {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
}

export interface LaunchableFlow extends FlowOption {
  formKind: string;
  formId: string;
  description: string;
}

export interface EntrustRow {
  id: string;
  delegateId: string;
  delegateName: string;
  flowId: string | null;
  flowName: string | null;
  flowCategory: string | null;
  startAt: number;
  endAt: number;
  enabledMark: number;
  description: string;
  createdAt: number;
}

export interface BatchOutcome {
  done: number;
  failed: { id: string; msg: string }[];
}

/** What the monitor's assign dialog reads from the detail: the instance's waiting tasks. */
export interface InstanceTasks {
  tasks: { id: string; nodeId: string; nodeName: string; status: number; handlerId: string; handlerName: string }[];
}

export type ListParams = Params;

const page = <R>(url: string, params: ListParams) => http.get<PageResult<R>>(url, params);

export const workflowListsApi = {
  todo: (p: ListParams) => page<FlowRow>(`${E}/FlowBefore/List/1`, p),
  done: (p: ListParams) => page<FlowRow>(`${E}/FlowBefore/List/2`, p),
  circulated: (p: ListParams) => page<FlowRow>(`${E}/FlowBefore/List/3`, p),
  launched: (p: ListParams) => page<FlowRow>(`${E}/FlowLaunch`, p),
  monitor: (p: ListParams) => page<FlowRow>(`${E}/FlowMonitor`, p),

  /** Flows for the filters; silent, so a server without the route leaves the screen working on the fallback. */
  listAll: () => http.get<{ list: FlowOption[] } | FlowOption[]>(`${E}/FlowEngine/ListAll`, undefined, { silent: true }),
  launchable: (keyword: string) => http.get<{ list: LaunchableFlow[] }>(`${E}/FlowLaunch/Launchable`, keyword ? { keyword } : undefined),

  withdraw: (instanceId: string, opinion: string) => http.put(`${E}/FlowLaunch/${enc(instanceId)}/Actions/Withdraw`, { opinion }),
  urge: (instanceId: string) => http.post(`${E}/FlowLaunch/Press/${enc(instanceId)}`),
  batch: (taskIds: string[], action: 'approve' | 'reject', opinion: string) =>
    http.post<BatchOutcome>(`${E}/FlowBefore/BatchOperation`, { taskIds, action, opinion }),

  detail: (instanceId: string) => http.get<InstanceTasks>(`${E}/FlowBefore/${enc(instanceId)}`),
  cancel: (instanceId: string, opinion: string) => http.post(`${E}/FlowBefore/Cancel/${enc(instanceId)}`, { opinion }),
  assign: (instanceId: string, body: { nodeId: string; toUserId: string; opinion: string }) =>
    http.post(`${E}/FlowBefore/Assign/${enc(instanceId)}`, body),
  suspend: (instanceId: string) => http.post(`${E}/FlowBefore/Suspend/${enc(instanceId)}`),
  restore: (instanceId: string) => http.post(`${E}/FlowBefore/Restore/${enc(instanceId)}`),
  removeFinished: (ids: string[]) => http.delete(`${E}/FlowMonitor`, { ids }),

  entrusts: (p: ListParams) => page<EntrustRow>(`${E}/FlowDelegate`, p),
  createEntrust: (body: FlowEntrustBody) => http.post<{ id: string }>(`${E}/FlowDelegate`, body),
  updateEntrust: (id: string, body: FlowEntrustBody) => http.put(`${E}/FlowDelegate/${enc(id)}`, body),
  removeEntrust: (id: string) => http.delete(`${E}/FlowDelegate/${enc(id)}`),
};
