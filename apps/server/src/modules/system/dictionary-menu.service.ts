import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DictionaryTypeTable } from '../../db/tables/system.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { grantsFor } from '../permission/grants.service.ts';
import { findType } from './dictionary.service.ts';

/**
 * A dictionary page (menu type 4, spec §2.3) edits the one dictionary its
 * menu names in propertyJson.moduleId (a type id or enCode), under that
 * menu's own button grants: holding the menu opens its dictionary and no
 * other, whatever the caller holds on the Dictionaries screen.
 */

export const DICTIONARY_MENU_TYPE = 4;

/** What a dictionary-page action needs: nothing more than the menu (view), or one of its buttons. */
export type MenuDictionaryButton = 'btn_add' | 'btn_edit' | 'btn_remove';

export interface MenuDictionary {
  menu: { id: string; enCode: string };
  type: Selectable<DictionaryTypeTable>;
}

const moduleIdOf = (propertyJson: string | null): string | null => {
  if (!propertyJson) return null;
  try {
    const v = (JSON.parse(propertyJson) as { moduleId?: unknown } | null)?.moduleId;
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  } catch {
    return null;
  }
};

/**
 * The menu and its dictionary type, for a caller that holds the menu (and the
 * button, when one is named). 404 for an unknown or disabled menu, 403 without
 * the grant, 400 for a menu that is not a dictionary page, 404 when its
 * dictionary no longer exists.
 */
export async function resolveMenuDictionary(
  ctx: AppContext,
  session: { userId: string; isAdministrator: boolean },
  menuId: string,
  button?: MenuDictionaryButton,
): Promise<MenuDictionary> {
  const menu = await ctx.db
    .selectFrom('menus')
    .select(['id', 'enCode', 'type', 'propertyJson'])
    .where('id', '=', menuId)
    .where('enabledMark', '=', 1)
    .executeTakeFirst();
  if (!menu) throw notFound('dictionary.menuNotFound');
  const grants = await grantsFor(ctx, session.userId, session.isAdministrator);
  if (!grants.isAdministrator) {
    const buttons = grants.modules.get(menu.enCode);
    if (!buttons || (button && !buttons.has(button))) throw forbidden();
  }
  if (menu.type !== DICTIONARY_MENU_TYPE) throw badRequest('dictionary.notDictionaryMenu');
  const moduleId = moduleIdOf(menu.propertyJson);
  if (!moduleId) throw notFound('dictionary.typeNotFound');
  const type = await findType(ctx, moduleId);
  return { menu: { id: menu.id, enCode: menu.enCode }, type };
}

/** A data row of the menu's dictionary; an item of any other type answers 404 (it is not on this page). */
export async function assertItemOfType(ctx: AppContext, typeId: string, id: string): Promise<void> {
  const row = await ctx.db.selectFrom('dictionaryData').select('dictionaryTypeId').where('id', '=', id).executeTakeFirst();
  if (!row || row.dictionaryTypeId !== typeId) throw notFound();
}
