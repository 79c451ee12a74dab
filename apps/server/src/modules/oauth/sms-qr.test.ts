import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { setSysConfig } from '../system/sys-config.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code the default sender wrote to the outbox for a phone. */
async function lastCode(phone: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('smsOutbox')
    .select('content')
    .where('phone', '=', phone)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.content.match(/\d{6}/)![0];
}

// Seeded phones: 1380000NNNN where NNNN is the user's position in the seed list.
const LIUYANG = '13800000003';
const ZHAOMIN = '13800000006';

describe('mobile verification code sign-in', () => {
  it('sends a code to the outbox and signs in with it once', async () => {
    const sent = await t.call('POST', '/api/oauth/SmsCode', { body: { account: LIUYANG } });
    expect(sent.code).toBe(200);
    expect(sent.data.cooldown).toBe(60);
    const code = await lastCode(LIUYANG);
    const res = await t.call('POST', '/api/oauth/LoginBySms', { body: { account: LIUYANG, code } });
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^Bearer /);
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token: res.data.token });
    expect(me.data.userInfo.userAccount).toBe('liuyang');
    const again = await t.call('POST', '/api/oauth/LoginBySms', { body: { account: LIUYANG, code } });
    expect(again.code).toBe(400);
  });

  it('answers an unknown number as a known one, sends nothing, and a guess at its code reads as a wrong code', async () => {
    const UNKNOWN = '13999990000';
    await setSysConfig(t.ctx, { addressSmsLimit: 100 }); // the per-address limit is not what this test is about
    const sent = await t.call('POST', '/api/oauth/SmsCode', { body: { account: UNKNOWN } });
    expect(sent.code).toBe(200);
    expect(sent.data).toEqual({ cooldown: 60, expiresIn: expect.any(Number) });
    const outbox = await t.ctx.db.selectFrom('smsOutbox').select('id').where('phone', '=', UNKNOWN).execute();
    expect(outbox).toEqual([]);
    expect((await t.call('POST', '/api/oauth/SmsCode', { body: { account: UNKNOWN } })).status).toBe(429);
    const guess = await t.call('POST', '/api/oauth/LoginBySms', { body: { account: UNKNOWN, code: '123456' } });
    expect(guess.msg).toBe('验证码错误');
    const wrongAccount = await t.call('POST', '/api/oauth/SmsCode', { body: { account: `${LIUYANG}@nobody` } });
    expect(wrongAccount.status).toBe(429); // the same phone's cooldown, whatever the account part says
  });

  it('enforces the resend cooldown', async () => {
    await t.call('POST', '/api/oauth/SmsCode', { body: { account: ZHAOMIN } });
    const res = await t.call('POST', '/api/oauth/SmsCode', { body: { account: ZHAOMIN } });
    expect(res.status).toBe(429);
    expect(res.msg).toMatch(/秒后再试/);
  });

  it('limits wrong attempts, then the code is dead', async () => {
    await setSysConfig(t.ctx, { smsResendSeconds: 0, smsMaxAttempts: 3 });
    await t.call('POST', '/api/oauth/SmsCode', { body: { account: ZHAOMIN } });
    const code = await lastCode(ZHAOMIN);
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs = [];
    for (let i = 0; i < 3; i++) msgs.push((await t.call('POST', '/api/oauth/LoginBySms', { body: { account: ZHAOMIN, code: wrong } })).msg);
    expect(msgs).toEqual(['验证码错误', '验证码错误', '验证码错误次数过多，请重新获取']);
    const right = await t.call('POST', '/api/oauth/LoginBySms', { body: { account: ZHAOMIN, code } });
    expect(right.code).toBe(400);
  });

  it('expired codes are refused', async () => {
    await t.call('POST', '/api/oauth/SmsCode', { body: { account: ZHAOMIN } });
    const code = await lastCode(ZHAOMIN);
    await t.ctx.db
      .updateTable('smsCodes')
      .set({ expiresAt: Date.now() - 1 })
      .where('phone', '=', ZHAOMIN)
      .execute();
    expect((await t.call('POST', '/api/oauth/LoginBySms', { body: { account: ZHAOMIN, code } })).msg).toBe('验证码已过期，请重新获取');
  });

  it('a phone shared by two accounts needs phone@account', async () => {
    await t.ctx.db.updateTable('users').set({ mobilePhone: LIUYANG }).where('account', '=', 'yangfan').execute();
    expect((await t.call('POST', '/api/oauth/SmsCode', { body: { account: LIUYANG } })).msg).toBe(
      '该手机号绑定了多个账号，请使用 手机号@账号 登录',
    );
    await setSysConfig(t.ctx, { smsResendSeconds: 0 });
    expect((await t.call('POST', '/api/oauth/SmsCode', { body: { account: `${LIUYANG}@yangfan` } })).code).toBe(200);
    const code = await lastCode(LIUYANG);
    const res = await t.call('POST', '/api/oauth/LoginBySms', { body: { account: `${LIUYANG}@yangfan`, code } });
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token: res.data.token });
    expect(me.data.userInfo.userAccount).toBe('yangfan');
  });

  it('refuses malformed phones', async () => {
    expect((await t.call('POST', '/api/oauth/SmsCode', { body: { account: '12345' } })).status).toBe(400);
    expect((await t.call('POST', '/api/oauth/SmsCode', { body: { account: "13800000003' OR 1=1" } })).status).toBe(400);
  });
});

describe('app scan-code sign-in', () => {
  it('a signed-in phone confirms the ticket; the poll receives one session', async () => {
    const { data } = await t.call('POST', '/api/oauth/QrTicket');
    expect((await t.call('GET', `/api/oauth/QrTicket/${data.ticket}`)).data.status).toBe('waiting');
    const phone = await t.login('heyun');
    expect((await t.call('POST', `/api/oauth/QrTicket/${data.ticket}/scan`, { token: phone })).data.status).toBe('scanned');
    expect((await t.call('GET', `/api/oauth/QrTicket/${data.ticket}`)).data.status).toBe('scanned');
    await t.call('POST', `/api/oauth/QrTicket/${data.ticket}/confirm`, { token: phone });
    const poll = await t.call('GET', `/api/oauth/QrTicket/${data.ticket}`);
    expect(poll.data.status).toBe('confirmed');
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token: poll.data.login.token });
    expect(me.data.userInfo.userAccount).toBe('heyun');
    expect((await t.call('GET', `/api/oauth/QrTicket/${data.ticket}`)).data.status).toBe('used');
  });

  it('confirming needs a session, and a ticket expires', async () => {
    const { data } = await t.call('POST', '/api/oauth/QrTicket');
    expect((await t.call('POST', `/api/oauth/QrTicket/${data.ticket}/confirm`)).code).toBe(600);
    await t.ctx.db
      .updateTable('qrTickets')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', data.ticket)
      .execute();
    expect((await t.call('GET', `/api/oauth/QrTicket/${data.ticket}`)).data.status).toBe('expired');
    expect((await t.call('GET', '/api/oauth/QrTicket/not-a-ticket-but-long-enough')).status).toBe(404);
  });
});
