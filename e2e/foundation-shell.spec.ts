import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, screenshotFailures, signIn, tokenOf } from './support.ts';

/**
 * The foundation as a person uses it (issue 2): the three sign-in modes of
 * spec §2.5 (password with its captcha, SMS code read from the server's
 * outbox, scan code confirmed from a second, phone-sized browser), the home
 * dashboard's live figures, language switch, the four layouts (the choice
 * comes back from the server), tags, lock screen, the profile page and
 * logout. Every screen it touches is saved under e2e/screenshots/.
 */

let browser: Browser;
screenshotFailures(() => browser);
const opened: BrowserContext[] = [];

/** The server's SQLite file, read-only: the SMS outbox and captcha answers only the server can see. */
function readDb<T>(sql: string, ...params: unknown[]): T | undefined {
  const dataDir = inject('dataDir');
  if (!dataDir) throw new Error('dataDir is not provided (E2E_BASE_URL runs cannot read the server database)');
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

async function page(opts: { width?: number; height?: number } = {}): Promise<Page> {
  const p = await newPage(browser, opts);
  opened.push(p.context());
  return p;
}

/** A phone: small touch screen, mobile user agent. */
async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    baseURL: baseUrl(),
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  opened.push(context);
  const p = await context.newPage();
  p.on('dialog', (d) => void d.accept());
  return p;
}

async function api<T>(p: Page, url: string): Promise<{ code: number; data: T }> {
  const token = await tokenOf(p);
  return p.evaluate(
    async ({ url, token }) => {
      const res = await fetch(url, { headers: { authorization: token } });
      return (await res.json()) as { code: number; data: never };
    },
    { url, token },
  );
}

/** A screenshot once antd's motions (validation messages, drawers, toasts) have settled. */
async function shot(p: Page, name: string): Promise<void> {
  await p.waitForTimeout(400);
  await screenshot(p, name);
}

