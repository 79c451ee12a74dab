import zlib from 'node:zlib';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SocketClient } from '../apps/server/src/modules/message/test-client.ts';
import { baseUrl, call, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * Real-time chat (issue 16, spec §2.5, §4, §5/§6, §9): two browser contexts
 * as two seeded users chat both ways. The receiver's chat icon blinks with
 * the unread count while the panel is shut; opening the conversation reads it
 * and the blink stops. Emoji codes arrive as pictures, an HTML string as the
 * characters typed (nothing runs); Shift+Enter keeps a new line, an empty
 * message is not sent; images go through the IM upload with the 5 MB and
 * image-only checks; the history loads the newest 30 and older pages of 50 on
 * scrolling up; clearing records (after its confirmation) and removing the
 * conversation. Once in Chinese and once in English, with screenshots.
 */
let browser: Browser;
// Registered before screenshotFailures, so it runs after it: a failed test's pages are shot, then closed.
afterEach(async () => {
  for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
});
screenshotFailures(() => browser);

const XSS = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A valid PNG of w × h pixels (a flat colour). */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x4a)]);
  for (let i = 0; i < w; i++) row.writeUInt8(0x2f, 1 + i * 3);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icon = (page: Page) => page.getByTestId('ma-chat-icon');
const blink = (page: Page) => icon(page).getAttribute('data-blink');

/** The chat icon's unread number ('' when it shows none). */
async function chatBadge(page: Page): Promise<string> {
  const count = icon(page).locator('.ant-badge-count');
  if (!(await count.count())) return '';
  return (await count.getAttribute('title')) ?? '';
}

async function openPanel(page: Page) {
  await icon(page).click();
  await page.getByTestId('ma-chat-drawer').waitFor();
}

async function closePanel(page: Page) {
  await page.getByTestId('ma-chat-drawer').locator('.ant-drawer-close').click();
  await page.getByTestId('ma-chat-drawer').waitFor({ state: 'hidden' });
}

/** Opens the contacts tab, searches and opens the conversation with that account. */
async function chatWith(page: Page, account: string) {
  const drawer = page.getByTestId('ma-chat-drawer');
  await drawer.getByTestId('ma-chat-tabs').locator('.ant-segmented-item').nth(1).click();
  await drawer.getByTestId('ma-chat-search').locator('input').fill(account);
  const contact = drawer.locator(`[data-testid="ma-chat-contact"][data-user="${account}"]`);
  await contact.click();
  await drawer.getByTestId('ma-chat-view').waitFor();
}

/** Types into the composer and presses Enter. */
async function say(page: Page, text: string) {
  const input = page.getByTestId('ma-chat-input');
  await input.fill(text);
  await input.press('Enter');
}

const bubbles = (page: Page) => page.getByTestId('ma-chat-view').getByTestId('ma-chat-msg');

async function shot(page: Page, name: string) {
  await page.waitForTimeout(500);
  await screenshot(page, name);
}

async function setLanguage(page: Page, language: 'zh' | 'en') {
  const res = await call(page, await tokenOf(page), 'PUT', '/api/permission/Users/Current/SystemLanguage', { language });
  expect(res.code, res.msg).toBe(200);
}

/** Clears whatever an earlier run left between two users (404 when there is no conversation). */
async function forget(page: Page, peerAccount: string) {
  const token = await tokenOf(page);
  const list = await call(page, token, 'GET', `/api/message/imreply?currentPage=1&pageSize=50&keyword=${peerAccount}`);
  for (const c of (list.data?.list ?? []) as { id: string }[])
    await call(page, token, 'DELETE', `/api/message/imreply/deleteChatRecord/${c.id}`);
}

