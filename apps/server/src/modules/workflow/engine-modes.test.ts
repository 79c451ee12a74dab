import { FlowAction, FlowStatus } from '@medalliance/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approveTask, startFlow } from './actions.service.ts';
import { processDueTasks } from './timeouts.service.ts';
import {
  addUser,
  approver,
  chain,
  defineFlow,
  forms,
  instance,
  recordsOf,
  refusal,
  taskOf,
  tasksOf,
  TOWNSHIP_ORG,
  users,
  waitingHandlers,
} from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setClock(null));

const submit = async (
  flowId: string,
  starter: string,
  values: Record<string, unknown> = {},
  chosenApprovers?: Record<string, string[]>,
) => {
  const recordId = forms.add(values);
  return { ...(await startFlow(t.ctx, { flowId, recordId, chosenApprovers }, starter)), recordId };
};

/** Who gets the first node's tasks for this assignee rule. */
const firstHandlers = async (
  starter: string,
  assignee: Record<string, unknown>,
  values: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => {
  const flow = await defineFlow(t, chain(approver('n1', assignee, extra)));
  const inst = await submit(flow, starter, values);
  return waitingHandlers(t, inst.instanceId);
};

describe('approver resolution', () => {
  it('fixed users, skipping disabled and unknown ones', async () => {
    const [starter, a] = await users(t, 2);
    const off = await addUser(t, { enabled: false });
    expect(await firstHandlers(starter!, { type: 'users', userIds: [a, off, 'nobody'] })).toEqual([a]);
  });

  it('the starter', async () => {
    const starter = await addUser(t);
    expect(await firstHandlers(starter, { type: 'starter' })).toEqual([starter]);
  });

  it('the starter’s manager at level 1 and 2; nobody above the top', async () => {
    const top = await addUser(t);
    const middle = await addUser(t, { managerId: top });
    const starter = await addUser(t, { managerId: middle });
    expect(await firstHandlers(starter, { type: 'manager', level: 1 })).toEqual([middle]);
    expect(await firstHandlers(starter, { type: 'manager', level: 2 })).toEqual([top]);
    expect(await refusal(firstHandlers(starter, { type: 'manager', level: 3 }))).toEqual({ status: 400, key: 'workflow.noApprover' });
  });

  it('the head of the starter’s department', async () => {
    const head = await addUser(t, { organizeId: TOWNSHIP_ORG });
    await t.ctx.db.updateTable('organizations').set({ managerId: head }).where('id', '=', TOWNSHIP_ORG).execute();
    const starter = await addUser(t, { organizeId: TOWNSHIP_ORG });
    expect(await firstHandlers(starter, { type: 'deptHead' })).toEqual([head]);
  });

  it('role and position holders', async () => {
    const starter = await addUser(t);
    const role = `role-${newId()}`;
    const position = `pos-${newId()}`;
    const r1 = await addUser(t, { roles: [role] });
    const r2 = await addUser(t, { roles: [role], positions: [position] });
    await addUser(t, { roles: [role], enabled: false });
    const p1 = await addUser(t, { positions: [position] });
    expect(await firstHandlers(starter, { type: 'role', roleIds: [role] })).toEqual([r1, r2].sort());
    expect(await firstHandlers(starter, { type: 'position', positionIds: [position] })).toEqual([r2, p1].sort());
  });

  it('a form field holding one or several user ids', async () => {
    const [starter, a, b] = await users(t, 3);
    expect(await firstHandlers(starter!, { type: 'formField', field: 'doctor' }, { doctor: a })).toEqual([a]);
    expect(await firstHandlers(starter!, { type: 'formField', field: 'doctors' }, { doctors: `${a},${b}` })).toEqual([a, b].sort());
    expect(await firstHandlers(starter!, { type: 'formField', field: 'doctors' }, { doctors: [b] })).toEqual([b]);
    expect(await refusal(firstHandlers(starter!, { type: 'formField', field: 'doctor' }, { doctor: "1' OR '1'='1" }))).toEqual({
      status: 400,
      key: 'workflow.noApprover',
    });
  });

  it('chosen by the starter for the first node and by the previous approver for the next', async () => {
    const [starter, a, b, c] = await users(t, 4);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'chosen' }), approver('n2', { type: 'chosen' })));
    expect(await refusal(submit(flow, starter!))).toEqual({ status: 400, key: 'workflow.noApprover' });
    const inst = await submit(flow, starter!, {}, { n1: [a!] });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!, { chosenApprovers: { n2: [b!, c!] } });
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b, c].sort());
  });

  it('whoever approved an earlier node', async () => {
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'users', userIds: [a, b] }), approver('n2', { type: 'nodeApprover', nodeId: 'n1' })),
    );
    const inst = await submit(flow, starter!);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, b!), b!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([b]);
  });
});

