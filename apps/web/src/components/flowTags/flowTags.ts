import { FlowStatus, FlowUrgency } from '@medalliance/contract';

/**
 * How a flow status and an urgency show as tags (spec §4): the antd colour
 * and the message key in the 'flowTags' namespace. Unknown numbers (a newer
 * server) show neutral, never crash.
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

export function statusLook(status: number | null | undefined): TagLook {
  // Number(null) is 0 (draft): a missing status must not pass for one.
  const n = status === null || status === undefined ? NaN : Number(status);
  return n in STATUS ? { color: STATUS[n]!, key: `status.${n}` } : { color: 'default', key: 'status.unknown' };
}

/** A missing or unknown urgency is normal, the default (spec §4). */
export function urgencyLook(urgency: number | null | undefined): TagLook {
  const n = Number(urgency);
  return n in URGENCY
    ? { color: URGENCY[n]!, key: `urgency.${n}` }
    : { color: URGENCY[FlowUrgency.normal]!, key: `urgency.${FlowUrgency.normal}` };
}

export const URGENCIES = [FlowUrgency.normal, FlowUrgency.important, FlowUrgency.urgent] as const;
