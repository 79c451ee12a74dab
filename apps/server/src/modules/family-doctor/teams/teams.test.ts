import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock, testClock } from '../../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { all } from '../../health/plans/rows.ts';
import { FD_ITEM, FD_PACKAGE, FD_TEAM } from '../../../db/seed/family-doctor-teams.ts';

/**
 * Teams, their audit through the workflow engine, service items and packages,
 * and residents' questions, through the API.
 *
 * People (seed): 徐丽 xuli (城关镇卫生院, sets up teams), 马军 majun (城关镇, the
 * team auditor of the seeded flow, with the administrator), 胡健 hujian
 * (石桥镇), 曹霞 caoxia (柳林村, a village clinic of 城关镇), 邓山 dengshan
 * (village doctor: no team menus).
 */
const T0 = Date.UTC(2030, 2, 1, 8);
const CHENGGUAN = '100000000000000030';
const SHIQIAO = '100000000000000040';

let t: TestApp;
let db: Kysely<any>;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

const teamBody = (code: string, extra: Record<string, unknown> = {}) => ({
  orgId: CHENGGUAN,
  code,
  name: `城关镇家庭医生${code}团队`,
  leaderId: uid.xuli,
  intro: '测试团队',
  members: [
    { userId: uid.xuli, role: 'doctor' },
    { userId: uid.caoxia, role: 'nurse' },
    { userId: uid.majun, role: 'public_health' },
  ],
  ...extra,
});
const team = async (id: string) => (await all(db, db.selectFrom('fd_teams').selectAll().where('id', '=', id)))[0]!;
async function created(code: string) {
  const r = await t.call('POST', '/api/family-doctor/teams', { token: tok.xuli, body: teamBody(code) });
  expect(r.status, r.msg).toBe(200);
  return r.data.id as string;
}
async function submitted(code: string) {
  const id = await created(code);
  const r = await t.call('POST', `/api/family-doctor/teams/${id}/submit`, { token: tok.xuli });
  expect(r.status, r.msg).toBe(200);
  return { id, instanceId: r.data.instanceId as string };
}
const waitingTask = async (instanceId: string, user: string) =>
  (
    await all(
      db,
      db.selectFrom('flow_tasks').select('id').where('instance_id', '=', instanceId).where('handler_id', '=', user).where('status', '=', 1),
    )
  )[0]?.id as string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db.withoutPlugins() as unknown as Kysely<any>;
  for (const a of ['admin', 'xuli', 'majun', 'hujian', 'dengshan']) tok[a] = await t.login(a);
  for (const u of await all(db, db.selectFrom('users').select(['id', 'account']))) uid[String(u.account)] = String(u.id);
  setClock(testClock(T0));
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('seeded teams, items and packages', () => {
  it('has the fixed ids other seeds use, the pending team in the audit flow', async () => {
    expect((await team(FD_TEAM.cg1)).status).toBe('active');
    const hk = await team(FD_TEAM.hk1);
    expect(hk.status).toBe('pending');
    expect(hk.flow_instance_id).toBeTruthy();
    expect(await waitingTask(String(hk.flow_instance_id), uid.majun!)).toBeTruthy();
    const items = await all(
      db,
      db.selectFrom('fd_service_items').select(['id', 'form_code']).where('form_code', 'in', ['htn_visit', 'dm_visit']),
    );
    expect(items.map((i) => i.id).sort()).toEqual([FD_ITEM.htnVisit, FD_ITEM.dmVisit].sort());
    const pkgs = await all(db, db.selectFrom('fd_packages').select(['id', 'real_price']).orderBy('id'));
    expect(pkgs.map((p) => p.id)).toEqual(Object.values(FD_PACKAGE).sort());
    expect(pkgs.find((p) => p.id === FD_PACKAGE.chronic)!.real_price).toBe(12000);
  });
});

