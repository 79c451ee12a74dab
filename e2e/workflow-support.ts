import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './support.ts';

/** Steps the workflow browser tests share: the designer canvas, the org picker, language and settled screenshots. */

export const flowNode = (p: Page, name: string) => p.locator('.react-flow__node', { hasText: name });

/** Drags from one node's bottom handle onto another node's top handle. */
export async function connectNodes(p: Page, from: Locator, to: Locator) {
  const a = await from.locator('.react-flow__handle.source').boundingBox();
  const b = await to.locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await p.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await p.mouse.down();
  await p.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await p.mouse.up();
}

/** Clicks the middle of a straight edge between two nodes (the edge's own box is too thin to click). */
export async function clickBetween(p: Page, from: Locator, to: Locator) {
  const a = await from.locator('.react-flow__handle.source').boundingBox();
  const b = await to.locator('.react-flow__handle.target').boundingBox();
  if (!a || !b) throw new Error('handle not visible');
  await p.mouse.click((a.x + a.width / 2 + b.x + b.width / 2) / 2, (a.y + a.height / 2 + b.y + b.height / 2) / 2);
}

/** Clicks a node until the settings panel shows it (the view may still be fitting itself right after opening). */
export async function selectNode(p: Page, name: string) {
  await expect
    .poll(async () => {
      await flowNode(p, name).click();
      return p
        .getByTestId('wf-node-name')
        .inputValue()
        .catch(() => '');
    })
    .toBe(name);
}

/** Adds a node from the palette and names it in the side panel. */
export async function addNode(p: Page, kind: string, name: string) {
  await p.getByTestId(`wf-add-${kind}`).click();
  await p.getByTestId('wf-node-name').fill(name);
  await flowNode(p, name).waitFor();
}

export async function autoLayout(p: Page) {
  await p.getByTestId('wf-auto-layout').click();
  await p.waitForTimeout(400);
}

/** Picks one user in the org picker dialog opened by `field`, through its search. */
export async function pickUser(page: Page, field: Locator, name: string) {
  await field.click();
  const dialog = page.locator('.ma-picker-dialog').last();
  await dialog.locator('.ma-picker-node').first().waitFor({ timeout: 15_000 });
  const search = dialog.locator('input').first();
  await search.fill(name);
  await search.press('Enter');
  await dialog.locator('.ma-picker-node', { hasText: name }).first().click();
  await dialog.locator('.ma-picker-selected li[data-id]', { hasText: name }).waitFor({ timeout: 10_000 });
  await dialog.locator('[data-testid="picker-confirm"]').click();
  await dialog.waitFor({ state: 'detached' });
}

/** Switches the language from the navbar's menu and waits for the menu to close. */
export async function switchLanguage(page: Page, from: string | RegExp, to: RegExp) {
  await page.getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await page.mouse.move(700, 880);
  await page
    .locator('.ant-dropdown:visible')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

/** A screenshot once spinners and toasts are gone, so it shows the screen itself. */
export async function settledShot(page: Page, name: string) {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForTimeout(600);
  await screenshot(page, name);
}
