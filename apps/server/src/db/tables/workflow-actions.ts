/** Tables of the engine's later actions (migration 0016_workflow_actions). Times are epoch ms. */

/** Present while the monitor holds the instance suspended. */
export interface FlowSuspensionTable {
  instanceId: string;
  suspendedBy: string;
  suspendedAt: number;
}

/** A timer node's waiting state and when it moves on; deleted when it fires. */
export interface FlowTimerTable {
  nodeStateId: string;
  instanceId: string;
  nodeId: string;
  dueAt: number;
}

/** A task added by an approver to their own task (add signer). */
export interface FlowTaskSignerTable {
  taskId: string;
  parentTaskId: string;
  instanceId: string;
  /** 'before': the parent waits for it; 'after': the node waits for it after the parent approved. */
  position: string;
}

/** When the starter last urged the instance. */
export interface FlowPressTable {
  instanceId: string;
  pressedAt: number;
}

/** A child instance started by a sub-flow node (migration 0017_flow_subflows). */
export interface FlowSubflowTable {
  childInstanceId: string;
  parentInstanceId: string;
  /** The parent's node state that waits for the child (sync) or passed at once (async). */
  parentNodeStateId: string;
  parentNodeId: string;
  /** 'sync' | 'async'. */
  mode: string;
  createdAt: number;
}

export interface WorkflowActionTables {
  flowSubflows: FlowSubflowTable;
  flowSuspensions: FlowSuspensionTable;
  flowTimers: FlowTimerTable;
  flowTaskSigners: FlowTaskSignerTable;
  flowPresses: FlowPressTable;
}
