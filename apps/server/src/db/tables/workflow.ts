/** Tables of the workflow engine (migration 0013_workflow). Times are epoch ms. */

export interface FlowDefinitionTable {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
  /** The FlowFormAdapter that holds the form ('model', or a module's key). */
  formKind: string;
  formId: string;
  /** The version new instances start on. */
  currentVersionId: string;
  version: number;
  enabledMark: number;
  sortCode: number;
  description: string;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** A released graph; never changed once written. */
export interface FlowVersionTable {
  id: string;
  flowId: string;
  version: number;
  /** JSON FlowGraph. */
  graph: string;
  createdAt: number;
  createdBy: string | null;
}

export interface FlowStarterTable {
  id: string;
  flowId: string;
  /** 'User' | 'Position' | 'Role' */
  objectType: string;
  objectId: string;
}

export interface FlowInstanceTable {
  id: string;
  flowId: string;
  versionId: string;
  formKind: string;
  formId: string;
  recordId: string;
  title: string;
  /** 1 normal, 2 important, 3 urgent. */
  urgency: number;
  /** FlowStatus: 1 waiting, 2 adopted, 3 rejected, 4 revoked, 5 cancelled. */
  status: number;
  starterId: string;
  /** Names of the nodes waiting now, comma-joined (the lists' "current step"). */
  currentNodes: string;
  /** `formKind:formId:recordId` while waiting, null after (unique: one running flow per record). */
  activeKey: string | null;
  /** Bumped by every action; the action's number in records and the node states and tasks it touched. */
  seq: number;
  startedAt: number;
  endedAt: number | null;
  updatedAt: number;
}

export interface FlowNodeStateTable {
  id: string;
  instanceId: string;
  nodeId: string;
  nodeType: string;
  nodeName: string;
  /** FlowStatus: 1 waiting, 2 adopted, 3 rejected, 5 cancelled. */
  status: number;
  createdSeq: number;
  closedSeq: number | null;
  createdAt: number;
  closedAt: number | null;
}

export interface FlowTaskTable {
  id: string;
  instanceId: string;
  nodeStateId: string;
  nodeId: string;
  nodeName: string;
  handlerId: string;
  /** The user who entrusted this task to the handler, if any. */
  delegatorId: string | null;
  /** TaskStatus: 0 queued, 1 waiting, 2 adopted, 3 rejected, 4 revoked, 5 cancelled. */
  status: number;
  /** Order among the node's approvers (sequential signing). */
  sortCode: number;
  createdSeq: number;
  openedSeq: number | null;
  closedSeq: number | null;
  createdAt: number;
  openedAt: number | null;
  dueAt: number | null;
  /** What happens at dueAt: 'remind', 'approve' or 'reject'; null without a timeout. */
  dueAction: string | null;
  handledAt: number | null;
}

export interface FlowRecordTable {
  id: string;
  instanceId: string;
  seq: number;
  nodeId: string;
  nodeName: string;
  taskId: string | null;
  /** FlowAction. */
  action: number;
  actorId: string;
  /** The transfer's new handler or the reject's target node. */
  target: string | null;
  opinion: string;
  signatureFileId: string | null;
  /** JSON [{fileId, name}]. */
  attachments: string | null;
  createdAt: number;
}

export interface FlowCopyTable {
  id: string;
  instanceId: string;
  nodeId: string;
  nodeName: string;
  userId: string;
  /** The action that made the copy. */
  seq: number;
  createdAt: number;
}

export interface FlowEntrustTable {
  id: string;
  delegatorId: string;
  delegateId: string;
  /** null: every flow. */
  flowId: string | null;
  startAt: number;
  endAt: number;
  enabledMark: number;
  description: string;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface WorkflowTables {
  flowDefinitions: FlowDefinitionTable;
  flowVersions: FlowVersionTable;
  flowStarters: FlowStarterTable;
  flowInstances: FlowInstanceTable;
  flowNodeStates: FlowNodeStateTable;
  flowTasks: FlowTaskTable;
  flowRecords: FlowRecordTable;
  flowCopies: FlowCopyTable;
  flowEntrusts: FlowEntrustTable;
}
