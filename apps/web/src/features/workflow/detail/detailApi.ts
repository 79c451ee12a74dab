import type { FieldPermission, FlowGraph, FormDefinition } from '@medalliance/contract';
import { http } from '../../../api/http.ts';

/** Typed calls of the flow detail page (server-contract §4 FlowBefore / FlowLaunch). */
const E = '/api/workflow/Engine';
const enc = encodeURIComponent;

/** The form as the caller's node shows it: hidden fields are already removed by the server. */
export interface NodeForm {
  kind: string;
  /** null: not a low-code model's form (a module shows it), or the model is no longer released. */
  definition: FormDefinition | null;
  values: Record<string, unknown>;
  permissions: FieldPermission[];
}

export interface NodeRef {
  id: string;
  name: string;
}

export interface FlowRecord {
  id: string;
  seq: number;
  nodeId: string;
  nodeName: string;
  taskId: string | null;
  action: number;
  actorId: string;
  actorName: string | null;
  target: string | null;
  targetName: string | null;
  opinion: string;
  signatureFileId: string | null;
  attachments: { fileId: string; name: string }[];
  createdAt: number;
}

export interface FlowTask {
  id: string;
  nodeId: string;
  nodeName: string;
  handlerId: string;
  handlerName: string;
  status: number;
}

export interface DetailButtons {
  approve: boolean;
  reject: boolean;
  rejectTargets: NodeRef[];
  transfer: boolean;
  addSigner: boolean;
  /** The task Recall/{id} takes back, or null. */
  recall: string | null;
  withdraw: boolean;
  urge: boolean;
  chooseNext: NodeRef[];
}

export interface InstanceDetail {
  instance: {
    id: string;
    flowId: string;
    title: string;
    urgency: number;
    status: number;
    starterId: string;
    starterName: string;
    flowName: string;
    currentNodes: string;
    startedAt: number;
    endedAt: number | null;
    /** Suspended by the monitor: no actions until restored. */
    suspended: boolean;
  };
  graph: FlowGraph;
  nodeStates: { nodeId: string; status: number }[];
  tasks: FlowTask[];
  records: FlowRecord[];
  copies: { userId: string; nodeId: string; nodeName: string }[];
  myTask: FlowTask | null;
  node: { id: string; name: string; type: 'start' | 'approver'; editable: boolean };
  fieldPermissions: FieldPermission[];
  form: NodeForm;
  buttons: DetailButtons;
  /** The instances this one's sub-flow nodes started, and the one that started it. */
  subFlows: {
    children: SubFlowChild[];
    parent: { id: string; title: string; status: number; nodeId: string; nodeName: string; mode: string } | null;
  };
}

export interface SubFlowChild {
  id: string;
  title: string;
  status: number;
  nodeId: string;
  mode: string;
  flowName: string;
  starterName: string;
}

export interface StartForm {
  flow: { id: string; fullName: string; formKind: string; formId: string };
  graph: FlowGraph;
  form: NodeForm;
  chooseNext: NodeRef[];
}

export interface Attachment {
  fileId: string;
  name: string;
}

export interface SubmitBody {
  flowId: string;
  modelId: string;
  recordId: string;
  title: string;
  urgency: number;
  chosenApprovers: Record<string, string[]>;
}

export const detailApi = {
  instance: (id: string) => http.get<InstanceDetail>(`${E}/FlowBefore/${enc(id)}`, undefined, { silent: true }),
  startForm: (flowId: string) => http.get<StartForm>(`${E}/FlowLaunch/Start/${enc(flowId)}`, undefined, { silent: true }),
  submit: (body: SubmitBody) => http.post<{ instanceId: string; status: number }>(`${E}/FlowBefore/Submit`, body),
  approve: (
    taskId: string,
    body: {
      opinion: string;
      signatureFileId?: string;
      attachments: Attachment[];
      formData?: Record<string, unknown>;
      chosenApprovers?: Record<string, string[]>;
    },
  ) => http.post(`${E}/FlowBefore/Audit/${enc(taskId)}`, body),
  reject: (taskId: string, body: { opinion: string; target: string; signatureFileId?: string; attachments: Attachment[] }) =>
    http.post(`${E}/FlowBefore/Reject/${enc(taskId)}`, body),
  transfer: (taskId: string, body: { toUserId: string; opinion: string }) => http.post(`${E}/FlowBefore/Transfer/${enc(taskId)}`, body),
  addSigner: (taskId: string, body: { userIds: string[]; position: 'before' | 'after'; opinion: string }) =>
    http.post(`${E}/FlowBefore/AddSigner/${enc(taskId)}`, body),
  recall: (taskId: string, body: { opinion: string }) => http.post(`${E}/FlowBefore/Recall/${enc(taskId)}`, body),
  withdraw: (instanceId: string, body: { opinion: string }) => http.put(`${E}/FlowLaunch/${enc(instanceId)}/Actions/Withdraw`, body),
  urge: (instanceId: string) => http.post(`${E}/FlowLaunch/Press/${enc(instanceId)}`, {}),
  /** A short-lived link to a stored file (signature image inline, attachments as downloads). */
  fileLink: (fileId: string, inline: boolean) =>
    http.get<string>('/api/file/SignedUrl', { fileId, inline: inline ? 1 : 0 }, { silent: true }),
};
