import { flowBatchBody, type FlowBatchBody, type FlowBatchResult, type Language } from '@medalliance/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { approveTask, rejectTask } from './actions.service.ts';

/**
 * Approves or rejects many of my to-dos with one opinion. Each task is its own
 * action in its own transaction, one after the other (so two tasks of one
 * instance are decided in order); a refusal (not mine, already handled, the
 * flow suspended, a node needing a choice) lands in `failed` with its message
 * in the caller's language, and the others still go through.
 */
export async function batchOperation(ctx: AppContext, userId: string, input: FlowBatchBody, lang: Language): Promise<FlowBatchResult> {
  const body = flowBatchBody.parse(input);
  const out: FlowBatchResult = { done: 0, failed: [] };
  for (const id of new Set(body.taskIds)) {
    try {
      if (body.action === 'approve') await approveTask(ctx, id, userId, { opinion: body.opinion });
      else await rejectTask(ctx, id, userId, { opinion: body.opinion });
      out.done++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.failed.push({ id, msg: translate(lang, e.key, e.params) });
    }
  }
  return out;
}
