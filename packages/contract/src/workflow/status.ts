/**
 * Workflow statuses (spec §4; server-contract §4 FlowTaskStatusEnum).
 * An instance is 0 a draft (saved, not submitted), then 1 waiting, and ends
 * 2 adopted, 3 rejected, 4 revoked (by its starter) or 5 cancelled (by the
 * monitor). Tasks and node states use the same numbers for the same meanings.
 */
export const FlowStatus = {
  draft: 0,
  waiting: 1,
  adopted: 2,
  rejected: 3,
  revoked: 4,
  cancelled: 5,
} as const;
export type FlowStatus = (typeof FlowStatus)[keyof typeof FlowStatus];

/**
 * A task (one approver's work item on one node): 0 queued (a sequential
 * approver whose turn has not come), 1 waiting, 2 adopted, 3 rejected,
 * 4 revoked (taken back), 5 cancelled (no longer needed: the node was
 * decided by others, the task was transferred, the flow ended).
 */
export const TaskStatus = {
  queued: 0,
  waiting: 1,
  adopted: 2,
  rejected: 3,
  revoked: 4,
  cancelled: 5,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Urgency of an instance (spec §4): 1 normal (default), 2 important, 3 urgent. */
export const FlowUrgency = { normal: 1, important: 2, urgent: 3 } as const;
export type FlowUrgency = (typeof FlowUrgency)[keyof typeof FlowUrgency];

/**
 * What a record of the audit trail says happened (server-contract §4
 * FLOW_TASKOPERATORRECORD.HandleStatus, 0-7, extended with 8-9).
 */
export const FlowAction = {
  reject: 0,
  approve: 1,
  submit: 2,
  recall: 3,
  cancel: 4,
  assign: 5,
  addSign: 6,
  transfer: 7,
  revoke: 8,
  /** The engine passed a node on its own (nobody found with the auto-pass rule). */
  autoPass: 9,
  /** The monitor suspended the instance (no action until restored). */
  suspend: 10,
  /** The monitor restored a suspended instance. */
  restore: 11,
  /** The starter urged the waiting handlers. */
  press: 12,
  /** A timer node's delay ran out and the flow moved on. */
  timerPass: 13,
  /** A sub-flow node started a child instance (target: the child instance id). */
  subFlowStart: 14,
  /** A child instance of a sub-flow node ended (target: the child instance id; opinion: its final status). */
  subFlowEnd: 15,
} as const;
export type FlowAction = (typeof FlowAction)[keyof typeof FlowAction];
