import { FlowStatus, TaskStatus } from '@medalliance/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectAsWritten } from '../../modules/visualdev/model-tables.ts';
import { seed, menuId } from './index.ts';
import { seedRoles } from './people.ts';
import { CONSULT_FLOW, DEMO_MODEL, FEE_CONSULT_FLOW, FEE_FLOW } from './workflow.ts';

/** The seeded demo flows: instances in every state, consistent with their tasks and the records' flow_state. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: 'flowInstances' | 'flowTasks' | 'flowRecords' | 'flowCopies' | 'flowDefinitions') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seeded workflow demo', () => {
  it('has both flows with instances waiting, adopted, rejected, revoked and terminated', async () => {
    const flows = await t.ctx.db.selectFrom('flowDefinitions').select(['id', 'enCode', 'formKind', 'formId']).execute();
    expect(flows.map((f) => f.enCode).sort()).toEqual(expect.arrayContaining([CONSULT_FLOW, FEE_FLOW]));
    const insts = await t.ctx.db.selectFrom('flowInstances').select(['status', 'flowId']).execute();
    const statuses = new Set(insts.map((i) => i.status));
    for (const s of [FlowStatus.waiting, FlowStatus.adopted, FlowStatus.rejected, FlowStatus.revoked, FlowStatus.cancelled])
      expect(statuses, `status ${s}`).toContain(s);
    // Waiting at both levels of the fee flow.
    const fee = flows.find((f) => f.enCode === FEE_FLOW)!;
    const waitingNodes = await t.ctx.db
      .selectFrom('flowTasks as t')
      .innerJoin('flowInstances as i', 'i.id', 't.instanceId')
      .select('t.nodeId')
      .distinct()
      .where('i.flowId', '=', fee.id)
      .where('t.status', '=', TaskStatus.waiting)
      .execute();
    expect(waitingNodes.map((n) => n.nodeId).sort()).toEqual(['county', 'township']);
  });

  it('keeps every instance consistent with its tasks and with the record flow_state', async () => {
    // The demo model's flows; the hand-written forms of other modules (teams, courses, exam sign-ups) keep no flow_state.
    const insts = await t.ctx.db
      .selectFrom('flowInstances')
      .selectAll()
      .where('formKind', '=', 'model')
      .where('formId', '=', DEMO_MODEL)
      .execute();
    const { tableName } = await t.ctx.db
      .selectFrom('visualdevModels')
      .select('tableName')
      .where('id', '=', DEMO_MODEL)
      .executeTakeFirstOrThrow();
    const raw = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    for (const i of insts) {
      const tasks = await t.ctx.db.selectFrom('flowTasks').select(['status']).where('instanceId', '=', i.id).execute();
      const open = tasks.filter((x) => x.status === TaskStatus.waiting || x.status === TaskStatus.queued);
      if (i.status === FlowStatus.waiting) {
        // Waiting on people, or on a sub-flow's running child.
        const child = await t.ctx.db
          .selectFrom('flowSubflows as l')
          .innerJoin('flowInstances as c', 'c.id', 'l.childInstanceId')
          .select('c.id')
          .where('l.parentInstanceId', '=', i.id)
          .where('c.status', '=', FlowStatus.waiting)
          .execute();
        expect(open.length + child.length, `waiting instance ${i.title}`).toBeGreaterThan(0);
        expect(i.activeKey).toBe(`model:${DEMO_MODEL}:${i.recordId}`);
        expect(i.endedAt).toBeNull();
      } else {
        expect(open, `ended instance ${i.title}`).toEqual([]);
        expect(i.activeKey).toBeNull();
        expect(i.endedAt).not.toBeNull();
      }
      const [row] = await selectAsWritten<{ flow_state: number }>(
        raw,
        raw.selectFrom(tableName).select('flow_state').where('id', '=', i.recordId),
      );
      expect(Number(row!.flow_state)).toBe(i.status);
    }
    // The countersign waiting with one of three approved: two still to decide.
    const consult = await t.ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', CONSULT_FLOW).executeTakeFirstOrThrow();
    const waiting = await t.ctx.db
      .selectFrom('flowInstances')
      .select('id')
      .where('flowId', '=', consult.id)
      .where('status', '=', FlowStatus.waiting)
      .executeTakeFirstOrThrow();
    const tasks = await t.ctx.db.selectFrom('flowTasks').select('status').where('instanceId', '=', waiting.id).execute();
    expect(tasks.map((x) => x.status).sort()).toEqual([TaskStatus.waiting, TaskStatus.waiting, TaskStatus.adopted].sort());
  });

  it('opens every workflow list of the demo users with content', async () => {
    const list = async (account: string, path: string) =>
      (await t.call('GET', `/api/workflow/Engine/${path}`, { token: await t.login(account) })).data.pagination.total as number;
    expect(await list('majun', 'FlowBefore/List/1')).toBeGreaterThanOrEqual(2);
    expect(await list('zhangwei', 'FlowBefore/List/1')).toBeGreaterThanOrEqual(2);
    expect(await list('chenjing', 'FlowBefore/List/1')).toBeGreaterThanOrEqual(2);
    expect(await list('majun', 'FlowBefore/List/2')).toBeGreaterThanOrEqual(3);
    expect(await list('zhangwei', 'FlowBefore/List/2')).toBeGreaterThanOrEqual(2);
    expect(await list('heyun', 'FlowBefore/List/3')).toBeGreaterThanOrEqual(1);
    expect(await list('xuli', 'FlowLaunch')).toBeGreaterThanOrEqual(8);
    // On the demo model: two consultations of his own and two started as sub-flows of 门诊费用审批（含会诊）;
    // the list also holds what other modules' seeds had him start (an exam sign-up, a course application).
    const majun = (await t.ctx.db.selectFrom('users').select('id').where('account', '=', 'majun').executeTakeFirstOrThrow()).id;
    const started = await t.ctx.db.selectFrom('flowInstances').select(['formKind', 'formId']).where('starterId', '=', majun).execute();
    expect(started.filter((i) => i.formKind === 'model' && i.formId === DEMO_MODEL)).toHaveLength(4);
    expect(await list('majun', 'FlowLaunch')).toBe(started.length);
  });

  it('has the sub-flow demo: one parent waiting on its consultation, one through it, with copied fields', async () => {
    const flow = await t.ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', FEE_CONSULT_FLOW).executeTakeFirstOrThrow();
    const links = await t.ctx.db
      .selectFrom('flowSubflows as l')
      .innerJoin('flowInstances as p', 'p.id', 'l.parentInstanceId')
      .innerJoin('flowInstances as c', 'c.id', 'l.childInstanceId')
      .select(['p.status as parentStatus', 'c.status as childStatus', 'p.recordId as parentRecord', 'c.recordId as childRecord', 'l.mode'])
      .where('p.flowId', '=', flow.id)
      .orderBy('p.status')
      .execute();
    expect(links.map((l) => [l.parentStatus, l.childStatus, l.mode])).toEqual([
      [FlowStatus.waiting, FlowStatus.waiting, 'sync'],
      [FlowStatus.adopted, FlowStatus.adopted, 'sync'],
    ]);
    const { tableName } = await t.ctx.db
      .selectFrom('visualdevModels')
      .select('tableName')
      .where('id', '=', DEMO_MODEL)
      .executeTakeFirstOrThrow();
    const raw = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
    for (const l of links) {
      const rows = await selectAsWritten<{ id: string; patientName: string; diagnosis: string }>(
        raw,
        raw.selectFrom(tableName).select(['id', 'patientName', 'diagnosis']).where('id', 'in', [l.parentRecord, l.childRecord]),
      );
      const [a, b] = [rows.find((r) => String(r.id) === l.parentRecord)!, rows.find((r) => String(r.id) === l.childRecord)!];
      expect(b.patientName).toBe(a.patientName);
      expect(b.diagnosis).toBe(a.diagnosis);
    }
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await Promise.all((['flowDefinitions', 'flowInstances', 'flowTasks', 'flowRecords', 'flowCopies'] as const).map(count));
    await seed(t.ctx);
    const after = await Promise.all((['flowDefinitions', 'flowInstances', 'flowTasks', 'flowRecords', 'flowCopies'] as const).map(count));
    expect(after).toEqual(before);
  });

  it('grants the monitor and the designer to the system administrator only', async () => {
    const holders = async (enCode: string) =>
      (
        await t.ctx.db
          .selectFrom('authorizations')
          .select('objectId')
          .where('itemType', '=', 'module')
          .where('itemId', '=', menuId(enCode))
          .where('objectType', '=', 'Role')
          .execute()
      ).map((r) => r.objectId);
    const sysAdmin = seedRoles.find((r) => r.enCode === 'sysAdmin')!.id;
    expect(await holders('flowMonitor')).toEqual([sysAdmin]);
    expect(await holders('flowEngine')).toEqual([sysAdmin]);
    const county = seedRoles.find((r) => r.enCode === 'countyDoctor')!.id;
    expect(await holders('flowTodo')).toContain(county);
  });
});
