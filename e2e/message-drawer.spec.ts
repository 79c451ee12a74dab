import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * The notification bell, the message drawer and the message centre (issue 16,
 * spec §2.5): a doctor with stored workflow to-dos and a notice sees the unread
 * badge, pages through the drawer by scrolling, opens the notice (80 % dialog,
 * HTML sanitized) and a to-do (the flow detail link carrying the stored body),
 * reads everything, and manages the list on /messageRecord; once in Chinese and
 * once in English, with screenshots.
 *
 * Nothing in the product sends an arbitrary message to a chosen user over HTTP
 * (notice administration comes later, workflow messages need a whole flow), so
 * the messages are written straight into the test server's SQLite database,
 * the rows storeSystemMessages() writes, as e2e/lowcode-support.ts does for menus.
 */
let browser: Browser;
screenshotFailures(() => browser);

interface Seeded {
  todoIds: string[];
  noticeId: string;
  todoBody: { type: number; id: string; taskId: string };
}

/** Stores `older` old system messages, three to-dos and one notice (the newest) for `account`. */
function seedInbox(account: string, older: number): Seeded {
  const dataDir = inject('dataDir');
  if (!dataDir) throw new Error('storing messages needs the test server’s own database (not E2E_BASE_URL)');
  const db = new SQLite(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const user = db.prepare('select id from users where account = ?').get(account) as { id: string };
    // Drop whatever the seed's workflow samples left this user: the counts below are exact.
    db.prepare('delete from message_receives where user_id = ?').run(user.id);
    const now = Date.now();
    let seq = 0;
    const id = () => `9${now}${String(seq++).padStart(4, '0')}`;
    const message = db.prepare(
      `insert into messages (id, type, title, body_text, kind, priority, enabled_mark, sender_id, created_at, created_by, updated_at, updated_by)
       values (?, ?, ?, ?, ?, 0, 1, null, ?, null, null, null)`,
    );
    const receive = db.prepare(
      `insert into message_receives (message_id, user_id, type, is_read, read_at, dedupe_key, created_at) values (?, ?, ?, 0, null, null, ?)`,
    );
    const put = (type: number, title: string, body: string, kind: string, at: number) => {
      const mid = id();
      message.run(mid, type, title, body, kind, at);
      receive.run(mid, user.id, type, at);
      return mid;
    };
    const day = 86_400_000;
    for (let i = 1; i <= older; i++)
      put(
        2,
        `【抄送】历史门诊审核 ${String(i).padStart(2, '0')}`,
        JSON.stringify({ type: 3, id: `old${i}` }),
        'flowCopy',
        now - 30 * day + i * 60_000,
      );
    const todoBody = { type: 2, id: `inst${now}`, taskId: `task${now}` };
    const todoIds = [1, 2, 3].map((i) =>
      put(
        2,
        `【待办】门诊审核 ${i}`,
        JSON.stringify({ ...todoBody, taskId: `${todoBody.taskId}${i}` }),
        'flowTodo',
        now - (10 - i) * 60_000,
      ),
    );
    const noticeId = put(
      1,
      '关于医联体年度培训的通知',
      '<p>各位同事：年度培训将于<b data-testid="notice-bold">下周一</b>开始。</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>',
      '',
      now - 60_000,
    );
    return { todoIds, noticeId, todoBody: { ...todoBody, taskId: `${todoBody.taskId}3` } };
  } finally {
    db.close();
  }
}

/** The badge's number ('' when it shows none). */
async function badge(page: Page): Promise<string> {
  const count = page.locator('[data-testid="ma-msg-bell"] .ant-badge-count');
  if (!(await count.count())) return '';
  return (await count.getAttribute('title')) ?? '';
}

