import type { FlowEntrustBody } from '@medalliance/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The entrust form's values and their checks before the call (the server
 * checks the same and the overlap with my other rules): a delegate who is not
 * me, a period whose end is after its start. The flow picker's "all flows"
 * is the empty value and goes out as null.
 */
export const ALL_FLOWS = '';

export interface EntrustValues {
  delegateId?: string | null;
  flowId?: string | null;
  period?: readonly [Dayjs | null, Dayjs | null] | null;
  description?: string;
}

export type EntrustProblem = {
  field: 'delegateId' | 'period';
  key: 'entrust.delegateRequired' | 'entrust.notSelf' | 'entrust.periodRequired' | 'entrust.endAfterStart';
};

export function entrustProblems(v: EntrustValues, me: string | undefined): EntrustProblem[] {
  const out: EntrustProblem[] = [];
  if (!v.delegateId) out.push({ field: 'delegateId', key: 'entrust.delegateRequired' });
  else if (me && v.delegateId === me) out.push({ field: 'delegateId', key: 'entrust.notSelf' });
  const [from, to] = v.period ?? [null, null];
  if (!from || !to) out.push({ field: 'period', key: 'entrust.periodRequired' });
  else if (!to.isAfter(from)) out.push({ field: 'period', key: 'entrust.endAfterStart' });
  return out;
}

/** The request body (call only once entrustProblems is empty). */
export function entrustBody(v: EntrustValues): FlowEntrustBody {
  const [from, to] = v.period ?? [null, null];
  return {
    delegateId: v.delegateId ?? '',
    flowId: v.flowId ? v.flowId : null,
    startAt: from?.valueOf() ?? 0,
    endAt: to?.valueOf() ?? 0,
    description: (v.description ?? '').trim(),
  };
}

/** A rule back into the form. */
export function entrustValues(row: {
  delegateId: string;
  flowId: string | null;
  startAt: number;
  endAt: number;
  description: string;
}): EntrustValues {
  return {
    delegateId: row.delegateId,
    flowId: row.flowId ?? ALL_FLOWS,
    period: [dayjs(row.startAt), dayjs(row.endAt)],
    description: row.description,
  };
}

/** Where a rule stands now: not yet begun, in force, or over. */
export function entrustPhase(row: { startAt: number; endAt: number }, now: number): 'pending' | 'active' | 'ended' {
  if (now < row.startAt) return 'pending';
  return now < row.endAt ? 'active' : 'ended';
}