describe('nobody found', () => {
  it('auto-pass passes the node on its own and records it', async () => {
    const [starter, a] = await users(t, 2);
    const flow = await defineFlow(
      t,
      chain(approver('n1', { type: 'chosen' }, { noApprover: 'autoPass' }), approver('n2', { type: 'users', userIds: [a] })),
    );
    const inst = await submit(flow, starter!);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([a]);
    expect((await recordsOf(t, inst.instanceId)).map((r) => [r.action, r.nodeId])).toEqual([
      [FlowAction.submit, 'start'],
      [FlowAction.autoPass, 'n1'],
    ]);
    // A flow of nothing but auto-passed nodes is adopted at once.
    const alone = await defineFlow(t, chain(approver('n1', { type: 'chosen' }, { noApprover: 'autoPass' })));
    const done = await submit(alone, starter!);
    expect(done.status).toBe(FlowStatus.adopted);
    expect(forms.states.get(done.recordId)).toEqual([FlowStatus.waiting, FlowStatus.adopted]);
  });

  it('admin hands the node to the administrators', async () => {
    const starter = await addUser(t);
    const admins = (
      await t.ctx.db.selectFrom('users').select('id').where('isAdministrator', '=', 1).where('enabledMark', '=', 1).execute()
    ).map((r) => r.id);
    expect(admins.length).toBeGreaterThan(0);
    expect(await firstHandlers(starter, { type: 'chosen' }, {}, { noApprover: 'admin' })).toEqual(admins.sort());
  });

  it('stop refuses the submit and writes nothing', async () => {
    const starter = await addUser(t);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'chosen' }, { noApprover: 'stop' })));
    const recordId = forms.add({});
    expect(await refusal(startFlow(t.ctx, { flowId: flow, recordId }, starter))).toEqual({ status: 400, key: 'workflow.noApprover' });
    expect(await t.ctx.db.selectFrom('flowInstances').select('id').where('flowId', '=', flow).execute()).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('flowRecords as r')
        .innerJoin('flowInstances as i', 'i.id', 'r.instanceId')
        .select('r.id')
        .where('i.flowId', '=', flow)
        .execute(),
    ).toEqual([]);
    expect(forms.states.get(recordId)).toBeUndefined();
  });
});

