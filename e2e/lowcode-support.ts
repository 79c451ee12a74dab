import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Steps the low-code browser tests share: the model list, the designer, and the admin API calls around them. */
export { call, tokenOf, type Answer } from './support.ts';

/** Creates a model on the model list and opens its designer; answers the new model's id. */
export async function createModelInDesigner(page: Page, name: string, enCode: string): Promise<string> {
  await page.goto('/onlineDev/webDesign');
  await page.getByTestId('wd-page').waitFor();
  await page.getByTestId('wd-add').click();
  await page.getByTestId('wd-create-name').fill(name);
  await page.getByTestId('wd-create-code').fill(enCode);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/visualdev/Base');
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const id = ((await (await created).json()) as { data: { id: string } }).data.id;
  await page.getByTestId('lcd-designer').waitFor();
  return id;
}

/** Click-to-add from the palette: into the selected container when it takes the type, else at the form's end. */
export async function addField(page: Page, type: string): Promise<void> {
  await page.getByTestId(`lcd-palette-${type}`).click();
}

/** Names the selected field (its label and its key). */
export async function nameField(page: Page, label: string, key: string): Promise<void> {
  await page.getByTestId('lcd-prop-label').fill(label);
  await page.getByTestId('lcd-prop-key').fill(key);
}

/** Selects a container on the canvas by its corner (a click in its middle would land on a child). */
export async function selectContainer(page: Page, type: string): Promise<void> {
  await page
    .locator(`[data-field-type="${type}"]`)
    .first()
    .click({ position: { x: 4, y: 4 } });
}

export async function saveDesign(page: Page): Promise<void> {
  await page.getByTestId('lcd-save').click();
  await page.locator('.ant-message').getByText('保存成功').waitFor();
}

/** Releases a model from its row on the model list (the designer closed). */
export async function releaseFromList(page: Page, enCode: string): Promise<void> {
  const row = page.locator('tr', { hasText: enCode });
  await row.getByTestId('wd-release-row').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.locator('.ant-message').getByText('发布成功').waitFor();
  await row.getByText('已发布').waitFor();
}

const BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_export', 'btn_import'];

export interface ModelMenu {
  menuId: string;
  parentId: string;
  buttonIds: Record<string, string>;
  columnIds: Record<string, string>;
}

/**
 * Puts a released model on a menu (type 3, propertyJson.moduleId = model id)
 * under the seeded data-applications directory, with the runtime's buttons and
 * the given list columns registered for authorization.
 *
 * The product has no menu-management screen or API yet (menus come from the
 * seed), so this writes the rows a menu screen would write straight into the
 * test server's SQLite database; the runtime reads menus from there (its
 * model cache lasts 5 s, grants are dropped by the grant that follows).
 */
export function addModelMenu(modelId: string, enCode: string, fullName: string, columns: [string, string][]): ModelMenu {
  const dataDir = inject('dataDir');
  if (!dataDir) throw new Error('adding a menu needs the test server’s own database (not E2E_BASE_URL)');
  const db = new SQLite(path.join(dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const now = Date.now();
    // Numeric like the server's ids (a time part, then a counter), and not colliding with them.
    let seq = 0;
    const id = () => `9${now}${String(seq++).padStart(4, '0')}`;
    const parent = db.prepare(`select id, system_id from menus where en_code = 'dataApps'`).get() as { id: string; system_id: string };
    const menuId = id();
    db.prepare(
      `insert into menus (id, parent_id, system_id, type, en_code, full_name, i18n_json, icon, url_address, link_target, property_json,
        category, hidden, sort_code, enabled_mark, is_button_authorize, is_column_authorize, is_form_authorize, is_data_authorize,
        description, created_at, created_by, updated_at, updated_by)
       values (?, ?, ?, 3, ?, ?, null, 'icon-ym icon-ym-generator-form', ?, null, ?, 'Web', 0, 99, 1, 1, 1, 0, 0, null, ?, null, null, null)`,
    ).run(menuId, parent.id, parent.system_id, enCode, fullName, `model/${enCode}`, JSON.stringify({ moduleId: modelId, isTree: 0 }), now);
    const items = (table: string, codes: [string, string][]) => {
      const ids: Record<string, string> = {};
      const insert = db.prepare(
        `insert into ${table} (id, module_id, parent_id, en_code, full_name, sort_code, enabled_mark, created_at) values (?, ?, '-1', ?, ?, ?, 1, ?)`,
      );
      codes.forEach(([code, name], i) => insert.run((ids[code] = id()), menuId, code, name, i, now));
      return ids;
    };
    return {
      menuId,
      parentId: parent.id,
      buttonIds: items(
        'module_buttons',
        BUTTONS.map((b) => [b, b]),
      ),
      columnIds: items('module_columns', columns),
    };
  } finally {
    db.close();
  }
}
