import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchApi, launch, newPage, screenshotFailures, signIn, switchLanguage, tokenOf } from './support.ts';

/**
 * Issue 21's examination story in the browser, on the demo alliance: the
 * village doctor 邓山 (dengshan) signs up for the open paper on 我的考试;
 * the trainer 罗欣 (luoxin) approves it on 报名审核 (the workflow engine's
 * action on their 待办 task); 邓山 takes the timed exam — the countdown
 * runs, answers are saved as he goes, submitting with unanswered questions
 * warns first; 罗欣 marks the short answers on 考试管理 → 阅卷; 邓山 then
 * sees his score. Every screen is shot in zh and en (/tmp/team/shots/G).
 */
let browser: Browser | undefined;
const SHOTS = '/tmp/team/shots/G';
const PAPER = 'trp000000000000000001';
const URL = (code: string) => `/health/training/${code}`;

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
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
screenshotFailures(() => browser);

describe('training examinations in the browser', () => {
  let taker: Page;
  let trainer: Page;
  let attemptId = '';

  it('a village doctor signs up for the open exam', async () => {
    taker = await newPage(browser!);
    await signIn(taker, 'dengshan', 'demo123');
    await taker.goto(URL('my_exam'));
    await taker.getByTestId('my-exam-table').waitFor({ timeout: 30_000 });
    await taker.getByTestId(`exam-signup-${PAPER}`).waitFor();
    await shot(taker, 'my-exam-zh');
    await taker.getByTestId(`exam-signup-${PAPER}`).click();
    await taker.locator('.ant-modal:visible textarea').fill('申请参加本季度考核');
    await shot(taker, 'my-exam-signup-zh');
    await taker.locator('.ant-modal:visible .ant-btn-primary').click();
    await taker.getByText('等待审核').first().waitFor();
  });

  it('the trainer approves the sign-up on the review page (through the engine)', async () => {
    trainer = await newPage(browser!);
    await signIn(trainer, 'luoxin', 'demo123');
    const token = await tokenOf(trainer);
    const pending = await fetchApi(token, 'GET', '/api/training/exams/signups?status=pending&keyword=%E9%82%93%E5%B1%B1');
    expect(pending.status, pending.msg).toBe(200);
    const signup = (pending.data.list as { id: string; mine: boolean }[])[0]!;
    expect(signup.mine).toBe(true);
    // The same task is in the trainer's standard to-do list.
    const todo = await fetchApi(token, 'GET', '/api/workflow/Engine/FlowBefore/List/1?pageSize=100');
    expect((todo.data.list as { processId: string }[]).some((x) => x.processId === signup.id)).toBe(true);
    await trainer.goto(URL('signup_examine'));
    await trainer.getByTestId(`exam-approve-${signup.id}`).waitFor({ timeout: 30_000 });
    await shot(trainer, 'signup-examine-zh');
    await trainer.getByTestId(`exam-approve-${signup.id}`).click();
    await shot(trainer, 'signup-examine-approve-zh');
    await trainer.locator('.ant-modal:visible .ant-btn-primary').click();
    await trainer.getByTestId(`exam-approve-${signup.id}`).waitFor({ state: 'detached' });
    const after = await fetchApi(token, 'GET', `/api/training/exams/signups?keyword=%E9%82%93%E5%B1%B1`);
    expect((after.data.list as { id: string; status: string }[]).find((s) => s.id === signup.id)?.status).toBe('approved');
  });

  it('the village doctor takes the timed exam and submits with a warning about unanswered questions', async () => {
    await taker.reload();
    await taker.getByTestId(`exam-start-${PAPER}`).click();
    await taker.locator('.ant-popconfirm .ant-btn-primary').click();
    await taker.getByTestId('exam-take').waitFor({ timeout: 20_000 });
    const countdown = await taker.getByTestId('exam-countdown').textContent();
    expect(countdown).toMatch(/\d\d:\d\d/);
    // Question 1: the first option; then the two short answers at the end.
    await taker.getByTestId('exam-answer').locator('input').first().check();
    const nav = taker.getByTestId('exam-nav').getByRole('button');
    const n = await nav.count();
    expect(n).toBe(21);
    for (const i of [n - 2, n - 1]) {
      await nav.nth(i).click();
      await taker.getByTestId('exam-answer').fill(`第${i + 1}题作答：先评估，再规范处理，做好记录与随访。`);
    }
    await nav.nth(1).click();
    await taker.getByText('已自动保存').waitFor();
    await shot(taker, 'take-exam-zh');
    // The countdown moves.
    await taker.waitForTimeout(1200);
    expect(await taker.getByTestId('exam-countdown').textContent()).not.toBe(countdown);
    await taker.getByTestId('exam-submit').click();
    await taker.getByTestId('exam-unanswered-warning').waitFor();
    expect(await taker.getByTestId('exam-unanswered-warning').textContent()).toContain('18');
    await shot(taker, 'take-exam-submit-zh');
    await taker.locator('.ant-modal-confirm .ant-btn-primary').click();
    await taker.getByTestId('exam-result').waitFor();
    await taker.getByText('待阅卷').first().waitFor();
    await shot(taker, 'result-waiting-zh');
    const token = await tokenOf(taker);
    const mine = await fetchApi(token, 'GET', '/api/training/exams/my/papers');
    attemptId = (mine.data.list as { id: string; attempt: { id: string; status: string } | null }[]).find((p) => p.id === PAPER)!.attempt!
      .id;
    // The taker cannot read the marking list.
    expect((await fetchApi(token, 'GET', '/api/training/exams/attempts')).status).toBe(403);
  });

  it('the trainer marks the short answers', async () => {
    await trainer.goto(URL('exam_manage'));
    await trainer.getByTestId('exam-question-table').waitFor({ timeout: 30_000 });
    await shot(trainer, 'manage-bank-zh');
    await trainer.getByTestId('exam-question-add').click();
    await trainer.locator('.ant-modal:visible').waitFor();
    await shot(trainer, 'manage-bank-add-zh');
    await trainer.locator('.ant-modal:visible .ant-modal-close').click();
    await trainer.getByTestId('exam-tab-papers').click();
    await trainer.getByTestId('exam-paper-table').locator('.ant-table-row').first().waitFor();
    await shot(trainer, 'manage-papers-zh');
    await trainer.getByTestId('exam-paper-add').click();
    await trainer.locator('.ant-modal:visible').waitFor();
    await shot(trainer, 'manage-paper-add-zh');
    await trainer.locator('.ant-modal:visible .ant-modal-close').click();
    await trainer.getByTestId('exam-tab-marking').click();
    await trainer.getByTestId(`exam-mark-open-${attemptId}`).click();
    const inputs = trainer.locator('.ant-drawer:visible .ant-input-number input');
    await inputs.first().waitFor();
    expect(await inputs.count()).toBe(2);
    await inputs.nth(0).fill('8');
    await inputs.nth(1).fill('7');
    await shot(trainer, 'manage-marking-zh');
    await trainer.getByTestId('exam-mark-save').click();
    await trainer.getByText('评分已保存').waitFor();
    await trainer.getByTestId('exam-tab-stats').click();
    await trainer.getByTestId('exam-stats-table').locator('.ant-table-row').first().waitFor();
    await shot(trainer, 'manage-stats-zh');
  });

  it('the village doctor sees the score', async () => {
    await taker.goto(URL('my_exam'));
    const score = taker.getByTestId(`exam-score-${PAPER}`);
    await score.waitFor({ timeout: 20_000 });
    const token = await tokenOf(taker);
    const view = await fetchApi(token, 'GET', `/api/training/exams/attempts/${attemptId}`);
    expect(view.data.status).toBe('marked');
    expect(view.data.subjectiveScore).toBe(15);
    expect(await score.textContent()).toContain(String(view.data.totalScore));
    await shot(taker, 'my-exam-scored-zh');
    await taker.getByTestId(`exam-result-${PAPER}`).click();
    await taker.getByTestId('exam-result').waitFor();
    expect(await taker.getByTestId('exam-total-score').textContent()).toBe(String(view.data.totalScore));
    await shot(taker, 'result-marked-zh');
  });

  it('every screen in English, the take view and the certificate too', async () => {
    // 徐丽 passed in the seed: her certificate.
    const passer = await newPage(browser!);
    await signIn(passer, 'xuli', 'demo123');
    await passer.goto(URL('my_exam'));
    await passer.getByTestId(`exam-result-${PAPER}`).click();
    await passer.getByTestId('exam-open-certificate').click();
    await passer.getByTestId('exam-certificate').waitFor();
    await shot(passer, 'certificate-zh');
    await passer.locator('.ant-modal:visible .ant-modal-close').click();
    await passer.locator('.ant-drawer:visible .ant-drawer-close').click();
    await passer
      .locator('.ant-drawer-mask')
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await switchLanguage(passer, '切换语言', /English/);
    await passer.goto(URL('my_exam'));
    await passer.getByTestId(`exam-result-${PAPER}`).click();
    await passer.getByTestId('exam-result').waitFor();
    await shot(passer, 'result-marked-en');
    await passer.getByTestId('exam-open-certificate').click();
    await passer.getByTestId('exam-certificate').waitFor();
    await shot(passer, 'certificate-en');

    // 曹霞 was approved in the seed and has not started: the take view in English.
    const other = await newPage(browser!);
    await signIn(other, 'caoxia', 'demo123');
    await switchLanguage(other, '切换语言', /English/);
    await other.goto(URL('my_exam'));
    await other.getByTestId(`exam-start-${PAPER}`).waitFor({ timeout: 20_000 });
    await shot(other, 'my-exam-en');
    await other.getByTestId(`exam-start-${PAPER}`).click();
    await other.locator('.ant-popconfirm .ant-btn-primary').click();
    await other.getByTestId('exam-take').waitFor();
    await other.getByTestId('exam-answer').locator('input').nth(1).check();
    await shot(other, 'take-exam-en');
    await other.getByTestId('exam-submit').click();
    await other.getByTestId('exam-unanswered-warning').waitFor();
    await shot(other, 'take-exam-submit-en');
    await other.locator('.ant-modal-confirm .ant-btn:not(.ant-btn-primary)').click();

    await switchLanguage(trainer, '切换语言', /English/);
    await trainer.goto(URL('signup_examine'));
    await trainer.getByTestId('exam-signup-table').locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(trainer, 'signup-examine-en');
    await trainer.goto(URL('exam_manage'));
    await trainer.getByTestId('exam-question-table').locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await shot(trainer, 'manage-bank-en');
    await trainer.getByTestId('exam-tab-papers').click();
    await trainer.getByTestId('exam-paper-table').locator('.ant-table-row').first().waitFor();
    await shot(trainer, 'manage-papers-en');
    await trainer.getByTestId('exam-paper-table').getByRole('button', { name: 'Edit' }).first().click();
    await trainer.locator('.ant-modal:visible').waitFor();
    await shot(trainer, 'manage-paper-edit-en');
    await trainer.locator('.ant-modal:visible .ant-modal-close').click();
    await trainer.getByTestId('exam-tab-marking').click();
    await trainer.getByTestId('exam-marking-table').waitFor();
    await shot(trainer, 'manage-marking-en');
    await trainer.getByTestId('exam-tab-stats').click();
    await trainer.getByTestId('exam-stats-table').locator('.ant-table-row').first().waitFor();
    await shot(trainer, 'manage-stats-en');
  });
});
