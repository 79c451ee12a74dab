import { FlowLinkType, FlowStatus, flowDetailPath } from '@medalliance/contract';

/**
 * A workflow-enabled model's record by its flowState (server-contract §3.4
 * workflow-enabled lists): the tag it shows, whether it may be submitted,
 * edited or deleted, and where its state links. The server refuses the same
 * edits and deletes (visualdev record-flows.ts LOCKED_FLOW_STATES): these only
 * spare the user a refused call. Its tag is the shared FlowStatusTag.
 */

/** A missing or empty state is a record never submitted (the reference's "0 or empty"). */
export function flowStateOf(value: unknown): number {
  if (value === null || value === undefined || value === '') return FlowStatus.draft;
  const n = Number(value);
  return Number.isInteger(n) ? n : -1;
}

/** Submittable: never submitted, rejected, or taken back by its starter. */
export const canSubmit = (value: unknown) =>
  ([FlowStatus.draft, FlowStatus.rejected, FlowStatus.revoked] as number[]).includes(flowStateOf(value));

/** Held by its flow: waiting, approved, or terminated by the monitor (no edit, no delete). */
export const isLocked = (value: unknown) =>
  ([FlowStatus.waiting, FlowStatus.adopted, FlowStatus.cancelled] as number[]).includes(flowStateOf(value));

/**
 * Where a row's state opens: its latest instance's detail page, as "launched
 * by me" for its starter and as the monitor's view for anyone else (the
 * detail route itself decides who may see it). Null before any submit.
 */
export function flowLinkOf(row: Record<string, unknown>, me: string | undefined): string | null {
  const id = typeof row.flowInstanceId === 'string' ? row.flowInstanceId : '';
  if (!id) return null;
  const type = me && row.flowStarterId === me ? FlowLinkType.launched : FlowLinkType.monitor;
  return flowDetailPath({ type, id });
}