const shell = (p: Page, layout?: string) => p.locator(layout ? `.ma-shell.is-${layout}` : '.ma-shell');
const loginError = (p: Page) => p.locator('.ma-login-error');
const toast = (p: Page) => p.locator('.ant-message');
const userMenu = (p: Page) => p.getByRole('button', { name: '用户菜单' });

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const context of opened) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('sign-in page', () => {
  it('offers the three modes with their required prompts; Enter submits', async () => {
    const p = await page();
    await p.goto('/login');
    await expect.poll(() => p.title()).toBe('登录 - 县域医共体管理平台');
    await expect.poll(() => p.getByRole('tab', { name: '账号登录' }).getAttribute('aria-selected')).toBe('true');

    // Enter on the empty form: both required prompts, no request.
    await p.locator('#account').press('Enter');
    await expect.poll(() => p.getByText('请输入账号', { exact: true }).count()).toBeGreaterThan(0);
    await p.getByText('请输入密码', { exact: true }).first().waitFor();
    await shot(p, 'login-password');

    // Mobile verification code: required, valid number, and 'get code' checks the number first.
    await p.getByRole('tab', { name: '短信登录' }).click();
    await p.locator('#sms_mobile').waitFor();
    await p.locator('#sms_mobile').press('Enter');
    await p.getByText('请输入手机号', { exact: true }).waitFor();
    await p.getByText('请输入验证码', { exact: true }).last().waitFor();
    await p.locator('#sms_mobile').fill('12345678901');
    await p.getByRole('button', { name: '获取验证码' }).click();
    await p.getByText('请输入正确的手机号码', { exact: true }).waitFor();
    await p.locator('#sms_mobile').fill('13800000001@admin');
    await expect.poll(() => p.getByText('请输入正确的手机号码', { exact: true }).count()).toBe(0);
    await p.locator('#sms_mobile').fill('');
    await shot(p, 'login-sms');

    // Arrow keys move between the modes (tabs pattern); the QR encodes the phone-side page.
    await p.getByRole('tab', { name: '短信登录' }).press('ArrowRight');
    await expect.poll(() => p.getByRole('tab', { name: '扫码登录' }).getAttribute('aria-selected')).toBe('true');
    await p.locator('.ma-login-qr img').waitFor();
    const url = await p.locator('.ma-login-qr').getAttribute('data-url');
    expect(url).toMatch(new RegExp(`^${baseUrl()}/scanConfirm\\?ticket=[A-Za-z0-9_-]{20,}$`));
    await shot(p, 'login-scan');

    // The same page in English (the language buttons of the login page).
    await p.getByRole('tab', { name: '账号登录' }).click();
    await p.getByRole('radio', { name: 'English' }).click();
    await p.getByRole('tab', { name: 'Password' }).waitFor();
    await expect.poll(() => p.title()).toBe('Sign in - County Medical Alliance Platform');
    await p.locator('#account').press('Enter');
    await p.getByText('Please enter your account', { exact: true }).waitFor();
    await shot(p, 'login-en');
    await p.getByRole('radio', { name: '简体中文' }).click();
    await p.getByRole('tab', { name: '账号登录' }).waitFor();
  });

  it("shows the server's message for a wrong password and the same for an unknown account", async () => {
    const p = await page();
    await p.goto('/login');
    await p.locator('#account').fill('admin');
    await p.locator('#password').fill('wrong-password');
    await p.keyboard.press('Enter');
    await expect.poll(() => loginError(p).textContent()).toMatch(/用户名或密码不正确，还可尝试 \d+ 次/);
    expect(new URL(p.url()).pathname).toBe('/login');
    await p.locator('#account').fill('nobody-here');
    await p.locator('#password').fill('whatever1');
    await p.keyboard.press('Enter');
    // An unknown account answers exactly like a wrong password (no account enumeration).
    await expect.poll(() => loginError(p).textContent()).toMatch(/用户名或密码不正确，还可尝试 \d+ 次/);
    expect(await loginError(p).textContent()).not.toContain('用户不存在');
  });

  it('asks for the captcha after repeated failures, refreshes it on click, and signs in with it', async () => {
    const p = await page();
    await p.goto('/login');
    await p.locator('#account').fill('chenjing');
    for (let i = 0; i < 3; i++) {
      await p.locator('#password').fill(`wrong${i}pass`);
      await p.keyboard.press('Enter');
      await expect.poll(() => loginError(p).textContent()).toContain('用户名或密码不正确');
      if (i < 2) expect(await p.locator('.ma-login-captcha img').count()).toBe(0);
    }
    // The third refusal says a captcha is now needed: the field and the image appear.
    const image = p.locator('.ma-login-captcha img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(p, 'login-captcha');
    const before = await image.getAttribute('src');
    await p.locator('.ma-login-captcha').click();
    await expect.poll(() => image.getAttribute('src')).not.toBe(before);

    // Another browser learns it from getConfig as soon as the account is typed.
    const q = await page();
    await q.goto('/login');
    await q.locator('#account').fill('chenjing');
    await q.locator('#password').click();
    await q.locator('.ma-login-captcha img').waitFor();
    await q.locator('#password').fill('demo123');
    await q.keyboard.press('Enter');
    await q.getByText('请输入验证码', { exact: true }).waitFor();

    // The answer lives only on the server: read it from its database and sign in.
    const id = (await q.locator('.ma-login-captcha img').getAttribute('src'))!.split('/').pop()!;
    await expect.poll(() => readDb<{ code: string }>('select code from captchas where id = ?', id)?.code, { timeout: 5000 }).toBeTruthy();
    const answer = readDb<{ code: string }>('select code from captchas where id = ?', id)!.code;
    await q.locator('#code').fill(answer);
    await q.keyboard.press('Enter');
    await q.waitForURL((u) => u.pathname === '/home', { timeout: 20_000 });
    await shell(q).waitFor();
  });

  it('signs in by mobile verification code read from the SMS outbox', async () => {
    const p = await page();
    await p.goto('/login?mode=sms');
    await p.locator('#sms_mobile').fill('13800000003');
    const sent = p.waitForResponse((r) => r.url().includes('/api/oauth/SmsCode'));
    await p.getByRole('button', { name: '获取验证码' }).click();
    expect((await sent).status()).toBe(200);
    // The button counts down and stays disabled; the page says where the code went.
    const countdown = p.locator('.ma-login-getcode');
    await expect.poll(() => countdown.textContent()).toMatch(/^\s*\d+ 秒后重发\s*$/);
    expect(await countdown.isDisabled()).toBe(true);
    await p.getByText('验证码已发送至 138****0003').waitFor();
    await shot(p, 'login-sms-countdown');

    const row = readDb<{ content: string }>(
      'select content from sms_outbox where phone = ? order by created_at desc limit 1',
      '13800000003',
    );
    const code = /(\d{6})/.exec(row?.content ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code first: the server's message, still on the login page.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await p.locator('#sms_code').fill(wrong);
    await p.keyboard.press('Enter');
    await expect.poll(() => loginError(p).textContent()).toContain('验证码错误');

    await p.locator('#sms_code').fill(code!);
    await p.keyboard.press('Enter');
    await p.waitForURL((u) => u.pathname === '/home', { timeout: 20_000 });
    await expect.poll(() => p.locator('.ma-user-name').textContent()).toBe('刘洋');
  });

  it('signs in by scan code: a signed-in phone confirms, the computer signs in by itself', async () => {
    const desktop = await page();
    await desktop.goto('/login');
    await desktop.getByRole('tab', { name: '扫码登录' }).click();
    await desktop.locator('.ma-login-qr img').waitFor();
    const url = new URL((await desktop.locator('.ma-login-qr').getAttribute('data-url'))!);

    // The phone is not signed in: the guard sends it to login and back to the confirmation.
    const phone = await phonePage();
    await phone.goto(url.pathname + url.search);
    await phone.waitForURL((u) => u.pathname === '/login' && (u.searchParams.get('redirect') ?? '').startsWith('/scanConfirm?ticket='));
    await phone.locator('#account').waitFor();
    await shot(phone, 'login-phone');
    await phone.locator('#account').fill('admin');
    await phone.locator('#password').fill('admin123');
    await phone.keyboard.press('Enter');
    await phone.waitForURL((u) => u.pathname === '/scanConfirm', { timeout: 20_000 });
    await phone.getByText('以 系统管理员 的身份在另一台设备上登录？').waitFor();
    await expect.poll(() => phone.title()).toBe('扫码登录确认 - 县域医共体管理平台');
    await shot(phone, 'scan-confirm');

    // Opening the page told the computer: it shows 'scanned, confirm on your phone'.
    await desktop.locator('.ma-login-scan[data-phase="scanned"]').waitFor({ timeout: 10_000 });
    await desktop.getByText('请在手机上确认登录').waitFor();
    await shot(desktop, 'login-scan-scanned');

    await phone.getByRole('button', { name: '确认登录' }).click();
    await phone.getByText('已在另一台设备上登录').waitFor();
    await shot(phone, 'scan-confirm-done');

    await desktop.waitForURL((u) => u.pathname === '/home', { timeout: 20_000 });
    await expect.poll(() => desktop.locator('.ma-user-name').textContent()).toBe('系统管理员');
    // admin has signed in before: the last-login toast (spec §2.5) greets this sign-in.
    await expect.poll(() => toast(desktop).textContent(), { timeout: 10_000 }).toContain('上次登录时间');

    // The phone carries on into the app: the dashboard and the profile at phone size.
    await phone.getByRole('button', { name: '返回首页' }).click();
    await phone.waitForURL((u) => u.pathname === '/home');
    await phone.locator('.ma-home-stat-value').first().waitFor();
    await phone.locator('.ma-home-chart canvas').first().waitFor();
    await shot(phone, 'home-phone');
    await phone.goto('/profile');
    await phone.locator('.ma-profile-summary h2').waitFor();
    await shot(phone, 'profile-phone');
  });

  it('shows an expired QR code with a refresh', async () => {
    const p = await page();
    await p.route('**/api/oauth/QrTicket/*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, msg: '', data: { status: 'expired' } }) })
        : route.continue(),
    );
    await p.goto('/login?mode=scan');
    await p.getByText('二维码已失效').waitFor({ timeout: 10_000 });
    await shot(p, 'login-scan-expired');
    await p.unroute('**/api/oauth/QrTicket/*');
    const first = await p.locator('.ma-login-qr').getAttribute('data-url');
    await p.getByRole('button', { name: '刷新二维码' }).click();
    await expect.poll(() => p.locator('.ma-login-scan').getAttribute('data-phase')).toBe('ready');
    expect(await p.locator('.ma-login-qr').getAttribute('data-url')).not.toBe(first);
  });
});

describe('the shell', () => {
  let p: Page;

  beforeAll(async () => {
    p = await page();
    await signIn(p, 'admin', 'admin123');
  });

  it('shows the menu and the live dashboard figures', async () => {
    expect(new URL(p.url()).pathname).toBe('/home');
    const side = p.locator('.ma-sidebar');
    await side.getByText('系统管理', { exact: true }).waitFor();
    await side.getByText('权限管理', { exact: true }).waitFor();
    await side.getByText('培训管理', { exact: true }).waitFor();

    const { data } = await api<Record<string, number>>(p, '/api/dashboard/Overview');
    for (const key of ['users', 'organizations', 'departments', 'roles', 'menus']) {
      await expect.poll(() => p.locator(`[data-stat="${key}"] .ma-home-stat-value`).getAttribute('data-value')).toBe(String(data[key]));
    }
    expect(Number(await p.locator('[data-stat="online"] .ma-home-stat-value').getAttribute('data-value'))).toBeGreaterThanOrEqual(1);
    expect(data.users).toBeGreaterThanOrEqual(25);
    // Both charts drew (ECharts canvases), with localised day labels in the tooltip data.
    await expect.poll(() => p.locator('.ma-home-chart canvas').count(), { timeout: 10_000 }).toBe(2);
    await p.getByText('近 14 天登录情况').waitFor();
    await p.getByText('各级机构人员分布').waitFor();
    await p.waitForTimeout(300);
    await shot(p, 'home');

    // /chardHome (the top bar's home icon) shows the same dashboard.
    await p.getByRole('button', { name: '主页' }).click();
    await p.waitForURL((u) => u.pathname === '/chardHome');
    await expect
      .poll(() => p.locator('.ma-view:visible [data-stat="users"] .ma-home-stat-value').getAttribute('data-value'))
      .toBe(String(data.users));
    await p.goto('/home');
  });

  it('shows skeletons while the figures load, and an error with a retry when they fail', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/api/dashboard/Overview*', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await p.reload();
      await p.locator('.ma-home-stat-skeleton').first().waitFor({ timeout: 30_000 });
      await p.locator('.ma-home-chart-skeleton').first().waitFor();
      await shot(p, 'home-loading');
    } finally {
      // Never leave the page hanging on a held request: the tests after this one share the page.
      release();
    }
    await p.locator('[data-stat="users"] .ma-home-stat-value').waitFor();
    await p.unroute('**/api/dashboard/Overview*');

    await p.route('**/api/dashboard/Overview*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, msg: '统计服务暂不可用', data: null }),
      }),
    );
    await p.reload();
    const error = p.locator('.ma-home-error');
    await error.waitFor({ timeout: 20_000 });
    await expect.poll(() => error.textContent()).toContain('工作台数据加载失败');
    expect(await error.textContent()).toContain('统计服务暂不可用');
    await shot(p, 'home-error');
    await p.unroute('**/api/dashboard/Overview*');
    await error.getByRole('button', { name: /重\s*试/ }).click();
    await p.locator('[data-stat="users"] .ma-home-stat-value').waitFor();
    await expect.poll(() => p.locator('.ma-home-chart canvas').count(), { timeout: 10_000 }).toBe(2);
  });

  it('switches the language to English and back: title and menus follow', async () => {
    await p.getByRole('button', { name: '切换语言' }).click();
    await p.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => p.title()).toBe('Home - County Medical Alliance Platform');
    const side = p.locator('.ma-sidebar');
    await side.getByText('System management', { exact: true }).waitFor();
    await side.getByText('Training', { exact: true }).waitFor();
    expect(await side.getByText('系统管理', { exact: true }).count()).toBe(0);
    await p.getByText('Sign-ins, last 14 days').waitFor();
    await p.getByText('Staff by level of care').waitFor();
    await p.waitForTimeout(700);
    await shot(p, 'home-en');
    await p.goto('/profile');
    await p.getByRole('tab', { name: 'Basic information' }).waitFor();
    await shot(p, 'profile-en');

    await p.getByRole('button', { name: 'Language' }).click();
    await p.getByRole('menuitem', { name: /简体中文/ }).click();
    await expect.poll(() => p.title()).toBe('个人信息 - 县域医共体管理平台');
    await p.locator('.ma-sidebar').getByText('系统管理', { exact: true }).waitFor();
    await p.goto('/home');
    // After a reload the shell (and so the title) comes after the session check and its lazy chunks.
    await p.locator('.ma-sidebar').getByText('系统管理', { exact: true }).waitFor();
    await expect.poll(() => p.title()).toBe('首页 - 县域医共体管理平台');
  });

  it('switches among the four layouts; the choice comes back from the server after a reload', async () => {
    const choose = async (name: string, layout: string) => {
      await p.getByRole('button', { name: '布局设置' }).click();
      const saved = p.waitForResponse((r) => r.url().includes('/SystemTheme') && r.request().method() === 'PUT');
      await p.locator('.ma-settings').getByRole('radio', { name: name }).click();
      expect((await saved).status()).toBe(200);
      await p.locator('.ma-settings .ant-drawer-close').click();
      await p.locator('.ma-settings').waitFor({ state: 'hidden' });
      await shell(p, layout).waitFor();
      await shot(p, `layout-${layout}`);
    };
    await shell(p, 'classic').waitFor();
    await shot(p, 'layout-classic');
    await choose('功能', 'functional');
    await choose('混合', 'blend');
    await choose('简约', 'plain');

    // Forget this browser's copy: the layout must come from the account.
    await p.evaluate(() => localStorage.removeItem('medalliance_layoutType'));
    await p.reload();
    await shell(p, 'plain').waitFor({ timeout: 20_000 });
    await choose('经典', 'classic');
    await p.evaluate(() => localStorage.removeItem('medalliance_layoutType'));
    await p.reload();
    await shell(p, 'classic').waitFor({ timeout: 20_000 });
  });

  it('opens three menus as tags; close others keeps the pinned home and the chosen tag', async () => {
    const side = p.locator('.ma-sidebar');
    await side.getByText('培训管理', { exact: true }).click();
    for (const name of ['课程管理', '课程需求', '课程评论']) {
      await side.getByText(name, { exact: true }).click();
      await p.locator('.ma-tag.is-active', { hasText: name }).waitFor();
    }
    const tags = p.locator('.ma-tags .ma-tag');
    await expect.poll(() => tags.allTextContents()).toEqual(['首页', '课程管理', '课程需求', '课程评论']);
    await p.locator('.ma-tag', { hasText: '课程需求' }).click({ button: 'right' });
    await p.getByRole('menuitem', { name: '关闭其他' }).waitFor();
    await shot(p, 'tags-context-menu');
    await p.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tags.allTextContents()).toEqual(['首页', '课程需求']);
    await expect.poll(() => new URL(p.url()).pathname).toBe('/health/training/course_demand');
    await p.mouse.move(700, 500);
    await p.waitForTimeout(400);
    await shot(p, 'tags-close-others');
    await p.locator('.ma-tag', { hasText: '首页' }).click();
    await p.waitForURL((u) => u.pathname === '/home');
  });

  it('locks the screen and unlocks it with the password', async () => {
    await userMenu(p).click();
    await p.getByRole('menuitem', { name: '锁定屏幕' }).click();
    await p.waitForURL((u) => u.pathname === '/lockScreen');
    // Every other path goes back to the lock screen while locked.
    await p.goto('/profile');
    await p.waitForURL((u) => u.pathname === '/lockScreen');
    const field = p.getByLabel('请输入登录密码解锁');
    await field.waitFor();
    await shot(p, 'lock-screen');
    await field.fill('not-my-password1');
    await field.press('Enter');
    await p.getByText('用户名或密码不正确').waitFor();
    await field.fill('admin123');
    await field.press('Enter');
    await p.waitForURL((u) => u.pathname === '/home', { timeout: 20_000 });
    await shell(p).waitFor();
  });

  it('guards: /login with a session goes home, an unknown path shows 404', async () => {
    await p.goto('/login');
    await p.waitForURL((u) => u.pathname === '/home');
    await p.goto('/no/such/screen');
    await p.waitForURL((u) => u.pathname === '/404');
    await p.getByRole('button', { name: '返回首页' }).click();
    await p.waitForURL((u) => u.pathname === '/home');
  });

  it('logs out after confirmation', async () => {
    await userMenu(p).click();
    await p.getByRole('menuitem', { name: '退出登录' }).click();
    await p.getByText('您确定要退出应用程序吗？').waitFor();
    await shot(p, 'logout-confirm');
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.waitForURL((u) => u.pathname === '/login');
    await p.goto('/home');
    await p.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/home');
  });
});

