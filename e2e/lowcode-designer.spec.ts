import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, screenshotFailures, signIn } from './support.ts';
import { addField, call, createModelInDesigner, releaseFromList, saveDesign, tokenOf } from './lowcode-support.ts';

/**
 * The form designer as an administrator uses it (issue 13): create a model,
 * add an input, a number, a dictionary select, a calculate field and a
 * sub-table with a column, save, release, and see the fields in the preview.
 */
let browser: Browser;
screenshotFailures(() => browser);
let page: Page;
const stamp = String(Date.now()).slice(-6);

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await signIn(page, 'admin', 'admin123');
});

afterAll(async () => {
  await browser?.close();
});

const add = (type: string) => addField(page, type);

/**
 * Clicks a canvas item and types into a box of the properties panel right
 * after, in the same turn of the page (only the click's own render in between),
 * as a fast user does; answers the id of the item clicked.
 */
async function selectAndType(item: ReturnType<Page['locator']>, box: string, text: string): Promise<string> {
  const id = (await item.getAttribute('data-field-id'))!;
  await item.evaluate(
    async (el, [box, text]) => {
      (el as HTMLElement).click();
      // The click's render is a microtask queued before this one; anything later (a deferred panel) has not run.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${box}"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [box, text],
  );
  return id;
}

/** A pointer drag from one element's middle to another's (the designer's sensor starts after 5 px). */
async function drag(from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** Waits until the properties panel shows `tab` and its ink bar has slid under it (for a screenshot). */
async function propsTabSettled(p: Page, tab: string): Promise<void> {
  const props = p.getByTestId('lcd-props');
  await expect.poll(() => props.locator('.ant-tabs-tab-active').innerText()).toBe(tab);
  await expect
    .poll(async () => {
      const [ink, active] = await Promise.all([
        props.locator('.ant-tabs-ink-bar').boundingBox(),
        props.locator('.ant-tabs-tab-active').boundingBox(),
      ]);
      return !!ink && !!active && Math.abs(ink.x - active.x) < 2;
    })
    .toBe(true);
}

const itemById = (id: string) => page.locator(`[data-testid="lcd-item"][data-field-id="${id}"]`);

describe('form designer', () => {
  it('designs, saves and releases a model', async () => {
    await createModelInDesigner(page, `设计测试${stamp}`, `designE2e${stamp}`);

    await add('input');
    await add('inputNumber');
    await page.getByTestId('lcd-prop-key').fill('price');
    await add('dicSelect');
    await page.getByTestId('lcd-prop-dictionary').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await add('calculate');
    await page.getByTestId('lcd-prop-expression').fill('price * 2');
    await expect.poll(() => page.getByTestId('lcd-field-props').innerText()).toContain('公式有效');
    await add('table');
    // The sub-table is selected: a click adds the column into it.
    await add('input');
    const table = page.locator('[data-field-type="table"]');
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(1);
    expect(await page.getByTestId('lcd-item').count()).toBe(6);

    // Undo takes the column back, redo restores it.
    await page.getByTestId('lcd-undo').click();
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(0);
    await page.getByTestId('lcd-redo').click();
    await expect.poll(() => table.locator('[data-testid="lcd-item"]').count()).toBe(1);

    // Typing right after selecting another field edits that field, not the one selected before.
    const input = page.locator('[data-testid="lcd-item"][data-field-type="input"]').first();
    const dic = page.locator('[data-testid="lcd-item"][data-field-type="dicSelect"]');
    const inputId = await selectAndType(input, 'lcd-prop-label', '姓名');
    await expect.poll(() => itemById(inputId).locator('.lcd-field-label').innerText()).toBe('姓名');
    const dicId = await selectAndType(dic, 'lcd-prop-label', '性别');
    await expect.poll(() => itemById(dicId).locator('.lcd-field-label').innerText()).toBe('性别');
    expect(await itemById(inputId).locator('.lcd-field-label').innerText()).toBe('姓名');
    await selectAndType(dic, 'lcd-prop-key', 'gender');
    await expect.poll(() => itemById(dicId).locator('.lcd-item-key').innerText()).toBe('gender');
    // The key box shows the newly selected field's key, not what was typed for the other one.
    const inputKey = await itemById(inputId).locator('.lcd-item-key').innerText();
    await selectAndType(input, 'lcd-prop-label', '姓名');
    expect(await page.getByTestId('lcd-prop-key').inputValue()).toBe(inputKey);
    expect(await page.getByTestId('lcd-prop-label').inputValue()).toBe('姓名');
    expect(await itemById(dicId).locator('.lcd-item-key').innerText()).toBe('gender');

    await screenshot(page, 'lowcode-designer-zh');
    await saveDesign(page);

    await page.getByTestId('lcd-preview').click();
    const preview = page.getByTestId('lcd-preview-dialog');
    await preview.waitFor();
    expect(await preview.locator('.ant-form-item').count()).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Escape');
    await page.getByTestId('lcd-close').click();

    await releaseFromList(page, `designE2e${stamp}`);
    await screenshot(page, 'lowcode-model-list-zh');
  });

  it('adds to a form of 200 fields, the properties following each selection', async () => {
    const fields = Array.from({ length: 200 }, (_, i) => ({ id: `f${i}`, type: 'input', field: `field${i}`, label: `字段 ${i}` }));
    const made = await call(page, await tokenOf(page), 'POST', '/api/visualdev/Base', {
      fullName: `两百字段${stamp}`,
      enCode: `design200E2e${stamp}`,
      category: '',
      webType: 2,
      sortCode: 0,
      formData: { fields },
      columnData: {},
    });
    expect(made.code).toBe(200);
    await page.goto('/onlineDev/webDesign');
    await page.getByTestId('wd-page').waitFor();
    await page
      .locator('tr', { hasText: `design200E2e${stamp}` })
      .getByTestId('wd-design-row')
      .click();
    await page.getByTestId('lcd-designer').waitFor();
    await expect.poll(() => page.getByTestId('lcd-item').count()).toBe(200);

    await add('input');
    await expect.poll(() => page.getByTestId('lcd-item').count()).toBe(201);
    const added = page.getByTestId('lcd-item').last();
    await expect.poll(() => added.getAttribute('class')).toContain('lcd-item-selected');
    // The new field's properties are shown with it: typing names it.
    await page.getByTestId('lcd-prop-label').fill('新字段');
    await expect.poll(() => added.locator('.lcd-field-label').innerText()).toBe('新字段');
    const id = await selectAndType(itemById('f7'), 'lcd-prop-label', '第八个');
    expect(id).toBe('f7');
    await expect.poll(() => itemById('f7').locator('.lcd-field-label').innerText()).toBe('第八个');
    expect(await added.locator('.lcd-field-label').innerText()).toBe('新字段');
    await page.getByTestId('lcd-undo').click();
    await expect.poll(() => itemById('f7').locator('.lcd-field-label').innerText()).toBe('字段 7');

    // Drag and drop still work on the big form: reorder a field, and drop a palette item before another.
    const ids = () => page.getByTestId('lcd-item').evaluateAll((els) => els.slice(0, 5).map((e) => e.getAttribute('data-field-id')));
    await drag(itemById('f1'), itemById('f0'));
    await expect.poll(ids).toEqual(['f1', 'f0', 'f2', 'f3', 'f4']);
    await drag(page.getByTestId('lcd-palette-textarea'), itemById('f3'));
    await expect.poll(() => page.getByTestId('lcd-item').nth(3).getAttribute('data-field-type')).toBe('textarea');
    expect(await page.getByTestId('lcd-item').count()).toBe(202);
    await page.getByTestId('lcd-undo').click();
    await page.getByTestId('lcd-undo').click();
    await expect.poll(ids).toEqual(['f0', 'f1', 'f2', 'f3', 'f4']);

    // JSON export holds the form as shown; importing a file replaces it, and undo brings the old one back.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出JSON' }).click()]);
    const exported = JSON.parse(await fs.promises.readFile((await download.path())!, 'utf8')) as {
      formData: { fields: { id: string; label: string }[] };
    };
    expect(exported.formData.fields).toHaveLength(201);
    expect(exported.formData.fields.at(-1)!.label).toBe('新字段');
    await page.locator('.lcd-modal input[type="file"]').setInputFiles({
      name: 'three.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ formData: { fields: exported.formData.fields.slice(0, 3) } })),
    });
    await expect.poll(() => page.getByTestId('lcd-item').count()).toBe(3);
    await page.getByTestId('lcd-undo').click();
    await expect.poll(() => page.getByTestId('lcd-item').count()).toBe(201);

    await screenshot(page, 'lowcode-designer-200-zh');
    await page.getByTestId('lcd-close').click();
    // Under load a click can land while the confirmation is still opening and be lost (seen once in CI):
    // confirm again while it is still there, then insist that the designer closes.
    const confirm = page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });
    const designer = page.getByTestId('lcd-designer');
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await confirm.isVisible()) await confirm.click().catch(() => undefined);
      if (
        await designer.waitFor({ state: 'detached', timeout: 10_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
    }
    await designer.waitFor({ state: 'detached' });
  });

  it('shows the designer and the list in English', async () => {
    const en = page;
    await en.goto(`${baseUrl()}/home`);
    await en.getByRole('button', { name: '切换语言' }).click();
    await en.getByRole('menuitem', { name: /English/ }).click();
    await expect.poll(() => en.title(), { timeout: 15_000 }).toMatch(/County Medical Alliance/);
    await en.goto(`${baseUrl()}/onlineDev/webDesign`);
    await en.getByTestId('wd-page').waitFor();
    await screenshot(en, 'lowcode-model-list-en');
    await en
      .locator('tr', { hasText: `designE2e${stamp}` })
      .getByTestId('wd-design-row')
      .click();
    await en.getByTestId('lcd-designer').waitFor();
    await en.locator('[data-field-type="calculate"]').click();
    await propsTabSettled(en, 'Field');
    await screenshot(en, 'lowcode-designer-en');
    await en.getByTestId('lcd-close').click();
    await en.getByTestId('lcd-designer').waitFor({ state: 'detached' });
    await en
      .locator('tr', { hasText: `design200E2e${stamp}` })
      .getByTestId('wd-design-row')
      .click();
    await expect.poll(() => en.getByTestId('lcd-item').count()).toBe(200);
    await en.getByTestId('lcd-palette-input').click();
    await expect.poll(() => en.getByTestId('lcd-item').count()).toBe(201);
    // The new field's properties tab is the one shown (and the dialog's opening animation is over).
    await propsTabSettled(en, 'Field');
    await en.locator('.lcd-modal .ant-zoom-appear, .lcd-modal .ant-zoom-enter').waitFor({ state: 'detached' });
    await en.mouse.move(0, 0);
    await screenshot(en, 'lowcode-designer-200-en');
  });
});