describe('entrust, timeouts, starters, versions', () => {
  it('an entrust rule hands new tasks to the delegate within its window and flows', async () => {
    const clock = testClock(Date.UTC(2026, 0, 10));
    setClock(clock);
    const [starter, boss, deputy] = await users(t, 3);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [boss] })));
    const otherFlow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [boss] })));
    const day = 86_400_000;
    await t.ctx.db
      .insertInto('flowEntrusts')
      .values({
        id: newId(),
        delegatorId: boss!,
        delegateId: deputy!,
        flowId: flow,
        startAt: clock.now() + day,
        endAt: clock.now() + 3 * day,
        enabledMark: 1,
        description: '',
        createdAt: clock.now(),
        createdBy: boss!,
        updatedAt: null,
        updatedBy: null,
      })
      .execute();
    expect(await waitingHandlers(t, (await submit(flow, starter!)).instanceId)).toEqual([boss]);
    clock.advance(2 * day);
    const inside = await submit(flow, starter!);
    expect(await waitingHandlers(t, inside.instanceId)).toEqual([deputy]);
    expect((await tasksOf(t, inside.instanceId))[0]).toMatchObject({ handlerId: deputy, delegatorId: boss });
    expect(await waitingHandlers(t, (await submit(otherFlow, starter!)).instanceId)).toEqual([boss]);
    expect(await refusal(approveTask(t.ctx, await taskOf(t, inside.instanceId, deputy!), boss!))).toEqual({
      status: 403,
      key: 'error.forbidden',
    });
    expect((await approveTask(t.ctx, await taskOf(t, inside.instanceId, deputy!), deputy!)).status).toBe(FlowStatus.adopted);
    clock.advance(2 * day);
    expect(await waitingHandlers(t, (await submit(flow, starter!)).instanceId)).toEqual([boss]);
  });

  it('a node timeout sets the due time of its tasks from the clock', async () => {
    const clock = testClock(Date.UTC(2026, 1, 1, 8));
    setClock(clock);
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(
        approver(
          'n1',
          { type: 'users', userIds: [a, b] },
          { sign: { mode: 'sequential' }, timeout: { duration: 2, unit: 'hour', action: 'remind' } },
        ),
      ),
    );
    const inst = await submit(flow, starter!);
    expect((await tasksOf(t, inst.instanceId)).map((x) => [x.handlerId, x.openedAt, x.dueAt])).toEqual([
      [a, clock.now(), clock.now() + 7_200_000],
      [b, null, null],
    ]);
    clock.advance(30 * 60_000);
    await approveTask(t.ctx, await taskOf(t, inst.instanceId, a!), a!);
    expect((await tasksOf(t, inst.instanceId)).find((x) => x.handlerId === b)!.dueAt).toBe(clock.now() + 7_200_000);
    expect((await instance(t, inst.instanceId)).startedAt).toBe(Date.UTC(2026, 1, 1, 8));
  });

  it('an overdue task is approved or rejected by the engine when its node says so; reminders are left alone', async () => {
    const clock = testClock(Date.UTC(2026, 2, 1, 8));
    setClock(clock);
    const [starter, a, b, c] = await users(t, 4);
    const timeout = (action: string) => ({ timeout: { duration: 1, unit: 'day', action } });
    const approving = await submit(
      await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a] }, timeout('approve')))),
      starter!,
    );
    const rejecting = await submit(
      await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [b] }, timeout('reject')))),
      starter!,
    );
    const reminding = await submit(
      await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [c] }, timeout('remind')))),
      starter!,
    );
    clock.advance(86_400_000 - 1);
    expect(await processDueTasks(t.ctx)).toEqual({ approved: 0, rejected: 0 });
    clock.advance(1);
    // Other test files' tasks are in other databases: exactly ours are due.
    expect(await processDueTasks(t.ctx)).toEqual({ approved: 1, rejected: 1 });
    expect((await instance(t, approving.instanceId)).status).toBe(FlowStatus.adopted);
    expect((await instance(t, rejecting.instanceId)).status).toBe(FlowStatus.rejected);
    expect((await instance(t, reminding.instanceId)).status).toBe(FlowStatus.waiting);
    expect((await recordsOf(t, approving.instanceId)).at(-1)).toMatchObject({ action: FlowAction.approve, actorId: 'system' });
    expect(await processDueTasks(t.ctx)).toEqual({ approved: 0, rejected: 0 });
  });

  it('the engine and the approver acting on an overdue task at once decide it once', async () => {
    const clock = testClock(Date.UTC(2026, 3, 1, 8));
    setClock(clock);
    const [starter, a, next] = await users(t, 3);
    const flow = await defineFlow(
      t,
      chain(
        approver('n1', { type: 'users', userIds: [a] }, { timeout: { duration: 5, unit: 'minute', action: 'approve' } }),
        approver('n2', { type: 'users', userIds: [next] }),
      ),
    );
    const inst = await submit(flow, starter!);
    clock.advance(10 * 60_000);
    const ta = await taskOf(t, inst.instanceId, a!);
    const [mine, engine] = await Promise.allSettled([approveTask(t.ctx, ta, a!), processDueTasks(t.ctx)]);
    expect(engine.status).toBe('fulfilled');
    const approvals = (await recordsOf(t, inst.instanceId)).filter((r) => r.action === FlowAction.approve);
    expect(approvals).toHaveLength(1);
    expect(mine.status === 'fulfilled').toBe(approvals[0]!.actorId === a);
    expect(await waitingHandlers(t, inst.instanceId)).toEqual([next]);
  });

  it('only the users, positions and roles a flow names may start it', async () => {
    const [a, outsider] = await users(t, 2);
    const position = `pos-${newId()}`;
    const holder = await addUser(t, { positions: [position] });
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a] })), {
      starters: { userIds: [a], positionIds: [position] },
    });
    expect(await refusal(submit(flow, outsider!))).toEqual({ status: 403, key: 'error.forbidden' });
    expect((await submit(flow, a!)).status).toBe(FlowStatus.waiting);
    expect((await submit(flow, holder)).status).toBe(FlowStatus.waiting);
  });

  it('a running instance keeps the version it started on', async () => {
    const { releaseFlowVersion } = await import('./definitions.service.ts');
    const [starter, a, b] = await users(t, 3);
    const flow = await defineFlow(t, chain(approver('n1', { type: 'users', userIds: [a] })));
    const old = await submit(flow, starter!);
    const v2 = await releaseFlowVersion(
      t.ctx,
      flow,
      chain(approver('n1', { type: 'users', userIds: [a] }), approver('n2', { type: 'users', userIds: [b] })),
      'admin',
    );
    expect(v2.version).toBe(2);
    const fresh = await submit(flow, starter!);
    expect((await instance(t, fresh.instanceId)).versionId).toBe(v2.versionId);
    expect((await approveTask(t.ctx, await taskOf(t, old.instanceId, a!), a!)).status).toBe(FlowStatus.adopted);
    expect((await approveTask(t.ctx, await taskOf(t, fresh.instanceId, a!), a!)).status).toBe(FlowStatus.waiting);
    expect(await waitingHandlers(t, fresh.instanceId)).toEqual([b]);
  });
});