describe('profile', () => {
  let p: Page;

  beforeAll(async () => {
    p = await page();
    await signIn(p, 'zhaomin', 'demo123');
  });

  it('opens from the avatar menu and edits the basic information with the §5.1 rules', async () => {
    await userMenu(p).click();
    await p.getByRole('menuitem', { name: '个人信息' }).click();
    await p.waitForURL((u) => u.pathname === '/profile');
    await p.locator('.ma-profile-summary h2', { hasText: '赵敏' }).waitFor();
    await shot(p, 'profile-basic');

    await p.getByRole('button', { name: /编辑资料/ }).click();
    await p.locator('#realName').fill('赵 敏!');
    await p.locator('#mobilePhone').fill('1380000');
    await p.locator('#email').fill('not-an-email');
    await p.getByRole('button', { name: /保\s*存/ }).click();
    await p.getByText('名称不能含有特殊符号').waitFor();
    await p.getByText('请输入正确的手机号码').waitFor();
    await p.getByText('请输入正确的邮箱').waitFor();
    await shot(p, 'profile-edit-errors');

    await p.locator('#realName').fill('赵敏华');
    await p.locator('#mobilePhone').fill('13900000066');
    await p.locator('#email').fill('zhaomin@qingshan.example');
    await p.locator('#signature').fill('妇产科，周二、周四门诊');
    const saved = p.waitForResponse((r) => r.url().includes('/Current/BaseInfo') && r.request().method() === 'PUT');
    await p.getByRole('button', { name: /保\s*存/ }).click();
    expect((await saved).status()).toBe(200);
    await p.locator('.ma-profile-basic[data-mode="view"]').waitFor();
    await p.locator('.ma-profile-summary h2', { hasText: '赵敏华' }).waitFor();
    // The top bar follows at once, and the server kept it.
    await expect.poll(() => p.locator('.ma-user-name').textContent()).toBe('赵敏华');
    const { data } = await api<{ realName: string; mobilePhone: string; signature: string }>(p, '/api/permission/Users/Current/BaseInfo');
    expect(data).toMatchObject({ realName: '赵敏华', mobilePhone: '13900000066', signature: '妇产科，周二、周四门诊' });
  });

  it('uploads an avatar; the profile shows it and the account points at it', async () => {
    await p.getByRole('tab', { name: '头像' }).click();
    // A real picture, drawn by the browser.
    const png = await p.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = c.height = 256;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 256, 256);
      grad.addColorStop(0, '#36cfc9');
      grad.addColorStop(1, '#409eff');
      g.fillStyle = grad;
      g.fillRect(0, 0, 256, 256);
      g.fillStyle = '#fff';
      g.font = 'bold 120px sans-serif';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText('赵', 128, 136);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    const put = p.waitForResponse((r) => /\/Current\/Avatar\//.test(r.url()) && r.request().method() === 'PUT');
    await p
      .locator('[data-testid="image-upload-input"]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    expect((await put).status()).toBe(200);
    await p.getByText('头像已更新').waitFor();
    await expect.poll(() => p.locator('.ma-profile-avatar-current .ma-profile-avatar').getAttribute('data-has-image')).toBe('true');
    await expect
      .poll(() => p.locator('.ma-profile-avatar-current img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const { data } = await api<{ headIcon: string }>(p, '/api/permission/Users/Current/BaseInfo');
    expect(data.headIcon).toMatch(/^\/api\/file\/Image\/userAvatar\/\d{8}_\d+\.png$/);
    const current = await api<{ userInfo: { headIcon: string } }>(p, '/api/oauth/CurrentUser');
    expect(current.data.userInfo.headIcon).toBe(data.headIcon);
    await shot(p, 'profile-avatar');
  });

  // The top bar's avatar fetches a signed link for the stored picture (an <img> cannot send the session).
  it('shows the new avatar in the top bar', async () => {
    const img = p.locator('.ma-user-btn img');
    await expect
      .poll(async () => (await img.count()) > 0 && (await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)), {
        timeout: 5000,
      })
      .toBe(true);
  });

  it('changes the password with the §5.1 rule; other devices are signed out', async () => {
    // Another device of the same user, signed in before the change.
    const other = await page();
    await signIn(other, 'zhaomin', 'demo123');
    const otherToken = await tokenOf(other);

    await p.getByRole('tab', { name: '修改密码' }).click();
    await p.locator('#oldPassword').fill('demo123');
    await p.locator('#password').fill('abcdefg');
    await p.locator('#confirm').fill('abcdefx');
    await p.getByRole('button', { name: '确认修改' }).click();
    await p.getByText('密码须为6-16位数字和字母组合').waitFor();
    await p.getByText('两次输入的密码不一致').waitFor();
    await shot(p, 'profile-password-errors');

    await p.locator('#oldPassword').fill('wrong-old-1');
    await p.locator('#password').fill('Zhao2026med');
    await p.locator('#confirm').fill('Zhao2026med');
    await p.getByRole('button', { name: '确认修改' }).click();
    await p.getByRole('alert').filter({ hasText: '原密码错误' }).waitFor();

    await p.locator('#oldPassword').fill('demo123');
    await p.getByRole('button', { name: '确认修改' }).click();
    await p.locator('.ma-profile-password .ant-alert-success', { hasText: '其他设备上的登录已全部退出' }).waitFor();
    await shot(p, 'profile-password');

    // The other device's session ended. Asked from outside its page: the page may be leaving for the
    // sign-in page by itself at this moment (its socket got 'logout').
    const ended = await other.request.get('/api/oauth/CurrentUser', { headers: { authorization: otherToken } });
    expect(((await ended.json()) as { code: number }).code).toBe(600);
    // Its page lands on the sign-in page, by itself or at its next load (a reload overtaken by that redirect may fail).
    const signInPage = (u: URL) => u.pathname === '/login';
    if (!signInPage(new URL(other.url()))) await other.reload().catch(() => undefined);
    await other.waitForURL(signInPage, { timeout: 20_000 });
    // This device stays signed in, and the new password works.
    expect((await api<unknown>(p, '/api/oauth/CurrentUser')).code).toBe(200);
    const fresh = await page();
    await signIn(fresh, 'zhaomin', 'Zhao2026med');
  });

  it('lists my sign-ins, paged and filtered by date', async () => {
    await p.getByRole('tab', { name: '登录日志' }).click();
    const rows = p.locator('.ma-profile-log .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    await p.locator('.ma-profile-log').getByText('账号密码').first().waitFor();
    await p
      .locator('.ma-profile-log')
      .getByText(/共 \d+ 条/)
      .waitFor();
    await shot(p, 'profile-log');

    // A day range in the past: nothing.
    const start = p.getByPlaceholder('开始日期');
    await start.click();
    await start.fill('2020-01-01');
    await start.press('Enter');
    const end = p.getByPlaceholder('结束日期');
    await end.fill('2020-01-31');
    await end.press('Enter');
    const searched = p.waitForResponse((r) => r.url().includes('/Current/SystemLog') && r.url().includes('endTime='));
    await p.getByRole('button', { name: /查\s*询/ }).click();
    await searched;
    await expect.poll(() => rows.count()).toBe(0);
    await p.getByRole('button', { name: /重\s*置/ }).click();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);

    await p.getByRole('tab', { name: '个人设置' }).click();
    await p.getByText('界面语言').waitFor();
    await shot(p, 'profile-settings');
  });
});
