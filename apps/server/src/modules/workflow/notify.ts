import { FlowLinkType, FlowStatus, type FlowLink } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { pushStoredMessages, storeSystemMessages, type StoredMessages, type SystemMessageInput } from '../message/system-messages.ts';

/**
 * The system messages each engine step sends (issue 15, server-contract §5):
 * a to-do to every handler of a task that opens (also delegated, transferred,
 * assigned and added-signer tasks), the result to the starter when the
 * instance ends, an urge to the waiting handlers, a copy to the copied users.
 *
 * Titles are stored once per receiver, in Simplified Chinese with the prefix
 * the reference uses (【待办】 to-do, 【已通过】/【已驳回】/【已撤回】/【已终止】
 * results, 【催办】 urge, 【抄送】 copy) followed by the instance's title. The
 * `kind` ('flowTodo' | 'flowResult' | 'flowUrge' | 'flowCopy') and, for
 * results, the body's status say the same thing in data, so a client in
 * another language replaces the prefix with its own text.
 *
 * The body is the FlowLink the flow detail page opens (detail-link.ts):
 * {type: 2, id, taskId} for a to-do, {type: 1, id, status} for a result,
 * {type: 3, id} for a copy, {type: 2, id} for an urge (the handler's own task
 * is looked up by the page).
 */
export type FlowMessage = SystemMessageInput;

const RESULT_PREFIX: Partial<Record<FlowStatus, string>> = {
  [FlowStatus.adopted]: '【已通过】',
  [FlowStatus.rejected]: '【已驳回】',
  [FlowStatus.revoked]: '【已撤回】',
  [FlowStatus.cancelled]: '【已终止】',
};

/**
 * A to-do, for every task that opens, also one that opens again (a recall
 * gave it back, its added signers approved): the handler is told it is their
 * turn again. New task ids never had a message, so no dedupe lookup is paid
 * on the approval hot path.
 */
export const todoMessage = (instanceId: string, title: string, taskId: string, handlerId: string): FlowMessage => ({
  toUserIds: [handlerId],
  title: `【待办】${title}`,
  kind: 'flowTodo',
  body: { type: FlowLinkType.todo, id: instanceId, taskId } satisfies FlowLink,
});

export const resultMessage = (instanceId: string, title: string, status: FlowStatus, starterId: string): FlowMessage => ({
  toUserIds: [starterId],
  title: `${RESULT_PREFIX[status] ?? ''}${title}`,
  kind: 'flowResult',
  body: { type: FlowLinkType.launched, id: instanceId, status },
});

export const copyMessage = (instanceId: string, title: string, userIds: string[]): FlowMessage => ({
  toUserIds: userIds,
  title: `【抄送】${title}`,
  kind: 'flowCopy',
  body: { type: FlowLinkType.circulated, id: instanceId } satisfies FlowLink,
});

export const urgeMessage = (instanceId: string, title: string, userIds: string[], senderId: string | null): FlowMessage => ({
  toUserIds: userIds,
  title: `【催办】${title}`,
  kind: 'flowUrge',
  body: { type: FlowLinkType.todo, id: instanceId } satisfies FlowLink,
  senderId,
});

/**
 * Runs `work` in one transaction, stores the messages it collected in that
 * same transaction (so a refused action sends nothing and a committed one
 * never loses its messages), and pushes them once committed.
 */
export async function withMessages<T>(ctx: AppContext, at: number, work: (trx: Db, outbox: FlowMessage[]) => Promise<T>): Promise<T> {
  let stored: StoredMessages[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    stored = [];
    const outbox: FlowMessage[] = [];
    const value = await work(trx, outbox);
    for (const m of outbox) if (m.toUserIds.length) stored.push(await storeSystemMessages(trx, m, at));
    return value;
  });
  for (const s of stored) pushStoredMessages(ctx, s);
  return result;
}