async function waitForBadge(page: Page, value: string) {
  await expect.poll(() => badge(page), { timeout: 15_000 }).toBe(value);
}

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const res = await call(page, await tokenOf(page), 'PUT', '/api/permission/Users/Current/SystemLanguage', { language });
  expect(res.code, res.msg).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the message drawer', () => {
  it('badge, infinite scroll, notice dialog, to-do link, read-all and the message centre (zh)', { timeout: 180_000 }, async () => {
    const seeded = seedInbox('zhoujie', 22); // 26 in all: two drawer pages
    const page = await newPage(browser);
    await signIn(page, 'zhoujie', 'demo123');
    await waitForBadge(page, '26');

    await page.getByTestId('ma-msg-bell').click();
    const drawer = page.getByTestId('ma-msg-drawer');
    await drawer.waitFor();
    const items = drawer.getByTestId('ma-msg-item');
    await expect.poll(() => items.count()).toBe(20);
    expect(await items.first().innerText()).toContain('关于医联体年度培训的通知');
    expect(await items.nth(1).innerText()).toContain('【待办】门诊审核 3');
    await shot(page, 'message-drawer-zh');

    // Scrolling near the bottom loads the second (short, last) page.
    await drawer.getByTestId('ma-msg-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => items.count()).toBe(26);
    await drawer.getByText('没有更多了').waitFor();

    // The notice: 80 % wide, its HTML shown, nothing in it runs.
    await items.first().click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('ma-notice-body') });
    await dialog.waitFor();
    expect(await dialog.getByTestId('notice-bold').innerText()).toBe('下周一');
    // 80 % of the 1440 px window, once the opening zoom has settled.
    await expect.poll(async () => Math.round((((await dialog.boundingBox())?.width ?? 0) / 1440) * 100)).toBe(80);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await dialog.locator('img[onerror], script').count()).toBe(0);
    await waitForBadge(page, '25');
    await shot(page, 'message-notice-zh');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items.first().getAttribute('class')).toContain('is-read');

    // Escape closes the drawer too.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // A to-do opens the flow page with its stored body, base64 then URL-encoded.
    await page.getByTestId('ma-msg-bell').click();
    await drawer.waitFor();
    await items.nth(1).click();
    await page.waitForURL(/\/workFlowDetail\?config=/);
    const config = new URL(page.url()).searchParams.get('config')!;
    expect(JSON.parse(Buffer.from(config, 'base64').toString())).toEqual(seeded.todoBody);
    expect(page.url()).toContain(`config=${encodeURIComponent(Buffer.from(JSON.stringify(seeded.todoBody)).toString('base64'))}`);
    await waitForBadge(page, '24');

    // Read-all, after its confirmation.
    await page.getByTestId('ma-msg-bell').click();
    await drawer.waitFor();
    await drawer.getByTestId('ma-msg-read-all').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await waitForBadge(page, '');
    await expect.poll(() => drawer.locator('.ma-msg-item.is-unread').count()).toBe(0);

    // The message centre: the whole inbox, filtered, deleted after a confirmation.
    await drawer.getByTestId('ma-msg-more').click();
    await page.waitForURL(/\/messageRecord$/);
    const record = page.getByTestId('ma-message-record');
    await record.waitFor();
    await expect.poll(() => record.locator('.ant-pagination-total-text').innerText()).toContain('26');
    await shot(page, 'message-record-zh');
    await record.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '公告' }).click();
    await expect.poll(() => record.locator('.ant-table-row').count()).toBe(1);
    await record.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
    await record.getByTestId('ma-record-delete').click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(() => record.locator('.ant-table-row').count()).toBe(0);
    const left = await call(page, await tokenOf(page), 'GET', '/api/message?pageSize=1');
    expect(left.data.pagination.total).toBe(25);
    await page.context().close();
  });

  it('speaks English: translated workflow prefixes, drawer and message centre (en)', { timeout: 120_000 }, async () => {
    seedInbox('wangfang', 2);
    const page = await newPage(browser, { locale: 'en-US' });
    await signIn(page, 'wangfang', 'demo123');
    await setLanguage(page, 'en');
    try {
      await page.reload();
      await waitForBadge(page, '6');
      await page.getByTestId('ma-msg-bell').click();
      const drawer = page.getByTestId('ma-msg-drawer');
      await drawer.waitFor();
      await expect.poll(() => drawer.getByTestId('ma-msg-item').count()).toBe(6);
      expect(await drawer.getByTestId('ma-msg-item').nth(1).innerText()).toContain('【To-do】门诊审核 3');
      expect(await drawer.innerText()).toContain('Mark all read');
      await shot(page, 'message-drawer-en');
      // Only notices.
      await drawer.locator('.ant-segmented-item', { hasText: 'Notices' }).click();
      await expect.poll(() => drawer.getByTestId('ma-msg-item').count()).toBe(1);
      await drawer.getByTestId('ma-msg-more').click();
      await page.getByTestId('ma-message-record').waitFor();
      await expect.poll(() => page.getByTestId('ma-message-record').locator('.ant-table-row').count()).toBe(6);
      expect(await page.getByTestId('ma-message-record').innerText()).toContain('Unread');
      await shot(page, 'message-record-en');
    } finally {
      await setLanguage(page, 'zh');
      await page.context().close();
    }
  });
});
