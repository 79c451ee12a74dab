import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 21's training story in the browser, on the demo alliance: the
 * village doctor 邓山 applies to attend a course; the trainer 罗欣 approves
 * it under 待我审批 (the workflow engine's own approval); 邓山 then watches
 * part of its video on 视频点播, reloads, and the player resumes where he
 * stopped. Every training screen is shot in zh and en into /tmp/team/shots/F.
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/F';
const COURSE = '0-6岁儿童健康管理要点';
const URL = (code: string) => `/health/training/${code}`;
const PAGES = [
  'course_manage',
  'course_demand',
  'course_comment',
  'course_apply',
  'course_review',
  'live_apply',
  'live_online',
  'course_replay',
  'video_demand',
] as const;

async function shot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

/** The video element's state in the page. */
const videoState = (page: Page) =>
  page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, d: v.duration, ready: v.readyState }));

describe('training centre in the browser', () => {
  let applicationId = '';

  it('a village doctor applies for a course', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'dengshan', 'demo123');
    await page.goto(URL('course_apply'));
    await page.getByTestId('course-catalogue').waitFor();
    const row = page.locator('tr', { hasText: COURSE });
    await row.getByRole('button', { name: '申请参加' }).click();
    await page.getByTestId('apply-reason').fill('村里0-6岁儿童较多，需要规范健康管理');
    await page.getByRole('button', { name: '提交申请' }).click();
    await row.getByText('审批中').waitFor();
    await page.getByRole('tab', { name: '我的申请' }).click();
    await page.getByTestId('applications-mine').locator('tr', { hasText: COURSE }).getByText('审批中').waitFor();
    await shot(page, 'dengshan-course_apply-zh');
    const token = await tokenOf(page);
    const mine = await fetchApi(token, 'GET', '/api/training/applications?box=mine&status=pending');
    applicationId = mine.data.list.find((r: { courseTitle: string }) => r.courseTitle === COURSE).id;
    expect(applicationId).toBeTruthy();
    // Not admitted yet: the video page asks him to wait.
    await page.goto(URL('video_demand'));
    await page.getByTestId('video-demand-page').getByText(COURSE).click();
    await page.getByText('您的申请正在审批中').waitFor();
    await page.context().close();
  });

  it('the trainer approves it through the workflow engine', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'luoxin', 'demo123');
    await page.goto(URL('course_apply'));
    await page.getByTestId('applications-todo').waitFor();
    await page.getByTestId(`apply-${applicationId}-approve`).click();
    await page.getByTestId('flow-opinion').fill('同意参加');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await page.getByTestId(`apply-${applicationId}-approve`).waitFor({ state: 'detached' });
    const token = await tokenOf(page);
    const all = await fetchApi(token, 'GET', '/api/training/applications?box=all&status=approved&pageSize=100');
    expect(all.data.list.map((r: { id: string }) => r.id)).toContain(applicationId);
    await page.context().close();
  });

  it('the doctor watches part of the video, reloads, and it resumes where he stopped', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'dengshan', 'demo123');
    await page.goto(URL('video_demand'));
    await page.getByTestId('video-demand-page').getByText(COURSE).click();
    await page.getByTestId('video-element').waitFor();
    await expect.poll(async () => (await videoState(page)).ready, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect((await videoState(page)).d).toBeCloseTo(30, 0);
    await page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    // Past one periodic save (every 5 s), then pause (which saves too).
    await page.waitForTimeout(7_500);
    const stoppedAt = await page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    expect(stoppedAt).toBeGreaterThan(5);
    await page.waitForTimeout(800);
    await shot(page, 'dengshan-video_demand-playing-zh');
    const token = await tokenOf(page);
    const course = (await fetchApi(token, 'GET', '/api/training/courses?box=catalogue&pageSize=50')).data.list.find(
      (c: { title: string }) => c.title === COURSE,
    );
    const detail = (await fetchApi(token, 'GET', `/api/training/courses/${course.id}`)).data;
    const video = detail.materialList.find((m: { kind: string }) => m.kind === 'video');
    expect(video.positionS).toBe(Math.round(stoppedAt));
    expect(video.watchedS).toBeGreaterThanOrEqual(5);

    await page.reload();
    await page.getByTestId('video-demand-page').getByText(COURSE).click();
    await page.getByTestId('video-element').waitFor();
    await expect.poll(async () => Math.round((await videoState(page)).t), { timeout: 15_000 }).toBe(Math.round(stoppedAt));
    await page.getByTestId('video-watched').waitFor();
    await shot(page, 'dengshan-video_demand-resumed-zh');
    await page.context().close();
  });

  it('every training screen in zh and en', async () => {
    const page = await newPage(browser!);
    await signIn(page, 'luoxin', 'demo123');
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') {
        await page.goto(URL('course_manage'));
        await page.getByTestId('course-manage-page').waitFor();
        await switchLanguage(page, '切换语言', /English/);
      }
      for (const code of PAGES) {
        await page.goto(URL(code));
        await page.locator('.ant-card, .ant-tabs').first().waitFor();
        expect(await page.getByText('功能建设中').count()).toBe(0);
        await shot(page, `${code}-${lang}`);
      }
      // The live room of the broadcast on air, and a course with its materials.
      await page.goto(URL('live_online'));
      await page
        .locator('tr', { hasText: lang === 'zh' ? '直播中' : 'On air' })
        .first()
        .getByRole('button')
        .click();
      await page.getByTestId('live-room').waitFor();
      await page.getByTestId('live-chat').getByText('签约时居民最关心哪些问题？').waitFor();
      await shot(page, `live_online-room-${lang}`);
      await page.goto(URL('course_manage'));
      await page.getByTestId('course-manage-page').getByText('高血压基层规范化管理').click();
      await page
        .getByTestId('course-drawer')
        .getByText('mgmt')
        .or(page.getByTestId('course-drawer').locator('.ant-list-item').first())
        .first()
        .waitFor();
      await shot(page, `course_manage-drawer-${lang}`);
    }
    await page.context().close();
  });
});
