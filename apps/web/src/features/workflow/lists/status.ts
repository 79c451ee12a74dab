import { FlowStatus, FlowUrgency } from '@medalliance/contract';

/**
 * How a status and an urgency show as tags (spec §4): the colour and the
 * message key. Unknown numbers (a newer server) show neutral, never crash.
 */
export interface TagLook {
  color: string;
  key: string;
}

const STATUS: Record<number, string> = {
  [FlowStatus.draft]: 'default',
  [FlowStatus.waiting]: 'processing',
  [FlowStatus.adopted]: 'success',
  [FlowStatus.rejected]: 'error',
  [FlowStatus.revoked]: 'warning',
  [FlowStatus.cancelled]: 'default',
};

const URGENCY: Record<number, string> = {
  [FlowUrgency.normal]: 'blue',
  [FlowUrgency.important]: 'orange',
  [FlowUrgency.urgent]: 'red',
};

export function statusTag(status: number | null | undefined): TagLook {
  // Number(null) is 0 (draft): a missing status must not pass for one.
  const n = status === null || status === undefined ? NaN : Number(status);
  return n in STATUS ? { color: STATUS[n]!, key: `status.${n}` } : { color: 'default', key: 'status.unknown' };
}

export function urgencyTag(urgency: number | null | undefined): TagLook {
  const n = Number(urgency);
  return n in URGENCY
    ? { color: URGENCY[n]!, key: `urgency.${n}` }
    : { color: URGENCY[FlowUrgency.normal]!, key: `urgency.${FlowUrgency.normal}` };
}

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