describe('chat', () => {
  it(
    'two users chat both ways: unread count, blink, emoji, HTML as text, images, history, clear and remove (zh)',
    { timeout: 240_000 },
    async () => {
      const admin = await newPage(browser);
      const doctor = await newPage(browser);
      await signIn(admin, 'admin', 'admin123');
      await signIn(doctor, 'zhangwei', 'demo123');
      await setLanguage(admin, 'zh');
      await setLanguage(doctor, 'zh');
      await forget(admin, 'zhangwei');
      await forget(doctor, 'admin');
      await expect.poll(() => blink(doctor), { timeout: 15_000 }).toBe('off');

      // The administrator finds the doctor among the contacts: 20 a page, more on scrolling, searched.
      await openPanel(admin);
      const drawer = admin.getByTestId('ma-chat-drawer');
      await drawer.getByTestId('ma-chat-tabs').locator('.ant-segmented-item').nth(1).click();
      const contacts = drawer.getByTestId('ma-chat-contact');
      await expect.poll(() => contacts.count()).toBe(20);
      await drawer.getByTestId('ma-chat-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => contacts.count()).toBeGreaterThan(20);
      await chatWith(admin, 'zhangwei');
      expect(await admin.getByTestId('ma-chat-peer').innerText()).toBe('张伟');

      // Enter sends (trimmed); an emoji code becomes its picture.
      await say(admin, '  张医生，下午的会诊改到三点 [101]  ');
      await expect.poll(() => bubbles(admin).count()).toBe(1);
      const mine = bubbles(admin).first();
      expect(await mine.getAttribute('class')).toContain('is-mine');
      expect(await mine.locator('.ma-chat-text').innerText()).toBe('张医生，下午的会诊改到三点 ');
      expect(await mine.locator('img.ma-chat-emoji').getAttribute('data-emoji')).toBe('101');
      // An empty message is not sent.
      await say(admin, '    ');
      await admin.waitForTimeout(500);
      expect(await bubbles(admin).count()).toBe(1);

      // The doctor's icon blinks with one unread; the panel lists the conversation with its badge and preview.
      await expect.poll(() => blink(doctor), { timeout: 15_000 }).toBe('on');
      await expect.poll(() => chatBadge(doctor)).toBe('1');
      await screenshot(doctor, 'chat-blink-zh');
      await say(admin, '收到请回复');
      await expect.poll(() => chatBadge(doctor), { timeout: 15_000 }).toBe('2');
      await openPanel(doctor);
      const conv = doctor.locator('[data-testid="ma-chat-conv"][data-user="admin"]');
      await conv.waitFor();
      expect(await conv.locator('.ant-badge-count').getAttribute('title')).toBe('2');
      expect(await conv.innerText()).toContain('收到请回复');
      await shot(doctor, 'chat-list-zh');

      // Opening it reads it: the blink stops, the messages show on the left.
      await conv.click();
      await expect.poll(() => bubbles(doctor).count()).toBe(2);
      await expect.poll(() => blink(doctor)).toBe('off');
      await expect.poll(() => chatBadge(doctor)).toBe('');
      expect(await bubbles(doctor).first().getAttribute('class')).toContain('is-theirs');
      expect(await bubbles(doctor).first().locator('img.ma-chat-emoji').count()).toBe(1);

      // The reply: HTML arrives as the characters typed; an emoji from the picker; Shift+Enter keeps the line.
      await say(doctor, XSS);
      await doctor.getByTestId('ma-chat-emoji').click();
      await doctor.getByTestId('ma-chat-emoji-grid').waitFor();
      expect(await doctor.getByTestId('ma-chat-emoji-grid').locator('button').count()).toBe(120);
      await shot(doctor, 'chat-emoji-picker-zh');
      await doctor.locator('[data-testid="ma-chat-emoji-grid"] button[data-emoji="150"]').click();
      const input = doctor.getByTestId('ma-chat-input');
      expect(await input.inputValue()).toBe('[150]');
      await input.press('End');
      await input.pressSequentially('好的');
      await input.press('Shift+Enter');
      await input.pressSequentially('三点见');
      await input.press('Enter');
      await expect.poll(() => bubbles(admin).count(), { timeout: 15_000 }).toBe(4);
      const html = bubbles(admin).nth(2);
      expect(await html.getAttribute('class')).toContain('is-theirs');
      expect(await html.locator('.ma-chat-text').innerText()).toBe(XSS);
      expect(await admin.getByTestId('ma-chat-history').locator('img:not(.ma-chat-emoji):not(.ant-avatar img)').count()).toBe(0);
      expect(await admin.evaluate(() => document.querySelectorAll('img[onerror]').length)).toBe(0);
      const emojiReply = bubbles(admin).nth(3);
      expect(await emojiReply.locator('img.ma-chat-emoji').getAttribute('data-emoji')).toBe('150');
      expect(await emojiReply.locator('.ma-chat-text').innerText()).toBe('好的\n三点见');
      // The administrator has the conversation open: the replies are read at once, nothing blinks.
      expect(await blink(admin)).toBe('off');
      await shot(admin, 'chat-conversation-zh');

      // Images: one at a time, images only, at most 5 MB; a good one arrives on both sides.
      const file = admin.getByTestId('ma-chat-image-input');
      await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5242881, 1) });
      await admin.locator('.ant-message').getByText('图片大小不能超过5M').waitFor();
      await file.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await admin.locator('.ant-message').getByText('只能发送图片').waitFor();
      await file.setInputFiles({ name: 'ecg.png', mimeType: 'image/png', buffer: png(120, 60) });
      await expect.poll(() => bubbles(admin).count(), { timeout: 15_000 }).toBe(5);
      const sentImage = bubbles(admin).nth(4).getByTestId('ma-chat-image-msg').locator('img');
      await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(120);
      await expect.poll(() => bubbles(doctor).count(), { timeout: 15_000 }).toBe(5);
      const gotImage = bubbles(doctor).nth(4).getByTestId('ma-chat-image-msg').locator('img');
      await expect.poll(() => gotImage.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(120);

      // History: 80 more from the doctor (a socket of the test, as the doctor); the newest 30 on opening, older on scrolling up.
      await closePanel(admin);
      const ws = await SocketClient.open(
        `${baseUrl().replace(/^http/, 'ws')}/api/message/websocket/${encodeURIComponent(await tokenOf(doctor))}`,
      );
      await ws.connect();
      const peers = await call(doctor, await tokenOf(doctor), 'GET', '/api/message/imreply?currentPage=1&pageSize=5&keyword=admin');
      const adminUserId = peers.data.list[0].id as string;
      for (let i = 1; i <= 80; i++) {
        ws.send({
          method: 'SendMessage',
          toUserId: adminUserId,
          messageType: 'text',
          messageContent: `随访记录 ${String(i).padStart(2, '0')}`,
        });
        await ws.next('sendMessage');
      }
      ws.close();
      await expect.poll(() => chatBadge(admin), { timeout: 15_000 }).toBe('80');
      expect(await blink(admin)).toBe('on');
      await openPanel(admin);
      await expect.poll(() => bubbles(admin).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(30);
      await expect.poll(() => blink(admin)).toBe('off');
      const history = admin.getByTestId('ma-chat-history');
      expect(await bubbles(admin).last().innerText()).toContain('随访记录 80');
      // Scrolling up loads the older pages; the message that was on top stays where the reader left it.
      for (let round = 0; round < 4 && (await bubbles(admin).count()) < 85; round++) {
        const before = await bubbles(admin).count();
        const topId = await bubbles(admin).first().getAttribute('data-id');
        await history.evaluate((el) => el.scrollTo(0, 0));
        await expect.poll(() => bubbles(admin).count(), { timeout: 15_000 }).toBeGreaterThan(before);
        const offset = await history.evaluate(
          (el, id) => (el.querySelector(`[data-id="${id}"]`) as HTMLElement).getBoundingClientRect().top - el.getBoundingClientRect().top,
          topId,
        );
        // Kept in place (near the top of the view), not pushed down below the page that came in above it.
        expect(offset).toBeGreaterThan(-20);
        expect(offset).toBeLessThan(150);
      }
      await expect.poll(() => bubbles(admin).count()).toBe(85);
      await admin.getByText('没有更早的消息了').waitFor();
      expect(await bubbles(admin).first().innerText()).toContain('张医生');

      // Clearing the records asks first, then empties the conversation; removing takes it off the list.
      await admin.getByTestId('ma-chat-clear').click();
      await admin.locator('.ant-modal-confirm').getByText('确定清空该聊天的所有记录吗？').waitFor();
      await shot(admin, 'chat-clear-confirm-zh');
      await admin.locator('.ant-modal-confirm .ant-btn-dangerous').click();
      await expect.poll(() => bubbles(admin).count()).toBe(0);
      const adminConv = admin.locator('[data-testid="ma-chat-conv"][data-user="zhangwei"]');
      await drawer.getByTestId('ma-chat-tabs').locator('.ant-segmented-item').first().click();
      await drawer.getByTestId('ma-chat-search').locator('input').fill('');
      await adminConv.waitFor();
      expect(await adminConv.innerText()).not.toContain('随访记录');
      await adminConv.click();
      await admin.getByTestId('ma-chat-remove').click();
      await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
      await adminConv.waitFor({ state: 'detached' });
      const after = await call(admin, await tokenOf(admin), 'GET', '/api/message/imreply?currentPage=1&pageSize=50&keyword=zhangwei');
      expect(after.data.list).toEqual([]);
      // The doctor's side still holds everything.
      const theirs = await call(doctor, await tokenOf(doctor), 'GET', '/api/message/imreply?currentPage=1&pageSize=50&keyword=admin');
      expect(theirs.data.list[0].latestMessage).toBe('随访记录 80');
      expect(await admin.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      await admin.context().close();
      await doctor.context().close();
    },
  );

  it('speaks English: the panel, the blink, an emoji and the image check (en)', { timeout: 240_000 }, async () => {
    const admin = await newPage(browser, { locale: 'en-US' });
    const nurse = await newPage(browser, { locale: 'en-US' });
    await signIn(admin, 'admin', 'admin123');
    await signIn(nurse, 'wangfang', 'demo123');
    await setLanguage(admin, 'en');
    await setLanguage(nurse, 'en');
    await admin.reload();
    await nurse.reload();
    await forget(admin, 'wangfang');
    await forget(nurse, 'admin');

    await openPanel(nurse);
    await nurse.getByText('Pick a conversation or a contact to start chatting').waitFor();
    await chatWith(nurse, 'admin');
    await say(nurse, 'Ward 3 needs the ECG report [120]');
    await expect.poll(() => bubbles(nurse).count()).toBe(1);
    await expect.poll(() => blink(admin), { timeout: 15_000 }).toBe('on');
    await screenshot(admin, 'chat-blink-en');
    await openPanel(admin);
    await admin.locator('[data-testid="ma-chat-conv"][data-user="wangfang"]').click();
    await expect.poll(() => bubbles(admin).count()).toBe(1);
    await expect.poll(() => blink(admin)).toBe('off');
    await say(admin, XSS);
    await expect.poll(() => bubbles(nurse).count(), { timeout: 15_000 }).toBe(2);
    expect(await bubbles(nurse).nth(1).locator('.ma-chat-text').innerText()).toBe(XSS);
    await nurse
      .getByTestId('ma-chat-image-input')
      .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5242881, 7) });
    await nurse.locator('.ant-message').getByText('Image size cannot exceed 5M').waitFor();
    await shot(admin, 'chat-conversation-en');
    await admin.getByTestId('ma-chat-clear').click();
    await admin.locator('.ant-modal-confirm').getByText('Clear all records of this chat?').waitFor();
    await shot(admin, 'chat-clear-confirm-en');
    await admin.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(() => bubbles(admin).count()).toBe(0);
    await admin.context().close();
    await nurse.context().close();
  });

  it('after the connection drops, the socket comes back by itself and fetches what was missed (zh)', { timeout: 240_000 }, async () => {
    const admin = await newPage(browser);
    const nurse = await newPage(browser);
    // The administrator's socket runs through the test, which can cut it and refuse reconnections for a while.
    const links: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    let refuse = false;
    let connections = 0;
    await admin.routeWebSocket(/\/api\/message\/websocket\//, (ws) => {
      connections++;
      if (refuse) return void ws.close({ code: 1013, reason: 'try again later' });
      links.push({ page: ws, server: ws.connectToServer() });
    });
    await signIn(admin, 'admin', 'admin123');
    await signIn(nurse, 'wangfang', 'demo123');
    await setLanguage(admin, 'zh');
    await forget(admin, 'wangfang');
    await forget(nurse, 'admin');

    await openPanel(nurse);
    await chatWith(nurse, 'admin');
    await say(nurse, '断线前的消息');
    await expect.poll(() => chatBadge(admin), { timeout: 15_000 }).toBe('1');
    await openPanel(admin);
    await admin.locator('[data-testid="ma-chat-conv"][data-user="wangfang"]').click();
    await expect.poll(() => bubbles(admin).count()).toBe(1);

    // The link drops and reconnections are refused: what the nurse sends now cannot reach the page.
    refuse = true;
    const before = connections;
    const cut = links.at(-1)!;
    await cut.server.close();
    await cut.page.close({ code: 1011, reason: 'gone' });
    await admin.getByTestId('ma-chat-drawer').getByText('连接已断开，正在重新连接…').first().waitFor();
    await say(nurse, '断线期间的消息一');
    await say(nurse, '断线期间的消息二');
    await expect.poll(() => bubbles(nurse).count()).toBe(3);
    await expect.poll(() => connections, { timeout: 15_000 }).toBeGreaterThan(before);
    expect(await bubbles(admin).count()).toBe(1);
    await shot(admin, 'chat-reconnecting-zh');

    // Reconnections are let through again: the open conversation fetches what it missed and stays read.
    refuse = false;
    await expect.poll(() => bubbles(admin).count(), { timeout: 30_000 }).toBe(3);
    expect(await bubbles(admin).last().innerText()).toContain('断线期间的消息二');
    await expect.poll(() => admin.getByTestId('ma-chat-drawer').getByText('连接已断开，正在重新连接…').count()).toBe(0);
    expect(await blink(admin)).toBe('off');
    const list = await call(admin, await tokenOf(admin), 'GET', '/api/message/imreply?currentPage=1&pageSize=5&keyword=wangfang');
    expect(list.data.list[0].unreadMessage).toBe(0);
    // And the live link works again both ways.
    await say(admin, '已恢复');
    await expect.poll(() => bubbles(nurse).count(), { timeout: 15_000 }).toBe(4);
    await admin.context().close();
    await nurse.context().close();
  });
});
