import { FlowStatus, FlowUrgency } from '@medalliance/contract';

/** The statuses offered as a filter (draft is never listed). */
export const STATUS_FILTER = [
  FlowStatus.waiting,
  FlowStatus.adopted,
  FlowStatus.rejected,
  FlowStatus.revoked,
  FlowStatus.cancelled,
] as const;
export const URGENCY_FILTER = [FlowUrgency.normal, FlowUrgency.important, FlowUrgency.urgent] as const;

/** An instance has ended (the monitor may delete it; the starter may no longer withdraw or urge it). */
export const isFinished = (status: number) => status !== FlowStatus.waiting && status !== FlowStatus.draft;
