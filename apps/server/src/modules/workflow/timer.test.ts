import Fastify from 'fastify';
import { FlowAction, FlowStatus } from '@medalliance/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock, type TestClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { revokeInstance, startFlow } from './actions.service.ts';
import { restoreInstance, suspendInstance } from './monitor.service.ts';
import { scheduleDueProcessing } from './scheduler.ts';
import { addUser, approver, chain, defineFlow, forms, instance, messagesOf, recordsOf, refusal, waitingHandlers } from './test-support.ts';
import { processDue, processDueTimers } from './timeouts.service.ts';

let t: TestApp;
let clock: TestClock;
let starter: string;
let a: string;
let flow: string;
const HOUR = 3_600_000;
const timer = { id: 'wait', type: 'timer', name: 'Cool-off', delay: { duration: 1, unit: 'hour' } };

beforeAll(async () => {
  t = await createTestApp();
  starter = await addUser(t);
  a = await addUser(t);
  flow = await defineFlow(t, chain(timer, approver('n1', { type: 'users', userIds: [a] })));
});
afterAll(() => t.close());
afterEach(() => setClock(null));

const submit = async (title = 'Timer') => {
  clock = testClock(Date.UTC(2026, 0, 5, 8));
  setClock(clock);
  return (await startFlow(t.ctx, { flowId: flow, recordId: forms.add(), title }, starter)).instanceId;
};

describe('timer node', () => {
  it('waits its delay on the clock, then moves on in the due pass and opens the next node with its to-do', async () => {
    const inst = await submit('Timer moves on');
    expect(await waitingHandlers(t, inst)).toEqual([]);
    expect((await instance(t, inst)).currentNodes).toBe('Cool-off');
    clock.advance(HOUR - 1);
    expect(await processDue(t.ctx)).toEqual({ timers: 0, approved: 0, rejected: 0, reminded: 0 });
    clock.advance(1);
    expect((await processDue(t.ctx)).timers).toBe(1);
    expect(await waitingHandlers(t, inst)).toEqual([a]);
    expect((await instance(t, inst)).currentNodes).toBe('Node n1');
    expect((await recordsOf(t, inst)).map((r) => r.action)).toEqual([FlowAction.submit, FlowAction.timerPass]);
    expect((await messagesOf(t, a)).at(-1)).toMatchObject({ kind: 'flowTodo', body: { type: 2, id: inst } });
    expect((await processDue(t.ctx)).timers).toBe(0);
  });

  it('fires once when several due passes run at once', async () => {
    const inst = await submit('Timer race');
    clock.advance(HOUR);
    const fired = await Promise.all([processDueTimers(t.ctx), processDueTimers(t.ctx), processDueTimers(t.ctx)]);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await waitingHandlers(t, inst)).toEqual([a]);
    const states = await t.ctx.db.selectFrom('flowNodeStates').select(['nodeId', 'status']).where('instanceId', '=', inst).execute();
    expect(states.filter((s) => s.nodeId === 'wait')).toEqual([{ nodeId: 'wait', status: FlowStatus.adopted }]);
    expect(states.filter((s) => s.nodeId === 'n1')).toHaveLength(1);
  });

  it('stands still while the instance is suspended and never fires after it ended', async () => {
    const inst = await submit('Timer suspended');
    await suspendInstance(t.ctx, inst, 'admin');
    clock.advance(2 * HOUR);
    expect((await processDue(t.ctx)).timers).toBe(0);
    await restoreInstance(t.ctx, inst, 'admin');
    expect((await processDue(t.ctx)).timers).toBe(1);
    expect(await waitingHandlers(t, inst)).toEqual([a]);

    const gone = await submit('Timer revoked');
    await revokeInstance(t.ctx, gone, starter);
    clock.advance(2 * HOUR);
    expect((await processDue(t.ctx)).timers).toBe(0);
    expect((await instance(t, gone)).status).toBe(FlowStatus.revoked);
    expect(await t.ctx.db.selectFrom('flowTimers').select('nodeStateId').where('instanceId', '=', gone).execute()).toEqual([]);
  });

  it('a timer needs a delay and one way out', async () => {
    expect(() => chain({ id: 'wait', type: 'timer', name: 'No delay' })).toThrow();
    expect(() => chain({ ...timer, delay: { duration: 0, unit: 'hour' } })).toThrow();
    expect(() => chain({ ...timer, delay: { duration: 1, unit: 'week' } })).toThrow();
    const dangling = {
      nodes: [{ id: 'start', type: 'start', name: 'S' }, timer, { id: 'end', type: 'end', name: 'E' }],
      edges: [{ id: 'e1', source: 'start', target: 'wait' }],
    };
    expect((await refusal(defineFlow(t, dangling as never))).status).toBe(400);
  });
});

describe('timeout reminders', () => {
  it('a remind timeout sends the handler one urge message, once however many passes run', async () => {
    const remindFlow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a] }, { timeout: { duration: 2, unit: 'hour', action: 'remind' } })),
    );
    clock = testClock(Date.UTC(2026, 0, 6, 8));
    setClock(clock);
    const inst = (await startFlow(t.ctx, { flowId: remindFlow, recordId: forms.add(), title: 'Remind me' }, starter)).instanceId;
    const urges = async () => (await messagesOf(t, a)).filter((m) => m.kind === 'flowUrge' && m.body.id === inst);
    clock.advance(2 * HOUR - 1);
    expect((await processDue(t.ctx)).reminded).toBe(0);
    clock.advance(1);
    const passes = await Promise.all([processDue(t.ctx), processDue(t.ctx)]);
    expect(passes.map((p) => p.reminded).sort()).toEqual([0, 1]);
    expect(await urges()).toEqual([{ title: '【催办】Remind me', kind: 'flowUrge', senderId: null, body: { type: 2, id: inst } }]);
    expect(await waitingHandlers(t, inst)).toEqual([a]);
  });
});

describe('due scheduler', () => {
  it('runs the due pass while the server listens and stops when it closes', async () => {
    const inst = await submit('Timer scheduled');
    clock.advance(HOUR);
    const server = Fastify();
    await server.register(async (scope) => scheduleDueProcessing(scope, t.ctx, 20));
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let i = 0; i < 100 && !(await waitingHandlers(t, inst)).length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await waitingHandlers(t, inst)).toEqual([a]);
    } finally {
      await server.close();
    }
    const after = await submit('Timer after close');
    clock.advance(HOUR);
    await new Promise((r) => setTimeout(r, 100));
    expect(await waitingHandlers(t, after)).toEqual([]);
  });
});