describe('team audit through the workflow engine', () => {
  it('submit → flow instance → approve (team_audit) → team active', async () => {
    const { id, instanceId } = await submitted('T1');
    const row = await team(id);
    expect(row).toMatchObject({ status: 'pending', flow_instance_id: instanceId, submitted_at: T0 });
    // The approver sees it in the standard to-do list and on team_audit with their task.
    const todo = await t.call('GET', '/api/workflow/Engine/FlowBefore/List/1?currentPage=1&pageSize=50', { token: tok.majun });
    expect(todo.status, todo.msg).toBe(200);
    expect(JSON.stringify(todo.data)).toContain('城关镇家庭医生T1团队');
    const audit = await t.call('GET', '/api/family-doctor/teams?status=pending', { token: tok.majun });
    const mine = audit.data.list.find((x: any) => x.id === id);
    expect(mine.myTaskId).toBeTruthy();
    // The submitter holds no task: refused.
    expect(
      (await t.call('POST', `/api/family-doctor/teams/${id}/decision`, { token: tok.xuli, body: { decision: 'approve' } })).status,
    ).toBe(403);
    const r = await t.call('POST', `/api/family-doctor/teams/${id}/decision`, {
      token: tok.majun,
      body: { decision: 'approve', opinion: '同意' },
    });
    expect(r.status, r.msg).toBe(200);
    expect(await team(id)).toMatchObject({ status: 'active', audited_by: uid.majun, audited_at: T0 });
    const inst = (await all(db, db.selectFrom('flow_instances').select('status').where('id', '=', instanceId)))[0]!;
    expect(Number(inst.status)).toBe(2);
    // Acting again: no waiting task any more.
    expect(
      (await t.call('POST', `/api/family-doctor/teams/${id}/decision`, { token: tok.majun, body: { decision: 'approve' } })).status,
    ).toBe(409);
  });

  it('the auditor of another township sees the team put to them, and only that', async () => {
    const body = teamBody('SQ-T9', {
      orgId: SHIQIAO,
      name: '石桥镇家庭医生九团队',
      leaderId: uid.hujian,
      members: [
        { userId: uid.hujian, role: 'doctor' },
        { userId: uid.pengbo, role: 'nurse' },
      ],
    });
    const c = await t.call('POST', '/api/family-doctor/teams', { token: tok.hujian, body });
    expect(c.status, c.msg).toBe(200);
    const before = await t.call('GET', `/api/family-doctor/teams/${c.data.id}`, { token: tok.majun });
    expect(before.status).toBe(404); // a draft of another township
    expect((await t.call('POST', `/api/family-doctor/teams/${c.data.id}/submit`, { token: tok.hujian })).status).toBe(200);
    const list = await t.call('GET', '/api/family-doctor/teams?status=pending&pageSize=100', { token: tok.majun });
    const row = list.data.list.find((x: any) => x.id === c.data.id);
    expect(row).toMatchObject({ orgId: SHIQIAO, status: 'pending' });
    expect(row.myTaskId).toBeTruthy();
    expect(list.data.list.every((x: any) => x.orgId === CHENGGUAN || x.myTaskId)).toBe(true);
    const ok = await t.call('POST', `/api/family-doctor/teams/${c.data.id}/decision`, { token: tok.majun, body: { decision: 'approve' } });
    expect(ok.status, ok.msg).toBe(200);
    expect((await team(c.data.id)).status).toBe('active');
  });

  it('reject in the 待办 screen (the engine route) → team rejected with the reason; resubmitted and approved', async () => {
    const { id, instanceId } = await submitted('T2');
    const task = await waitingTask(instanceId, uid.majun!);
    const r = await t.call('POST', `/api/workflow/Engine/FlowBefore/Reject/${task}`, {
      token: tok.majun,
      body: { opinion: '成员配置不全', target: 'starter' },
    });
    expect(r.status, r.msg).toBe(200);
    expect(await team(id)).toMatchObject({ status: 'rejected', audit_comment: '成员配置不全' });
    // A rejection needs a reason on team_audit.
    const again = await t.call('POST', `/api/family-doctor/teams/${id}/submit`, { token: tok.xuli });
    expect(again.status, again.msg).toBe(200);
    expect(
      (await t.call('POST', `/api/family-doctor/teams/${id}/decision`, { token: tok.majun, body: { decision: 'reject' } })).status,
    ).toBe(400);
    const ok = await t.call('POST', `/api/workflow/Engine/FlowBefore/Audit/${await waitingTask(again.data.instanceId, uid.admin!)}`, {
      token: tok.admin,
      body: { opinion: '同意' },
    });
    expect(ok.status, ok.msg).toBe(200);
    expect((await team(id)).status).toBe('active');
  });

  it('a changed active team goes back through the audit; a pending team cannot be edited or submitted twice', async () => {
    const { id } = await submitted('T3');
    expect((await t.call('PUT', `/api/family-doctor/teams/${id}`, { token: tok.xuli, body: teamBody('T3') })).status).toBe(409);
    expect((await t.call('POST', `/api/family-doctor/teams/${id}/submit`, { token: tok.xuli })).status).toBe(409);
    await t.call('POST', `/api/family-doctor/teams/${id}/decision`, { token: tok.majun, body: { decision: 'approve' } });
    const edit = await t.call('PUT', `/api/family-doctor/teams/${id}`, {
      token: tok.xuli,
      body: teamBody('T3', { name: '城关镇家庭医生三团队' }),
    });
    expect(edit.status, edit.msg).toBe(200);
    expect(await team(id)).toMatchObject({ status: 'draft', name: '城关镇家庭医生三团队' });
    const list = await t.call('GET', `/api/family-doctor/teams/${id}`, { token: tok.xuli });
    expect(list.data.members.map((m: any) => m.role)).toEqual(['doctor', 'nurse', 'public_health']);
  });

  it('disable, remove and their refusals', async () => {
    const draft = await created('T4');
    expect((await t.call('POST', `/api/family-doctor/teams/${draft}/disable`, { token: tok.xuli })).status).toBe(409);
    expect((await t.call('DELETE', `/api/family-doctor/teams/${draft}`, { token: tok.xuli })).status).toBe(200);
    expect((await t.call('GET', `/api/family-doctor/teams/${draft}`, { token: tok.xuli })).status).toBe(404);
    expect((await t.call('POST', `/api/family-doctor/teams/${FD_TEAM.cg1}/disable`, { token: tok.xuli })).status).toBe(200);
    expect((await team(FD_TEAM.cg1)).status).toBe('disabled');
    expect((await t.call('DELETE', `/api/family-doctor/teams/${FD_TEAM.cg1}`, { token: tok.xuli })).status).toBe(409);
    await db.updateTable('fd_teams').set({ status: 'active' }).where('id', '=', FD_TEAM.cg1).execute();
  });
});

