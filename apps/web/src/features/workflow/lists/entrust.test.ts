import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { flowEntrustBody } from '@medalliance/contract';
import { ALL_FLOWS, entrustBody, entrustPhase, entrustProblems, entrustValues } from './entrust.ts';

const from = dayjs('2026-05-01T08:00:00');
const to = dayjs('2026-05-07T18:00:00');

describe('entrustProblems', () => {
  it('accepts a delegate and a period that ends after it starts', () => {
    expect(entrustProblems({ delegateId: 'u2', period: [from, to] }, 'u1')).toEqual([]);
  });
  it('asks for a delegate and a period', () => {
    expect(entrustProblems({}, 'u1').map((p) => p.key)).toEqual(['entrust.delegateRequired', 'entrust.periodRequired']);
    expect(entrustProblems({ delegateId: 'u2', period: [from, null] }, 'u1').map((p) => p.key)).toEqual(['entrust.periodRequired']);
  });
  it('refuses entrusting to myself', () => {
    expect(entrustProblems({ delegateId: 'u1', period: [from, to] }, 'u1')).toEqual([{ field: 'delegateId', key: 'entrust.notSelf' }]);
  });
  it('refuses an end not after the start', () => {
    expect(entrustProblems({ delegateId: 'u2', period: [to, from] }, 'u1')).toEqual([{ field: 'period', key: 'entrust.endAfterStart' }]);
    expect(entrustProblems({ delegateId: 'u2', period: [from, from] }, 'u1')[0]?.key).toBe('entrust.endAfterStart');
  });
});

describe('entrustBody', () => {
  it('sends "all flows" as null and the period in epoch ms, a body the server schema accepts', () => {
    const body = entrustBody({ delegateId: 'u2', flowId: ALL_FLOWS, period: [from, to], description: '  出差 ' });
    expect(body).toEqual({ delegateId: 'u2', flowId: null, startAt: from.valueOf(), endAt: to.valueOf(), description: '出差' });
    expect(flowEntrustBody.safeParse(body).success).toBe(true);
  });
  it('round-trips a rule through the form', () => {
    const row = { delegateId: 'u2', flowId: 'f1', startAt: from.valueOf(), endAt: to.valueOf(), description: 'x' };
    expect(entrustBody(entrustValues(row))).toEqual(row);
    expect(entrustValues({ ...row, flowId: null }).flowId).toBe(ALL_FLOWS);
  });
});

describe('entrustPhase', () => {
  const rule = { startAt: 1000, endAt: 2000 };
  it('is pending before, active within and ended after the period', () => {
    expect(entrustPhase(rule, 999)).toBe('pending');
    expect(entrustPhase(rule, 1000)).toBe('active');
    expect(entrustPhase(rule, 2000)).toBe('ended');
  });
});
