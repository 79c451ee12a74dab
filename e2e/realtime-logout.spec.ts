import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocket as PageSocket } from 'playwright-core';
import { launch, newPage, screenshot, signIn, screenshotFailures } from './support.ts';

/**
 * Issue 3, online users: an administrator forces a signed-in doctor offline
 * from the online users screen; the doctor's open page hears `logout` on its
 * socket, shows the server's message for a second and lands on the login page
 * without the doctor doing anything.
 */
let browser: Browser;
screenshotFailures(() => browser);

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** A value the app keeps in localStorage (stored with a type suffix). */
async function stored(page: Page, key: string): Promise<string> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(`medalliance_${k}`) ?? '""|string';
    return JSON.parse(raw.slice(0, raw.lastIndexOf('|'))) as string;
  }, key);
}

/** Resolves with the page's socket once it received initMessage. */
function socketReady(page: Page): Promise<PageSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/message/websocket/')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"initMessage"')) resolve(ws);
      });
    });
  });
}

interface Run {
  account: string;
  locale: string;
  lang: string;
  /** The server's text in the doctor's language. */
  expected: string;
  shot: string;
}

/** The doctor signs in; the administrator forces exactly that session offline; the doctor's page does the rest. */
async function forcedOffline(run: Run) {
  const doctor = await newPage(browser, { locale: run.locale });
  const admin = await newPage(browser);
  try {
    const ready = socketReady(doctor);
    await signIn(doctor, run.account, 'demo123');
    const socket = await ready;
    expect(socket.url()).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/api/message/websocket/Bearer%20[A-Za-z0-9_-]+\\?lang=${run.lang}$`),
    );
    const sid = await stored(doctor, 'sid');
    expect(sid).toBeTruthy();
    const frames: string[] = [];
    socket.on('framereceived', (f) => frames.push(String(f.payload)));
    const doctorUrl = doctor.url();

    await signIn(admin, 'admin', 'admin123');
    await admin.goto('/permission/onlineUser');
    const row = admin.locator(`tr[data-row-key="${sid}"]`);
    await row.waitFor({ timeout: 20_000 });
    await expect(row.textContent()).resolves.toContain(run.account);
    await row.getByRole('button', { name: '强制下线' }).click();
    await admin.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-dangerous').click();

    // The doctor's page, untouched: the server's text shows first…
    const notice = doctor.locator('.ant-message-notice', { hasText: run.expected });
    await notice.waitFor({ timeout: 10_000 });
    expect(doctor.url()).toBe(doctorUrl);
    await screenshot(doctor, run.shot);
    expect(frames.some((f) => f.includes('"logout"'))).toBe(true);

    // …then, about a second later, the login page with the token gone.
    await doctor.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await doctor.locator('input#account, input[name="account"]').first().waitFor({ timeout: 15_000 });
    expect(await stored(doctor, 'token')).toBe('');
    await screenshot(doctor, `${run.shot}-login`);

    // The administrator's own page is not affected.
    expect(new URL(admin.url()).pathname).toBe('/permission/onlineUser');
  } catch (e) {
    await screenshot(doctor, `${run.shot}-failure-doctor`);
    await screenshot(admin, `${run.shot}-failure-admin`);
    throw e;
  } finally {
    await doctor.context().close();
    await admin.context().close();
  }
}

describe('real-time logout', () => {
  it('a doctor forced offline by an administrator sees the message and lands on login by themselves', async () => {
    await forcedOffline({
      account: 'zhangwei',
      locale: 'zh-CN',
      lang: 'zh',
      expected: '您已被管理员强制下线',
      shot: 'realtime-logout-message',
    });
  });

  it('the message comes in the doctor’s language', async () => {
    await forcedOffline({
      account: 'liuyang',
      locale: 'en-US',
      lang: 'en',
      expected: 'An administrator signed you out',
      shot: 'realtime-logout-message-en',
    });
  });
});