describe('team rules, scope and bad input', () => {
  it('refuses members outside the unit, other units, duplicate codes and malformed bodies', async () => {
    const post = (token: string, body: unknown) => t.call('POST', '/api/family-doctor/teams', { token, body });
    expect(
      (
        await post(
          tok.xuli!,
          teamBody('X1', {
            members: [
              { userId: uid.xuli, role: 'doctor' },
              { userId: uid.hujian, role: 'doctor' },
            ],
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await post(tok.xuli!, teamBody('X2', { orgId: SHIQIAO, members: [{ userId: uid.hujian, role: 'doctor' }], leaderId: uid.hujian })))
        .status,
    ).toBe(403);
    expect((await post(tok.xuli!, teamBody('G.FD.CG1'))).status).toBe(409);
    expect((await post(tok.xuli!, teamBody('X3', { leaderId: uid.hujian }))).status).toBe(400);
    expect((await post(tok.xuli!, teamBody('X4', { members: [] }))).status).toBe(400);
    expect((await post(tok.xuli!, teamBody('X5', { members: [{ userId: uid.xuli, role: 'boss' }] }))).status).toBe(400);
    expect((await post(tok.xuli!, teamBody('X6', { name: '团'.repeat(5000) }))).status).toBe(400);
    expect((await post(tok.xuli!, teamBody("x'; drop table fd_teams; --"))).status).toBe(400);
    expect((await post(tok.xuli!, { ...teamBody('X7'), extra: 1 })).status).toBe(400);
    const bad = await t.call('POST', '/api/family-doctor/teams', {
      token: tok.xuli,
      body: '{"orgId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/teams/nope', { token: tok.xuli })).status).toBe(404);
  });

  it('scopes lists to the caller’s units and members; no menu, no access; searches safely', async () => {
    const shiqiao = await t.call('GET', '/api/family-doctor/teams?pageSize=100', { token: tok.hujian });
    expect(shiqiao.data.list.map((x: any) => x.orgId)).toEqual(expect.arrayContaining([SHIQIAO]));
    expect(shiqiao.data.list.every((x: any) => x.orgId === SHIQIAO)).toBe(true);
    expect((await t.call('GET', `/api/family-doctor/teams/${FD_TEAM.cg1}`, { token: tok.hujian })).status).toBe(404);
    expect((await t.call('GET', '/api/family-doctor/teams', { token: tok.dengshan })).status).toBe(403);
    const inj = await t.call('GET', `/api/family-doctor/teams?keyword=${encodeURIComponent("%' or 1=1 --")}`, { token: tok.admin });
    expect(inj.status).toBe(200);
    expect(inj.data.pagination.total).toBe(0);
    const kw = await t.call('GET', `/api/family-doctor/teams?keyword=${encodeURIComponent('石桥')}`, { token: tok.admin });
    expect(kw.data.list.map((x: any) => x.id)).toContain(FD_TEAM.sq1);
    expect(kw.data.list.every((x: any) => x.name.includes('石桥'))).toBe(true);
    expect((await t.call('GET', '/api/family-doctor/teams?status=bogus', { token: tok.admin })).status).toBe(400);
    expect((await t.call('GET', '/api/family-doctor/teams?pageSize=100000', { token: tok.admin })).status).toBe(400);
  });
});

describe('service items and packages', () => {
  const pkg = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: `测试服务包${code}`,
    price: 10000,
    discount: 85,
    validFrom: Date.UTC(2030, 0, 1),
    validTo: Date.UTC(2030, 11, 31),
    groups: ['04', '05'],
    intro: '',
    items: [
      { itemId: FD_ITEM.htnVisit, times: 4 },
      { itemId: FD_ITEM.glucose, times: 2 },
    ],
    ...extra,
  });

  it('computes the real price on the server and keeps the items with their times', async () => {
    const r = await t.call('POST', '/api/family-doctor/packages', { token: tok.xuli, body: { ...pkg('PK-T1'), realPrice: 1 } });
    expect(r.status).toBe(400); // the client does not send prices it may not set
    const c = await t.call('POST', '/api/family-doctor/packages', { token: tok.xuli, body: pkg('PK-T1') });
    expect(c.status, c.msg).toBe(200);
    const got = await t.call('GET', `/api/family-doctor/packages/${c.data.id}`, { token: tok.xuli });
    expect(got.data).toMatchObject({ price: 10000, discount: 85, realPrice: 8500, groups: ['04', '05'] });
    expect(got.data.items.map((i: any) => [i.itemId, i.times])).toEqual([
      [FD_ITEM.htnVisit, 4],
      [FD_ITEM.glucose, 2],
    ]);
    const off = await t.call('PUT', `/api/family-doctor/packages/${c.data.id}/enabled`, { token: tok.xuli, body: { enabled: false } });
    expect(off.status).toBe(200);
    const listed = await t.call('GET', '/api/family-doctor/packages?enabled=0', { token: tok.xuli });
    expect(listed.data.list.map((p: any) => p.id)).toEqual([c.data.id]);
  });

  it('refuses bad packages: dates, items, duplicates, codes, prices', async () => {
    const post = (body: unknown) => t.call('POST', '/api/family-doctor/packages', { token: tok.xuli, body });
    expect((await post(pkg('PK-B1', { validTo: Date.UTC(2029, 0, 1) }))).status).toBe(400);
    expect((await post(pkg('PK-B2', { items: [] }))).status).toBe(400);
    expect((await post(pkg('PK-B3', { items: [{ itemId: 'nope', times: 1 }] }))).status).toBe(400);
    expect(
      (
        await post(
          pkg('PK-B4', {
            items: [
              { itemId: FD_ITEM.ecg, times: 1 },
              { itemId: FD_ITEM.ecg, times: 2 },
            ],
          }),
        )
      ).status,
    ).toBe(400);
    expect((await post(pkg('PK-BASIC'))).status).toBe(409);
    expect((await post(pkg('PK-B5', { discount: 0 }))).status).toBe(400);
    expect((await post(pkg('PK-B6', { price: -1 }))).status).toBe(400);
    expect((await post(pkg('PK-B7', { groups: ['77'] }))).status).toBe(400);
    expect((await post(pkg('PK-B8', { price: '100' }))).status).toBe(400);
  });

  it('an item used by a package or a package used by a contract is not removed', async () => {
    expect((await t.call('DELETE', `/api/family-doctor/items/${FD_ITEM.htnVisit}`, { token: tok.xuli })).status).toBe(409);
    await db
      .insertInto('fd_contracts')
      .values({
        id: 'fdt-c-1',
        contract_no: 'FDT-C-1',
        resident_id: 'r-x',
        team_id: FD_TEAM.cg1,
        doctor_id: uid.xuli,
        package_id: FD_PACKAGE.basic,
        population_group: '10',
        term_years: 1,
        start_date: T0,
        end_date: T0 + 365 * 86_400_000,
        status: 'signed',
        org_id: CHENGGUAN,
        price: 1200,
        created_at: T0,
      })
      .execute();
    expect((await t.call('DELETE', `/api/family-doctor/packages/${FD_PACKAGE.basic}`, { token: tok.xuli })).status).toBe(409);
    await db.deleteFrom('fd_contracts').where('id', '=', 'fdt-c-1').execute();
    const item = await t.call('POST', '/api/family-doctor/items', {
      token: tok.xuli,
      body: { code: 'FD99', name: '测试项目', nature: 2, times: 2, price: 500, formCode: 'htn_visit', groups: ['04'] },
    });
    expect(item.status, item.msg).toBe(200);
    expect(
      (
        await t.call('POST', '/api/family-doctor/items', {
          token: tok.xuli,
          body: { code: 'FD98', name: 'x', nature: 3, times: 1, price: 0, groups: ['04'] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/family-doctor/items', {
          token: tok.xuli,
          body: { code: 'FD97', name: 'x', nature: 1, times: 1, price: 0, formCode: 'bogus', groups: ['04'] },
        })
      ).status,
    ).toBe(400);
    expect((await t.call('DELETE', `/api/family-doctor/items/${item.data.id}`, { token: tok.xuli })).status).toBe(200);
    expect((await t.call('GET', '/api/family-doctor/items', { token: tok.dengshan })).status).toBe(403);
  });
});

describe('residents’ questions', () => {
  it('asked, listed (masked) for the team, answered, closed; other units and closed questions refused', async () => {
    await db
      .insertInto('lc_health_resident')
      .values({
        id: 'fdq-r1',
        creator_time: T0,
        flow_state: 0,
        fullName: '问题居民',
        idNumber: '369900196001011234',
        sex: '1',
        birthDate: Date.UTC(1960, 0, 1),
        phone: '13900001234',
        heightCm: 170,
        manageOrgId: '100000000000000033',
        doctorId: null,
        archiveState: 1,
      })
      .execute();
    const ask = await t.call('POST', '/api/family-doctor/questions', {
      token: tok.xuli,
      body: { residentId: 'fdq-r1', teamId: FD_TEAM.cg1, title: '降压药能停吗', content: '血压正常了能否停药？' },
    });
    expect(ask.status, ask.msg).toBe(200);
    const list = await t.call('GET', '/api/family-doctor/questions?status=open', { token: tok.xuli });
    const q = list.data.list.find((x: any) => x.id === ask.data.id);
    expect(q).toMatchObject({ title: '降压药能停吗', status: 'open', teamName: '城关镇家庭医生一团队' });
    expect(q.fullName).not.toBe('问题居民');
    expect(q.phone).not.toBe('13900001234');
    expect(
      (await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/answer`, { token: tok.hujian, body: { answer: '不要停药' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/answer`, { token: tok.xuli, body: { answer: '' } })).status,
    ).toBe(400);
    const ans = await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/answer`, {
      token: tok.xuli,
      body: { answer: '请勿自行停药。' },
    });
    expect(ans.status, ans.msg).toBe(200);
    const row = (await all(db, db.selectFrom('fd_questions').selectAll().where('id', '=', ask.data.id)))[0]!;
    expect(row).toMatchObject({ status: 'answered', answer: '请勿自行停药。', answered_by: uid.xuli, answered_at: T0 });
    expect(
      (await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/status`, { token: tok.xuli, body: { status: 'closed' } })).status,
    ).toBe(200);
    expect(
      (await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/answer`, { token: tok.xuli, body: { answer: '再次回复' } })).status,
    ).toBe(409);
    expect(
      (await t.call('PUT', `/api/family-doctor/questions/${ask.data.id}/status`, { token: tok.xuli, body: { status: 'closed' } })).status,
    ).toBe(409);
    expect(
      (
        await t.call('POST', '/api/family-doctor/questions', {
          token: tok.xuli,
          body: { residentId: 'nope', teamId: FD_TEAM.cg1, title: '问题', content: '内容内容' },
        })
      ).status,
    ).toBe(400);
    const other = await t.call('GET', '/api/family-doctor/questions', { token: tok.hujian });
    expect(other.data.list.some((x: any) => x.id === ask.data.id)).toBe(false);
  });
});
