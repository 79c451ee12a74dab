import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createFlow, releaseFlowVersion } from './definitions.service.ts';
import { approver, chain, end, forms, graph, refusal, start } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (enCode: string, g = chain(approver('n1', { type: 'starter' }))) => ({
  enCode,
  fullName: 'Referral',
  formKind: forms.kind,
  formId: 'referral',
  graph: g,
});

describe('flow definitions', () => {
  it('creates a flow with version 1 and its starters', async () => {
    const { id, versionId } = await createFlow(t.ctx, { ...body('referral_up'), starters: { roleIds: ['r1'], userIds: ['u1'] } }, 'admin');
    const flow = await t.ctx.db.selectFrom('flowDefinitions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ enCode: 'referral_up', version: 1, currentVersionId: versionId, enabledMark: 1 });
    const starters = await t.ctx.db
      .selectFrom('flowStarters')
      .select(['objectType', 'objectId'])
      .where('flowId', '=', id)
      .orderBy('objectType')
      .execute();
    expect(starters).toEqual([
      { objectType: 'Role', objectId: 'r1' },
      { objectType: 'User', objectId: 'u1' },
    ]);
    expect(await refusal(createFlow(t.ctx, body('referral_up'), 'admin'))).toEqual({ status: 409, key: 'workflow.enCodeTaken' });
  });

  it('refuses a graph that cannot run and writes nothing', async () => {
    const broken = graph([start, approver('n1', { type: 'starter' }), end], [{ id: 'e1', source: 'start', target: 'end' }]);
    expect(await refusal(createFlow(t.ctx, body('broken', broken), 'admin'))).toEqual({ status: 400, key: 'workflow.graphInvalid' });
    expect(await t.ctx.db.selectFrom('flowDefinitions').select('id').where('enCode', '=', 'broken').execute()).toEqual([]);
    await expect(createFlow(t.ctx, { ...body('bad_kind'), formKind: 'no spaces allowed' }, 'admin')).rejects.toThrow();
  });

  it('numbers releases one after another, even when two land at once', async () => {
    const { id } = await createFlow(t.ctx, body('versions'), 'admin');
    const released = await Promise.all([
      releaseFlowVersion(t.ctx, id, chain(approver('a', { type: 'starter' })), 'admin'),
      releaseFlowVersion(t.ctx, id, chain(approver('b', { type: 'starter' })), 'admin'),
    ]);
    expect(released.map((r) => r.version).sort()).toEqual([2, 3]);
    const versions = await t.ctx.db.selectFrom('flowVersions').select('version').where('flowId', '=', id).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(await refusal(releaseFlowVersion(t.ctx, 'nope', chain(approver('a', { type: 'starter' })), 'admin'))).toEqual({
      status: 404,
      key: 'workflow.flowNotFound',
    });
  });
});
